"""Set-up and planning moves: role draft, mission deal, taking tiles back,
drawing, and the secret planning of each seat.

Every handler takes ``(state, seat, act, dry)``: it checks the move, and
applies it unless ``dry``. Planning events are ``kind="secret"``: the public
line says only that the seat is planning; ``private`` tells the seat what it
did.
"""

from __future__ import annotations

from games.core import Event, IllegalMove, msg

from . import messages as M
from . import rules

# --- draft and missions ----------------------------------------------------

def h_pick(state, seat, act, dry):
    role = act["role"]
    if role not in state["roles_open"]:
        raise IllegalMove(msg("alt.err.pick_one", roles=list(state["roles_open"])))
    if dry:
        return []
    state["roles_open"].remove(role)
    state["draft_order"].pop(0)
    rules.give_role(state, seat, role)
    events = [Event(msg("alt.ev.takes_role", who=M.seat(seat), role=msg(f"alt.role.{role}")), seat=seat, kind="draft")]
    if not state["draft_order"]:
        events += rules.after_roles(state)
    return events


def h_keep(state, seat, act, dry):
    p = state["seats"][seat]
    hand = p["mission_hand"]
    if not (p["stage"] == "keep"):
        raise IllegalMove(msg("alt.err.kept"))
    keep, other = act["card"], act["other"]
    if not (keep in hand and other in hand and keep != other):
        raise IllegalMove(msg("alt.err.two_cards", hand=[h.lower() for h in hand]))
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
    events = [Event(msg("alt.ev.kept", who=M.seat(seat)), seat=seat, kind="secret",
                    private=msg("alt.ev.you_keep", keep=keep.upper(), other=other.upper()))]
    if all(q["stage"] == "kept" for q in state["seats"]):
        if n == 2:
            for q in state["seats"]:
                q["missions"] += q["mission_in"]
                q["mission_in"] = []
                q["missions"].sort()
                q["stage"] = None
            events.append(Event(msg("alt.ev.missions_set"), kind="reveal", barrier=True))
            events += rules.after_roles_missions_done(state)
        else:
            for q in state["seats"]:
                q["mission_in"].sort()
                q["stage"] = "choose"
            events.append(Event(msg("alt.ev.missions_passed"), kind="reveal",
                                barrier=True))
    return events


def h_choose(state, seat, act, dry):
    p = state["seats"][seat]
    if not (p["stage"] == "choose"):
        raise IllegalMove(msg("alt.err.keep_first"))
    card = act["card"]
    if card not in p["mission_in"]:
        raise IllegalMove(msg("alt.err.choose_one", cards=[c.lower() for c in p["mission_in"]]))
    if dry:
        return []
    p["missions"] = sorted(p["missions"] + [card])
    p["mission_in"] = []
    p["stage"] = None
    events = [Event(msg("alt.ev.chosen", who=M.seat(seat)), seat=seat, kind="secret",
                    private=msg("alt.ev.you_choose", card=card.upper()))]
    if all(q["stage"] is None for q in state["seats"]):
        events.append(Event(msg("alt.ev.missions_set"), kind="reveal", barrier=True))
        events += rules.after_roles_missions_done(state)
    return events


# --- drawing and planning (secret) ----------------------------------------

def _secret(seat: int, private) -> list[Event]:
    return [Event(msg("alt.ev.planning", who=M.seat(seat)), seat=seat, kind="secret", private=private)]


def h_return(state, seat, act, dry):
    p = state["seats"][seat]
    space, good = act["from"], act["good"]
    if good == "coin":
        if not (p["space_coins"].get(space, 0) > 0):
            raise IllegalMove(msg("alt.err.no_coin_on", space=M.space(space)))
        if dry:
            return []
        p["space_coins"][space] -= 1
        p["coins"] += 1
        p["returned"].append([space, "coin"])
        return _secret(seat, msg("alt.ev.coin_back", space=M.space(space)))
    if not (good in p["spaces"].get(space, []) and rules.space_kind(p, space) != "corn-store"):
        raise IllegalMove(msg("alt.err.nothing_to_take", good=M.good(good), space=M.space(space)))
    if not rules.free_slots(p):
        raise IllegalMove(msg("alt.err.spaces_full"))
    if dry:
        return []
    p["spaces"][space].remove(good)
    p["slots"][rules.free_slots(p)[0]] = good
    p["returned"].append([space, good])
    return _secret(seat, msg("alt.ev.take_back_slot", good=M.good(good), space=M.space(space)))


def h_draw(state, seat, act, dry):
    if dry:
        return []
    got = rules.draw_into_slots(state, seat)
    return _secret(seat, msg("alt.ev.draw", goods=M.goods(got)) if got else msg("alt.ev.draw_none"))


def h_swap(state, seat, act, dry):
    p = state["seats"][seat]
    if not rules.owns(p, "swap"):
        raise IllegalMove(msg("alt.err.no_swap"))
    if p["swap_used"]:
        raise IllegalMove(msg("alt.err.swapped"))
    good, take = act["good"], act["take"]
    if good not in rules.slot_goods(p):
        raise IllegalMove(msg("alt.err.no_good_planned", good=M.good(good)))
    if take != "bag":
        if not (take in p["crate"] or take == good):
            raise IllegalMove(msg("alt.err.crate_lacks", good=M.good(take)))
    if dry:
        return []
    i = p["slots"].index(good)
    p["slots"][i] = None
    p["crate"].append(good)
    p["swap_used"] = True
    if take == "bag":
        got = rules.draw_tiles(state, seat, 1)
        p["slots"][i] = got[0] if got else None
        text = msg("alt.ev.swap_bag", good=M.good(good), got=M.good(got[0]) if got else msg("core.nothing"))
    else:
        p["crate"].remove(take)
        p["slots"][i] = take
        text = msg("alt.ev.swap", good=M.good(good), take=M.good(take))
    return _secret(seat, text)


def h_plan(state, seat, act, dry):
    p = state["seats"][seat]
    good, space = act["good"], act["to"]
    rules.check_space_name(p, space)
    # the refusals are worded only when refused: the legal-move list dry-runs every placement
    if good not in rules.slot_goods(p):
        raise IllegalMove(msg("alt.err.no_good_spaces", good=M.good(good)))
    if not rules.can_hold(p, space, good):
        raise IllegalMove(_why_not(p, space, good))
    if dry:
        return []
    p["slots"][p["slots"].index(good)] = None
    p["spaces"].setdefault(space, []).append(good)
    p["added"].append([space, good])
    return _secret(seat, msg("alt.ev.plan", good=M.good(good), space=M.space(space)))


def _why_not(p: dict, space: str, good: str) -> str:
    """Say whether the space is full or has no use for the good, and what it takes."""
    if space in rules.USEFUL:
        if good not in rules.USEFUL[space]:
            return msg("alt.err.no_use", space=M.space(space), good=M.good(good),
                       takes=[M.good(g) for g in rules.USEFUL[space]])
        return msg("alt.err.space_full", space=M.space(space), n=rules.capacity(p, space))
    if space == "role":
        return msg("alt.err.role_cannot_take", good=M.good(good))
    return msg("alt.err.cannot_take", space=space.upper(), good=M.good(good))


def h_plans(state, seat, act, dry):
    """Several placements (and maybe 'done') as one move: checked one by one
    on the live state; ``play`` restores everything if a later one fails."""
    if dry:
        raise IllegalMove("alt.err.typed")
    events = []
    for good, space in act["pairs"]:
        events += h_plan(state, seat, {"t": "plan", "good": good, "to": space}, False)
    parts = [e.private_msg or e.private for e in events if e.private]
    private = M.chain(parts) if parts else ""
    events = _secret(seat, private)
    if act["done"]:
        events = h_done(state, seat, {"t": "done"}, False)
        done = events[0]
        events[0] = Event(done.msg or done.text, seat=done.seat, kind=done.kind, barrier=done.barrier,
                          data=done.data, private=msg("alt.then", a=private, b=done.private_msg or done.private))
    return events


def h_unplan(state, seat, act, dry):
    p = state["seats"][seat]
    good, space = act["good"], act["from"]
    if [space, good] not in p["added"]:
        raise IllegalMove(msg("alt.err.not_planned", good=M.good(good), space=M.space(space)))
    if not rules.free_slots(p):
        raise IllegalMove(msg("alt.err.no_free_space"))
    if dry:
        return []
    p["added"].remove([space, good])
    p["spaces"][space].remove(good)
    p["slots"][rules.free_slots(p)[0]] = good
    return _secret(seat, msg("alt.ev.unplan", good=M.good(good), space=M.space(space)))


def h_coin(state, seat, act, dry):
    p = state["seats"][seat]
    space = act["to"]
    if space not in rules.coin_spaces(p):
        raise IllegalMove(msg("alt.err.coin_spaces_move" if rules.owns(p, "coin-move") else "alt.err.coin_spaces"))
    if not (p["coins"] > 0):
        raise IllegalMove(msg("alt.err.no_coin"))
    if not (rules.coin_room(p, space) > 0):
        raise IllegalMove(msg("alt.err.coins_full", space=M.space(space)))
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
    return _secret(seat, msg("alt.ev.coin", space=M.space(space)))


def h_uncoin(state, seat, act, dry):
    p = state["seats"][seat]
    space = act["from"]
    entry = next((e for e in p["coins_added"] if e[0] == space and e[1] > 0), None)
    if entry is None:
        raise IllegalMove(msg("alt.err.no_coin_put", space=M.space(space)))
    if dry:
        return []
    entry[1] -= 1
    if not entry[1]:
        p["coins_added"].remove(entry)
    p["space_coins"][space] -= 1
    p["coins"] += 1
    return _secret(seat, msg("alt.ev.uncoin", space=M.space(space)))


def h_done(state, seat, act, dry):
    if dry:
        return []
    p = state["seats"][seat]
    p["stage"] = "done"
    events = [Event(msg("alt.ev.ready", who=M.seat(seat)), seat=seat, kind="secret",
                    private=msg("alt.ev.your_plan", plan=rules.plan_msg(p)))]
    if all(q["stage"] == "done" for q in state["seats"]):
        events += rules.reveal(state)
    return events
