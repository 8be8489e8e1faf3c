"""Play any registered game in a terminal, through the same session layer as Discord.

    python -m bot.console GAME --players N [--bots B] [--seed S] [--db FILE] [--out DIR] [--no-images] [--lang zh-TW]

Type one command per line (or pipe a whole game in on stdin):

    2 sell tenerife     seat 2 plays "sell tenerife"
    as 2                from now on, bare moves are played by seat 2
    sell tenerife       a bare move: the current seat (or the only seat to move)
    moves [SEAT] [PFX]  list the legal moves (next-token completions); "2 moves" too
    menu [SEAT]         the same menus as Discord's "Play" button, numbered: type a number
                        to pick (several for a multi-pick, e.g. `1 4`), 0 to go back to the top
    board               status and the board PNG
    hand 2              seat 2's private view (and hand_2.png)
    undo                take back the last move
    help                this text; `help game` for the game's notation
    quit                leave (end of input does the same)

Every seat is played by a local pretend user P0, P1, ..., except the last
``--bots B`` seats: bot seats (``bot.table.bot_seats``) that move on their own as
soon as it is their turn (``undo`` then takes back to your last move).
A PNG is written into DIR after every move. With ``--db FILE`` an unfinished game in that
file is picked up again.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

import games
from games.core.notation import is_number
from renderers import TURN_CONSOLE

from .config import settings_or_exit
from .store import DatabaseDamaged, SqliteStore, StoreUnavailable
from .table import bot_seats, menus
from .table.posts import Post
from .table.sessions import Actor, Reply, SessionManager
from .words.i18n import locale_of, pick_locale, t

CHANNEL = 1  # the console is one pretend channel
#: the console's language (``--lang``, else the shell's ``LANG``): "en" or "zh-TW"
LOCALE = "en"


def _t(key: str, **kw) -> str:
    return t(key, LOCALE, **kw)
USER_BASE = 1000


def player(seat: int) -> Actor:
    return Actor(USER_BASE + seat, f"P{seat}")


def plain(text: str) -> str:
    """Discord's bold and code marks dropped: they read as noise in a terminal."""
    return text.replace("**", "").replace("`", "")


class Console:
    def __init__(self, sessions: SessionManager, out: Path, write=print, bots: int = 0):
        self.sessions = sessions
        self.bots = bots
        self.out = out
        self.write = write
        self.seat: int | None = None
        #: the numbered menu on screen: (seat, menu), picked by typing its numbers
        self.menu: tuple[int, menus.Menu] | None = None
        #: show the menu of the seat to move after every reply (an interactive terminal)
        self.auto_menu = False

    # --- output ------------------------------------------------------------
    def show(self, reply: Reply, image: str | None = None, private: bool = True) -> None:
        """Print a reply; ``private=False`` for a bot seat's move: the person at the terminal
        sees only what the table sees (never the bot's hand or its private acknowledgements)."""
        for message in (reply.step, reply.private, reply.public) if private else (reply.public,):
            if message is None:
                continue
            self.write(self.text(message))
            if message.png is not None and image:
                path = self.out / image
                path.write_bytes(message.png)
                self.write(_t("console.image", path=path))

    def text(self, message: Post) -> str:
        lines = list(message.lines)
        if message.asks:  # "P1, P2: choose your cards (secret)", as the Discord post says it
            lines += message.ask_lines(_t, lambda _uid, name: name)
        elif message.up:
            lines.append(_t("up.now", who=[name for _, name in message.up]))
        return plain("\n".join(lines))

    @staticmethod
    def board_name(reply: Reply) -> str | None:
        return f"move_{reply.n:04d}.png" if reply.ok and reply.n is not None else None

    # --- commands ------------------------------------------------------------
    async def setup(self, game_id: str, players: int, options: str | None) -> bool:
        table = self.sessions.table(CHANNEL)
        if table is not None and table.record.game == game_id and table.record.status == "running":
            self.write(_t("console.resume", id=table.record.id, n=table.n))
            self.show(await self.sessions.board(CHANNEL), "board.png")
            return True
        if table is not None:
            await self.sessions.abort(CHANNEL, Actor(table.record.creator_id, "console", can_manage=True))
        humans = players - self.bots
        if self.bots < 0 or humans < 1:
            self.write(_t("console.bad_bots", players=players))
            return False
        reply = await self.sessions.create(CHANNEL, player(0), game_id, [player(s) for s in range(1, humans)],
                                           options, bots=self.bots)
        if not reply.ok:
            self.show(reply)
            return False
        reply = await self.sessions.start(CHANNEL, player(0))
        self.show(reply, "move_0000.png")
        return reply.ok

    def running(self) -> bool:
        table = self.sessions.table(CHANNEL)
        return table is not None and table.record.status == "running"

    async def handle(self, line: str) -> bool:
        """One input line; False when the console should stop."""
        words = line.split()
        if not words or words[0].startswith("#"):
            return True
        if len(words) > 1 and is_number(words[0], 20) and words[1].lower() in ("moves", "hand"):
            words = [words[1], words[0], *words[2:]]  # "2 moves" reads as "moves 2"
        head = words[0].lower()
        if head in ("quit", "exit", "q"):
            return False
        if head == "help":
            if len(words) > 1:
                table = self.sessions.table(CHANNEL)
                self.show(self.sessions.help(table.record.game if table else None))
            else:
                self.write(_t("console.help"))
            return True
        if self.menu is not None and all(is_number(w) for w in words):
            return await self.pick([int(w) for w in words])
        if head == "menu":
            seat = int(words[1]) if len(words) > 1 and is_number(words[1]) else self.current_seat()
            if seat is None:
                self.write(_t("console.which_seat", example="menu 1"))
            else:
                self.open_menu(seat)
            return True
        if head == "as" and len(words) == 2 and is_number(words[1], 20):
            self.seat = int(words[1])
            self.write(_t("console.as", seat=self.seat))
            return True
        if head == "board":
            self.show(await self.sessions.board(CHANNEL), "board.png")
            return True
        if head == "hand":
            seat = int(words[1]) if len(words) > 1 and is_number(words[1], 20) else self.current_seat()
            if seat is None:
                self.write(_t("console.which_seat", example="hand 1"))
                return True
            self.show(await self.sessions.hand(CHANNEL, player(seat)), f"hand_{seat}.png")
            return True
        if head == "moves":
            rest = words[1:]
            seat = int(rest.pop(0)) if rest and is_number(rest[0], 20) else self.current_seat()
            self.list_moves(seat, " ".join(rest) + (" " if line.endswith(" ") and rest else ""))
            return True
        if head == "undo":
            reply = await self.sessions.undo(CHANNEL)
            self.show(reply, self.board_name(reply))
            while reply.ok and self.bot_to_move() is not None:  # a bot's move is taken back with yours
                reply = await self.sessions.undo(CHANNEL)
                self.show(reply, self.board_name(reply))
            return True
        if is_number(head, 20) and len(words) > 1:
            return await self.move(int(head), " ".join(words[1:]))
        seat = self.current_seat()
        if seat is None:
            table = self.sessions.table(CHANNEL)
            waiting = [str(s) for s in table.to_move()] if table else ["-"]
            self.write(_t("console.whose_move", waiting=waiting))
            return True
        return await self.move(seat, line.strip())

    def bot_to_move(self) -> int | None:
        """The first bot seat the game waits for, if any."""
        table = self.sessions.table(CHANNEL)
        if table is None or table.record.status != "running":
            return None
        return next((s for s in table.to_move() if s < len(table.seats) and table.seats[s].is_bot), None)

    async def play_bots(self) -> None:
        """Bot seats move until the game waits for a person (or ends)."""
        while (seat := self.bot_to_move()) is not None:
            table = self.sessions.table(CHANNEL)
            engine = table.engine
            move = await bot_seats.bot_move(engine.id, engine.to_json_text(table.state), seat,
                                            table.record.seed * 100003 + table.n)
            reply = await self.sessions.move_as(CHANNEL, seat, move)
            self.show(reply, self.board_name(reply), private=False)
            if not reply.ok:  # never loop on a refused bot move
                break

    def current_seat(self) -> int | None:
        if self.seat is not None:
            return self.seat
        table = self.sessions.table(CHANNEL)
        waiting = table.to_move() if table else []
        return waiting[0] if len(waiting) == 1 else None

    def list_moves(self, seat: int | None, prefix: str) -> None:
        if seat is None:
            self.write(_t("console.which_seat", example="moves 1"))
            return
        moves = self.sessions.legal_moves(CHANNEL, player(seat).user_id, prefix, limit=200)
        if not moves:  # say why: not this seat's turn, or nothing starts like that
            self.write(self.sessions.autocomplete_note(CHANNEL, player(seat).user_id, prefix)
                       or _t("console.no_moves", seat=seat))
        for label, _value in moves:
            self.write(f"  {label}")

    async def move(self, seat: int, text: str) -> bool:
        self.menu = None
        table = self.sessions.table(CHANNEL)
        if table is not None and seat >= len(table.seats):  # not "you have no seat in this game"
            self.write(_t("console.no_seat", seat=seat, last=len(table.seats) - 1))
            return True
        if table is not None and table.seats[seat].is_bot:
            self.write(_t("console.bot_seat", seat=seat, name=table.seats[seat].name))
            return True
        reply = await self.sessions.move(CHANNEL, player(seat), text)
        self.show(reply, self.board_name(reply))
        return True

    # --- numbered menus (the Discord "Play" menus, built by bot.table.menus) ------------------
    def open_menu(self, seat: int, prefix: str = "", group: int | None = None) -> None:
        """Show ``seat``'s menu at ``prefix`` numbered, and keep it for the next line's numbers."""
        table = self.sessions.table(CHANNEL)
        if table is None or table.state is None or seat not in table.to_move():
            self.menu = None
            self.write(self.sessions.autocomplete_note(CHANNEL, player(seat).user_id, "")
                       or _t("console.no_moves", seat=seat))
            return
        menu = menus.build(table.record.game, table.engine, table.state, seat, prefix, group, LOCALE)
        if not menu.options:
            self.menu = None
            self.write(_t("console.no_moves", seat=seat))
            return
        self.menu = (seat, menu)
        lines = [plain(f"[{table.names[seat]}] {menu.title}")]
        for i, o in enumerate(menu.options, 1):
            shown = _t("console.menu.about", label=o.label, about=o.description) if o.description else o.label
            lines.append(f"  {i:>2}. {shown}")
        if prefix:
            lines.append("   0. " + _t("console.menu.top"))
        if menu.multi is not None:
            lines.append(_t("console.menu.multi", lo=menu.multi[0], hi=menu.multi[1]))
        else:
            lines.append(_t("console.menu.pick"))
        self.write("\n".join(lines))

    async def pick(self, numbers: list[int]) -> bool:
        """Numbers typed under a menu: play the move they make, or open the next level."""
        seat, menu = self.menu
        if numbers == [0]:
            self.open_menu(seat)
            return True
        if any(not 1 <= n <= len(menu.options) for n in numbers) or (menu.multi is None and len(numbers) != 1):
            self.write(_t("console.menu.bad", count=len(menu.options)))
            return True
        if menu.multi is not None:
            lo, hi = menu.multi
            if not lo <= len(numbers) <= hi:
                self.write(_t("console.menu.multi", lo=lo, hi=hi))
                return True
            kind, text, group = menus.pick(menu, [menu.options[n - 1].value for n in numbers])
        else:
            kind, text, group = menus.decode(menu.options[numbers[0] - 1].value)
        if kind != "move":
            self.open_menu(seat, text, group)
            return True
        await self.move(seat, text)
        table = self.sessions.table(CHANNEL)
        if table is not None and seat in table.to_move():  # the turn goes on: its next menu, as on Discord
            self.open_menu(seat)
        return True

    def offer_menu(self) -> None:
        """After a reply, in a terminal: the menu of the one person the game waits for."""
        if not self.auto_menu or self.menu is not None:
            return
        table = self.sessions.table(CHANNEL)
        if table is None or table.record.status != "running":
            return
        seat = self.current_seat()
        if seat is not None and seat in table.to_move() and not table.seats[seat].is_bot:
            self.open_menu(seat)


async def amain(args: argparse.Namespace, stdin=None, write=print) -> int:
    global LOCALE
    stdin = stdin or sys.stdin
    LOCALE = pick_locale(getattr(args, "lang", None))
    if args.game not in games.ENGINES:
        write(_t("unknown_game", game=args.game, known=", ".join(games.game_ids()) or "-"))
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = None
    db = args.db
    if not db:
        tmp = tempfile.TemporaryDirectory()
        db = str(Path(tmp.name) / "console.sqlite3")
    seed = args.seed
    try:
        store = await SqliteStore.open(db)
    except (DatabaseDamaged, StoreUnavailable) as err:
        write(f"meeplecord: {err}")
        return 2
    try:
        sessions = SessionManager(store, seed_source=lambda: seed if seed is not None else 1,
                                  render=not getattr(args, "no_images", False), locale=LOCALE)
        sessions.turn_kind = TURN_CONSOLE  # its turn images point to `board`, not to a Discord button
        await sessions.load_all()
        if await store.check_pages() is not None:  # every page (a bot does it after its start)
            write(f"meeplecord: {store.damaged}")
            return 2
        await sessions.verify_all()  # a logged move that no longer replays marks its game broken
        console = Console(sessions, out, write, bots=getattr(args, "bots", 0) or 0)
        if not await console.setup(args.game, args.players, args.options):
            return 1
        await console.play_bots()
        interactive = stdin.isatty()
        console.auto_menu = interactive
        if interactive:
            write(_t("console.hint"))
            console.offer_menu()
        while console.running():
            if interactive:
                print("> ", end="", flush=True)
            line = await asyncio.to_thread(stdin.readline)
            if not line:  # end of input
                break
            try:
                if not await console.handle(line.rstrip("\n")):
                    break
                await console.play_bots()
                console.offer_menu()
            except Exception as err:  # a bug must not end a long scripted game silently
                write(_t("console.error", error=f"{type(err).__name__}: {err}"))
        if console.running() and args.db:
            write(_t("console.saved", db=args.db))
        return 0
    finally:
        bot_seats.shutdown()
        await store.close()
        if tmp is not None:
            tmp.cleanup()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.console", description=__doc__.splitlines()[0])
    parser.add_argument("game", help="game id: " + (", ".join(games.game_ids()) or "(none registered)"))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", type=int, default=0,
                        help="how many of the seats (the last ones) bots play; e.g. --players 4 --bots 3 to practise")
    parser.add_argument("--seed", type=int, default=None, help="seed of a new game (default 1)")
    parser.add_argument("--db", default=None, help="SQLite file to keep the game in (default: a temporary one)")
    parser.add_argument("--out", default="out", help="folder for the PNG after every move (default out/)")
    parser.add_argument("--options", default=None, help="table options as name=value pairs")
    parser.add_argument("--no-images", action="store_true", help="skip drawing PNGs (fast scripted runs)")
    parser.add_argument("--lang", default=None,
                        help="language: en or zh-TW (default: the shell's LANG, e.g. zh_TW.UTF-8; else English)")
    args = parser.parse_args(argv)
    if args.lang is not None and locale_of(args.lang) is None:  # asked for by name: not silently English
        parser.error(f"argument --lang: en or zh-TW, not '{args.lang}'")
    args.lang = args.lang or os.environ.get("LANG")
    bot_seats.configure(settings_or_exit())  # BOT_SECONDS, BOT_WORKERS, ... from the environment and .env
    return asyncio.run(amain(args))


if __name__ == "__main__":
    sys.exit(main())
