"""The shared contract pieces: seeded RNG, atomic play, options, standings."""

import copy

import pytest

from games.core import Event, Game, Option, Rng, RuleError, new_rng, standings


def test_rng_is_replayable_and_counts_draws():
    a, b = new_rng(42), new_rng(42)
    ra, rb = Rng(a), Rng(b)
    assert [ra.randint(1, 6) for _ in range(20)] == [rb.randint(1, 6) for _ in range(20)]
    assert a == b == {"seed": 42, "draws": 20}
    assert Rng(new_rng(1)).shuffled(range(30)) != Rng(new_rng(2)).shuffled(range(30))


class Counter(Game):
    """A toy game: seat 0 adds numbers; a move over 5 half-applies then fails."""

    id = "counter"
    name = "Counter"
    min_players, max_players = 1, 2
    options = (Option("goal", 10, "target", (10, 20)),)

    def setup(self, players, seed, options=None):
        return {"total": 0, "log": [], "rng": new_rng(seed), "options": self.resolve_options(options)}

    def to_move(self, state):
        return {0} if state["total"] < state["options"]["goal"] else set()

    def legal_moves(self, state, seat, prefix=""):
        return [f"add {n}" for n in range(1, 6) if f"add {n}".startswith(prefix)]

    def apply(self, state, seat, text):
        n = int(text.split()[-1])
        state["log"].append(n)
        state["total"] += n
        if n > 5:
            raise RuleError("at most 5")
        return [Event(f"added {n}", seat)]

    def view(self, state, seat=None):
        return dict(state)

    def result(self, state):
        return None if self.to_move(state) else standings([state["total"]], [{}])


def test_play_is_atomic_on_error():
    game = Counter()
    state = game.setup(1, 1)
    game.play(state, 0, "add 3")
    with pytest.raises(RuleError, match="at most 5"):
        game.play(state, 0, "add 9")
    assert state["total"] == 3 and state["log"] == [3]


def test_play_refuses_wrong_seat_and_finished_game():
    game = Counter()
    state = game.setup(2, 1)
    with pytest.raises(RuleError, match="not your turn"):
        game.play(state, 1, "add 1")
    for _ in range(2):
        game.play(state, 0, "add 5")
    with pytest.raises(RuleError, match="over"):
        game.play(state, 0, "add 1")


def test_options_are_checked():
    game = Counter()
    assert game.resolve_options(None) == {"goal": 10}
    with pytest.raises(RuleError, match="no option"):
        game.resolve_options({"speed": 1})
    with pytest.raises(RuleError, match="one of"):
        game.resolve_options({"goal": 11})


def test_standings_ties_and_tiebreak():
    r = standings([10, 12, 12], [{}, {}, {}], [(3,), (1,), (1,)])
    assert r.winners == [1, 2] and r.ranking[2] == 0
    r = standings([10, 12, 12], [{}, {}, {}], [(3,), (1,), (2,)])
    assert r.winners == [2] and r.ranking == [2, 1, 0]


def test_glance_entry_reads_a_seat_below_the_player_count_and_a_key():
    """``"players.N.KEY"``: one entry of seat N's view entry (``Game.glance``); anything else is no
    such key, and Terra Mystica answers the prompt's two (a seat's faction and pending steps)."""
    import games
    from games.core.game import glance_entry

    assert glance_entry("players.2.pending", 3) == (2, "pending") and glance_entry("players.0.a.b", 1) == (0, "a.b")
    for key in ("players.3.pending", "players.².pending", "players.1.", "players.1", "players..x", "phase.1.x",
                "players.-1.x"):
        assert glance_entry(key, 3) is None, key
    engine = games.get("terra-mystica")
    state = engine.setup(3, 1, None)
    assert engine.glance(state, "players.1.faction") is None  # none chosen yet, as the view says
    for key in ("players.1.pending", "players.1.vp", "players.3.faction"):
        with pytest.raises(KeyError):
            engine.glance(state, key)


def test_glance_seat_reads_only_ascii_seat_numbers_below_the_player_count():
    import games
    from games.core.game import glance_seat

    assert glance_seat("players.2", 3) == 2 and glance_seat("players.0", 1) == 0
    for key in ("players.3", "players.²", "players.①", "players.", "players.-1", "phase", "players.1.x"):
        assert glance_seat(key, 3) is None, key
    for gid in ("bruges", "terra-mystica"):  # the engines answering "players.N" refuse '²' as any other key
        engine = games.get(gid)
        state = engine.setup(3, 1, None)
        with pytest.raises(KeyError):
            engine.glance(state, "players.²")
        assert engine.glance(state, "players.1") == engine.view(state)["players"][1]


@pytest.mark.parametrize("gid, text, what", [
    ("altiplano", "corn x", "a warehouse row"), ("altiplano", "farm food many", "alpacas"),
    ("bruges", "use #x", "card"), ("bruges", "play 12 hire house 12345", "house"),
    ("terra-mystica", "dig x", "spades"), ("terra-mystica", "bid witches lots", "VP"),
])
def test_every_game_refuses_a_bad_number_in_the_core_words(gid, text, what):
    """One number reader (games.core.notation.number) and one sentence for every game: the
    per-game 'not a number' keys (alt., bru., tm.err.not_number) are gone."""
    import games
    from games.core.messages import CATALOGS, render
    from games.core.notation import NotationError

    engine = games.get(gid)
    state = engine.setup(3, 1, None)
    before = copy.deepcopy(state)
    with pytest.raises(NotationError) as err:
        engine.play(state, next(iter(engine.to_move(state))), text)
    assert err.value.msg.key == "core.err.not_number"
    assert render(err.value.msg, "en").endswith(f"is not a number ({what}).")
    assert "不是數字（" in render(err.value.msg, "zh-TW")
    assert state == before
    assert not [k for k in CATALOGS["en"] | CATALOGS["zh-TW"] if k.endswith(".err.not_number") and k != "core.err.not_number"]
