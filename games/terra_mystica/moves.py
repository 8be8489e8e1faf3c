"""Legal-move generation: next-token completion for autocomplete.

``legal_moves(state, seat, prefix)`` completes one sub-command at a time.
A prefix that already holds finished sub-commands (``burn 2. ``) is first
played on a copy of the state, so the completions of the next part see the
resources those parts left. Free actions (burn, convert) are offered as
stems ending in ``. `` so a move always goes on to an action.
"""

from __future__ import annotations

import re
from itertools import islice

from ..core import RuleError
from ..core.game import first_words
from ..core.messages import Worded, worded
from . import fire_ice as FI
from .actions import apply_row, exchange_rate, free_factions, obligations, own_turn, to_move, tp_cost
from .auction import bid_moves
from .board import board
from .data import (
    COLOURS,
    CULTS,
    ICE,
    POWER_ACTIONS,
    SH_ACTION,
    SUPPLY,
    UPGRADE_FROM,
    VOLCANO,
    WHEEL,
)
from .messages import cost_note, power_gain
from .notation import ANSWER_VERBS, SWAPS, parse_row
from .places import (
    add_costs,
    afford,
    build_options,
    dig_cost,
    flight_cost,
    iter_builds,
    iter_transforms,
    reachable,
    transform_options,
    turn_view,
    volcano_ok,
)
from .rules import (
    clone,
    count_buildings,
    fdata,
    from_snapshot,
    group_of,
    has_sh,
    home_of,
    leech_take,
    own_hexes,
    priest_room,
    snapshot_state,
    town_power,
)
from .wheel import spade_table

_HEAD = re.compile(r"^(.*\.\s+)(.*)$")


def _any(gen) -> bool:
    return next(gen, None) is not None


def upgrade_options(state: dict, seat: int) -> dict[str, dict]:
    """'HEX KIND' -> cost of each possible upgrade."""
    return dict(iter_upgrades(state, seat))


def iter_upgrades(state: dict, seat: int, t: dict | None = None):
    """('HEX KIND', cost) of each possible upgrade, in ``upgrade_options``' order (a prompt's
    words stop at the first)."""
    f = state["factions"][seat]
    t = turn_view(state, seat) if t is None else t  # the menu passes its own
    if t["cult_spades"] or (t["spades"] and not t["free_tp"]):
        return
    free_only = t["free_tp"]
    if t["actions"] <= 0 and not free_only:
        return
    fav_left = _favours_open(state, seat)
    full: dict[str, bool] = {}  # kind -> the seat has all of them built (counted once a call)
    for h, (s, kind) in state["buildings"].items():
        if s != seat:
            continue
        for new, old in UPGRADE_FROM.items():
            if old != kind:
                continue
            if new not in full:
                full[new] = count_buildings(state, seat, new) >= SUPPLY[new]
            if full[new]:
                continue
            if free_only:
                if new == "TP":
                    yield f"{h} {new}", {}
                continue
            if new in ("TE", "SA") and not fav_left:
                pass  # allowed: no tile is owed when none is left
            cost = tp_cost(state, seat, h) if new == "TP" else dict(fdata(f)["cost"][new])
            if afford(f, cost):
                yield f"{h} {new}", cost


def _favours_open(state: dict, seat: int) -> list[str]:
    f = state["factions"][seat]
    return [k for k, n in state["favours"].items() if n and k not in f["favours"]]


def bridge_options(state: dict, seat: int) -> list[str]:
    mine = set(own_hexes(state, seat))
    used = {k for k, _s in state["bridges"]}
    return [key for key in board(state).slots if key not in used and set(key.split(":")) & mine]


def action_options(state: dict, seat: int) -> list[str]:
    return list(iter_actions(state, seat))


def iter_actions(state: dict, seat: int, t: dict | None = None):
    """The 'action X' options one by one, in ``action_options``' order (a prompt's words stop
    at the first)."""
    f = state["factions"][seat]
    t = turn_view(state, seat) if t is None else t  # the menu passes its own
    if t["actions"] <= 0 or t["cult_spades"] or state["phase"] != "actions" or t["spades"]:
        return
    forbid = fdata(f).get("forbid", ())
    reuse = FI.may_reuse(state, seat, has_sh)
    for act, info in POWER_ACTIONS.items():
        if act in forbid or (act in state["actions_used"] and not reuse):
            continue
        if FI.action_cost(f, act, info["cost"]) > f["pw"][2]:
            continue
        if act == "ACT1" and (f["bridges_left"] < 1 or not bridge_options(state, seat)):
            continue
        yield act
    for card in ("BON1", "BON2"):
        if f["bonus"] == card and card not in f["used"] and card not in forbid:
            yield card
    if "FAV6" in f["favours"] and "FAV6" not in f["used"]:
        yield "FAV6"
    fid = f["faction"]
    if fid == "engineers" and f["W"] >= 2 and f["bridges_left"] and bridge_options(state, seat):
        yield "ACTE"
    act = SH_ACTION.get(fid)
    if act and has_sh(state, seat) and act not in f["used"]:
        ok = True
        if act == "ACTW":
            ok = count_buildings(state, seat, "D") < SUPPLY["D"] and any(
                h not in state["buildings"] and state["terrain"][h] == home_of(f) for h in state["terrain"])
        elif act == "ACTN":
            mine = set(own_hexes(state, seat))
            near = board(state).land_neighbours
            ok = any(h not in state["buildings"] and near[h] & mine
                     and state["terrain"][h] != home_of(f) for h in state["terrain"])
        elif act == "ACTS":
            ok = count_buildings(state, seat, "D") > 0 and count_buildings(state, seat, "TP") < SUPPLY["TP"]
        elif act == "ACTG":
            ok = any(state["terrain"][h] != home_of(f) for h in reachable(state, seat))
        if ok:
            yield act
    shift = fdata(f).get("shift")
    if shift and has_sh(state, seat) and FI.shift_colours(state, seat):
        power, tokens = shift[0]
        if f["pw"][2] >= shift[1]:
            yield power
        if sum(f["pw"]) >= shift[1]:
            yield tokens


def conversion_options(state: dict, seat: int, t: dict | None = None) -> list[str]:
    f = state["factions"][seat]
    t = turn_view(state, seat) if t is None else t  # the menu passes its own
    out = []
    pairs = [("PW", "C"), ("PW", "W"), ("PW", "P"), ("P", "W"), ("W", "C")]
    if f["faction"] == "alchemists":
        pairs.append(("C", "VP"))
    if f["faction"] == "darklings" and t["darkling_sh"]:
        pairs.append(("W", "P"))
    for src, dst in pairs:
        rate = exchange_rate(state, seat, t, src, dst)
        have = f["pw"][2] if src == "PW" else f[src]
        if rate and have >= rate and (dst != "P" or priest_room(f) > 0):
            out.append(f"convert {rate}{src} to 1{dst}")
    return out


def connect_options(state: dict, seat: int) -> list[str]:
    """Mermaids: 'connect rN' for each river hex that would found a town."""
    return list(iter_connects(state, seat))


def iter_connects(state: dict, seat: int):
    """``connect_options`` one by one (a prompt's words stop at the first)."""
    f = state["factions"][seat]
    if f["faction"] != "mermaids" or sum(state["towns"].values()) - f["pending"]["TW"] <= 0:
        return
    mine = set(own_hexes(state, seat))
    need = 6 if "FAV5" in f["favours"] else 7
    for r, land in board(state).river_land.items():
        touch = land & mine
        if len(touch) < 2 or r in f["connects"]:
            continue
        f["connects"].append(r)  # look, then undo
        try:
            group = group_of(state, seat, min(touch))
        finally:
            f["connects"].remove(r)
        power, count = town_power(state, seat, group)
        if power >= need and count >= 4 and not set(group) & set(f["town_hexes"]):
            yield f"connect {r}"


def answer_moves(state: dict, seat: int) -> list[str]:
    out = []
    for o in state["leeches"]:
        if o["seat"] == seat:
            fid = state["factions"][o["from"]]["faction"]
            f = state["factions"][seat]
            strict = state["options"].get("strict-leech", True)
            late = strict and (o.get("converted") or o["id"] < f.get("answered", 0))
            if not late and leech_take(state, seat, o["amount"]) is not None:
                out.append(f"leech {o['amount']} from {fid}")
            out.append(f"decline {o['amount']} from {fid}")
    return out + decision_moves(state, seat)


def decision_moves(state: dict, seat: int) -> list[str]:
    """What a seat may decide at any time: the Shapeshifters' token, the
    Riverwalkers' terrain unlock."""
    f = state["factions"][seat]
    out = []
    if f["pending"].get("TOKEN"):
        if f["vp"] >= fdata(f)["leech_token"]:
            out.append("gain P3 for VP")
        out.append("-GAIN_P3_FOR_VP")
    if f["pending"].get("UNLOCK"):
        cheap, dear = fdata(f)["unlock_cost"]
        for c in range(WHEEL):
            if c not in f["unlocked"] and f["C"] >= (dear if FI.is_home_terrain(state, c) else cheap):
                out.append(f"unlock-terrain {COLOURS[c]}")
        out.append("unlock-terrain gain-priest")
    return out


def verbs(state: dict, seat: int) -> list[str]:
    """``first_words(legal_moves(state, seat, ""))`` (a prompt's words, ``Game.verbs``) without
    the whole menu: each verb's options are looked at only up to the first one."""
    return first_words(_menu(state, seat, 0, words=True))


#: the words :func:`has_verb` answers without the searches (a prompt asks them after every move)
TOLD_ALONE = ("-SPADE", "leech", "decline")


def has_verb(state: dict, seat: int, word: str) -> bool | None:
    """``word in verbs(state, seat)`` for the words of :data:`TOLD_ALONE` (a power offer's answer,
    the spades left to use) from the menu's start alone, without looking for a build, an
    upgrade or an action (about 55 us in a turn); None for other words, and for an offer's
    answers in a turn that owes something (the menu then leaves them out when another verb
    is open, and only the searches tell)."""
    if word not in TOLD_ALONE:
        return None
    start = _menu_start(state, seat)
    if isinstance(start, list):
        return word in first_words(start)
    _f, answers, t, owe, _out = start
    if word == "-SPADE":
        return bool(t["spades"] and not t.get("dug"))
    return None if owe else word in first_words(answers)


def _menu_start(state: dict, seat: int) -> list[str] | tuple:
    """The start of :func:`_menu`: its whole answer where a phase or what the seat owes
    decides it (a list), else what its own turn's verbs are looked for with: (the faction,
    the offers' answers, the turn, what is owed, the cult steps it may place)."""
    phase = state["phase"]
    if phase == "over" or seat not in to_move(state):
        return []
    f = state["factions"][seat]
    if phase == "auction":
        return bid_moves(state, seat)
    if phase == "factions":
        if FI.setup_owed(state) == seat:
            return _setup_decisions(state, seat)
        return [f"setup {fid}" for fid in free_factions(state)]
    if phase == "dwellings":
        return [f"build {h}" for h in FI.start_hexes(state, seat)]
    if phase == "bonus":
        return [f"pass {b}" for b in sorted(state["pool"], key=lambda b: int(b[3:]))]
    answers = answer_moves(state, seat)
    own = own_turn(state, seat)
    if not own:
        return answers + ([f"+{c}" for c in CULTS] if f["pending"]["CULTIST"] or f["pending"].get("LATE") else [])
    t = turn_view(state, seat)
    owe = obligations(state, seat)
    out = []
    if f["pending"].get("UNLOCK"):
        return answers
    if f["pending"].get("PICK"):
        return [f"pick-color {COLOURS[c]}" for c in FI.pick_colours(state, seat)]
    if f["pending"].get("LOSE_CULT"):
        n = f["pending"]["LOSE_CULT"]
        return [f"-{n}{c}" for i, c in enumerate(CULTS) if f["cult"][i] >= n]
    if f["pending"]["FAV"]:
        return [f"+{k}" for k in _favours_open(state, seat)]
    if f["pending"]["TW"]:
        return [f"+{k}" for k, n in state["towns"].items() if n]
    if f["pending"]["CULT"]:
        return cult_picks(f["pending"]["CULT"])
    if f["pending"]["CULTIST"] or f["pending"].get("LATE"):
        out += [f"+{c}" for c in CULTS]
    if t["bridge"]:
        free = f["bridges_left"] > 0 and bridge_options(state, seat)
        return (["bridge "] if free else []) + (["-BRIDGE"] if not free or fdata(f).get("sh_bridges") else [])
    return f, answers, t, owe, out


def _menu(state: dict, seat: int, depth: int, want: str | None = None, words: bool = False) -> list[str]:
    """The first tokens (stems) and one-word moves of the next sub-command.
    With ``want`` (a verb), stems of other verbs that cost a search may be
    left out: enough to tell whether that verb is open now. With ``words``,
    a verb with several one-word moves may list only its first (the first words are the same)."""
    start = _menu_start(state, seat)
    if isinstance(start, list):
        return start
    f, answers, t, owe, out = start
    phase = state["phase"]
    if owe:
        want = None  # what is owed decides which verbs are open: look at all

    def wanted(verb: str) -> bool:
        return want is None or want == verb

    reach = reachable(state, seat) if wanted("build") or wanted("transform") or wanted("dig") else None
    if wanted("build") and _any(iter_builds(state, seat, reach, t=t)):
        out.append("build ")
    if wanted("transform") or wanted("dig"):
        transforms = _any(iter_transforms(state, seat, reach=reach, t=t))
        if transforms:
            out.append("transform ")
        # a volcano faction has nothing to transform before its free 'dig 1'
        if (transforms or home_of(f) == VOLCANO) and _digs(state, seat, reach, one=words, t=t):
            out.append("dig ")
    if wanted("upgrade") and _any(iter_upgrades(state, seat, t=t)):
        out.append("upgrade ")
    if t["spades"] and not t.get("dug"):
        out.append("-SPADE")
    if owe and out:
        return out
    if t["actions"] > 0 and phase == "actions" and not t["spades"]:
        if f["P"] and t["actions"]:
            out.append("send p to ")
        if wanted("action") and _any(iter_actions(state, seat, t=t)):
            out.append("action ")
        if wanted("advance") and _advances(state, seat):
            out.append("advance ")
        if not f["passed"]:
            out.append("pass " if state["round"] < 6 else "pass")
        if depth < 2:
            if wanted("convert") and conversion_options(state, seat, t=t):
                out.append("convert ")
            if f["pw"][1] >= 2:
                out.append("burn ")
    if t.get("darkling_open") and depth < 2 and (_darkling_trades(state, seat, t) if t["actions"] <= 0
                                                 else conversion_options(state, seat, t=t)):
        out.append("convert ")
    if wanted("connect"):
        out += islice(iter_connects(state, seat), 1) if words else iter_connects(state, seat)
    if t["took"] and not owe and t.get("darkling_open") and state["options"].get("strict-darkling-sh"):
        out.append(f"-{t['darkling_sh']}CONVERT_W_TO_P")  # the site's word for refusing the trade
    elif t["took"] and not owe and (t.get("darkling_open") or (t["actions"] > 0 and f["passed"])):
        out.append("done")
    return answers + out


def _setup_decisions(state: dict, seat: int) -> list[str]:
    """Set-up: the colour a faction picks, the Ice Maidens' favour tile."""
    f = state["factions"][seat]
    if f["pending"].get("PICK"):
        return [f"pick-color {COLOURS[c]}" for c in FI.pick_colours(state, seat)]
    return [f"+{k}" for k in _favours_open(state, seat)]


def _digs(state: dict, seat: int, reach: dict | None = None, one: bool = False, t: dict | None = None) -> list[str]:
    """'dig N. ' stems: spades bought ahead of a transform or build (``one``: stop at the first
    found, to tell whether there is any)."""
    f = state["factions"][seat]
    t = turn_view(state, seat) if t is None else t  # the menu passes its own
    if t["cult_spades"] or t["ride"] or t["sandstorm"] or t["bridge"] or t["free_tp"]:
        return []
    if home_of(f) == VOLCANO:
        if t["actions"] <= 0 or t["spades"] or t.get("volcano") or state["phase"] != "actions":
            return []
        reach = reachable(state, seat) if reach is None else reach
        ok = any(state["terrain"][h] not in (ICE, VOLCANO) and volcano_ok(state, seat, h) for h in reach)
        return ["dig 1. "] if ok else []
    if "unlocked" in f:
        return []
    if not (t["dig_open"] and not t["build_used"]) and (t["actions"] <= 0 or t["spades"]):
        return []
    if t.get("no_dig") and t["spades"]:
        return []
    # only as many spades as one transform of a reachable hex takes (dug spades are all used)
    have = t["spades"] if t["dig_open"] and not t["build_used"] else 0
    steps = spade_table(f)
    home = home_of(f)
    # and only what the seat can pay together with reaching that hex (a tunnel or a carpet
    # flight costs workers or a priest too: digging them away would strand the dug spades)
    payable = {n for n in (1, 2, 3) if afford(f, dig_cost(f, n))}
    needs: set[int] = set()
    if not payable:
        return []
    if reach is None:
        reach = reachable(state, seat)
    other = t.get("other_colour")
    for h, mode in reach.items():
        if t["one_hex"] and h != t["one_hex"]:
            continue
        cur = state["terrain"][h]
        extra = None
        for target in range(len(steps[cur])):
            need = steps[cur][target]
            if need is None or target == cur or (other and target != home):
                continue
            n = need - have
            if n not in payable or n in needs:
                continue
            if extra is None:
                extra = flight_cost(state, seat, t, h, mode)
            if not extra or afford(f, add_costs(dig_cost(f, n), extra)):
                needs.add(n)
        if needs == payable or (one and needs):
            break
    return [f"dig {n}. " for n in (1, 2, 3) if n in needs]


def _advances(state: dict, seat: int) -> list[str]:
    f = state["factions"][seat]
    data = fdata(f)
    out = []
    if data["ship"] and f["ship"] < data["ship"][1] and f["P"] >= 1 and f["C"] >= 4:
        out.append("advance ship")
    if f["dig"] < data["dig_max"] and afford(f, data["dig_cost"]):
        out.append("advance dig")
    return out


def _cost_text(cost: dict) -> str:
    """The note of a priced option, in the reader's language when the bot words it."""
    return cost_note(cost)


def part_options(state: dict, seat: int, cur: str, depth: int) -> list[tuple[str, str]]:
    """(entry, hint) completions of the sub-command being typed."""
    words = cur.split(" ")
    verb = words[0].lower()
    menu = _menu(state, seat, depth, want=verb if len(words) > 1 else None)
    if len(words) == 1:
        return [(m, "") for m in menu]
    if verb not in {m.split(" ")[0].lower() for m in menu}:
        return []
    if state["phase"] in ("factions", "dwellings", "bonus"):
        return [(m, "") for m in menu]
    f = state["factions"][seat]
    if verb == "build":
        index = board(state).land_index
        return [(f"build {h}", _cost_text(c)) for h, c in sorted(build_options(state, seat).items(),
                                                                 key=lambda item: index[item[0]])]
    if verb == "upgrade":
        opts = upgrade_options(state, seat)
        return [(f"upgrade {k.split()[0]} to {k.split()[1]}", _cost_text(c)) for k, c in opts.items()]
    if verb == "transform":
        if len(words) <= 2 or words[2] != "to":
            opts = transform_options(state, seat)
            return [(f"transform {h} to ", "") for h in sorted(opts, key=board(state).land_index.__getitem__)]
        h = words[1].upper()
        opts = transform_options(state, seat, only=h)
        return [(f"transform {h} to {COLOURS[c]}", _cost_text(cost)) for c, cost in opts.get(h, {}).items()]
    if verb == "send":
        return [(f"send p to {c}", "") for c in CULTS]
    if verb == "action":
        return [(f"action {act}", Worded(power_gain(act)) if act in POWER_ACTIONS else "")
                for act in action_options(state, seat)]
    if verb == "dig":
        return [(d, "") for d in _digs(state, seat)]
    if verb == "advance":
        return [(a, "") for a in _advances(state, seat)]
    if verb == "pass":
        return [(f"pass {b}", cost_note({"C": n}) if n else "") for b, n in sorted(state["pool"].items(), key=lambda x: int(x[0][3:]))]
    if verb == "convert":
        t = turn_view(state, seat)
        if t.get("darkling_open") and t["actions"] <= 0:
            # the Darklings' stronghold conversion ends the open turn, so it is a whole move,
            # offered at every size it can take (up to 3 workers at once), not one worker only;
            # any other conversion would spend the trade (as on the site), so none is offered
            return [(c, "") for c in _darkling_trades(state, seat, t)]
        return [(c + ". ", "") for c in conversion_options(state, seat)]
    if verb == "burn":
        return [(f"burn {n}. ", "") for n in range(1, min(6, f["pw"][1] // 2) + 1)]
    if verb == "bridge":
        return [(f"bridge {k}", "") for k in bridge_options(state, seat)]
    return [(m, "") for m in menu]


def cult_picks(pending: list[int]) -> list[str]:
    """The picks for the next owed cult step, in the site's notation: ``+FIRE`` for one step,
    ``+2FIRE`` for a grant of two at once (Auren's ACTA: one track takes both). Single steps
    owed in a row (the Acolytes' spades) may also go to one track together: ``+2FIRE``..."""
    first = pending[0]
    if first > 1:
        return [f"+{first}{c}" for c in CULTS]
    run = next((i for i, n in enumerate(pending) if n != 1), len(pending))
    return [f"+{c}" for c in CULTS] + [f"+{k}{c}" for k in range(2, run + 1) for c in CULTS]


def _darkling_trades(state: dict, seat: int, t: dict) -> list[str]:
    """The Darklings' stronghold trade at every size the workers and priest room allow."""
    f = state["factions"][seat]
    most = min(t["darkling_sh"], f["W"], priest_room(f))
    return [f"convert {k}W to {k}P" for k in range(1, most + 1)]


def _split(prefix: str) -> tuple[str, str]:
    """(finished sub-commands with their '. ', the part being typed)."""
    m = _HEAD.match(prefix)
    if m:
        return m.group(1), m.group(2)
    return "", prefix


#: (seat, row text) -> (state backup, state after the row): the look-ahead
#: of the last few prefixes. Completing a move asks for the same finished
#: parts several times ('burn 1. ', 'burn 1. action ', ...); a hit needs the
#: state to be equal to the one the entry was made from. Entries are only read.
_SIMS: dict[tuple[int, str], tuple[bytes, dict, dict]] = {}


def _sim_after(state: dict, seat: int, text: str) -> dict:
    """A copy of the state after ``text`` (a row left open: ``finish=False``).
    The copy is shared: callers must not change it. Raises RuleError."""
    data, terrain = snapshot_state(state)
    key = (seat, text)
    hit = _SIMS.get(key)
    if hit is not None and hit[0] == data and hit[1] == terrain:
        return hit[2]
    sim = from_snapshot((data, terrain))
    apply_row(sim, seat, parse_row(text), finish=False)
    if len(_SIMS) >= 16:
        _SIMS.clear()
    _SIMS[key] = (data, terrain, sim)
    return sim


def _options(state: dict, seat: int, prefix: str) -> list[tuple[str, str]]:
    text = prefix.lstrip()
    head, cur = _split(text)
    sim = state
    if head.strip():
        if seat not in to_move(state):
            return []
        try:
            sim = _sim_after(state, seat, head)
        except RuleError:
            return []
    depth = head.count(".")
    out = []
    low = text.lower()
    later = _reordered(head)
    for entry, note in part_options(sim, seat, " ".join(cur.split(" ")), depth):
        if later and entry.split(" ", 1)[0].lower() in later:
            continue
        full = head + entry
        if full.lower().startswith(low):
            out.append((full, note))
    if cur.strip() and not any(e.lower() in (low.strip(), low.strip() + ". ") for e, _n in out):
        out += _typed(state, seat, head, cur.strip())
    if sim["factions"][seat] and sim["factions"][seat]["faction"] == "mermaids":
        out = _connect_stems(state, seat, out)
    return out


def _reordered(head: str) -> set[str]:
    """Verbs the site would run earlier than typed after ``head`` (``notation.site_order``):
    not offered there, so a listed row means what it says. A leech or decline goes first
    in a row; a transform right after a build, and so on, swaps with it."""
    if not head.strip():
        return set()
    cmds = parse_row(head)
    out = {second for first, second, applies in SWAPS if cmds[-1][0] == first and applies(cmds[-1])}
    if any(c[0] not in ANSWER_VERBS for c in cmds):
        out.update(ANSWER_VERBS)
    return out


def _connect_stems(state: dict, seat: int, out: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Mermaids: after a build or upgrade that would let a river ``connect``
    found a town, also offer the row as a stem ('build E5. ') so the
    connect can follow in the same turn."""
    mine = set(own_hexes(state, seat))
    result = []
    for entry, note in out:
        result.append((entry, note))
        words = entry.rsplit(". ", 1)[-1].split(" ")
        if entry.endswith(" ") or words[0].lower() not in ("build", "upgrade") or len(words) < 2:
            continue
        h = words[1].upper()
        river_land = board(state).river_land
        near = [r for r in board(state).neighbours.get(h, ()) if r in river_land and (river_land[r] & mine) - {h}]
        if not near:
            continue
        try:
            sim = _sim_after(state, seat, entry)
        except RuleError:
            continue
        if connect_options(sim, seat):
            result.append((entry + ". ", worded("tm.note.then_connect")))
    return result


def _typed(state: dict, seat: int, head: str, cur: str) -> list[tuple[str, str]]:
    """A fully typed sub-command the lists do not show (``dig 3``, ``send p to
    AIR for 1``, ``convert 4W to 4C``, ``connect r1``): offered if it plays."""
    try:
        parse_row(cur)
    except RuleError:
        return []
    if state["phase"] == "over" or seat not in to_move(state):
        return []
    sim = clone(state)
    try:
        apply_row(sim, seat, parse_row(" ".join((head + cur).split())))  # a throw-away copy
    except RuleError:
        return []
    out = [(head + cur, "")]
    if seat in to_move(sim) or _row_open(state, seat, head + cur):
        out.append((head + cur + ". ", ""))
    return out


def _row_open(state: dict, seat: int, text: str) -> bool:
    """Whether a row could go on after ``text`` (its action is not spent)."""
    try:
        sim = _sim_after(state, seat, text)
    except RuleError:
        return False
    t = sim["turn"]
    return bool(t and t["seat"] == seat and (t["actions"] > 0 or t["dig_open"] and not t["build_used"]))


def options_with_hints(state: dict, seat: int, prefix: str = "") -> list[tuple[str, str]]:
    """(entry, cost note) pairs: the completions with their notes in one pass."""
    return [(e, n or "") for e, n in _options(state, seat, prefix)]


def legal_moves(state: dict, seat: int, prefix: str = "") -> list[str]:
    return [e for e, _n in _options(state, seat, prefix)]


def hint(state: dict, seat: int, move: str) -> str:
    for entry, note in _options(state, seat, move):
        if entry.lower() == move.lower():
            return note
    return ""

