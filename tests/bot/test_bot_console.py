"""The local console and the entry points: same session layer, no Discord."""

from __future__ import annotations

import argparse
import io

import pytest

import games
from bot.__main__ import main as bot_main
from bot.config import DEFAULT_DB, SettingsError, load_settings
from bot.console import amain
from games.core.playout import random_playout


def console_args(tmp_path, game="toy-bids", players=3, seed=5, db=None, no_images=False):
    return argparse.Namespace(game=game, players=players, seed=seed, db=db, out=str(tmp_path / "out"),
                              options=None, no_images=no_images)


async def run_console(args, script: str) -> list[str]:
    lines: list[str] = []
    rc = await amain(args, stdin=io.StringIO(script), write=lines.append)
    assert rc == 0
    return "\n".join(lines).splitlines()


async def test_a_scripted_game_to_the_end(toy, tmp_path):
    state, moves = random_playout(games.get("toy-bids"), 3, 5)
    script = "\n".join(f"{seat} {text}" for seat, text in moves) + "\n"
    out = await run_console(console_args(tmp_path), script)
    assert any("Game over" in line for line in out)
    result = games.get("toy-bids").result(state)
    for seat in range(3):
        assert f"P{seat}: {result.scores[seat]} points" in "\n".join(out)
    pngs = sorted(p.name for p in (tmp_path / "out").glob("move_*.png"))
    assert pngs[0] == "move_0000.png" and f"move_{len(moves):04d}.png" in pngs


async def test_console_commands_and_end_of_input(toy, tmp_path):
    db = str(tmp_path / "game.sqlite3")
    script = "\n".join([
        "moves 0",          # lists seat 0's bids
        "hand 1",           # seat 1's private view
        "as 2",
        "fly",              # refused, game unchanged
        "board",
        "help",
    ]) + "\n"
    out = await run_console(console_args(tmp_path, db=db), script)
    text = "\n".join(out)
    assert "  bid " in text and "Your private view" in text and "Now playing as seat 2" in text
    assert "doesn't work" in text and "game is saved" in text
    assert (tmp_path / "out" / "hand_1.png").exists() and (tmp_path / "out" / "board.png").exists()
    # the same command with the same file carries on where it stopped
    out = await run_console(console_args(tmp_path, db=db), "0 bid 99\nundo\nquit\n")
    assert "Resuming game" in out[0]
    assert any("There is no move to take back" in line for line in out)


async def test_unknown_game(tmp_path):
    lines: list[str] = []
    assert await amain(console_args(tmp_path, game="chess"), stdin=io.StringIO(""), write=lines.append) == 2
    assert "don't know the game" in lines[0]


@pytest.mark.parametrize("game_id", ["west-of-africa", "terra-mystica", "altiplano", "bruges", "amerigo"])
async def test_every_game_plays_through_the_console_to_the_end(game_id, tmp_path):
    """A whole random game piped in on stdin reaches the final scores with no move refused."""
    game = games.get(game_id)
    players = game.min_players + 1 if game.min_players < game.max_players else game.min_players
    state, moves = random_playout(game, players, 11)
    script = "\n".join(f"{seat} {text}" for seat, text in moves) + "\n"
    out = await run_console(console_args(tmp_path, game=game_id, players=players, seed=11, no_images=True), script)
    assert not any("doesn't work" in line or "Error on this line" in line for line in out)
    text = "\n".join(out)
    assert "Game over" in text
    result = game.result(state)
    for seat in range(players):
        assert f"P{seat}: {result.scores[seat]} points" in text


@pytest.mark.parametrize("game_id", ["west-of-africa", "terra-mystica", "altiplano", "bruges", "amerigo"])
async def test_every_game_writes_a_png_per_turn_and_a_hand(game_id, tmp_path):
    """The board is drawn when a turn ends (the table waits on someone else), not after each step."""
    game = games.get(game_id)
    _, moves = random_playout(game, game.min_players, 3)
    state, opening, public = game.setup(game.min_players, 3), [], 0
    for seat, text in moves:  # up to the second turn that ends with a public move (secret ones draw nothing)
        opening.append((seat, text))
        before = game.to_move(state)
        shown = any(e.kind != "secret" for e in game.play(state, seat, text))
        after = game.to_move(state)
        public += shown and after != before and bool(after - before)  # someone new is asked: a board
        if public == 2:
            break
    script = "\n".join(f"{seat} {text}" for seat, text in opening) + "\nhand 0\n"
    out = await run_console(console_args(tmp_path, game=game_id, players=game.min_players, seed=3), script)
    assert not any("doesn't work" in line for line in out)
    pngs = sorted((tmp_path / "out").glob("*.png"))
    names = {p.name for p in pngs}
    assert {"move_0000.png", "hand_0.png", f"move_{len(opening):04d}.png"} <= names and len(names) >= 4
    assert len(names) < len(opening) + 2 or len(opening) < 3  # not one per step
    for png in pngs:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_settings_from_env_file_and_environment(tmp_path):
    env = tmp_path / ".env"
    env.write_text("# comment\nDISCORD_TOKEN='abc'\nexport DEV_GUILD_ID=81384788765712384\nLOG_LEVEL=debug\n",
                   encoding="utf-8")
    s = load_settings(env={}, env_file=env)
    assert (s.token, s.dev_guild_id, s.log_level, s.db_path) == ("abc", 81384788765712384, "DEBUG", DEFAULT_DB)
    s = load_settings(env={"DISCORD_TOKEN": "xyz", "DATABASE_PATH": "/tmp/x.db"}, env_file=env)
    assert (s.token, s.db_path) == ("xyz", "/tmp/x.db")
    with pytest.raises(SettingsError):  # a bad value stops the bot (tests/test_settings.py has them all)
        load_settings(env={"LOG_LEVEL": "chatty"}, env_file=None)
    assert load_settings(env={"GAME_LIMIT": "0"}, env_file=None).game_limit == 0
    assert load_settings(env={}, env_file=None).game_limit is None


def test_no_token_explains_and_exits(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert bot_main([]) == 1
    err = capsys.readouterr().err
    assert "discord.com/developers" in err and "make play" in err and "DISCORD_TOKEN" in err


def test_env_example_lists_every_setting():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / ".env.example").read_text(encoding="utf-8")
    for key in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL", "DEV_GUILD_ID", "LOCALE", "GAME_LIMIT"):
        assert f"{key}=" in text


async def test_seat_first_forms_of_moves_and_hand(tmp_path):
    """'2 moves' and '2 hand' read as 'moves 2' and 'hand 2', not as moves."""
    args = console_args(tmp_path, game="west-of-africa", no_images=True)
    seat_first = await run_console(args, "1 moves\n1 hand\n")
    args = console_args(tmp_path / "again", game="west-of-africa", no_images=True)
    command_first = await run_console(args, "moves 1\nhand 1\n")
    assert seat_first == command_first
    assert not any("doesn't work" in line for line in seat_first)
    assert any("choose" in line for line in seat_first)  # seat 1's legal moves were listed


async def test_console_bot_seats_play_their_own_moves(toy, tmp_path, monkeypatch):
    """``--bots 2``: the person plays seat 0 only; the two bot seats bid and
    take on their own, and the game still reaches its end."""
    from bot.table import bot_seats

    monkeypatch.setattr(bot_seats, "WORKERS", 0)  # the toy game lives in this process only
    hand = games.get("toy-bids").setup(3, 5)["hands"][0]
    script = "\n".join([f"0 bid {hand[0]}", "0 take", f"0 bid {hand[1]}", "0 take"]) + "\n"
    args = console_args(tmp_path, players=3, no_images=True)
    args.bots = 2
    out = "\n".join(await run_console(args, script))
    assert "Game over" in out
    assert "Bot 1" in out and "Bot 2" in out  # the bots' seats are named and their moves shown
    assert "Bids: P0" in out  # the reveal came after the bots' secret bids, without any line for them


async def test_console_undo_takes_back_the_bots_moves_too(toy, tmp_path, monkeypatch):
    from bot.table import bot_seats

    monkeypatch.setattr(bot_seats, "WORKERS", 0)
    hand = games.get("toy-bids").setup(2, 5)["hands"][0]
    args = console_args(tmp_path, players=2, no_images=True)
    args.bots = 1
    out = "\n".join(await run_console(args, f"0 bid {hand[0]}\n0 take\nundo\nmoves 0\n"))
    # whoever took the pot, undo goes back to seat 0's own choice: its bids are listed again
    assert "Took back" in out and f"  bid {hand[0]}" in out.rsplit("Took back", 1)[1]


async def test_console_refuses_a_table_of_bots_only(toy, tmp_path):
    args = console_args(tmp_path, players=2)
    args.bots = 2
    lines: list[str] = []
    assert await amain(args, stdin=io.StringIO(""), write=lines.append) == 1
    assert "--bots" in "\n".join(lines)


async def test_console_never_shows_a_bot_seats_private_texts(tmp_path):
    """Bruges with two bots: the person sees the cards they drew themselves, never a bot's."""
    args = console_args(tmp_path, game="bruges", players=3, seed=7, no_images=True)
    args.bots = 2
    out = await run_console(args, "draw a\ndraw a\ndraw b\ndraw b\ndraw a\nquit\n")
    drew = [line for line in out if line.startswith("You drew")]
    assert len(drew) == 1, drew  # seat 0's own five cards, once
    assert any("Bot 1" in line for line in out)  # the bots did move meanwhile


def test_a_bot_seat_is_named_as_up_never_told_your_turn():
    """People are asked ("Ann: choose your cards"); a bot seat reads no prompt, so the line
    says whose turn it is instead of addressing it."""
    from bot.table.posts import Post as Message
    from bot.words.i18n import t

    asks = [([(100, "Ann"), (-1, "Bot 1 🤖")], "choose your cards (secret)"), ([(-2, "Bot 2 🤖")], "your turn")]
    message = Message([], asks=asks)
    assert message.ask_lines(lambda key, **kw: t(key, "en", **kw), lambda _uid, name: name) == [
        "Ann: choose your cards (secret)", "Bot 1 🤖, Bot 2 🤖 are up"]
    zh = Message([], asks=[([(-1, "電腦 1 🤖")], "輪到你了：行動階段，第 1 回合")])
    assert zh.ask_lines(lambda key, **kw: t(key, "zh-TW", **kw), lambda _uid, name: name) == ["輪到 電腦 1 🤖"]


@pytest.mark.parametrize(("lang", "bot", "up"), [("en", "Bot 1 🤖", "Bot 1 🤖 is up"),
                                                 ("zh-TW", "電腦 1 🤖", "輪到 電腦 1 🤖")])
async def test_console_says_whose_turn_a_bot_seat_has(tmp_path, lang, bot, up):
    """Bruges with two bots: after the person's draws the console names the bot that is up,
    and only the person's own seat is asked something."""
    args = console_args(tmp_path, game="bruges", players=3, seed=3, no_images=True)
    args.bots, args.lang = 2, lang
    out = await run_console(args, "draw a\ndraw b\ndraw a\ndraw a\ndraw b\nquit\n")
    assert up in out
    assert not [line for line in out if line.startswith((bot + ":", bot + "：", bot + "，"))], out
    assert any(line.startswith(("P0:", "P0，")) for line in out)  # the person is still asked


async def test_console_menu_lines_read_in_chinese_punctuation(tmp_path):
    """A numbered menu's option and its note ("推進聲望（rep） — 5 元（你有 5 元）"), worded by the
    catalog: no half-width bracket beside Chinese."""
    from tests.i18n.test_zh_punctuation import half_width_marks

    args = console_args(tmp_path, game="bruges", players=3, seed=3, no_images=True)
    args.bots, args.lang = 2, "zh-TW"
    out = await run_console(args, "draw a\ndraw b\ndraw a\ndraw a\ndraw b\nroll\nmenu\nquit\n")
    options = [line for line in out if line.startswith("   1. ")]
    assert options and "推進聲望（rep） — " in options[-1], out[-6:]
    assert not [line for line in options if half_width_marks(line)], options


async def test_console_names_a_missing_seat_and_a_bot_seat(tmp_path):
    """"4 draw a" at a table of three, "1 draw a" for a bot's seat: said as such, not "you have no
    seat in this game"."""
    args = console_args(tmp_path, game="bruges", players=3, seed=3, no_images=True)
    args.bots = 2
    out = await run_console(args, "4 draw a\n1 draw a\nquit\n")
    assert "There is no seat 4: the seats are 0 to 2." in out
    assert "Seat 1 is Bot 1 🤖: it moves on its own." in out


async def test_console_menus_show_no_discord_marks(tmp_path):
    """A menu below a picked stem says what was picked ("目前已選：build") without Discord's code
    marks, as every other console line."""
    args = console_args(tmp_path, game="terra-mystica", players=3, seed=21, no_images=True)
    args.bots, args.lang = 2, "zh-TW"
    out = await run_console(args, "menu\n1\nmenu\n1\nmenu\n2\nmenu\n1\nmenu\n1\nquit\n")
    assert "目前已選：build" in out
    assert not [line for line in out if "`" in line], [line for line in out if "`" in line]


def test_a_language_named_that_we_do_not_have_is_refused(capsys):
    """--lang xx is refused by name, not played silently in English (the shell's own LANG, say
    C.UTF-8, is not a --lang: `make play` passes only a LANG= given on its command line)."""
    from bot.console import main as console_main

    with pytest.raises(SystemExit) as exit_:
        console_main(["bruges", "--players", "2", "--lang", "xx"])
    assert exit_.value.code == 2
    assert "argument --lang: en or zh-TW, not 'xx'" in capsys.readouterr().err
