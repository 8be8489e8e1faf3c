"""Terra Mystica bot: a projection of final VP, and a plan of the seat's own round.

A one-ply look cannot tell "pass now" from "build, then pass": the pass
brings a bonus card and its coins, the build only shows its worth over the
rounds to come. So the bot plays each short-listed move on a copy where
every other seat has passed (their answers to power offers left out),
continues with its own best steps until it passes, and judges the position
there, after the round's cult rewards and the next income (or the final
scoring in round 6).

The judge, ``features``, counts what the rules will pay: the VP so far,
stock and income in VP at the rates below, what a building opens beyond its
income, the cult and network majorities as they stand against the others,
town progress, the VP favour tiles and the bonus card will still pay, and
in the last round the leftovers at the final conversion rate. Numbers live
in the tables; tuning is editing them.
"""

from __future__ import annotations

import random
from collections import deque

from ..terra_mystica import data as tm_data
from ..terra_mystica import rules as tm_rules
from ..terra_mystica import scoring as tm_scoring
from ..terra_mystica.actions import pass_vp
from ..terra_mystica.board import board
from ..terra_mystica.places import reachable
from ..terra_mystica.wheel import spade_table

#: the faction a bot sits down with, first one whose home terrain is still free (measured in
#: four-bot games, bench/BOTS.md: these four scored best under this bot; the Dwarves, whose
#: tunnels pay VP and need no shipping, 111 VP where the Witches had scored 92)
FACTION_PICK = ("darklings", "swarmlings", "dwarves", "halflings", "nomads", "cultists", "chaosmagicians",
                "witches", "engineers", "mermaids", "giants", "auren", "alchemists", "fakirs")

#: VP of one unit in stock while rounds remain, and of one round's income of it (income 1.2 times
#: the stock rate: it comes every round and grows what the next rounds build; +1.0 VP per faction
#: over 32 four-bot games, bench/BOTS.md)
STOCK = {"C": 0.33, "W": 0.9, "P": 1.3, "PW3": 0.45, "PW2": 0.25}
INCOME = {"C": 0.396, "W": 1.08, "P": 1.56, "PW": 0.216}
#: past this much, a pile in stock counts a quarter (an unspent pile should be spent)
ENOUGH = {"C": 15, "W": 8, "P": 4}
#: VP a building is worth beyond its income while rounds remain: the upgrades it opens,
#: its power in towns and offers (shrinks towards the end)
BUILDING = {"D": 1.0, "TP": 4.0, "TE": 7.0, "SH": 12.0, "SA": 11.0}
#: VP a round the stronghold's own action is worth to the faction, for each round left (a free
#: dwelling, a free trading house, free spades...); one-off stronghold gains show in the plan itself
SH_ROUND = {"witches": 2.0, "swarmlings": 2.0, "giants": 2.0, "nomads": 1.5, "chaosmagicians": 1.5,
            "auren": 1.2, "engineers": 1.0, "dwarves": 0.5, "fakirs": 0.5}

#: how much of the cult majorities as they stand the judge counts at the game's start (all of it at
#: the end, in between by the rounds played): a majority in round 1 is seldom the one at the end,
#: and a priest sent for it early is one not spent on the board (measured with ``contest``, below)
CULT_EARLY = 0.1

#: VP of a spade the round's cult reward gives (a hex turned towards home, or VP on SCORE1 rounds)
CULT_SPADE = 1.5

#: most VP a bot pays to take offered power, by round (1-6): power funds the power actions (spades,
#: workers, priests) at better rates than its stock value says, less so as the game runs out
LEECH_COST = (3, 3, 2, 2, 1, 0)

#: the plan: candidates weighed per own step, own steps until the seat passes, rounds played
#: alone (2: after the seat's pass the round ends on the copy and it plays its next round too,
#: ``NEXT_WIDTH`` candidates a step, ``NEXT_STEPS`` steps)
PLAN_WIDTH, PLAN_STEPS, PLAN_ROUNDS = 80, 6, 2
#: a decision starts no further plan once its plans have judged this many positions (the same
#: work on any machine, so a seed still picks the same move): about 1.4 s of CPU here. The base
#: game's decisions judge at most about 2,500 (seed 1: 2,534, 0.85 s); a Shapeshifters turn with
#: every power action a kind of its own, 19 plans, judged 11,203 in 4.0 s (bench/BOTS.md)
PLAN_JUDGEMENTS = 4000
NEXT_WIDTH, NEXT_STEPS = 80, 6

#: share of what the plan's next round gains that the plan counts: on the copy that round is
#: played alone, with all the land, power actions and offers still there, so resources saved
#: for it looked as good as spent now (the bots passed early holding stock). Measured in
#: four-bot games (bench/BOTS.md): 0.4, +2.5 VP per faction over 32 games
NEXT_TRUST = 0.4

#: the Riverwalkers' unlocked terrains (the first is their colour, free), what each further one
#: is worth over a whole game: they build only there, so it weighs against the priest it costs
#: (STOCK["P"] 1.3 and its uses), falling as terrains open (chosen by hand; BOTS.md: measured)
UNLOCKED = (0.0, 4.0, 3.5, 3.0, 2.0, 1.0, 0.5)

#: Fire & Ice, the Acolytes: a volcano transform costs them 3 steps down one cult track (4 on
#: another faction's home terrain) instead of spades, so their cult steps are their spades: VP of a
#: step while rounds remain, for as many steps as the dwellings still to place can use (two a
#: round at most), fading over the last three rounds. Without it a step weighed 0.05 VP
#: (``cult_steps``): they dug four times in round 1, never refilled a track, and built no more
#: dwellings (bench/BOTS.md)
VOLCANO_STEP = 0.8

#: ``cult_final`` and ``cult_steps``: the cult majorities share out a fixed 56 VP, so a priest or a
#: favour tile bought for a majority is bought against three others racing for the same, and a
#: step is worth less than the board built with the same priest (the Dwarves' tunnels, a dig
#: level, a worker). Measured in four-bot games (bench/BOTS.md): 0.35 and 0.05 instead of 1.0
#: and 0.25, +3.5 VP per faction over 32 games. The round 6 plan still meets the real scoring.
WEIGHTS = {
    "vp": 1.0, "stock": 1.0, "income": 1.0, "buildings": 1.0, "pending": 1.0, "favour_vp": 1.0,
    "cult_final": 0.35, "cult_steps": 0.05, "network_final": 1.0, "cult_reward": 1.0, "town": 3.0, "room": 0.35,
    "digging": 1.2, "shipping": 0.8, "keys": 0.5, "leftover": 1.0, "unlocked": 1.0,
    "volcano_steps": 1.0,
}


def _rounds_left(state: dict) -> int:
    """Income payments still to come (round 0: the setup, all six)."""
    return max(0, 6 - int(state.get("round") or 0))


def _value(res: dict, table: dict) -> float:
    return sum(table.get(k, 0.0) * v for k, v in res.items())


def _stock(f: dict) -> float:
    out = 0.0
    for k in ("C", "W", "P"):
        n = f[k]
        out += STOCK[k] * (min(n, ENOUGH[k]) + 0.25 * max(0, n - ENOUGH[k]))
    return out + STOCK["PW3"] * f["pw"][2] + STOCK["PW2"] * f["pw"][1]


#: VP a bonus card pays at its holder's pass, per building of its kind or shipping level
CARD_PASS = {"D": 1, "TP": 2, "SHSA": 4, "SHIP": 3}


def card_pass_vp(state: dict, seat: int, card: str, kinds: dict | None = None) -> int:
    """VP ``card`` pays when the seat passes with it, for what the seat has now
    (``kinds``: the seat's buildings by kind, when already counted)."""
    kind = tm_data.BONUSES[card].get("pass")
    if kind is None:
        return 0
    f = state["factions"][seat]
    if kind == "SHIP":
        return CARD_PASS[kind] * (f["ship"] if tm_rules.fdata(f)["ship"] is not None else 0)
    if kinds is None:
        kinds = {}
        for owner, k in state["buildings"].values():
            if owner == seat:
                kinds[k] = kinds.get(k, 0) + 1
    n = kinds.get("SH", 0) + kinds.get("SA", 0) if kind == "SHSA" else kinds.get(kind, 0)
    return CARD_PASS[kind] * n


def bonus_worth(state: dict, card: str, seat: int | None = None, kinds: dict | None = None) -> float:
    """What taking a bonus card pays: its income once, the coins piled on it and
    (for ``seat``) its VP at the next pass: a card is taken for the round to come,
    and one that pays 8 VP at that pass is not worth only its 2 workers."""
    worth = _value(tm_data.BONUSES[card]["income"], INCOME) + STOCK["C"] * state["pool"].get(card, 0)
    return worth + (card_pass_vp(state, seat, card, kinds) if seat is not None else 0)


def _favour_vp(state: dict, seat: int, left: int, tp: int, dwell: int) -> float:
    """VP the seat's favour tiles will still pay: per trading house or dwelling
    built (about one a round while supply lasts) and at each pass to come."""
    f = state["factions"][seat]
    passes = left + (0 if f["passed"] or state["phase"] != "actions" else 1)
    out = 0.0
    if "FAV10" in f["favours"]:
        out += 3 * 0.6 * min(left, tm_data.SUPPLY["TP"] - tp)
    if "FAV11" in f["favours"]:
        out += 2 * 0.6 * min(1.5 * left, tm_data.SUPPLY["D"] - dwell)
    if "FAV12" in f["favours"]:
        out += tm_data.FAV12_PASS_VP[tp] * max(0, passes - (0 if f["passed"] else 1))
    return out


def _town_progress(state: dict, seat: int) -> float:
    """How far the seat's best group outside a town is towards founding one (0..1)."""
    f = state["factions"][seat]
    if not sum(state["towns"].values()):
        return 0.0
    need = 6 if "FAV5" in f["favours"] else 7
    seen = set(f["town_hexes"])
    best = 0.0
    for h in tm_rules.own_hexes(state, seat):
        if h in seen:
            continue
        group = tm_rules.group_of(state, seat, h)
        seen.update(group)
        power, count = tm_rules.town_power(state, seat, group)
        best = max(best, min(power, need) / need * min(count, 4) / 4)
    return best * best


def _room(state: dict, seat: int, home: int | None, f: dict) -> int:
    """Free hexes next to the seat's buildings that a dwelling could take for at most one spade.
    Fire & Ice: the Riverwalkers' free hexes of an unlocked terrain they reach over a river
    (what an unlock is for: they never transform); the volcano factions' free neighbours that
    are not ice or volcano (their one dig is free, paid in cult steps or tokens)."""
    buildings, terrain = state["buildings"], state["terrain"]
    if "unlocked" in f:
        return sum(1 for h in reachable(state, seat) if terrain[h] in f["unlocked"])
    if home == tm_data.VOLCANO:
        return len({n for h in tm_rules.own_hexes(state, seat) for n in board(state).land_neighbours[h]
                    if n not in buildings and terrain[n] not in (tm_data.ICE, tm_data.VOLCANO)})
    if home is None:
        return 0
    steps = spade_table(f)
    free = set()
    for h in tm_rules.own_hexes(state, seat):
        for n in board(state).land_neighbours[h]:
            if n not in buildings:
                need = steps[terrain[n]][home]
                if need is not None and need <= 1:
                    free.add(n)
    return len(free)


#: (seat, faction, shipping, range, own hexes, own bridges, connects) -> largest network; the
#: others' networks do not change while a seat plans, and the walk over them was a third of the time
_NETWORK: dict[tuple, int] = {}


def network_size(state: dict, seat: int) -> int:
    """``scoring.network_size``, remembered for the seat's buildings and links."""
    f = state["factions"][seat]
    key = (seat, f["faction"], f["ship"], f.get("range", 0), frozenset(tm_rules.own_hexes(state, seat)),
           tuple(b for b, s in state["bridges"] if s == seat), tuple(f["connects"]))
    got = _NETWORK.get(key)
    if got is None:
        if len(_NETWORK) > 50000:
            _NETWORK.clear()
        got = _NETWORK[key] = tm_scoring.network_size(state, seat)
    return got


def features(state: dict, seat: int) -> dict[str, float]:
    """The seat's position in VP-like units (see the module docstring)."""
    f = state["factions"][seat]
    if f is None:  # factions not chosen yet
        return {}
    data = tm_rules.fdata(f)
    left = _rounds_left(state)
    over = state["phase"] == "over"
    last = over or int(state.get("round") or 0) >= 6
    kinds = {"D": 0, "TP": 0, "TE": 0, "SH": 0, "SA": 0}
    for owner, kind in state["buildings"].values():
        if owner == seat:
            kinds[kind] += 1
    out: dict[str, float] = {"vp": f["vp"]}
    if over:
        return out
    pw = f["pw"]
    if last:
        spare = f["C"] + f["W"] + f["P"] + pw[2] + pw[1] // 2
        out["leftover"] = spare / data["vp_per_coin"]
    else:
        out["stock"] = _stock(f)
        inc = tm_rules.income(state, seat)
        bonus = tm_data.BONUSES[f["bonus"]]["income"] if f["bonus"] else {}
        steady = {k: v - bonus.get(k, 0) for k, v in inc.items()}
        out["income"] = _value(steady, INCOME) * left + (_value(bonus, INCOME) if left else 0.0)
        grow = min(1.0, (left + 1) / 6)
        out["buildings"] = grow * sum(BUILDING[k] * n for k, n in kinds.items())
        out["buildings"] += kinds["SH"] * SH_ROUND.get(f["faction"], 0.0) * left
        out["digging"] = f["dig"] * left / 5
        if data["ship"] is not None:
            out["shipping"] = (f["ship"] - data["ship"][0]) * left / 5
        out["room"] = min(6, _room(state, seat, tm_rules.home_of(f), f)) * (left / 6)
        if "unlocked" in f:  # the Riverwalkers: each terrain unlocked opens the board to them
            out["unlocked"] = sum(UNLOCKED[:len(f["unlocked"])]) * (left / 6)
        volcano = data.get("volcano")
        if volcano and volcano[0] == "cult":  # the Acolytes: cult steps pay their transforms
            usable = volcano[1] * min(tm_data.SUPPLY["D"] - kinds["D"], 2 * left)
            out["volcano_steps"] = VOLCANO_STEP * min(sum(f["cult"]), usable) * min(1.0, left / 3)
    if (state["phase"] == "actions" and not f["passed"]) or state["phase"] == "spades":
        pend = pass_vp(state, seat)
        if not last and state["pool"]:
            pend += max(bonus_worth(state, c, seat, kinds) for c in state["pool"])
        out["pending"] = pend
    elif not last and f["bonus"]:
        out["pending"] = card_pass_vp(state, seat, f["bonus"], kinds)  # the held card pays at the next pass
    out["favour_vp"] = _favour_vp(state, seat, left, kinds["TP"], kinds["D"])
    factions = state["factions"]
    if all(factions):
        done = 1.0 - left / 6
        cult = 0.0
        for i in range(4):
            cult += tm_scoring.share([o["cult"][i] for o in factions], tm_data.CULT_FINAL)[seat]
        out["cult_final"] = cult * (CULT_EARLY + (1 - CULT_EARLY) * done)
        sizes = [network_size(state, s) for s in range(len(factions))]
        out["network_final"] = tm_scoring.share(sizes, tm_data.NETWORK_FINAL)[seat] * (0.5 + 0.5 * done)
    if not last:
        out["cult_steps"] = sum(f["cult"]) * (left / 6)
        out["town"] = _town_progress(state, seat)
        out["keys"] = f["keys"]
        if state["phase"] == "actions":
            got = tm_rules.cult_income(state, seat, state["round"])
            out["cult_reward"] = _value(got, INCOME) + CULT_SPADE * got.get("SPADE", 0)
    return out


#: with the Fire & Ice options on, a bot takes one of their factions while one is free (not
#: measured for strength: so that every new faction gets played)
FIRE_ICE_PICK = ("yetis", "icemaidens", "dragonlords", "acolytes", "shapeshifters", "riverwalkers")


def pick_faction(state: dict) -> str:
    from ..terra_mystica import fire_ice
    from ..terra_mystica.actions import free_factions

    seat = fire_ice.setup_owed(state)
    if seat is not None:  # a colour to pick or the Ice Maidens' favour: the move list's first
        from ..terra_mystica.moves import legal_moves

        return legal_moves(state, seat, "")[0]
    free = free_factions(state)
    odd = state["rng"].get("seed", 0) % 2  # every other game the other face of each board
    for fid in FIRE_ICE_PICK[odd::2] + FIRE_ICE_PICK[1 - odd::2] + FACTION_PICK:
        if fid in free:
            return f"setup {fid}"
    raise ValueError("no faction left")  # cannot happen: 14 factions, 7 terrains, 5 seats


def solo(state: dict, seat: int) -> None:
    """Make a planning copy the seat's own round: every other seat has passed
    and nobody else is asked anything (their offers and Cultists' waits
    dropped). Before round 6 one other seat stays in, so the seat's pass
    does not end the round: the plan is judged at its pass."""
    keep = None
    if state["round"] < 6:
        keep = next((s for s in state["order"] if s != seat), None)
    for s, f in enumerate(state["factions"]):
        if s != seat and f is not None:
            f["passed"] = s != keep
            f["pending"]["CULTIST"] = 0
            f["pending"].pop("LATE", None)
    state["leeches"] = [o for o in state["leeches"] if o["seat"] == seat]
    state["cult_offers"] = {}
    if not state["factions"][seat]["passed"] and state["turn"] is None:
        state["current"] = seat  # the seat's previous action ended its turn: it moves again


#: the power actions another seat still in the round takes first, dearest first (the bridge last)
CONTESTED = ("ACT6", "ACT4", "ACT3", "ACT2", "ACT5", "ACT1")


def contest(state: dict, sim: dict, seat: int) -> None:
    """On the planning copy, after the seat's first step: each other seat still in the
    round of the real ``state`` takes the first power action of ``CONTESTED`` it can pay
    for (bowl III, or bowl II burnt). Alone on the copy the seat would find every power
    action still free on its third step and put off the one it needs."""
    free = [a for a in CONTESTED if a not in sim["actions_used"]]
    for s, f in enumerate(state["factions"]):
        if s == seat or f is None or f["passed"]:
            continue
        bowl = f["pw"][2] + f["pw"][1] // 2
        got = next((a for a in free if tm_data.POWER_ACTIONS[a]["cost"] <= bowl), None)
        if got is not None:
            free.remove(got)
            sim["actions_used"].append(got)


def end_round(sim: dict, seat: int) -> None:
    """On a planning copy where the seat has passed: everyone passes (offers
    dropped), and the engine's own round end runs (cult rewards, income);
    the other seats' cult spades are skipped, the seat's own are its to play."""
    from ..terra_mystica.flow import begin_round, try_end_round

    for s, f in enumerate(sim["factions"]):
        f["passed"] = True
        f["pending"]["CULTIST"] = 0
        f["pending"].pop("LATE", None)
        if s not in sim["next_order"]:
            sim["next_order"].append(s)
    sim["leeches"] = []
    sim["cult_offers"] = {}
    sim["turn"] = None
    try_end_round(sim, [])
    if sim["phase"] == "spades":
        for s in sim["queue"]:
            if s != seat:
                sim["factions"][s]["cult_spades"] = 0
        sim["queue"] = [s for s in sim["queue"] if s == seat]
        if not sim["queue"]:
            begin_round(sim, sim["round"] + 1, [])


def _best_step(game, sim: dict, seat: int, moves: list[str], judge):
    """The move of ``moves`` the judge likes best one step ahead, or None."""
    from ..core.errors import RuleError

    best = None
    backup = game.snapshot(sim)  # a restore builds fresh objects: one snapshot serves every move
    for m in moves:
        try:
            game.apply(sim, seat, m)
            v = judge(sim, seat)
        except RuleError:
            v = None
        finally:
            game.restore(sim, backup)
        if v is not None and (best is None or v > best[0]):
            best = (v, m)
    return None if best is None else best[1]


def _play_alone(game, sim: dict, seat: int, rnd: random.Random, judge, width: int, steps: int) -> None:
    """The seat's own best steps on the copy, until it passes or ``steps`` run out."""
    for _ in range(steps):
        solo(sim, seat)
        if sim["phase"] not in ("actions", "spades") or seat not in game.to_move(sim):
            break
        if sim["phase"] == "actions" and sim["factions"][seat]["passed"]:
            break
        m = _best_step(game, sim, seat, own_moves(game, sim, seat, rnd, walks=0, free=False)[:width], judge)
        if m is None:
            break
        game.apply(sim, seat, m)


def plan_value(game, state: dict, seat: int, move: str, rnd: random.Random, judge,
               width: int | None = None, steps: int | None = None, rounds: int | None = None) -> float:
    """``move`` then the seat's own best steps until it passes, judged there by
    ``judge(state, seat)``; with ``rounds`` 2 (before round 6) the seat is made
    to pass if it has not, the round ends on the copy and the seat plays its
    next round alone too (``NEXT_WIDTH``, ``NEXT_STEPS``): a build saved for
    the round whose tile pays for it shows, though only ``NEXT_TRUST`` of that
    round's gain counts (the others will have moved). -inf if refused."""
    from ..core.errors import RuleError

    width, steps = width or PLAN_WIDTH, steps or PLAN_STEPS
    rounds = PLAN_ROUNDS if rounds is None else rounds
    sim = tm_rules.clone(state)
    if sim["phase"] != "actions":
        return float("-inf")
    solo(sim, seat)
    try:
        game.apply(sim, seat, move)
        contest(state, sim, seat)
        _play_alone(game, sim, seat, rnd, judge, width, steps)
        if rounds > 1 and sim["phase"] == "actions" and sim["round"] < 6:
            solo(sim, seat)
            if not sim["factions"][seat]["passed"] and game.to_move(sim) == {seat}:
                passes = [m for m in game.legal_moves(sim, seat, "pass ") if not m.endswith(" ")]
                m = _best_step(game, sim, seat, passes, judge)
                if m is not None:
                    game.apply(sim, seat, m)
            if sim["factions"][seat]["passed"]:
                end_round(sim, seat)
                now = judge(sim, seat)
                _play_alone(game, sim, seat, rnd, judge, NEXT_WIDTH, NEXT_STEPS)
                return now + NEXT_TRUST * (judge(sim, seat) - now)
        return judge(sim, seat)
    except RuleError:
        return float("-inf")


#: the free parts a move may start with (they only matter where they make an action affordable)
FREE = ("convert", "burn")
#: legal_moves calls one first word's sub-tree may take (an action with two spades branches widely)
STEM_CALLS = 40


def _complete(game, state: dict, seat: int, prefix: str, calls: int) -> tuple[list[str], list[str]]:
    """Complete moves below ``prefix`` whose remaining parts are actions, and
    the free stems met on the way (not followed)."""
    out: list[str] = []
    free: list[str] = []
    queue = deque([prefix])
    while queue and calls > 0:
        calls -= 1
        cur = queue.popleft()
        for m in game.legal_moves(state, seat, cur):
            word = m[len(cur):].split(" ", 1)[0]
            if not m.endswith(" "):
                out.append(m)
            elif word in FREE:
                free.append(m)
            elif not (word == "dig" and "dig " in cur):  # one dig part says as much as two
                queue.append(m)
    return out, free


def own_moves(game, state: dict, seat: int, rnd: random.Random, walks: int = 2, free: bool = True) -> list[str]:
    """The seat's moves for the bot to weigh: every move made of actions only
    (each first word's sub-tree within ``STEM_CALLS``), then after each single
    free part (a burn or a conversion) the moves it newly makes affordable,
    and a few random walks through longer chains of free parts. A seeded
    random walk over stems (the generic candidates) misses the one upgrade
    that matters as often as not; this lists them all."""
    from .candidates import walk

    sh_turn = darkling_conversions(game, state, seat)
    if sh_turn:
        return sh_turn
    top = game.legal_moves(state, seat, "")
    direct: list[str] = []
    firsts: list[str] = []
    for m in top:
        if not m.endswith(" "):
            direct.append(m)
        elif m.split(" ", 1)[0] in FREE:
            if free:
                firsts.append(m)
        else:
            got, _ = _complete(game, state, seat, m, STEM_CALLS)
            direct += got
    out = dict.fromkeys(direct)
    tails = set(direct)
    for stem in firsts:
        for part in game.legal_moves(state, seat, stem):
            if not part.endswith(". "):
                continue
            got, _ = _complete(game, state, seat, part, STEM_CALLS)
            for m in got:
                tail = m[len(part):]
                if tail not in tails and not tail.startswith("pass"):
                    out.setdefault(m)
        for _ in range(walks):
            m = walk(game, state, seat, rnd, stem)
            if m is not None and not m.split(". ")[-1].startswith("pass"):
                out.setdefault(m)
    home_index = tm_rules.home_of(state["factions"][seat])
    home = tm_data.COLOURS[home_index] if home_index is not None else ""
    kept = [m for m in out if _useful(m, home)]
    return kept or list(out)


def darkling_conversions(game, state: dict, seat: int) -> list[str]:
    """The Darklings' stronghold turn, still open for its one conversion: the
    menu's whole moves (1 to 3 workers to priests, largest first) and the refusal
    (``done``, or the site's ``-3CONVERT_W_TO_P`` under strict-darkling-sh).
    They sit under the free word ``convert``, which the plan's steps never open
    and whose whole moves the first step skips: the bot never took its priests."""
    t = state.get("turn")
    if not (t and t["seat"] == seat and t.get("darkling_open") and t["actions"] <= 0):
        return []
    refuse = [m for m in game.legal_moves(state, seat, "") if m == "done" or m.endswith("CONVERT_W_TO_P")]
    if not refuse:
        return []  # something is owed first (the upgrade founded a town: its tile); the plain list has it
    got = [m for m in game.legal_moves(state, seat, "convert ") if m.endswith("P") and not m.endswith(" ")]
    return sorted(got, key=lambda m: -int(m.split(" ")[1][:-1])) + refuse


#: the first words of an answer to a power offer
ANSWERS = ("leech", "decline")


def _useful(move: str, home: str) -> bool:
    """Not a transform to another faction's colour (it only helps them), not
    two digs in a row (``dig 2.`` says the same), and no burn or conversion in
    front of an answer to a power offer: out of turn that spends power for
    nothing (a burnt token is gone for good); on the seat's turn the plan rated
    it above the plain answer only because the plan's later steps never burn,
    so the burn was made early, and then the seat passed."""
    parts = move.split(". ")
    if sum(1 for p in parts if p.startswith("dig ")) > 1:
        return False
    if len(parts) > 1 and parts[-1].split(" ", 1)[0] in ANSWERS:
        return False
    return not any(p.startswith("transform ") and not p.endswith(" " + home) for p in parts)


def choose(bot, game, state: dict, seat: int) -> str:
    """The search bot's move in Terra Mystica (``bot``: its seed, widths and budget, its
    one-ply ``rank`` and its clock: a plan starts only while ``bot.out_of_time()`` is false)."""
    from ..terra_mystica.actions import own_turn

    if state["phase"] == "factions":
        return pick_faction(state)
    moves = own_moves(game, state, seat, bot.rnd)
    if len(moves) <= 1:
        return moves[0]
    ranked = bot.rank(game, state, seat, moves) or [(0.0, moves[0])]
    if all(m.split(" ")[0] in ANSWERS for _, m in ranked):
        return answer(state, seat, ranked)
    if state["phase"] != "actions" or not own_turn(state, seat):
        return ranked[0][1]
    short = [m for _, m in ranked[: bot.shortlist]]
    seen = {kind(m) for m in short}
    for _, m in ranked:  # the best of every kind too: a power action that pays off two steps later
        if kind(m) not in seen:
            seen.add(kind(m))
            short.append(m)
    values: dict[str, float] = {}
    judged = [0]

    def counted(sim: dict, who: int) -> float:
        judged[0] += 1
        return judge(sim, who)
    for m in short:
        if values and (bot.out_of_time() or judged[0] >= PLAN_JUDGEMENTS):
            break  # the best of the plans weighed so far (the shortlist first, then the kinds best first)
        values[m] = plan_value(game, state, seat, m, bot.rnd, counted)
    return max(values, key=lambda m: (values[m], -short.index(m)))


def answer(state: dict, seat: int, ranked: list[tuple[float, str]]) -> str:
    """A power offer: take it when its VP cost is within the round's limit (the
    one-ply look values the power at its stock rate and declines nearly all)."""
    limit = LEECH_COST[min(6, max(1, int(state.get("round") or 1))) - 1]
    for _, m in ranked:
        words = m.split(" ")
        if words[0] == "leech":
            got = tm_rules.leech_take(state, seat, int(words[1]))
            if got is not None and got - 1 <= limit:
                return m
    return ranked[0][1]


def kind(move: str) -> str:
    """What a move does in the end: its last part's verb (a power action: which one)."""
    words = move.split(". ")[-1].split(" ")
    return " ".join(words[:2]) if words[0] == "action" else words[0]


def judge(state: dict, seat: int) -> float:
    return sum(WEIGHTS.get(k, 0.0) * v for k, v in features(state, seat).items())
