"""A zh-TW server and zh-TW players, every title, through everything a player touches on
Discord: /help, /games, /me settings, /game new|status|board|history|settings|vacation,
autocomplete, the Play button's menus, /hand, the Full board button, a refused move,
/undo and its vote, a time-out and its drop vote. Every text the bot sent (message
content, embeds, buttons, select options and placeholders, modals, autocomplete choice
names, thread names) is scanned for English: Latin words of two or more letters that
are not move notation (the moves offered or played, the ids and options a player types)
nor one of a few justified words (``ALLOWED``).

The slash command tree itself must carry a zh-TW name and description for every
command, group, option and fixed choice."""

from __future__ import annotations

import random
import re

import pytest

import games
from bot.table.timers import ManualClock
from tests.harness.client import START, User
from tests.harness.play import pick

CJK = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]")
#: what is not prose: code spans (notation shown as code), mentions, channel links, timestamps,
#: custom emoji, links, and a name=value option as typed
NOT_PROSE = re.compile(r"`[^`]*`|<[@#][!&]?\d+>|<t:\d+(?::\w)?>|<a?:\w+:\d+>|https?://\S+|\b\w+=\S+"
                       r"|\b[\w-]+(?:\.[a-z]{2,})+\b")
#: Latin words a Taiwanese player reads as they are, each for a reason
ALLOWED = {
    "discord",  # the app's name
    "utc",  # the time zone a player set (/me settings timezone:UTC)
    "png",  # never in prose; an attachment's file name is not scanned
}
#: what the players of this test type that is not a move: answers quote it back, as they should
TYPED = {"xyzzy", "mars", "olympus", "blitz", "late"}
#: what a zh-TW player is called here (Latin names would hide English words)
NAMES = ("小明", "阿華", "美玲")
#: the server's name (a name, like the players')
GUILD = "Meeple Hall"
TURNS = 4


# --- reading what the bot sent -------------------------------------------------------------
def components_texts(items: list[dict], where: str):
    for item in items:
        if item.get("components"):
            yield from components_texts(item["components"], where)
        for key in ("label", "placeholder", "value" if item.get("type") == 4 else ""):
            if key and item.get(key):
                yield f"{where} {key}", item[key]
        for option in item.get("options") or []:
            yield f"{where} option", option.get("label") or ""
            yield f"{where} option description", option.get("description") or ""


def message_texts(body: dict, where: str):
    yield f"{where} content", body.get("content") or ""
    for embed in body.get("embeds") or []:
        for key in ("title", "description"):
            yield f"{where} embed {key}", embed.get(key) or ""
        for fld in embed.get("fields") or []:
            yield f"{where} embed field", fld.get("name") or ""
            yield f"{where} embed field", fld.get("value") or ""
        yield f"{where} embed footer", (embed.get("footer") or {}).get("text") or ""
        yield f"{where} embed author", (embed.get("author") or {}).get("name") or ""
    yield from components_texts(body.get("components") or [], where)


def sent_texts(h):
    """(where, text) for everything the bot sent through Discord's API in this test."""
    for r in h.requests():
        body = r.body
        if not isinstance(body, dict):
            continue
        if r.route.endswith("/callback"):
            data = body.get("data") or {}
            kind = body.get("type")
            if kind == 8:
                for choice in data.get("choices") or []:
                    yield "autocomplete choice", choice["name"]
            elif kind == 9:
                yield "modal title", data.get("title") or ""
                yield from components_texts(data.get("components") or [], "modal")
            else:
                yield from message_texts(data, f"response {kind}")
        elif r.route.startswith(("POST /webhooks", "PATCH /webhooks", "POST /channels/{channel_id}/messages",
                                 "PATCH /channels/{channel_id}/messages")):
            yield from message_texts(body, r.route)
        elif r.route == "POST /channels/{channel_id}/threads":
            yield "thread name", body.get("name") or ""


def move_tokens(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def offered_notation(h) -> set[str]:
    """Tokens of every move the bot offered (autocomplete values, menu values) or that was played."""
    out: set[str] = set()
    for (text,) in h.rows("SELECT text FROM moves"):
        out |= move_tokens(text)
    for r in h.requests():
        body = r.body if isinstance(r.body, dict) else {}
        data = body.get("data") or {} if r.route.endswith("/callback") else body
        for choice in data.get("choices") or []:
            out |= move_tokens(str(choice["value"]))
        stack = list(data.get("components") or [])
        while stack:
            item = stack.pop()
            stack.extend(item.get("components") or [])
            for option in item.get("options") or []:
                value = re.sub(r"^(m|s|g:\d+):", "", option.get("value") or "")
                out |= move_tokens(value)
    return out


def typed_words() -> set[str]:
    """What a player types: game ids, option names and values, time controls, and the notation
    every game's help sheet shows as code (`play 12 house`), wherever a sentence mentions it."""
    from bot.table import extras as ui
    from bot.table.games import plug

    out = move_tokens(" ".join(games.game_ids())) | {"none", "move", "chess", "auto", "en", "zh-tw", "tw"}
    for gid in games.game_ids():
        engine = games.get(gid)
        for option in engine.options:
            out |= move_tokens(option.name)
            out |= move_tokens(" ".join(str(c) for c in getattr(option, "choices", None) or []))
        for sheet in (ui.help_text(gid) or engine.help_text, getattr(plug(gid), "HELP_ZH", "")):
            out |= move_tokens(" ".join(re.findall(r"`([^`]*)`", sheet)))
    return out


def english(h, gid: str) -> dict[str, list[str]]:
    """English word -> where it was read (with the text around it)."""
    known = offered_notation(h) | typed_words() | ALLOWED | move_tokens(GUILD) | TYPED
    found: dict[str, list[str]] = {}
    for where, text in sent_texts(h):
        prose = NOT_PROSE.sub(" ", text)
        for word in WORD.findall(prose):
            if word.lower() not in known:
                found.setdefault(word, []).append(f"{where}: {text[:200]!r}")
    return found


# --- playing as a player would -------------------------------------------------------------
def latest(h, pred) -> object:
    found = [m for m in h.transcript() if pred(m)]
    return found[-1] if found else None


async def walk_menu(h, user: User, message) -> bool:
    """Click through the Play menus (first offer each time) until a move is played."""
    n = h.sessions.table(h.channel).n
    for _ in range(12):
        m = h.discord.messages[message.id]
        select = next((c for c in m.items() if c["type"] == 3 and not c.get("disabled")), None)
        if select is None:
            return False
        options = select["options"]
        take = max(1, select.get("min_values", 1))
        await h.click(user, m, select["custom_id"], values=[o["value"] for o in options[:take]])
        table = h.sessions.table(h.channel)
        if table is None or table.n != n:
            return True
    return False


def play_button(m) -> str | None:
    return next((c["custom_id"] for c in m.items() if c.get("custom_id", "").startswith("mc:p:")), None)


def seat_user(h, people: list[User]) -> User:
    table = h.sessions.table(h.channel)
    return people[sorted(table.to_move())[0]]


async def play_turns(h, people: list[User], rnd: random.Random, moves: int) -> None:
    for _ in range(moves):
        table = h.sessions.table(h.channel)
        if table is None or table.state is None:
            return
        user = people[rnd.choice(sorted(table.to_move()))]
        await h.slash(user, "move", move=await pick(h, user, rnd))


async def a_zh_tw_evening(h, gid: str) -> list[User]:
    people = [h.user(name, 900 + i, locale="zh-TW") for i, name in enumerate(NAMES)]
    ann, bob, cy = people
    await h.slash(ann, "help")
    await h.complete(ann, "help", "game", "")
    await h.slash(ann, "help", game=gid)
    await h.slash(bob, "me settings", remind=6.0, quiet="23:00-07:00", timezone="UTC", dm=False)
    await h.slash(cy, "me settings", language="zh-TW")
    await h.slash(cy, "me settings", timezone="Mars/Olympus")  # refused: no such time zone
    await h.slash(cy, "me settings", quiet="late")  # refused: not a time of day
    await h.slash(ann, "game new", game=gid, time="blitz")  # refused: not a time control
    await h.complete(ann, "game new", "game", "")
    await h.slash(ann, "game new", game=gid, player2=bob, time="move:24")
    await h.slash(cy, "game join")
    await h.slash(ann, "game settings", remind=8.0)
    await h.slash(ann, "game start")
    assert h.sessions.table(h.channel).state is not None, h.last(ann).content
    await h.slash(bob, "game status")
    await h.slash(bob, "game board")
    await h.slash(bob, "games")
    await h.slash(bob, "games", which="mine")
    for p in people:
        await h.slash(p, "hand")
    up = seat_user(h, people)
    waiting = [p for p in people if people.index(p) not in h.sessions.table(h.channel).to_move()]
    for p in waiting[:1]:
        await h.slash(p, "move", move="pass")  # not their turn
    await h.slash(up, "move", move="xyzzy 99")  # not a move
    await h.complete(up, "move", "move", "")
    await h.complete(up, "move", "move", "xyzzy")  # nothing matches: the note says why
    post = latest(h, lambda m: not m.ephemeral and play_button(m) is not None)
    assert post is not None, "no Play button under the turn post"
    for p in waiting[:1]:
        await h.click(p, post, play_button(post))  # not their turn: told so
    up = seat_user(h, people)
    await h.click(up, post, play_button(post))
    menu = h.ephemeral(up)[-1]
    await walk_menu(h, up, menu)
    await play_turns(h, people, random.Random(5), TURNS)
    board = latest(h, lambda m: not m.ephemeral and any(c.get("custom_id", "").startswith("mc:fb:")
                                                        for c in m.items()))
    if board is not None:
        await h.click(bob, board, next(c["custom_id"] for c in board.items() if c["custom_id"].startswith("mc:fb:")))
    await h.slash(cy, "game history")
    await h.slash(cy, "game board", move=1)  # the board after move 1, replayed
    await h.slash(cy, "game board", move=999)  # refused: no such move
    await undo_with_a_vote(h, people)
    await h.slash(bob, "game vacation", days=1)
    await h.wait(hours=30)  # reminders, then the move's time is up: the table votes
    await drop_vote(h, people)
    await h.slash(cy, "game new", game=gid, player2=ann, thread=True)  # a second table, in its own thread
    return people


async def undo_with_a_vote(h, people: list[User]) -> None:
    """Someone who moved earlier asks to take it back: the others vote by button."""
    table = h.sessions.table(h.channel)
    movers = [seat for (seat,) in h.rows("SELECT seat FROM moves WHERE game_id = ? ORDER BY n", (table.record.id,))]
    if not movers:
        return
    asker = people[movers[0]]
    await h.slash(asker, "undo", moves=min(2, len(movers)))
    for (poll,) in h.rows("SELECT id FROM pbp_polls WHERE kind = 'undo' ORDER BY id DESC LIMIT 1"):
        cid = f"pbp:vote:{poll}:yes"
        holder = latest(h, lambda m, cid=cid: cid in m.custom_ids())
        for p in people:
            if p is not asker and holder is not None and not h.discord.messages[holder.id].deleted:
                if cid in h.discord.messages[holder.id].custom_ids():
                    await h.click(p, holder, cid)


async def drop_vote(h, people: list[User]) -> None:
    for (poll,) in h.rows("SELECT id FROM pbp_polls WHERE kind != 'undo' ORDER BY id DESC LIMIT 1"):
        cid = f"pbp:vote:{poll}:drop"
        holder = latest(h, lambda m, cid=cid: cid in m.custom_ids())
        if holder is None:
            continue
        for p in people:
            if cid in h.discord.messages[holder.id].custom_ids():
                await h.click(p, holder, cid)


def touched(h) -> set[str]:
    """What the evening went through: interaction kinds by what they were."""
    out = set()
    for i in h.interactions:
        if i.type == 4 and i.choices:
            out.add("autocomplete")
        elif i.name.startswith("mc:w:"):
            out.add("menu")
        elif i.name.startswith("mc:fb:"):
            out.add("full board")
        elif i.name.startswith("pbp:vote:") and i.name.endswith(":yes"):
            out.add("undo vote")
        elif i.name.startswith("pbp:vote:") and i.name.endswith(":drop"):
            out.add("drop vote")
    return out


@pytest.mark.parametrize("gid", sorted(games.ENGINES))
async def test_a_zh_tw_player_reads_no_english_on_discord(gid, make_harness):
    h = await make_harness(seed=3, clock=ManualClock(START), guild_locale="zh-TW")
    await a_zh_tw_evening(h, gid)
    assert touched(h) >= {"autocomplete", "menu", "undo vote", "drop vote"}, touched(h)
    found = english(h, gid)
    report = "\n".join(f"{w}: {places[0]}" for w, places in sorted(found.items()))
    assert not found, f"{len(found)} English words a zh-TW player read:\n{report}"


async def test_the_scan_sees_english_where_a_reader_gets_it(make_harness):
    """The same evening with English clients on an English server: the scan must find words."""
    h = await make_harness(seed=3, clock=ManualClock(START))
    for i, name in enumerate(NAMES):
        h.user(name, 900 + i, locale="en-US")
    people = [h._users[900 + i] for i in range(len(NAMES))]
    await h.slash(people[0], "game new", game="bruges", player2=people[1], player3=people[2])
    await h.slash(people[0], "game start")
    await h.slash(people[1], "game status")
    found = english(h, "bruges")
    assert {"Up", "seated"} & set(found) or len(found) > 5, found


#: Latin words in the zh-TW command tree, each a value a player types or a proper name
COMMAND_WORDS = {
    "none", "move", "chess", "off",  # /game new time:none|move:48|chess:10+1, /me settings quiet:off
    "sell", "tenerife",  # the example move of /move
    "asia", "taipei", "europe", "berlin",  # time zone names as typed
    "discord", "english",  # the app, and English named in its own language among the languages
}


def command_nodes(nodes: list[dict], path: str = ""):
    for node in nodes:
        where = f"{path} {node['name']}".strip()
        yield where, node
        yield from command_nodes(node.get("options") or [], where)


async def test_the_command_tree_reads_in_chinese_for_zh_tw_clients(harness):
    h = harness
    missing, english_words = [], {}
    for where, node in command_nodes(h.commands):
        for field in ("name", "description"):
            text = (node.get(f"{field}_localizations") or {}).get("zh-TW")
            if not text:
                missing.append(f"{where} {field}")
                continue
            for word in WORD.findall(NOT_PROSE.sub(" ", text)):
                if word.lower() not in COMMAND_WORDS:
                    english_words.setdefault(word, f"{where} {field}: {text}")
        for choice in node.get("choices") or []:
            name = (choice.get("name_localizations") or {}).get("zh-TW")
            if not name:
                missing.append(f"{where} choice {choice['value']}")
            elif not CJK.search(name) and name != "English":
                english_words.setdefault(name, f"{where} choice {choice['value']}")
    assert len(list(command_nodes(h.commands))) > 40
    assert not missing, missing
    assert not english_words, english_words
