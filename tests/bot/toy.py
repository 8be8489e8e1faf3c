"""A tiny game used only by the bot tests: secret bids, then the top bidder takes the pot.

It exercises what the bot must handle in every real game: a secret
simultaneous step (events of kind "secret"), a reveal, a step where exactly
one move is legal, hidden hands, and a final result with a breakdown.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.core import Event, Game, IllegalMove, NotationError, Rng, new_rng, standings
from games.core.game import Option

ROUNDS = 2


class Bids(Game):
    id = "toy-bids"
    name = "Toy Bids"
    version = 1
    min_players, max_players = 2, 4
    options = (Option("rounds", ROUNDS, "rounds to play", (1, 2, 3)),)
    help_text = "Bid a card in secret, the top bid takes the pot.\nbid 3\ntake"

    def setup(self, players, seed, options=None):
        opts = self.resolve_options(options)
        state = {"rng": new_rng(seed), "options": opts, "round": 1, "phase": "bid",
                 "scores": [0] * players, "bids": [None] * players, "taker": None, "last": []}
        deck = Rng(state["rng"]).shuffled(range(1, 4 * players + 1))
        state["hands"] = [sorted(deck[i * 4:(i + 1) * 4]) for i in range(players)]
        return state

    def to_move(self, state):
        if state["phase"] == "bid":
            return {s for s, b in enumerate(state["bids"]) if b is None}
        if state["phase"] == "take":
            return {state["taker"]}
        return set()

    def legal_moves(self, state, seat, prefix=""):
        if state["phase"] == "bid":
            moves = [f"bid {c}" for c in state["hands"][seat]]
        else:
            moves = ["take"]
        return [m for m in moves if m.startswith(prefix.lower())]

    def hint(self, state, seat, move):
        return "wins the pot" if move == "take" else ""

    def apply(self, state, seat, text):
        words = text.lower().split()
        if state["phase"] == "take":
            if words != ["take"]:
                raise NotationError("Only `take` is possible now.")
            pot = sum(state["bids"])
            state["scores"][seat] += pot
            events = [Event(f"{{p{seat}}} takes the pot of {pot}.", seat=seat, kind="take")]
            if state["round"] >= state["options"]["rounds"]:
                state["phase"] = "over"
            else:
                state["round"] += 1
                state["phase"] = "bid"
                state["bids"] = [None] * len(state["bids"])
            state["last"] = [e.text for e in events]
            return events
        if len(words) != 2 or words[0] != "bid" or not words[1].isdigit():
            raise NotationError("Write `bid N` with a card from your hand.")
        card = int(words[1])
        if card not in state["hands"][seat]:
            raise IllegalMove(f"You don't hold a {card}; your cards: {state['hands'][seat]}.")
        state["hands"][seat].remove(card)
        state["bids"][seat] = card
        events = [Event(f"{{p{seat}}} is ready.", seat=seat, kind="secret", private=f"you bid {card}.")]
        if all(b is not None for b in state["bids"]):
            top = max(range(len(state["bids"])), key=lambda s: (state["bids"][s], -s))
            shown = ", ".join(f"{{p{s}}} {b}" for s, b in enumerate(state["bids"]))
            events.append(Event(f"Bids: {shown}.", kind="reveal", barrier=True))
            state["phase"], state["taker"] = "take", top
            state["last"] = [e.text for e in events[1:]]
        return events

    def view(self, state, seat=None):
        out = {
            "players": [{"score": sc, "cards": len(h)} for sc, h in zip(state["scores"], state["hands"])],
            "to_move": sorted(self.to_move(state)),
            "last": list(state["last"]),
            "result": (r.to_json() if (r := self.result(state)) else None),
            "round": state["round"],
            "phase": state["phase"],
            "ready": [s for s, b in enumerate(state["bids"]) if b is not None],
        }
        if state["phase"] == "take":
            out["bids"] = list(state["bids"])
        if seat is not None:
            out["hand"] = list(state["hands"][seat])
            out["my_bid"] = state["bids"][seat]
        return out

    def result(self, state):
        if state["phase"] != "over":
            return None
        return standings(state["scores"], [{"pots": s} for s in state["scores"]],
                         [(-s,) for s in range(len(state["scores"]))], "lower seat")


GAME = Bids()


def render(view, names=None):
    """A small PNG listing the view, enough for the bot to attach something real."""
    import io

    from PIL.PngImagePlugin import PngInfo

    img = Image.new("RGB", (320, 40 + 20 * len(view["players"])), "white")
    draw = ImageDraw.Draw(img)
    draw.text((5, 5), f"round {view['round']} {view['phase']} hand={view.get('hand')}", fill="black")
    for i, p in enumerate(view["players"]):
        draw.text((5, 25 + 20 * i), f"{(names or [])[i] if names else i}: {p['score']}", fill="black")
    info = PngInfo()  # what the image was drawn from, so tests can check for leaks
    info.add_text("hand", repr(view.get("hand")))
    out = io.BytesIO()
    img.save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def render_turn(view, names=None, locale="en"):
    """The toy's turn image: the same small listing (it is already phone-sized)."""
    return render(view, names)
