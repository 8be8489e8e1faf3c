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


def test_final_tiles_log_replays_every_row_before_the_final_scoring():
    """Six rounds of passes with the Riverwalkers and the Ice Maidens. The
    four Fire & Ice final tiles are another part of the work: without them
    the game ends with every other final score the site gave."""
    log = _log("original_final_tiles")
    log["engine_ledger"] = [line for line in log["engine_ledger"] if not line.startswith("# Added final")]
    state, error, checked = replay_site_log(log)
    assert checked == 44  # every row up to the last pass, income rows included
    assert error == "final scoring: riverwalkers: VP expected 125 got 74"
    # the site: 125 = 74 + 15 edge + 18 clusters + 18 distance; 102 = 75 + 15 edge + 12 clusters
    assert [f["vp"] for f in state["factions"]] == [74, 75]


def test_a_wrong_ledger_value_is_reported():
    log = _log("original_riverwalkers_unlock")
    log["engine_ledger"] = [line.replace("C 14 W 10", "C 15 W 10") for line in log["engine_ledger"]]
    _state, error, _checked = replay_site_log(log)
    assert error and "C expected 15 got 14" in error
