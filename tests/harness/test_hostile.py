"""Breaking it again as a hostile user, or a hostile network, would (issue 30, item 5 of the
session's brief): a duplicated autocomplete event, a channel deleted while a move's post goes
out, a 429 with a long ``retry_after`` on the interaction's follow-up, a follow-up Discord fails,
and inputs longer than a message may be. Each: the work is done once, the caller is told the
truth, nothing is logged as an ERROR (the harness fails the test on one)."""

from __future__ import annotations

from .client import User
from .discord_api import CALLBACK, CREATE, FOLLOWUP

ALICE, BOB = User(101, "Alice"), User(102, "Bob")
LEAGUE = {"season-name": "Spring"}
#: longer than a message may be (2,000 characters), within what a slash option takes (6,000)
LONG = ("x" * 20 + " ") * 280


async def table(h) -> None:
    await h.slash(ALICE, "game new", game="tally", player2=BOB)
    await h.slash(ALICE, "game start")


async def test_the_same_autocomplete_twice_is_answered_once(h):
    """A duplicated autocomplete INTERACTION_CREATE was answered twice: Discord refused the second
    answer (40060) and the bot logged an ERROR."""
    await table(h)
    h.twice()
    choices = await h.complete(ALICE, "move", "move", "")
    assert [c.value for c in choices] and len(h.interactions) == len({i.id for i in h.interactions})


async def test_a_channel_deleted_while_the_move_is_posted(h):
    await table(h)
    h.discord.fail(CREATE, 404, 10003, times=100, channel=h.channel)  # gone after the interaction came
    await h.slash(ALICE, "move", move="pass")
    await h.wait(2)
    assert h.rows("SELECT COUNT(*) FROM moves") == [(1,)]
    assert "saved" in h.last(ALICE).content and "no longer exists" in h.last(ALICE).content
    assert h.rows("SELECT paused FROM games") == [("orphaned",)] and h.rows("SELECT failed FROM outbox WHERE n = 1") == [("gone",)]
    assert len([m for m in h.posts() if m.channel_id == h.dm(ALICE)]) == 1  # the creator told how to go on


async def test_a_long_429_on_the_follow_up_is_waited_out(h):
    """/league new answers by a follow-up; Discord answers it 429 with a minute's retry_after
    (without the proxy header, so discord.py does not wait itself): the league is made once and
    the admin told so a minute later. It was "Something went wrong; the game is unchanged" and
    an ERROR, with the league made."""
    admin = h.user("Admin", manage=True)
    fault = h.discord.fail(FOLLOWUP, 429, times=1, retry_after=60.0)
    await h.slash(admin, "league new", game="tally", players=2, **LEAGUE)
    assert fault.hits == 1 and h.rows("SELECT COUNT(*) FROM leagues") == [(1,)]
    assert not [m for m in h.ephemeral(admin) if "open for sign-up" in m.content]
    await h.wait(61)
    told = [m.content for m in h.ephemeral(admin)]
    assert len([c for c in told if "open for sign-up" in c]) == 1 and not [c for c in told if "unchanged" in c]


async def test_a_429_as_discord_sends_it_is_retried_by_discord_py(h):
    admin = h.user("Admin", manage=True)
    with h.instant_retries():
        fault = h.discord.fail(FOLLOWUP, 429, times=1, retry_after=60.0, via=True)
        await h.slash(admin, "league new", game="tally", players=2, **LEAGUE)
    assert fault.hits == 1 and len([m for m in h.ephemeral(admin) if "open for sign-up" in m.content]) == 1


async def test_a_follow_up_discord_fails_is_not_called_unchanged(h):
    """The answer's follow-up fails (503, five times) after the league was made: the admin is told Discord
    refused the answer and that it may have gone through, never "unchanged"; a warning, no ERROR."""
    admin = h.user("Admin", manage=True)
    with h.instant_retries():  # discord.py tries a webhook five times on a 5xx: all five fail
        fault = h.discord.fail(FOLLOWUP, 503, times=5)
        await h.slash(admin, "league new", game="tally", players=2, **LEAGUE)
    answer = h.last(admin).content
    assert fault.hits == 5
    assert h.rows("SELECT COUNT(*) FROM leagues") == [(1,)]
    assert "Discord refused part of my answer (503)" in answer and "unchanged" not in answer


async def test_inputs_longer_than_a_message_are_answered_within_its_limits(h):
    """A 5,880-character move, option text and autocomplete prefix: answered (clipped, quoted in
    part) within Discord's limits, which the fake enforces."""
    await table(h)
    await h.slash(ALICE, "move", move=LONG)
    assert 0 < len(h.last(ALICE).content) <= 2000 and h.rows("SELECT COUNT(*) FROM moves") == [(0,)]
    await h.complete(ALICE, "move", "move", LONG)
    await h.slash(ALICE, "game new", game="tally", options=LONG, channel=h.text_channel("other"))
    assert 0 < len(h.last(ALICE).content) <= 2000 and h.rows("SELECT COUNT(*) FROM games") == [(1,)]


async def test_a_429_on_the_full_boards_answer_is_waited_out_and_the_image_sent_whole(h):
    """The Full board button answers by a follow-up with the image: Discord answers it 429 with
    half a minute's retry_after; the board arrives once, a whole PNG (the upload read from its
    start again), and nothing is logged as an ERROR."""
    await table(h)
    post = next(m for m in h.posts() if "Full board" in m.labels())
    fault = h.discord.fail(FOLLOWUP, 429, times=1, retry_after=30.0)
    await h.click(BOB, post, "Full board")
    assert fault.hits == 1 and not [m for m in h.ephemeral(BOB) if m.png]
    await h.wait(31)
    boards = [m for m in h.ephemeral(BOB) if m.png]
    assert len(boards) == 1 and boards[0].png.startswith(b"\x89PNG") and boards[0].png.endswith(b"IEND\xaeB`\x82")


async def test_a_click_and_a_command_delivered_again_after_a_restart_are_dropped(h):
    """Discord may deliver an interaction again within its token's 15 minutes, to whichever process
    runs then. Only the ids that made a move were kept across a restart: a Play press, a
    /game status or an autocomplete delivered again was answered again, Discord refused it (40060,
    already acknowledged) and the bot logged an ERROR (the click, the autocomplete) or sent the
    caller "Discord refused an answer" (the command). A closing bot now keeps the ids it handled;
    the next start drops them."""
    await table(h)
    await h.slash(ALICE, "move", move="pass")
    post = [m for m in h.posts(h.channel) if "Play" in m.labels()][-1]
    click = await h.click(BOB, post, "Play")
    status = await h.slash(BOB, "game status")
    await h.complete(BOB, "move", "move", "")
    typing = h.interactions[-1]
    told = len(h.ephemeral(BOB))
    await h.restart()
    await h.wait(5)
    requests = len(h.requests())
    for inter in (typing, click, status):
        await h.again(inter)
    assert len(h.requests()) == requests and len(h.ephemeral(BOB)) == told


async def test_a_429_on_a_clicks_answer_is_a_warning_and_the_next_click_works(h):
    """Discord answers a click's callback 429 (half a minute's retry_after): the answer cannot wait
    that long (3 s), so the click is lost, but it is Discord's refusal, not a fault of ours: a
    warning, not discord.py's "Ignoring exception" ERROR; the next press gets the menu."""
    await table(h)
    await h.slash(ALICE, "move", move="pass")
    post = [m for m in h.posts(h.channel) if "Play" in m.labels()][-1]
    fault = h.discord.fail(CALLBACK, 429, times=1, retry_after=30.0)
    with h.expecting_errors() as errors:
        await h.click(BOB, post, "Play")
    assert fault.hits == 1 and [e.getMessage() for e in errors] == []
    await h.wait(31)
    await h.click(BOB, post, "Play")
    assert len(h.ephemeral(BOB)) == 1
