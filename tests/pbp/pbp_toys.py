"""A tiny game that has everything the play-by-post features care about.

Seats take turns. In a turn a seat may ``add 1..3`` (keeps the turn),
``peek`` (reveals the next hidden card: a barrier, keeps the turn), ``roll``
(resolves randomness and ends the turn) or ``pass`` (ends the turn). With
``bids`` on, the game opens with a secret simultaneous ``bid 0..top`` (3) from
everyone, revealed when all are in. The game ends after ``turns`` turns.
"""

from games.core import Event, Game, IllegalMove, NotationError, Option, Rng, new_rng, standings


class Tally(Game):
    id = "tally"
    name = "Tally"
    min_players, max_players = 1, 4
    options = (Option("turns", 6, "turns in the game"), Option("bids", False, "secret opening bids"),
               Option("top", 3, "highest bid (0: the bid is forced)"))
    help_text = "add N, peek, roll, pass"

    def setup(self, players, seed, options=None):
        opts = self.resolve_options(options)
        return {
            "players": players, "rng": new_rng(seed), "options": opts,
            "phase": "bid" if opts["bids"] else "play", "bids": {}, "seat": 0, "turn": 0,
            "score": [{"adds": 0, "rolls": 0} for _ in range(players)],
            "deck": list(range(10)), "seen": [], "last": [],
        }

    def to_move(self, state):
        if state["turn"] >= state["options"]["turns"]:
            return set()
        if state["phase"] == "bid":
            return {s for s in range(state["players"]) if str(s) not in state["bids"]}
        return {state["seat"]}

    def legal_moves(self, state, seat, prefix=""):
        if state["phase"] == "bid":
            moves = [f"bid {n}" for n in range(state["options"].get("top", 3) + 1)]
        else:
            moves = ["add ", "peek", "roll", "pass"] if not prefix.startswith("add ") else []
            if prefix.lower().startswith("add"):
                moves = [f"add {n}" for n in range(1, 4)]
        return [m for m in moves if m.startswith(prefix.lower())]

    def apply(self, state, seat, text):
        words = text.lower().split()
        if state["phase"] == "bid":
            if len(words) != 2 or words[0] != "bid" or words[1] not in "0123"[:state["options"].get("top", 3) + 1]:
                raise NotationError("Bid 0 to 3, e.g. 'bid 2'.")
            state["bids"][str(seat)] = int(words[1])
            events = [Event(f"{{p{seat}}} is ready", seat, kind="secret", private=f"You bid {words[1]}")]
            if len(state["bids"]) == state["players"]:
                state["phase"] = "play"
                shown = ", ".join(f"{{p{s}}} {b}" for s, b in sorted(state["bids"].items()))
                events.append(Event(f"Bids revealed: {shown}", barrier=True))
            return self._last(state, events)
        if words[0] == "add" and len(words) == 2 and words[1] in ("1", "2", "3"):
            state["score"][seat]["adds"] += int(words[1])
            return self._last(state, [Event(f"{{p{seat}}} adds {words[1]}", seat)])
        if words == ["peek"]:
            if not state["deck"]:
                raise IllegalMove("The deck is empty.")
            state["seen"].append(state["deck"].pop())
            return self._last(state, [Event(f"{{p{seat}}} reveals card {state['seen'][-1]}", seat, barrier=True)])
        if words == ["roll"]:
            die = Rng(state["rng"]).randint(1, 6)
            state["score"][seat]["rolls"] += die
            self._end_turn(state)
            return self._last(state, [Event(f"{{p{seat}}} rolls {die}", seat, barrier=True)])
        if words == ["pass"]:
            self._end_turn(state)
            return self._last(state, [Event(f"{{p{seat}}} passes", seat)])
        raise NotationError("Moves: add 1-3, peek, roll, pass.")

    def _end_turn(self, state):
        state["turn"] += 1
        state["seat"] = (state["seat"] + 1) % state["players"]

    def _last(self, state, events):
        state["last"] = [e.text for e in events]
        return events

    def view(self, state, seat=None):
        return {
            "players": [dict(s) for s in state["score"]],
            "to_move": sorted(self.to_move(state)),
            "last": list(state["last"]),
            "result": (r.to_json() if (r := self.result(state)) else None),
            "turn": state["turn"], "seen": list(state["seen"]),
        }

    def result(self, state):
        if state["turn"] < state["options"]["turns"]:
            return None
        breakdown = [dict(s) for s in state["score"]]
        return standings([sum(b.values()) for b in breakdown], breakdown)


TALLY = Tally()


def render(view, names=None):
    """A small real PNG of the public view (enough to check a board is drawn)."""
    import io

    from PIL import Image, ImageDraw

    img = Image.new("RGB", (300, 30 + 20 * len(view["players"])), "white")
    draw = ImageDraw.Draw(img)
    draw.text((5, 5), f"turn {view['turn']} seen {view['seen']}", fill="black")
    for i, p in enumerate(view["players"]):
        draw.text((5, 25 + 20 * i), f"{i}: {p['adds']} + {p['rolls']}", fill="black")
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()
