"""/game new with an option the game does not have: the refusal names the game in the reader's
language (《七島》 for a zh-TW reader, not "West of Africa")."""

from __future__ import annotations

import pytest

from bot.store import SqliteStore
from bot.table.sessions import Actor, SessionManager
from bot.words.i18n import tr

ANN = Actor(100, "Ann")
TITLES = {"west-of-africa": ("West of Africa", "七島"), "altiplano": ("Altiplano", "神祕高原"),
          "bruges": ("Bruges", "布魯日"), "amerigo": ("Amerigo", "亞美利哥"), "terra-mystica": ("Terra Mystica", "祕境")}


@pytest.fixture
async def store(tmp_path):
    s = await SqliteStore.open(str(tmp_path / "t.sqlite3"))
    yield s
    await s.close()


@pytest.mark.parametrize("game_id", sorted(TITLES))
async def test_an_unknown_option_names_the_title_in_the_readers_language(store, game_id):
    en, zh = TITLES[game_id]
    said = await SessionManager(store, locale="zh-TW").create(1, ANN, game_id, options="nosuch=1")
    assert not said.ok
    assert f"《{zh}》沒有「nosuch」這個選項" in said.text and en not in said.text, said.text
    said = await SessionManager(store, locale="en").create(2, ANN, game_id, options="nosuch=1")
    assert not said.ok
    assert f"{en} has no option 'nosuch'" in said.text and zh not in said.text, said.text
    # an English table's refusal, read by a zh-TW reader: worded again with the Chinese title
    again = tr(said.private.lines[0], "zh-TW")
    assert f"《{zh}》沒有「nosuch」這個選項" in again and en not in again, again


def test_too_many_players_names_the_title_in_the_readers_language():
    import games
    from bot.words.i18n import said
    from games.core import RuleError

    engine = games.get("west-of-africa")
    with pytest.raises(RuleError) as err:
        engine.check_players(9)
    assert said(err.value.msg, str(err.value), (), "zh-TW") == "《七島》適合 2-5 位玩家，不是 9 位。"
    assert said(err.value.msg, str(err.value), (), "en") == "West of Africa is for 2-5 players, not 9."
