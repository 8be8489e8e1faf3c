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

from .board import board
from .data import BUILDINGS, COLOURS, CULTS, FACTIONS, POWER_ACTIONS, SCORING, SUPPLY
from .maps import MAPS
from .rules import count_buildings, home_of, income, leech_take


def _player(state: dict, seat: int) -> dict:
    f = state["factions"][seat]
    if f is None:
        return {"seat": seat, "faction": None, "name": None}
    data = FACTIONS[f["faction"]]
    counts = {k: count_buildings(state, seat, k) for k in BUILDINGS}
    home = home_of(f)
    colour = f.get("colour")
    return {
        "seat": seat, "faction": f["faction"], "name": data["name"],
        "home": COLOURS[home] if home is not None else (COLOURS[colour] if colour is not None else None),
        "picked": COLOURS[colour] if colour is not None else None,
        "unlocked": [COLOURS[c] for c in f.get("unlocked", ())],
        "vp": f["vp"], "coins": f["C"], "workers": f["W"], "priests": f["P"], "power": list(f["pw"]),
        "cult": list(f["cult"]), "shipping": f["ship"], "digging": f["dig"], "range": f["range"],
        "keys": f["keys"], "favours": list(f["favours"]), "towns": list(f["town_tiles"]),
        "bonus": f["bonus"], "passed": f["passed"], "bridges_left": f["bridges_left"],
        "buildings": counts, "supply": {k: SUPPLY[k] - counts[k] for k in BUILDINGS},
        "income": income(state, seat) if state["phase"] != "over" else {},
        "used": list(f["used"]), "priests_on_cults": f["on_cult"],
        "pending": {"FAV": f["pending"]["FAV"], "TW": f["pending"]["TW"],
                    "CULT": len(f["pending"]["CULT"]) + len(f["pending"].get("LATE", ())) + f["pending"]["CULTIST"], "SPADE": f["cult_spades"],
                    **{k: f["pending"][k] for k in ("PICK", "LOSE_CULT", "UNLOCK", "TOKEN") if f["pending"].get(k)}},
    }


def _leeches(state: dict) -> list[dict]:
    return [{"seat": o["seat"], "from": o["from"], "amount": o["amount"],
             "take": leech_take(state, o["seat"], o["amount"])} for o in state["leeches"]]


def glance(state: dict, key: str):
    """``view(...)[key]`` alone for a few entries, and one player's entry as ``"players.N"``
    (``view(...)["players"][N]``): KeyError for the others (``Game.glance``)."""
    if key in ("phase", "round"):
        return state[key]
    if key == "leeches":
        return _leeches(state)
    if key.startswith("players.") and key[8:].isdigit() and int(key[8:]) < state["players"]:
        return _player(state, int(key[8:]))
    raise KeyError(key)


def view(game, state: dict, seat: int | None = None) -> dict:
    town = {h for f in state["factions"] if f for h in f["town_hexes"]}
    hexes = {}
    geo = board(state)
    for h in geo.land:
        b = state["buildings"].get(h)
        hexes[h] = {"terrain": COLOURS[state["terrain"][h]], "building": b[1] if b else None,
                    "owner": b[0] if b else None, "town": h in town}
    factions = state["factions"]
    result = game.result(state)
    return {
        "game": "terra-mystica",
        "phase": state["phase"],
        "round": state["round"],
        "players": [_player(state, s) for s in range(state["players"])],
        "map": hexes,
        "map_key": geo.key,
        "rows": list(MAPS[geo.key]["rows"]),
        "rivers": list(geo.river),
        "bridges": [{"hexes": k.split(":"), "owner": s} for k, s in state["bridges"]],
        "connects": [r for f in factions if f for r in f["connects"]],
        "cults": {c: {"positions": [f["cult"][i] if f else 0 for f in factions],
                      "priests": list(state["priests"][c])} for i, c in enumerate(CULTS)},
        "power_actions": {a: {"cost": v["cost"], "used": a in state["actions_used"], "text": v["text"]}
                          for a, v in POWER_ACTIONS.items()},
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
