"""A zh-TW game of each title through the console: no English in the public texts
but notation (the moves as typed) and player names."""

from __future__ import annotations

import argparse
import io
import random
import re

import pytest

import games
from bot import console as console_mod
from games.core.playout import expand

#: a whole game: every phase, the end and the final scores
WHOLE_GAME = 5000
WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


def script(gid: str, players: int, moves: int, seed: int = 4) -> list[tuple[int, str]]:
    game = games.get(gid)
    state = game.setup(players, seed, None)
    rnd = random.Random(seed)
    out = []
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = rnd.choice(sorted(game.to_move(state)))
        move = expand(game, state, seat, "", rnd)
        game.play(state, seat, move)
        out.append((seat, move))
    return out


def english_words(text: str, notation: set[str]) -> list[str]:
    text = re.sub(r"`[^`]*`|<[@#]\d+>|\bP\d\b", " ", text)
    return [w for w in WORD.findall(text) if w.lower() not in notation]


async def play_in_chinese(gid: str, monkeypatch, moves: int = WHOLE_GAME):
    lines = script(gid, 3, moves)
    notation = {tok.lower() for _, m in lines for tok in re.findall(r"[A-Za-z][A-Za-z'-]*", m)}
    public: list[str] = []
    real_show = console_mod.Console.show

    def show(self, reply, image=None):
        if reply.public is not None:
            public.append(self.text(reply.public))
        return real_show(self, reply, image)

    monkeypatch.setattr(console_mod.Console, "show", show)
    stdin = io.StringIO("".join(f"{seat} {move}\n" for seat, move in lines) + "board\n")
    args = argparse.Namespace(game=gid, players=3, seed=4, db=None, out="/tmp/unused", options=None,
                              no_images=True, lang="zh-TW")
    out: list[str] = []
    assert await console_mod.amain(args, stdin=stdin, write=out.append) == 0
    assert public, out
    return public, notation


@pytest.mark.parametrize("gid", sorted(games.game_ids()))
async def test_public_texts_of_a_zh_tw_game_have_no_english(gid, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    public, notation = await play_in_chinese(gid, monkeypatch)
    assert any("遊戲結束" in p for p in public), "the game did not reach its end"
    english = {w for text in public for w in english_words(text, notation)}
    assert not english, (sorted(english)[:30], [p for p in public if any(w in p for w in english)][:5])
    assert any(re.search(r"[\u4e00-\u9fff]", p) for p in public)


async def test_the_console_speaks_english_by_default(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    out: list[str] = []
    args = argparse.Namespace(game="west-of-africa", players=3, seed=4, db=None, out=str(tmp_path), options=None,
                              no_images=True, lang="C.UTF-8")
    assert await console_mod.amain(args, stdin=io.StringIO("help\n"), write=out.append) == 0
    assert "West of Africa" in out[0] and "seat 2 plays" in "\n".join(out)
