"""The Fire & Ice factions' abilities: the hooks the core calls.

The six factions are rows of ``data.FACTIONS``; what their boards do beyond
the base game's tables lives here, each hook read from a key of the faction's
row (see the comment above the rows in ``data.py``). Facts: the site's engine
(jsnell/terra-mystica at f8a4e19) and its faction page; where the printed
(2014) rules differ, ``fire-and-ice-factions/variable`` plays them.

* Set-up: choosing a faction is refused when it conflicts (same colour, or a
  second ice, volcano or variable faction); the ice and variable factions pick
  a colour (``pick-color``) right after their choice, the volcano factions once
  everyone has chosen; a picked colour must be nobody's colour and no colour
  already picked. The Ice Maidens take a favour tile then.
* Ice: initial dwellings on the picked colour, which turns to ice; spades turn
  a hex into ice (``wheel.py``). Volcano: ``dig 1`` is free and turns one hex
  into volcano, paid in cult steps (Acolytes) or power tokens (Dragonlords),
  more from another faction's home terrain; a spade gained otherwise becomes a
  cult step or a new token. Nobody transforms ice or volcano hexes.
* Riverwalkers: build only on unlocked terrain across rivers; every priest
  they would gain is an ``unlock-terrain`` decision. Shapeshifters: a token in
  bowl III for 1 VP when an opponent takes their power; the stronghold's shift.
"""

from __future__ import annotations

from functools import cache

from ..core import IllegalMove
from ..core.messages import msg
from . import messages as M
from .board import board
from .data import COLOURS, CULTS, FACTIONS, FIRE_ICE_OPTIONS, ICE, VOLCANO, WHEEL
from .rules import anchor_of, fdata, home_of, name, pay, priest_room, spend_power


# --- set-up -------------------------------------------------------------------
def offered(state: dict) -> list[str]:
    """Factions the table's options offer, base game first."""
    return list(_offered(tuple(bool(state["options"].get(opt)) for opt in FIRE_ICE_OPTIONS)))


@cache
def _offered(on: tuple[bool, ...]) -> tuple[str, ...]:
    """:func:`offered` for the Fire & Ice options set (``on``, in ``FIRE_ICE_OPTIONS``' order):
    a set-up move and its prompt ask it, the same few answers in every game."""
    extra = {fid for yes, fids in zip(on, FIRE_ICE_OPTIONS.values()) if yes for fid in fids}
    return tuple(fid for fid, data in FACTIONS.items() if "group" not in data or fid in extra)


def table_for(state: dict, fid: str) -> str | None:
    """Which version of a faction's data the options choose (the site takes the
    printed variable factions when both variable options are on)."""
    if FACTIONS[fid].get("group") == "variable" and state["options"].get("fire-and-ice-factions/variable"):
        return fid + "_2014"
    return None


def _colours_taken(state: dict, setup: bool) -> set[int]:
    """Colours a pick may not take: every faction's colour, and during set-up
    the colours the ice and volcano factions picked as well."""
    out = set()
    for f in state["factions"]:
        if not f:
            continue
        home = home_of(f)
        if home is not None and home < WHEEL:
            out.add(home)
        elif "unlocked" in f and f.get("colour") is not None:
            out.add(f["colour"])
        elif setup and f.get("colour") is not None:
            out.add(f["colour"])
    return out


GROUP_WORDS = {"ice": "tm.group.ice", "volcano": "tm.group.volcano", "variable": "tm.group.variable"}


def clash(state: dict, fid: str) -> tuple[str, str] | None:
    """What keeps ``fid`` from the table now: ``("in" | "group" | "home", the faction in the
    way)``, or None. Nothing worded: the set-up's menu asks it of every faction."""
    data = FACTIONS[fid]
    group = data.get("group")
    for f in state["factions"]:
        if not f:
            continue
        if f["faction"] == fid:
            return "in", fid
        if group and group == FACTIONS[f["faction"]].get("group"):
            return "group", f["faction"]
    home = data["home"]
    if home is not None and home < WHEEL and home in _colours_taken(state, True):
        return "home", next(f["faction"] for f in state["factions"]
                            if f and (home_of(f) == home or f.get("colour") == home))
    return None


def conflict(state: dict, fid: str) -> tuple[str, dict] | None:
    """Why ``fid`` cannot join the table now (a message key and its
    parameters), or None."""
    why = clash(state, fid)
    if why is None:
        return None
    kind, other = why
    if kind == "in":
        return "tm.err.faction_in", {"faction": M.faction(fid)}
    if kind == "group":
        return "tm.err.group_taken", {"faction": M.faction(fid), "other": M.faction(other),
                                      "group": msg(GROUP_WORDS[FACTIONS[fid]["group"]])}
    return "tm.err.home_taken", {"faction": M.faction(fid), "terrain": M.terrain(FACTIONS[fid]["home"]),
                                 "other": M.faction(other)}


def after_choice(state: dict, seat: int) -> None:
    """A faction was chosen: what it owes before the next seat chooses."""
    f = state["factions"][seat]
    data = fdata(f)
    if data.get("pick") == "setup":
        f["pending"]["PICK"] = 1
    if data.get("setup_favours"):
        f["pending"]["FAV"] += data["setup_favours"]
    volcano_picks(state)


def volcano_picks(state: dict) -> None:
    """Every faction chosen and nothing owed: the volcano factions pick now."""
    if None not in state["factions"] and setup_owed(state) is None:
        for g in state["factions"]:
            if fdata(g).get("pick") == "all" and g.get("colour") is None:
                g["pending"]["PICK"] = 1


def setup_owed(state: dict) -> int | None:
    """The seat that must pick a colour or a favour tile before set-up goes on."""
    for seat, f in enumerate(state["factions"]):
        if f and (f["pending"].get("PICK") or f["pending"]["FAV"]):
            return seat
    return None


def pick_colour(state: dict, seat: int, colour: int, out: list) -> None:
    """``pick-color``: an ice or volcano faction's colour, a variable faction's
    home, or the Shapeshifters' new home after their stronghold's shift."""
    f = state["factions"][seat]
    if not f["pending"].get("PICK"):
        raise IllegalMove("tm.err.no_pick", faction=M.faction(f["faction"]))
    if colour >= WHEEL:
        raise IllegalMove("tm.err.pick_wheel", colour=M.colour(colour))
    setup = state["round"] == 0
    taken = _colours_taken(state, setup)
    if colour in taken or (not setup and colour == home_of(f)):
        free = [COLOURS[c] for c in range(WHEEL) if c not in taken and c != home_of(f)]
        raise IllegalMove("tm.err.colour_taken", colour=M.colour(colour), free=free)
    f["pending"]["PICK"] = 0
    old = home_of(f)
    data = fdata(f)
    if data["group"] == "variable":
        if "unlocked" in f:  # the Riverwalkers: the pieces' colour, unlocked for free
            f["unlocked"] = sorted(set(f["unlocked"]) | {colour})
        else:
            f["home"] = colour
    f["colour"] = colour
    if old is not None and old != colour and old < WHEEL:  # a shift: the buildings' hexes follow
        for h, (s, _k) in state["buildings"].items():
            if s == seat:
                state["terrain"][h] = colour
    out.append(msg("tm.ev.pick", who=name(state, seat), colour=M.colour(colour)))


def pick_colours(state: dict, seat: int) -> list[int]:
    """Colours the seat may pick now."""
    f = state["factions"][seat]
    taken = _colours_taken(state, state["round"] == 0)
    return [c for c in range(WHEEL) if c not in taken and (state["round"] == 0 or c != home_of(f))]


def shift_colours(state: dict, seat: int) -> list[int]:
    """Homes the Shapeshifters could shift to (after set-up)."""
    taken = _colours_taken(state, False)
    home = home_of(state["factions"][seat])
    return [c for c in range(WHEEL) if c not in taken and c != home]


def start_terrain(f: dict) -> list[int]:
    """Terrains a faction's initial dwellings may go on."""
    if "unlocked" in f:
        return list(f["unlocked"])
    anchor = anchor_of(f)
    return [] if anchor is None else [anchor]


def check_start_dwelling(state: dict, seat: int, h: str) -> None:
    """Refuse an initial dwelling the faction may not place there; an ice or
    volcano faction's hex turns to ice or volcano at once."""
    f = state["factions"][seat]
    cur = state["terrain"][h]
    if cur not in start_terrain(f):
        raise IllegalMove("tm.err.start_home", hex=h, colour=M.colour(cur),
                          home=M.colour(start_terrain(f)[0]))
    if fdata(f).get("river_only") and not _by_river(board(state), h):
        raise IllegalMove("tm.err.start_river", hex=h)
    home = home_of(f)
    if home in (ICE, VOLCANO):
        state["terrain"][h] = home


def start_hexes(state: dict, seat: int) -> list[str]:
    f = state["factions"][seat]
    ok = start_terrain(f)
    river = fdata(f).get("river_only")
    geo = board(state)
    return [h for h in geo.land if h not in state["buildings"] and state["terrain"][h] in ok
            and (not river or _by_river(geo, h))]


def _by_river(geo, h: str) -> bool:
    """A land hex touching a river hex."""
    return any(n not in geo.terrain for n in geo.neighbours[h])


# --- terrain --------------------------------------------------------------------
def build_terrain_ok(f: dict, terrain: int) -> bool:
    """A dwelling may go on this terrain without a transform."""
    if "unlocked" in f:
        return terrain in f["unlocked"]
    return terrain == home_of(f)


def is_home_terrain(state: dict, terrain: int) -> bool:
    """Some faction lives on this terrain (the Riverwalkers' colour is only
    their pieces' colour; ice and volcano factions have no wheel home)."""
    return any(f and "unlocked" not in f and home_of(f) == terrain for f in state["factions"])


def volcano_cost(state: dict, seat: int, h: str):
    """(kind, amount) a volcano transform of h costs: cult steps or tokens."""
    kind, cheap, dear = fdata(state["factions"][seat])["volcano"]
    return kind, dear if is_home_terrain(state, state["terrain"][h]) else cheap


def can_pay_volcano(f: dict, kind: str, n: int) -> bool:
    if kind == "cult":
        return max(f["cult"]) >= n
    return sum(f["pw"]) >= n


def pay_volcano(state: dict, seat: int, h: str, out: list) -> None:
    """Pay for turning h into volcano: tokens go at once (bowl I first), cult
    steps are owed (``-3FIRE``) before the turn ends."""
    f = state["factions"][seat]
    kind, n = volcano_cost(state, seat, h)
    if not can_pay_volcano(f, kind, n):
        raise IllegalMove("tm.err.volcano_cult" if kind == "cult" else "tm.err.volcano_tokens", hex=h, n=n)
    if kind == "tokens":
        remove_tokens(f, n)
        out.append(msg("tm.ev.tokens_lost", who=name(state, seat), n=n))
    else:
        f["pending"]["LOSE_CULT"] = n


def remove_tokens(f: dict, n: int) -> None:
    """Take n power tokens out of the game, from bowl I, then II, then III."""
    pw = f["pw"]
    if sum(pw) < n:
        raise IllegalMove("tm.err.tokens", n=n, has=sum(pw))
    for bowl in range(3):
        take = min(n, pw[bowl])
        pw[bowl] -= take
        n -= take


def lose_cult(state: dict, seat: int, track: str, n: int, out: list) -> None:
    """The Acolytes' ``-3FIRE``: all the owed steps down one track. Power is not
    given back; a marker leaving 10 gives its key back."""
    f = state["factions"][seat]
    owed = f["pending"].get("LOSE_CULT", 0)
    if n != owed:
        raise IllegalMove("tm.err.lose_cult_n", n=owed)
    i = CULTS.index(track)
    if f["cult"][i] < n:
        raise IllegalMove("tm.err.lose_cult_low", track=M.cult(track), n=n, has=f["cult"][i])
    if f["cult"][i] == 10:
        f["keys"] += 1
    f["cult"][i] -= n
    f["pending"]["LOSE_CULT"] = 0
    out.append(msg("tm.ev.lose_cult", who=name(state, seat), track=M.cult(track), n=n))


def gained_spades(state: dict, seat: int, n: int) -> str | None:
    """A faction whose spades become something else: gives that instead and
    says what (``cult``, ``token``, ``lost``); None for ordinary spades."""
    f = state["factions"][seat]
    kind = fdata(f).get("spade")
    if kind == "cult":
        f["pending"]["CULT"].extend([1] * n)
    elif kind == "token":
        f["pw"][0] += n
    return kind


# --- Riverwalkers -----------------------------------------------------------------
def unlock(state: dict, seat: int, what: int | None, out: list) -> None:
    """``unlock-terrain COLOUR`` (raises the priest limit) or ``unlock-terrain
    gain-priest`` (what=None), for one priest the Riverwalkers gained."""
    f = state["factions"][seat]
    if not f["pending"].get("UNLOCK"):
        raise IllegalMove("tm.err.no_unlock")
    if what is None:
        f["P"] += min(1, max(0, priest_room(f)))
        out.append(msg("tm.ev.unlock_priest", who=name(state, seat)))
    else:
        if what >= WHEEL or what in f["unlocked"]:
            raise IllegalMove("tm.err.unlocked", colour=M.colour(what))
        cheap, dear = fdata(f)["unlock_cost"]
        cost = dear if is_home_terrain(state, what) else cheap
        if cost:
            pay(f, {"C": cost}, msg("tm.cost.unlock", colour=M.colour(what)))
        f["unlocked"] = sorted(set(f["unlocked"]) | {what})
        f["max_p"] += 1
        out.append(msg("tm.ev.unlock", who=name(state, seat), colour=M.colour(what), n=cost))
    f["pending"]["UNLOCK"] -= 1
    if len(f["unlocked"]) >= WHEEL and f["pending"]["UNLOCK"]:
        n, f["pending"]["UNLOCK"] = f["pending"]["UNLOCK"], 0  # all unlocked: the rest are priests
        f["P"] += max(0, min(n, priest_room(f)))


# --- Shapeshifters ------------------------------------------------------------------
def take_token(state: dict, seat: int, accept: bool, out: list) -> None:
    """``gain P3 for VP`` / ``-GAIN_P3_FOR_VP``: a new token into bowl III for
    VP after an opponent took the Shapeshifters' power, or not."""
    f = state["factions"][seat]
    if not f["pending"].get("TOKEN"):
        raise IllegalMove("tm.err.no_token")
    if accept:
        vp = fdata(f)["leech_token"]
        if f["vp"] < vp:
            raise IllegalMove("tm.err.have_vp", n=f["vp"])
        f["vp"] -= vp
        f["pw"][2] += 1
        out.append(msg("tm.ev.token", who=name(state, seat), n=vp))
    else:
        out.append(msg("tm.ev.token_no", who=name(state, seat)))
    f["pending"]["TOKEN"] -= 1


def shift(state: dict, seat: int, act: str, out: list) -> None:
    """The Shapeshifters' stronghold action: pay power (first id) or tokens
    (second id), score its VP, then owe a ``pick-color``."""
    f = state["factions"][seat]
    acts, n, vp = fdata(f)["shift"]
    if act == acts[0]:
        spend_power(f, n, msg("tm.what.act", act=act))
    else:
        remove_tokens(f, n)
    f["vp"] += vp
    f["pending"]["PICK"] = 1
    out.append(msg("tm.ev.shift", who=name(state, seat), act=act))


# --- strongholds, passing, actions ------------------------------------------------------
def stronghold(state: dict, seat: int, t: dict, out: list) -> None:
    """What building the stronghold gives the Fire & Ice factions at once."""
    f = state["factions"][seat]
    data = fdata(f)
    if data.get("sh_tokens") == "players":
        f["pw"][0] += state["players"]
    if data.get("sh_bridges"):
        t["bridge"] += data["sh_bridges"]  # placed at once, or left (-BRIDGE)


def pass_vp(state: dict, seat: int, count) -> int:
    """VP when passing with the stronghold (Ice Maidens: 3 per temple)."""
    f = state["factions"][seat]
    rule = fdata(f).get("sh_pass")
    if not rule or not count(state, seat, "SH"):
        return 0
    kind, vp = rule
    return vp * count(state, seat, kind)


def action_cost(f: dict, act: str, cost: int) -> int:
    """A power action's price for this faction (the Yetis pay 1 less)."""
    return cost - fdata(f).get("action_discount", 0)


def may_reuse(state: dict, seat: int, has_sh) -> bool:
    """The Yetis' stronghold: power actions already taken this round stay open to them."""
    return bool(fdata(state["factions"][seat]).get("sh_reuse")) and has_sh(state, seat)

