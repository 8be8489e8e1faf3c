"""``python -m games arena``: a wrong table is refused in one plain line
(exit code 2, nothing played), for every title's own player counts."""

from __future__ import annotations

import argparse
import re

import pytest

from games import game_ids, get
from games.__main__ import _arena_problem, main


def _refused(capsys, *argv: str) -> str:
    assert main(["arena", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # no game was played
    assert err.startswith("arena: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.parametrize("gid", game_ids())
def test_player_counts_outside_a_titles_range_are_refused(gid, capsys):
    game = get(gid)
    for n in (game.min_players - 1, game.max_players + 1):
        err = _refused(capsys, gid, "--players", str(n), "--games", "1", "--seat", "bot,random")
        assert f"{game.min_players}-{game.max_players} players, not {n}" in err
    # without --players the table is as big as the seat list
    seats = ",".join(["bot"] + ["random"] * game.max_players)
    err = _refused(capsys, gid, "--games", "1", "--seat", seats)
    assert f"not {game.max_players + 1} (--seat lists {game.max_players + 1})" in err


@pytest.mark.parametrize("gid", game_ids())
def test_every_count_in_range_is_accepted(gid):
    game = get(gid)
    for n in range(game.min_players, game.max_players + 1):
        args = argparse.Namespace(game=gid, seat="bot,greedy", players=n, games=1, iterations=0, options=None)
        problem, found, _ = _arena_problem(args, ["bot", "greedy"], n)
        assert problem is None and found is game


@pytest.mark.parametrize("argv,words", [
    (["bruges", "--players", "3", "--seat", "bot,random,random,random"], "lists 4 seats for 3 players"),
    (["bruges", "--players", "3", "--seat", "bot,smart"], "unknown seat 'smart'"),
    (["bruges", "--players", "3", "--seat", ","], "unknown seat"),
    (["chess", "--players", "2"], "no game 'chess'"),
    (["bruges", "--players", "3", "--games", "0"], "--games must be at least 1"),
    (["bruges", "--players", "3", "--options", '{"speed": 1}'], "no option 'speed'"),
    (["bruges", "--players", "3", "--options", "[1]"], "JSON object"),
    (["bruges", "--players", "3", "--options", "{"], "--options: "),
])
def test_other_mistakes_are_named(argv, words, capsys):
    assert words in _refused(capsys, *argv)


def test_a_good_table_plays_and_ends_with_the_win_rate_line(capsys):
    assert main(["arena", "bruges", "--games", "2", "--seat", "random,greedy", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    games = [re.match(r"game \d: seed (\d+) seats ([a-z,]+) scores .* winners \[([\d, ]*)\]", ln) for ln in lines[:2]]
    assert [g.group(1) for g in games] == ["4", "5"]
    wins = 0.0
    for g in games:
        seats, winners = g.group(2).split(","), [int(w) for w in g.group(3).split(",")]
        wins += sum(1 for w in winners if seats[w] == "random") / len(winners)
    assert lines[-1] == f"random win rate: {round(wins, 1):g}/2 = {round(50 * wins)}%"
