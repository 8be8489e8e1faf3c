"""Terra Mystica state and the bookkeeping every command shares.

The state is one JSON-compatible dict (see ``new_state``). Each seat's
faction lives in ``state["factions"][seat]``. This module holds resources,
power bowls, cult tracks, reach, towns, leech offers, income and the round
machine; ``actions.py`` holds what each typed sub-command does.
"""

from __future__ import annotations

import marshal

from ..core import IllegalMove, Rng, new_rng
from ..core.messages import msg
from .board import board, board_for
from .data import (
    BONUSES,
    CULT_POWER,
    CULTS,
    FACTIONS,
    FAVOURS,
    FINAL_TILES,
    POWER_VALUE,
    PRIEST_SPACES,
    SCORING,
    TABLES,
    TOWNS,
    WHEEL,
)
from .maps import ORIGINAL
from .messages import amounts

OPTION_NAMES = (
    "variable-turn-order", "mini-expansion-1", "shipping-bonus", "temple-scoring-tile",
    "strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power",
    "fire-and-ice-factions/ice", "fire-and-ice-factions/volcano", "fire-and-ice-factions/variable_v5",
    "fire-and-ice-factions/variable", "faction-auction",
    "partial-leech", "darkling-sh-later",
)

#: the online site's option sets, picked in one word at /game new: ``site`` is what it adds to
#: every new game (plus its partial power take, which it always plays), ``league`` what its
#: four-player leagues play. Off them, the table plays the seed's game (every option off).
SITE_OPTIONS = ("strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power",
                "partial-leech")
LEAGUE_OPTIONS = ("variable-turn-order", "mini-expansion-1", "shipping-bonus", "temple-scoring-tile", *SITE_OPTIONS)
PRESETS = {
    "site": dict.fromkeys(SITE_OPTIONS, True),
    "league": dict.fromkeys(LEAGUE_OPTIONS, True),
}


# --- setup ------------------------------------------------------------------
def draw_scoring(rng: Rng, temple: bool) -> list[str]:
    """Six round tiles; like the site, SCORE1 (spades) never in rounds 5-6."""
    tiles = [f"SCORE{i}" for i in range(1, 9 + temple)]
    while True:
        pick = rng.sample(tiles, 6)
        if "SCORE1" not in pick[4:]:
            return pick


# --- setup ------------------------------------------------------------------
def new_state(players: int, seed: int, options: dict, scoring=None, bonuses=None) -> dict:
    """A game waiting for faction choices. ``scoring``/``bonuses`` override the
    random draw (the ledger replayer sets them from a record)."""
    map_key = options.get("map") or ORIGINAL
    rng = new_rng(seed)
    r = Rng(rng)
    if scoring is None:
        scoring = draw_scoring(r, options.get("temple-scoring-tile", False))
    if bonuses is None:
        cards = [f"BON{i}" for i in range(1, 10 + bool(options.get("shipping-bonus", False)))]
        bonuses = sorted(r.sample(cards, players + 3), key=lambda b: int(b[3:]))
    # Fire & Ice: one extra final tile, drawn from the seed after the round tiles and cards, or named
    tile = options.get("fire-and-ice-final-scoring")
    final_tile = r.choice(FINAL_TILES) if tile is True else (tile or None)
    towns = {k: v["count"] for k, v in TOWNS.items()
             if options.get("mini-expansion-1", False) or not v.get("mini")}
    return {
        "rng": rng,
        "options": options,
        "players": players,
        "phase": "factions",
        "round": 0,
        "scoring": list(scoring),
        "final_tile": final_tile,
        "pool": {b: 0 for b in bonuses},
        "favours": {k: v["count"] for k, v in FAVOURS.items()},
        "towns": towns,
        "actions_used": [],
        "map": map_key,
        "terrain": dict(board_for(map_key).terrain),
        "buildings": {},
        "bridges": [],
        "priests": {c: [None] * len(PRIEST_SPACES) for c in CULTS},
        "factions": [None] * players,
        "order": list(range(players)),
        "next_order": [],
        "queue": [],
        "current": 0,
        "turn": None,
        "leeches": [],
        "cult_offers": {},
        "serial": 0,
        "last": [],
        "last_msgs": [],
        "log_count": 0,
    }


def new_faction(fid: str, table: str | None = None) -> dict:
    """A faction's start; ``table`` names another version of its data (the
    printed Fire & Ice variable factions)."""
    data = TABLES[table or fid]
    f = {
        "faction": fid,
        "home": data["home"],
        "colour": None,
        "vp": 20,
        "C": data["start"]["C"], "W": data["start"]["W"], "P": data["start"]["P"],
        "pw": [data["bowls"][0], data["bowls"][1], 0],
        "cult": list(data["cult"]),
        "ship": data["ship"][0] if data["ship"] else 0,
        "dig": 0,
        "range": 1 if fid == "fakirs" else 0,
        "keys": 0,
        "favours": [],
        "town_tiles": [],
        "bonus": None,
        "passed": False,
        "bridges_left": 3,
        "town_hexes": [],
        "connects": [],
        "used": [],
        "pending": {"FAV": 0, "TW": 0, "CULT": [], "CULTIST": 0},
        "on_cult": 0,
        "cult_spades": 0,
    }
    if table:
        f["table"] = table
    if "priest_limit" in data:
        f["max_p"] = data["priest_limit"]
        f["unlocked"] = []
    return f


def fdata(f: dict) -> dict:
    return TABLES[f.get("table") or f["faction"]]


def home_of(f: dict) -> int | None:
    """The terrain the faction builds on: its home, ice or volcano, or the
    Shapeshifters' picked home (None for the Riverwalkers and before a pick)."""
    return f.get("home", FACTIONS[f["faction"]]["home"])


def anchor_of(f: dict) -> int | None:
    """The faction's place on the terrain wheel: its home, or the colour an ice,
    volcano or variable faction picked."""
    home = home_of(f)
    return home if home is not None and home < WHEEL else f.get("colour")


def power_values(f: dict) -> dict:
    """What each of the faction's buildings counts for its leeches and towns."""
    return fdata(f).get("power_value", POWER_VALUE)


def faction_seat(state: dict, fid: str) -> int | None:
    for s, f in enumerate(state["factions"]):
        if f and f["faction"] == fid:
            return s
    return None


def name(state: dict, seat: int) -> str:
    return "{p" + str(seat) + "}"


def snapshot_state(state: dict):
    """A backup of the whole state, cheaper than ``copy.deepcopy``: the map's
    terrain (hex -> int) is copied flat, the rest (plain JSON data) marshalled."""
    rest = state.copy()
    terrain = rest.get("terrain")
    if terrain is not None:
        rest["terrain"] = None  # keeps the key's place
    return marshal.dumps(rest), None if terrain is None else terrain.copy()


def from_snapshot(snap) -> dict:
    data, terrain = snap
    state = marshal.loads(data)
    if terrain is not None:
        state["terrain"] = terrain.copy()
    return state


def clone(state: dict) -> dict:
    """An independent copy of the state (autocomplete's look-ahead)."""
    return from_snapshot(snapshot_state(state))


# --- resources ----------------------------------------------------------------
def priest_room(f: dict) -> int:
    return f.get("max_p", 7) - f["P"] - f["on_cult"]


def gain_power(f: dict, n: int) -> int:
    """Move n tokens up the bowls (I->II first, then II->III). Returns how many moved."""
    pw = f["pw"]
    moved = 0
    step = min(n, pw[0])
    pw[0] -= step
    pw[1] += step
    moved += step
    step = min(n - moved, pw[1])
    pw[1] -= step
    pw[2] += step
    moved += step
    return moved


def power_room(f: dict) -> int:
    return 2 * f["pw"][0] + f["pw"][1]


def spend_power(f: dict, n: int, what) -> None:
    """Pay n power from bowl III; ``what`` (an action id or a message) names it in a refusal."""
    if f["pw"][2] < n:
        need = n - f["pw"][2]
        if f["pw"][1] >= 2 * need:
            raise IllegalMove("tm.err.power_burn", what=what, n=n, has=f["pw"][2], need=need)
        raise IllegalMove("tm.err.power", what=what, n=n, has=f["pw"][2])
    f["pw"][2] -= n
    f["pw"][0] += n


def gain(state: dict, seat: int, res: dict) -> None:
    """Add resources (C, W, P, VP, PW, SPADE is handled by callers)."""
    f = state["factions"][seat]
    for key, n in res.items():
        if key == "C":
            f["C"] += n
        elif key == "W":
            f["W"] += n
        elif key == "P":
            gain_priests(state, seat, n)
        elif key == "VP":
            f["vp"] += n
        elif key == "PW":
            gain_power(f, n)


def gain_priests(state: dict, seat: int, n: int) -> None:
    """Priests into the supply, up to the limit; a faction that unlocks terrain
    (the Riverwalkers) decides on each one instead while any terrain is locked."""
    f = state["factions"][seat]
    if n > 0 and "unlocked" in f and len(f["unlocked"]) < WHEEL:
        f["pending"]["UNLOCK"] = f["pending"].get("UNLOCK", 0) + n
        return
    f["P"] += max(0, min(n, priest_room(f)))


def pay(f: dict, cost: dict, what) -> None:
    """Pay ``cost``; ``what`` (a message) names what is bought in a refusal."""
    for key, n in cost.items():
        if f[key] < n:
            raise IllegalMove("tm.err.costs", what=what, cost=amounts(cost), have=amounts({k: f[k] for k in cost}))
    for key, n in cost.items():
        f[key] -= n


# --- cults ----------------------------------------------------------------------
def unblock_cult_steps(state: dict, seat: int) -> None:
    """A key arrived: steps held at 9 for lack of a key earlier in this turn
    move to 10 (the site lets the marker reach 10 once the turn has a key)."""
    t = state.get("turn")
    if not t or t["seat"] != seat:
        return
    f = state["factions"][seat]
    for track in list(t.get("cult", ())):
        if f["keys"] < 1:
            return
        t["cult"].remove(track)
        if f["cult"][CULTS.index(track)] == 9:
            cult_advance(state, seat, track, 1)


def cult_advance(state: dict, seat: int, track: str, steps: int) -> int:
    """Move a cult marker up; power for passing 3/5/7/10; 10 needs a key and
    a free top space. Returns the steps actually moved."""
    f = state["factions"][seat]
    i = CULTS.index(track)
    old = f["cult"][i]
    new = min(10, old + steps)
    if new == 10:
        taken = any(o is not f and o["cult"][i] == 10 for o in state["factions"] if o)
        if taken or f["keys"] < 1:
            new = 9
            t = state.get("turn")
            if not taken and t and t["seat"] == seat:
                t.setdefault("cult", []).append(track)  # moves on if a key comes this turn
        else:
            f["keys"] -= 1
    new = max(new, old)
    gain_power_marks(f, old, new)
    f["cult"][i] = new
    return new - old


def gain_power_marks(f: dict, old: int, new: int) -> None:
    """Power for each cult bonus space passed going up (again after a fall)."""
    for mark, power in CULT_POWER.items():
        if old < mark <= new:
            gain_power(f, power)


# --- the map ----------------------------------------------------------------------
def own_bridges(state: dict, seat: int) -> list[tuple[str, str]]:
    return [tuple(b.split(":")) for b, s in state["bridges"] if s == seat]


def direct_neighbours(state: dict, seat: int | None, h: str) -> set[str]:
    """Land hexes directly adjacent to h for ``seat`` (its bridges count; None: all bridges)."""
    out = set(board(state).land_neighbours[h])
    for key, owner in state["bridges"]:
        if seat is None or owner == seat:
            a, b = key.split(":")
            if a == h:
                out.add(b)
            elif b == h:
                out.add(a)
    return out


def ship_level(state: dict, seat: int) -> int:
    f = state["factions"][seat]
    if fdata(f)["ship"] is None:
        return 0
    bonus = 1 if f["bonus"] and BONUSES[f["bonus"]].get("ship") and not f["passed"] else 0
    return f["ship"] + bonus


def own_hexes(state: dict, seat: int) -> list[str]:
    return [h for h, (s, _k) in state["buildings"].items() if s == seat]


def reach(state: dict, seat: int, h: str) -> str | None:
    """How seat reaches land hex h: 'direct', 'ship', 'tunnel', 'carpet' or None."""
    f = state["factions"][seat]
    b = board(state)
    mine = own_hexes(state, seat)
    if not mine:
        return None
    if not fdata(f).get("river_only") and direct_neighbours(state, seat, h) & set(mine):
        return "direct"
    fid = f["faction"]
    if fid == "dwarves":
        return "tunnel" if any(b.hex_distance(h, o) <= 2 for o in mine) else None
    if fid == "fakirs":
        return "carpet" if any(b.hex_distance(h, o) <= 1 + f["range"] for o in mine) else None
    level = ship_level(state, seat)
    if level and any(b.ship_dist[o].get(h, 99) <= level for o in mine):
        return "ship"
    return None


def reach_cost(state: dict, seat: int, mode: str) -> tuple[dict, int]:
    """(resources, VP) a tunnel or carpet flight costs."""
    state["factions"][seat]
    if mode == "tunnel":
        return {"W": 1 if has_sh(state, seat) else 2}, 4
    if mode == "carpet":
        return {"P": 1}, 4
    return {}, 0


def has_sh(state: dict, seat: int) -> bool:
    return [seat, "SH"] in state["buildings"].values()


def count_buildings(state: dict, seat: int, kind: str) -> int:
    return list(state["buildings"].values()).count([seat, kind])


def linked(state: dict, seat: int, a: str, b: str) -> bool:
    """Directly connected for towns: edge, own bridge or a Mermaids' connect."""
    if b in direct_neighbours(state, seat, a):
        return True
    f = state["factions"][seat]
    river_land = board(state).river_land
    return any(a in river_land[r] and b in river_land[r] for r in f["connects"])


def group_of(state: dict, seat: int, start: str) -> list[str]:
    """The seat's buildings linked to ``start`` (edges, own bridges, Mermaids' connects)."""
    mine = set(own_hexes(state, seat))
    links: dict[str, set[str]] = {}
    for key, owner in state["bridges"]:
        if owner == seat:
            a, b = key.split(":")
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    geo = board(state)
    for r in state["factions"][seat]["connects"]:
        land = geo.river_land[r]
        for a in land:
            links.setdefault(a, set()).update(land - {a})
    seen = {start}
    todo = [start]
    while todo:
        cur = todo.pop()
        for o in (geo.land_neighbours[cur] | links.get(cur, set())) & mine:
            if o not in seen:
                seen.add(o)
                todo.append(o)
    return sorted(seen)


def town_power(state: dict, seat: int, hexes: list[str]) -> tuple[int, int]:
    """(power, building count) of a group; the sanctuary counts as two buildings."""
    power = count = 0
    values = power_values(state["factions"][seat])
    for h in hexes:
        kind = state["buildings"][h][1]
        power += values[kind]
        count += 2 if kind == "SA" else 1
    return power, count


def check_towns(state: dict, seat: int, hexes: list[str] | None = None) -> list:
    """Found towns in the groups touching ``hexes`` (all groups if None).
    Returns event texts; the player then owes a town tile choice."""
    f = state["factions"][seat]
    need = 6 if "FAV5" in f["favours"] else 7
    starts = hexes if hexes is not None else own_hexes(state, seat)
    done: set[str] = set()
    events = []
    for h in starts:
        if h in done or h not in state["buildings"] or state["buildings"][h][0] != seat:
            continue
        group = group_of(state, seat, h)
        done.update(group)
        in_town = set(f["town_hexes"])
        if in_town & set(group):
            f["town_hexes"] = sorted(in_town | set(group))
            continue
        power, count = town_power(state, seat, group)
        if power >= need and count >= 4 and sum(state["towns"].values()) - f["pending"]["TW"] > 0:
            f["town_hexes"] = sorted(in_town | set(group))
            f["pending"]["TW"] += 1
            events.append(found_town(state, seat))
    return events


def found_town(state: dict, seat: int):
    f = state["factions"][seat]
    score_event(state, seat, "TOWN", 1)
    if f["faction"] == "witches":
        f["vp"] += 5
    if f["faction"] == "swarmlings":
        f["W"] += 3
    return msg("tm.ev.town", who=name(state, seat))


def score_event(state: dict, seat: int, event: str, n: int) -> None:
    """VP of the round's scoring tile for an event (D, TP, TE, SHSA, TOWN, SPADE)."""
    if state["phase"] != "actions" or not 1 <= state["round"] <= 6:
        return
    tile = SCORING[state["scoring"][state["round"] - 1]]
    kind, vp = tile["event"]
    if kind == event:
        state["factions"][seat]["vp"] += vp * n


def spade_bonus(state: dict, seat: int, n: int) -> None:
    """VP/power for spades gained from digging and actions (not cult bonuses)."""
    f = state["factions"][seat]
    score_event(state, seat, "SPADE", n)
    if f["faction"] == "halflings":
        f["vp"] += n
    if f["faction"] == "alchemists" and has_sh(state, seat):
        gain_power(f, 2 * n)



# --- leech ------------------------------------------------------------------------------
def offer_leech(state: dict, seat: int, h: str) -> list:
    """After seat built or upgraded on h: offer power to neighbouring factions."""
    builder = state["factions"][seat]
    near = direct_neighbours(state, None, h)
    offers = []
    state["serial"] += 1
    serial = state["serial"]
    buildings = state["buildings"]
    around = [buildings[hh] for hh in near if hh in buildings]
    for other, f in enumerate(state["factions"]):
        if other == seat or f is None:
            continue
        values = power_values(f)
        amount = sum(values[k] for s, k in around if s == other)
        if amount <= 0:
            continue
        state["leeches"].append({"seat": other, "from": seat, "amount": amount, "id": serial})
        offers.append(msg("tm.ev.offer", who=name(state, other), n=amount))
    if offers and fdata(builder).get("leech"):
        # only opponents who could take power at all count (Cultists, Shapeshifters)
        able = [o["seat"] for o in state["leeches"]
                if o["id"] == serial and power_room(state["factions"][o["seat"]])]
        if able:
            state["cult_offers"][str(serial)] = {"seat": seat, "open": len(able), "accepted": False, "able": able}
    return offers


def leech_take(state: dict, seat: int, amount: int) -> int | None:
    """Power the seat gets taking an offer of ``amount`` now, or None if it may not take it.

    Never more than its bowls I and II can move up. Each power past the first costs 1 VP: the
    seed lets nobody take power they cannot pay for (``None``); the site (``partial-leech``)
    takes what the VP pay for (with 1 VP and an offer of 3: 2, down to 0 VP)."""
    f = state["factions"][seat]
    take = min(amount, power_room(f))
    if take - 1 <= f["vp"]:
        return take
    return f["vp"] + 1 if state["options"].get("partial-leech", True) else None


def close_offer(state: dict, offer: dict, accepted: bool) -> list:
    """The builder's reaction once the offers of one build are answered: the
    Cultists' cult step or the Shapeshifters' token when someone took power,
    1 power when everybody declined."""
    key = str(offer["id"])
    track = state["cult_offers"].get(key)
    if not track or offer["seat"] not in track.get("able", [offer["seat"]]) or offer.get("counted"):
        return []
    track["open"] -= 1
    out = []
    seat = track["seat"]
    if accepted and not track["accepted"]:
        track["accepted"] = True
        builder = state["factions"][seat]
        if fdata(builder)["leech"] == "cult":
            builder["pending"]["CULTIST"] += 1
            out.append(msg("tm.ev.cultist_step", who=name(state, seat)))
        elif fdata(builder).get("leech_token"):
            builder["pending"]["TOKEN"] = builder["pending"].get("TOKEN", 0) + 1
            out.append(msg("tm.ev.token_offer", who=name(state, seat), n=fdata(builder)["leech_token"]))
        else:  # the printed rules: the new token comes free
            builder["pw"][2] += 1
            out.append(msg("tm.ev.token_free", who=name(state, seat)))
    if track["open"] == 0:
        if not track["accepted"] and state["options"].get("errata-cultist-power", True):
            gain_power(state["factions"][seat], 1)
            out.append(msg("tm.ev.cultist_power", who=name(state, seat)))
        del state["cult_offers"][key]
    return out


# --- income and rounds --------------------------------------------------------------------
def income(state: dict, seat: int, built: dict | None = None) -> dict:
    """This round's income of a seat from buildings, favours and its bonus card (``built``: the
    seat's buildings on the map by kind, when the caller counted them)."""
    f = state["factions"][seat]
    if built is None:
        built = {kind: count_buildings(state, seat, kind) for kind in _KINDS}
    key = (f.get("table") or f["faction"], built["D"], built["TP"], built["TE"], built["SH"], built["SA"],
           *f["favours"], "/", f["bonus"])
    made = _INCOME.get(key)
    if made is None:
        if len(_INCOME) >= _INCOME_KEPT:  # a long-running bot: start again rather than grow
            _INCOME.clear()
        made = _INCOME[key] = _income(TABLES[key[0]], built, f["favours"], f["bonus"])
    return made.copy()


#: the building kinds in the order ``_income`` takes their counts
_KINDS = ("D", "TP", "TE", "SH", "SA")


#: (table, building counts, favours, "/", bonus) -> the income they give, summed once: a few
#: hundred such sets in a game (``income`` copies the dict)
_INCOME: dict[tuple, dict] = {}
_INCOME_KEPT = 4096


def _income(data: dict, built: dict, favours: list, bonus: str | None) -> dict:
    """The income of a faction's table with these buildings, favour tiles and bonus card."""
    total: dict[str, int] = {}

    def add(res):
        for k, v in res.items():
            total[k] = total.get(k, 0) + v

    for kind in _KINDS:
        rows, n = data["income"][kind], built[kind]
        add(rows[min(n, len(rows) - 1)])
    for fav in favours:
        add(FAVOURS[fav].get("income", {}))
    if bonus:
        add(BONUSES[bonus]["income"])
    return {k: v for k, v in total.items() if v}


def apply_income(state: dict, seat: int, res: dict) -> None:
    f = state["factions"][seat]
    f["C"] += res.get("C", 0)
    f["W"] += res.get("W", 0)
    gain_priests(state, seat, res.get("P", 0))
    gain_power(f, res.get("PW", 0))


def cult_income(state: dict, seat: int, rnd: int) -> dict:
    """Phase III reward of round ``rnd``'s scoring tile for one seat."""
    f = state["factions"][seat]
    track, per, reward = SCORING[state["scoring"][rnd - 1]]["cult"]
    if track == "PRIEST":
        times = sum(1 for c in CULTS for s in state["priests"][c] if s == seat)
    else:
        times = f["cult"][CULTS.index(track)] // per
    return {k: v * times for k, v in reward.items()} if times else {}
