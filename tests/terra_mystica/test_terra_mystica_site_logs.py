"""Command logs the site's engine ran with the Fire & Ice factions, and the
ledgers it wrote (copied from the facts file): every ledger row replays."""

import json
from pathlib import Path

from games.terra_mystica.ledger import main, replay_site_log

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "terra_mystica"


def _log(name):
    return json.loads((FIXTURES / f"site_log_{name}.json").read_text())


def test_riverwalkers_unlock_log_replays_every_row(capsys):
    state, error, checked = replay_site_log(_log("original_riverwalkers_unlock"))
    assert error is None, error
    assert checked == 18
    rw = state["factions"][0]
    assert rw["faction"] == "riverwalkers" and rw["C"] == 14 and rw["max_p"] == 2
    assert main([str(FIXTURES / "site_log_original_riverwalkers_unlock.json")]) == 0
    assert capsys.readouterr().out.startswith("OK (18 rows)")


def test_final_tiles_log_replays_to_the_final_scores():
    """Six rounds of passes with the Riverwalkers and the Ice Maidens, all four
    Fire & Ice final tiles added: 125 and 102 as the site scored them."""
    state, error, checked = replay_site_log(_log("original_final_tiles"))
    assert error is None, error
    assert checked == 44  # every row up to the last pass, income rows included
    assert [f["vp"] for f in state["factions"]] == [125, 102]
    tiles = {cat: vp for cat, vp in state["final"]["breakdown"]}
    assert tiles["building-on-edge"] == [15, 15] and tiles["connected-clusters"] == [18, 12]
    assert tiles["connected-distance"] == [18, 0] and tiles["connected-sa-sh-distance"] == [0, 0]


def test_fire_ice_side_1_log_replays_every_row():
    """Ice Maidens (gray, +FAV11), Acolytes (volcano on yellow, -3FIRE), Shapeshifters
    (brown; a token for 1 VP after the Witches took power) and Witches on Side 1."""
    state, error, checked = replay_site_log(_log("fire_ice_side1_round1"))
    assert error is None, error
    assert checked == 30 and state["map"] == "fire-ice-1"
    assert [f["vp"] for f in state["factions"]] == [22, 20, 19, 20]


def test_loon_lakes_log_replays_every_row():
    """Yetis, Riverwalkers, Engineers and Dragonlords on Loon Lakes: the Dragonlords'
    volcano costs a token, the Yetis' ACT2 costs 2 power."""
    state, error, checked = replay_site_log(_log("loon_lakes_dragonlords"))
    assert error is None, error
    assert checked == 29 and state["map"] == "loon-lakes-1.6"
    assert [f["vp"] for f in state["factions"]] == [20, 20, 19, 22]


def test_a_wrong_ledger_value_is_reported():
    log = _log("original_riverwalkers_unlock")
    log["engine_ledger"] = [line.replace("C 14 W 10", "C 15 W 10") for line in log["engine_ledger"]]
    _state, error, _checked = replay_site_log(log)
    assert error and "C expected 15 got 14" in error
