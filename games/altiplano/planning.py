"""Set-up and planning moves: role draft, mission deal, taking tiles back,
drawing, and the secret planning of each seat.

Every handler takes ``(state, seat, act, dry)``: it checks the move, and
applies it unless ``dry``. Planning events are ``kind="secret"``: the public
line says only that the seat is planning; ``private`` tells the seat what it
did.
"""

from __future__ import annotations

from games.core import Event, IllegalMove

from . import rules
from .common import need as _need

# --- draft and missions ----------------------------------------------------

def h_pick(state, seat, act, dry):
    role = act["role"]
    _need(role in state["roles_open"], f"Pick one of: {', '.join(state['roles_open'])}.")
    if dry:
        return []
    state["roles_open"].remove(role)
    state["draft_order"].pop(0)
    rules.give_role(state, seat, role)
    events = [Event(f"{{p{seat}}} takes the {role}.", seat=seat, kind="draft")]
    if not state["draft_order"]:
        events += rules.after_roles(state)
    return events


def h_keep(state, seat, act, dry):
    p = state["seats"][seat]
    hand = p["mission_hand"]
    _need(p["stage"] == "keep", "You already kept a mission; now choose one of those passed to you.")
    keep, other = act["card"], act["other"]
    _need(keep in hand and other in hand and keep != other,
          f"Name two different cards of your hand: {', '.join(h.lower() for h in hand)}.")
    if dry:
        return []
    n = state["players"]
    rest = [c for c in hand if c not in (keep, other)]
    p["missions"] = [keep]
    p["mission_hand"] = []
    p["stage"] = "kept"
    if n == 2:
        state["seats"][1 - seat]["mission_in"].append(other)
    else:
        state["seats"][(seat + 1) % n]["mission_in"].append(other)
        state["seats"][(seat - 1) % n]["mission_in"] += rest
    events = [Event(f"{{p{seat}}} has kept a mission.", seat=seat, kind="secret",
                    private=f"You keep {keep.upper()} and pass {other.upper()}.")]
    if all(q["stage"] == "kept" for q in state["seats"]):
        if n == 2:
            for q in state["seats"]:
                q["missions"] += q["mission_in"]
                q["mission_in"] = []
                q["missions"].sort()
                q["stage"] = None
            events.append(Event("Missions are set.", kind="reveal", barrier=True))
            events += rules.after_roles_missions_done(state)
        else:
            for q in state["seats"]:
                q["mission_in"].sort()
                q["stage"] = "choose"
            events.append(Event("Missions were passed on: choose one of the two you got.", kind="reveal",
                                barrier=True))
    return events


def h_choose(state, seat, act, dry):
    p = state["seats"][seat]
    _need(p["stage"] == "choose", "Keep one of your three missions first.")
    card = act["card"]
    _need(card in p["mission_in"], f"Choose one of: {', '.join(c.lower() for c in p['mission_in'])}.")
    if dry:
        return []
    p["missions"] = sorted(p["missions"] + [card])
    p["mission_in"] = []
    p["stage"] = None
    events = [Event(f"{{p{seat}}} has chosen a mission.", seat=seat, kind="secret",
                    private=f"You choose {card.upper()}.")]
    if all(q["stage"] is None for q in state["seats"]):
        events.append(Event("Missions are set.", kind="reveal", barrier=True))
        events += rules.after_roles_missions_done(state)
    return events


# --- drawing and planning (secret) ----------------------------------------

def _secret(seat: int, private: str) -> list[Event]:
    return [Event(f"{{p{seat}}} is planning.", seat=seat, kind="secret", private=private)]


def h_return(state, seat, act, dry):
    p = state["seats"][seat]
    space, good = act["from"], act["good"]
    if good == "coin":
        _need(p["space_coins"].get(space, 0) > 0, f"There is no coin on {space}.")
        if dry:
            return []
        p["space_coins"][space] -= 1
        p["coins"] += 1
        p["returned"].append([space, "coin"])
        return _secret(seat, f"You take 1 coin back from {space}.")
    _need(good in p["spaces"].get(space, []) and rules.space_kind(p, space) != "corn-store",
          f"There is no {good} on {space} to take back.")
    _need(bool(rules.free_slots(p)), "All your planning spaces are full.")
    if dry:
        return []
    p["spaces"][space].remove(good)
    p["slots"][rules.free_slots(p)[0]] = good
    p["returned"].append([space, good])
    return _secret(seat, f"You take {good} back from {space} to a planning space.")


def h_draw(state, seat, act, dry):
    if dry:
        return []
    got = rules.draw_into_slots(state, seat)
    return _secret(seat, f"You draw {' '.join(got) or 'nothing'}.")


def h_swap(state, seat, act, dry):
    p = state["seats"][seat]
    _need(bool(rules.owns(p, "swap")), "You do not have the swap extension.")
    _need(not p["swap_used"], "You already swapped this round.")
    good, take = act["good"], act["take"]
    _need(good in rules.slot_goods(p), f"You have no {good} on a planning space.")
    if take != "bag":
        _need(take in p["crate"] or take == good, f"Your crate holds no {take}.")
    if dry:
        return []
    i = p["slots"].index(good)
    p["slots"][i] = None
    p["crate"].append(good)
    p["swap_used"] = True
    if take == "bag":
        got = rules.draw_tiles(state, seat, 1)
        p["slots"][i] = got[0] if got else None
        text = f"You put {good} in the crate and draw {got[0] if got else 'nothing'}."
    else:
        p["crate"].remove(take)
        p["slots"][i] = take
        text = f"You swap {good} for {take} from your crate."
    return _secret(seat, text)


def h_plan(state, seat, act, dry):
    p = state["seats"][seat]
    good, space = act["good"], act["to"]
    rules.check_space_name(p, space)
    _need(good in rules.slot_goods(p), f"You have no {good} on your planning spaces.")
    _need(rules.can_hold(p, space, good), _why_not(p, space, good))
    if dry:
        return []
    p["slots"][p["slots"].index(good)] = None
    p["spaces"].setdefault(space, []).append(good)
    p["added"].append([space, good])
    return _secret(seat, f"You plan {good} on {space}.")


def _why_not(p: dict, space: str, good: str) -> str:
    """Say whether the space is full or has no use for the good, and what it takes."""
    if space in rules.USEFUL:
        if good not in rules.USEFUL[space]:
            return f"No {space} action uses {good}; the {space} takes {', '.join(rules.USEFUL[space])}."
        return f"Your {space} spaces are full ({rules.capacity(p, space)} tiles)."
    return f"{space.upper() if space != 'role' else 'Your role tile'} cannot take {good} now (full, or not its input)."


def h_plans(state, seat, act, dry):
    """Several placements (and maybe 'done') as one move: checked one by one
    on the live state; ``play`` restores everything if a later one fails."""
    if dry:
        raise IllegalMove("Multi-placement moves are typed, not listed.")
    events = []
    for good, space in act["pairs"]:
        events += h_plan(state, seat, {"t": "plan", "good": good, "to": space}, False)
    private = " ".join(e.private for e in events if e.private)
    events = _secret(seat, private)
    if act["done"]:
        events = h_done(state, seat, {"t": "done"}, False)
        events[0].private = private + " " + events[0].private
    return events


def h_unplan(state, seat, act, dry):
    p = state["seats"][seat]
    good, space = act["good"], act["from"]
    _need([space, good] in p["added"], f"You did not plan {good} on {space} this round.")
    _need(bool(rules.free_slots(p)), "No free planning space.")
    if dry:
        return []
    p["added"].remove([space, good])
    p["spaces"][space].remove(good)
    p["slots"][rules.free_slots(p)[0]] = good
    return _secret(seat, f"You take {good} back from {space}.")


def h_coin(state, seat, act, dry):
    p = state["seats"][seat]
    space = act["to"]
    _need(space in rules.coin_spaces(p), "Coins can go only on your market extensions"
          + (" and the move track." if rules.owns(p, "coin-move") else "."))
    _need(p["coins"] > 0, "You have no coin.")
    _need(rules.coin_room(p, space) > 0, f"{space} holds no more coins.")
    if dry:
        return []
    p["coins"] -= 1
    p["space_coins"][space] = p["space_coins"].get(space, 0) + 1
    for entry in p["coins_added"]:
        if entry[0] == space:
            entry[1] += 1
            break
    else:
        p["coins_added"].append([space, 1])
    return _secret(seat, f"You put a coin on {space}.")


def h_uncoin(state, seat, act, dry):
    p = state["seats"][seat]
    space = act["from"]
    entry = next((e for e in p["coins_added"] if e[0] == space and e[1] > 0), None)
    _need(entry is not None, f"You put no coin on {space} this round.")
    if dry:
        return []
    entry[1] -= 1
    if not entry[1]:
        p["coins_added"].remove(entry)
    p["space_coins"][space] -= 1
    p["coins"] += 1
    return _secret(seat, f"You take a coin back from {space}.")


def h_done(state, seat, act, dry):
    if dry:
        return []
    p = state["seats"][seat]
    p["stage"] = "done"
    events = [Event(f"{{p{seat}}} is ready.", seat=seat, kind="secret",
                    private=f"Your plan: {rules.plan_summary(p)}.")]
    if all(q["stage"] == "done" for q in state["seats"]):
        events += rules.reveal(state)
    return events
