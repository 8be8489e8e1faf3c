"""What a seat sees. Terra Mystica has no hidden information, so every
seat's view is the public view.

Keys of ``view(state, None)`` (all JSON):

* ``game``: "terra-mystica"; ``phase``: factions | dwellings | bonus |
  spades | actions | over; ``round``: 0..6 (0 during setup).
* ``players``: one dict per seat: ``seat``, ``faction`` (id or None),
  ``name`` (faction name), ``home`` (terrain colour: a Fire & Ice faction's
  ``ice``/``volcano``, a variable faction's pick; the Riverwalkers' pieces'
  colour), ``picked`` (the colour an ice, volcano or variable faction
  picked), ``unlocked`` (the Riverwalkers' terrains), ``vp``, ``coins``,
  ``workers``, ``priests``, ``power`` [bowl I, II, III], ``cult`` [fire,
  water, earth, air], ``shipping``, ``digging``, ``range`` (Fakirs' carpet),
  ``keys``, ``favours`` (ids), ``towns`` (town tile ids), ``bonus`` (id),
  ``passed``, ``bridges_left``, ``buildings`` {D/TP/TE/SH/SA: count on the
  map}, ``supply`` {kind: left}, ``income`` {C/W/P/PW: next income},
  ``used`` (special actions used this round), ``priests_on_cults``,
  ``pending`` (what the seat
  owes: FAV/TW counts, cult steps, cult spades).
* ``map``: {hex: {"terrain": colour, "building": kind or None, "owner":
  seat or None, "town": bool}} for the 77 land hexes; ``rivers``: river
  hex ids; ``bridges``: [{"hexes": [a, b], "owner": seat}]; ``connects``:
  Mermaids' river hexes.
* ``cults``: {track: {"positions": [per seat], "priests": [seat or None
  for the 3/2/2/2 spaces]}}.
* ``power_actions``: {ACT1..ACT6: {"cost": n, "used": bool, "text"}}.
* ``scoring``: six tile ids for rounds 1-6 with ``scoring_text``;
  ``bonus_cards``: {id: coins} still in the pool; ``favours``: {id: left};
  ``town_tiles``: {id: left}.
* ``order``: this round's turn order; ``next_order``: who passed, in order;
  ``current``: seat on turn (actions phase) or None; ``leeches``: open
  power offers [{"seat", "from", "amount", "take"}] (``take``: the power taking it
  gives now, None when the seat cannot pay for it).
* ``to_move`` (sorted seats), ``last`` (texts of the latest move; hex ids
  in them mark what to highlight), ``last_msgs`` (the same lines as message
  JSON, None where a line has none, for boards in other languages), ``result``.
"""

from __future__ import annotations

from ..core.game import glance_entry, glance_seat
from ..core.messages import msg
from .board import board
from .data import BUILDINGS, COLOURS, CULTS, FACTIONS, POWER_ACTIONS, SCORING, SUPPLY
from .maps import MAPS
from .rules import home_of, income, leech_take


def _built(state: dict) -> list[dict]:
    """Each seat's buildings on the map by kind (``rules.count_buildings`` of every seat and
    kind, in one pass over the map)."""
    out = [dict.fromkeys(BUILDINGS, 0) for _ in range(state["players"])]
    for owner, kind in state["buildings"].values():
        out[owner][kind] += 1
    return out


def _player(state: dict, seat: int, built: list[dict] | None = None) -> dict:
    """Seat ``seat``'s entry of the view's ``players`` (``built``: :func:`_built`, when the
    caller has it)."""
    f = state["factions"][seat]
    if f is None:
        return {"seat": seat, "faction": None, "name": None}
    data = FACTIONS[f["faction"]]
    counts = (built or _built(state))[seat]
    home = home_of(f)
    colour = f.get("colour")
    return {
        "seat": seat, "faction": f["faction"], "name": data["name"],
        "home": COLOURS[home] if home is not None else (COLOURS[colour] if colour is not None else None),
        "picked": COLOURS[colour] if colour is not None else None,
        "unlocked": list(map(COLOURS.__getitem__, f.get("unlocked", ()))),
        "vp": f["vp"], "coins": f["C"], "workers": f["W"], "priests": f["P"], "power": list(f["pw"]),
        "cult": list(f["cult"]), "shipping": f["ship"], "digging": f["dig"], "range": f["range"],
        "keys": f["keys"], "favours": list(f["favours"]), "towns": list(f["town_tiles"]),
        "bonus": f["bonus"], "passed": f["passed"], "bridges_left": f["bridges_left"],
        "buildings": counts, "supply": {k: SUPPLY[k] - counts[k] for k in BUILDINGS},
        "income": income(state, seat, counts) if state["phase"] != "over" else {},
        "used": list(f["used"]), "priests_on_cults": f["on_cult"],
        "pending": _pending(f),
    }


def _pending(f: dict) -> dict:
    """The steps a seat owes (a favour, a town, cult steps...): its view entry's ``pending``."""
    owed = f["pending"]
    out = {"FAV": owed["FAV"], "TW": owed["TW"],
           "CULT": len(owed["CULT"]) + len(owed.get("LATE", ())) + owed["CULTIST"], "SPADE": f["cult_spades"]}
    for k in ("PICK", "LOSE_CULT", "UNLOCK", "TOKEN"):  # the rarer steps, shown when owed
        if owed.get(k):
            out[k] = owed[k]
    return out


#: the entries of a seat's view entry that ``glance`` answers alone (``"players.N.KEY"``), once
#: its faction is chosen: what the table's prompt reads (the whole entry counts the income)
_ENTRIES = {"faction": lambda f: f["faction"], "pending": _pending}


def _cults(state: dict) -> dict:
    """The cult tracks: each seat's step (0 before its faction) and the priests' spaces."""
    steps = [f["cult"] if f else (0, 0, 0, 0) for f in state["factions"]]
    out = {}
    for i, c in enumerate(CULTS):
        out[c] = {"positions": [step[i] for step in steps], "priests": list(state["priests"][c])}
    return out


def _leeches(state: dict) -> list[dict]:
    return [{"seat": o["seat"], "from": o["from"], "amount": o["amount"],
             "take": leech_take(state, o["seat"], o["amount"])} for o in state["leeches"]]


def glance(state: dict, key: str):
    """``view(...)[key]`` alone for a few entries, one player's entry as ``"players.N"``
    (``view(...)["players"][N]``) and its faction and pending steps as ``"players.N.faction"`` and
    ``"players.N.pending"``: KeyError for the others (``Game.glance``)."""
    if key in ("phase", "round"):
        return state[key]
    if key == "leeches":
        return _leeches(state)
    seat = glance_seat(key, state["players"])
    if seat is not None:
        return _player(state, seat)
    found = glance_entry(key, state["players"])
    if found is not None:
        f, read = state["factions"][found[0]], _ENTRIES.get(found[1])
        if read is not None and f is not None:
            return read(f)
        if found[1] == "faction":  # no faction yet: the entry says so
            return None
    raise KeyError(key)


#: the view's entry of an empty land hex, by terrain (``COLOURS``' index)
_EMPTY = tuple({"terrain": colour, "building": None, "owner": None, "town": False} for colour in COLOURS)
#: (id, cost, text) of every power action, for the view
_ACTIONS = tuple((a, v["cost"], v["text"]) for a, v in POWER_ACTIONS.items())


def view(game, state: dict, seat: int | None = None) -> dict:
    town = {h for f in state["factions"] if f for h in f["town_hexes"]}
    geo = board(state)
    terrain, buildings = state["terrain"], state["buildings"]
    # every land hex as an empty hex of its terrain (copied: a few times cheaper than made anew),
    # then the built ones and the towns made in full
    hexes = {h: _EMPTY[terrain[h]].copy() for h in geo.land}
    for h in (*buildings, *town):
        if h in hexes:
            b = buildings.get(h)
            hexes[h] = {"terrain": COLOURS[terrain[h]], "building": b[1] if b else None,
                        "owner": b[0] if b else None, "town": h in town}
    factions = state["factions"]
    built = _built(state)
    used = state["actions_used"]
    result = game.result(state)
    return {
        "game": "terra-mystica",
        "phase": state["phase"],
        "round": state["round"],
        "players": [_player(state, s, built) for s in range(state["players"])],
        "map": hexes,
        "map_key": geo.key,
        "rows": list(MAPS[geo.key]["rows"]),
        "rivers": list(geo.river),
        "bridges": [{"hexes": k.split(":"), "owner": s} for k, s in state["bridges"]],
        "connects": [r for f in factions if f for r in f["connects"]],
        "cults": _cults(state),
        "power_actions": {a: {"cost": cost, "used": a in used, "text": text} for a, cost, text in _ACTIONS},
        "scoring": list(state["scoring"]),
        "final_tile": state.get("final_tile"),
        "scoring_text": [SCORING[s]["text"] for s in state["scoring"]],
        "bonus_cards": dict(state["pool"]),
        "favours": dict(state["favours"]),
        "town_tiles": dict(state["towns"]),
        # tiles whose value follows the online site, not a printed rule: marked ◇ (data.UNVERIFIED)
        "designed_tiles": ["SCORE1", "TW6", "TW7"],
        "order": list(state["order"]),
        "next_order": list(state["next_order"]),
        "current": state["current"] if state["phase"] == "actions" else None,
        "leeches": _leeches(state),
        "to_move": sorted(game.to_move(state)),
        "last": list(state["last"]),
        "last_msgs": list(state.get("last_msgs") or []),
        "result": result.to_json() if result else None,
        # the faction auction (option faction-auction): drawn factions, their markers' VP, who holds each
        "auction": state.get("auction"),
    }


# --- the board as text (issue 36 item 7): every public fact the board image shows -------------
def _seat(seat: int) -> str:
    return "{p" + str(seat) + "}"


def _tile(tid: str) -> dict:
    """A tile or card as a fact names it: its id and its face (``tm.fact.face.<id>``)."""
    return msg("tm.fact.tile", id=tid, face=msg(f"tm.fact.face.{tid.lower()}"))


def facts(view: dict) -> list:
    """The public view as facts (message keys and parameters, ``tm.fact.*``) for a screen reader:
    the round and its scoring tiles, each player's faction, resources, bowls, cult steps, tiles
    and buildings hex by hex, every hex's terrain, towns and bridges, the cult tracks with their
    priests, the power actions, the tiles and cards left, whose turn it is and the open power
    offers. Made from the public view only, so nothing hidden can reach it."""
    out = [msg("tm.fact.round", round=view["round"], phase=msg(f"tm.fact.phase.{view['phase']}"))]
    for i, tid in enumerate(view.get("scoring") or []):
        out.append(msg("tm.fact.scoring", round=i + 1, tile=_tile(tid)))
    players = view.get("players") or []
    cults = [msg(f"tm.cult.{c.lower()}") for c in CULTS]
    for p in players:
        who = _seat(p["seat"])
        if not p.get("faction"):
            out.append(msg("tm.fact.no_faction", who=who))
            continue
        bowls = p["power"]
        out.append(msg("tm.fact.player", who=who, faction=msg(f"tm.faction.{p['faction']}"),
                       home=msg(f"tm.colour.{p['home']}") if p.get("home") else "?", vp=p["vp"],
                       coins=p["coins"], workers=p["workers"], priests=p["priests"],
                       bowl1=bowls[0], bowl2=bowls[1], bowl3=bowls[2]))
        out.append(msg("tm.fact.abilities", who=who, shipping=p["shipping"], digging=p["digging"],
                       keys=p["keys"], bridges=p["bridges_left"]))
        if p.get("range"):
            out.append(msg("tm.fact.range", who=who, n=p["range"]))
        out.append(msg("tm.fact.cults_of", who=who,
                       steps=[msg("tm.fact.step", track=c, n=n) for c, n in zip(cults, p["cult"], strict=False)]))
        out.append(msg("tm.fact.tiles_of", who=who, bonus=_tile(p["bonus"]) if p.get("bonus") else msg("tm.fact.none"),
                       favours=[_tile(x) for x in p["favours"]] or msg("tm.fact.none"),
                       towns=[_tile(x) for x in p["towns"]] or msg("tm.fact.none")))
        income = p.get("income") or {}
        if income:
            out.append(msg("tm.fact.income", who=who, coins=income.get("C", 0), workers=income.get("W", 0),
                           priests=income.get("P", 0), power=income.get("PW", 0)))
        for kind in BUILDINGS:
            hexes = sorted(h for h, c in view["map"].items() if c["owner"] == p["seat"] and c["building"] == kind)
            if hexes:
                out.append(msg("tm.fact.buildings", who=who, building=msg(f"tm.building.{kind.lower()}"),
                               n=len(hexes), hexes=", ".join(hexes)))
        out.append(msg("tm.fact.supply", who=who, items=[msg("tm.fact.piece", building=msg(f"tm.building.{k.lower()}"),
                                                              n=n) for k, n in p["supply"].items()]))
        if p.get("passed"):
            out.append(msg("tm.fact.passed", who=who))
    by_colour: dict[str, list[str]] = {}
    for h, c in view["map"].items():
        by_colour.setdefault(c["terrain"], []).append(h)
    for colour in sorted(by_colour):
        out.append(msg("tm.fact.terrain", terrain=msg(f"tm.colour.{colour}"), n=len(by_colour[colour]),
                       hexes=", ".join(sorted(by_colour[colour]))))
    town = sorted(h for h, c in view["map"].items() if c["town"])
    if town:
        out.append(msg("tm.fact.towns", hexes=", ".join(town)))
    for b in view.get("bridges") or []:
        out.append(msg("tm.fact.bridge", who=_seat(b["owner"]), a=b["hexes"][0], b=b["hexes"][1]))
    for c, track in zip(CULTS, cults, strict=False):
        cult = view["cults"][c]
        marks = [msg("tm.fact.at", who=_seat(p["seat"]), n=cult["positions"][p["seat"]])
                 for p in players if p.get("faction")]
        priests = [msg("tm.fact.priest_on", space=(3, 2, 2, 2)[i], who=_seat(s))
                   for i, s in enumerate(cult["priests"]) if s is not None]
        out.append(msg("tm.fact.track", track=track, marks=marks or msg("tm.fact.none"),
                       priests=priests or msg("tm.fact.none")))
    acts = view.get("power_actions") or {}
    taken = [_tile(a) for a, v in acts.items() if v["used"]]
    free = [_tile(a) for a, v in acts.items() if not v["used"]]
    out.append(msg("tm.fact.actions", free=free or msg("tm.fact.none"), taken=taken or msg("tm.fact.none")))
    out.append(msg("tm.fact.bonus_pool", cards=[msg("tm.fact.bonus_left", tile=_tile(b), n=n)
                                                for b, n in sorted((view.get("bonus_cards") or {}).items(),
                                                                   key=lambda bn: int(bn[0][3:]))]
                   or msg("tm.fact.none")))
    for key, fact in (("favours", "tm.fact.favours_left"), ("town_tiles", "tm.fact.towns_left")):
        left = [msg("tm.fact.left", tile=_tile(t), n=n) for t, n in (view.get(key) or {}).items() if n]
        out.append(msg(fact, tiles=left or msg("tm.fact.none")))
    if view.get("order"):
        out.append(msg("tm.fact.order", seats=[_seat(s) for s in view["order"]]))
    for o in view.get("leeches") or []:
        out.append(msg("tm.fact.offer", who=_seat(o["seat"]), source=_seat(o["from"]), n=o["amount"]))
    if view.get("to_move"):
        out.append(msg("tm.fact.to_move", seats=[_seat(s) for s in view["to_move"]]))
    return out
