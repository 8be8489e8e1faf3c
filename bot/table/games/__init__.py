"""One plug file per game: what the bot's table knows of a game besides its engine (no Discord).

``bot/table/games/<id>.py`` (the game id with ``_`` for ``-``: ``west_of_africa.py``) is found by
its name; no list names the games. Every name in it is optional; a game without a plug file gets
the generic menus, prompt and help. A plug may define:

* ``prompt(engine, state, view, seat, verbs) -> Msg | None``: what the table asks ``seat`` now
  (``bot.table.prompts``; ``view`` is the shared public view, ``verbs`` the first words of the
  seat's legal moves);
* ``menu``, ``label``, ``stem``, ``same``: how its Play menus are shaped and named (``bot.table.menus``);
* ``autocomplete(engine, state, seat, prefix, limit)``: (move, note) pairs at once, for an engine
  whose per-move ``hint`` is costly; ``HELP``: a /help sheet richer than the engine's;
* ``VERBS_ZH``, ``VERB_ARGS``, ``token``: its menu verbs in zh-TW (``bot.table.verbs``);
* ``ROLE_FIELD``, ``ROLE_KEY``: a seat's role in the records, the public view's player field it is
  read from (``bot.table.records.results``) and its message key (``bot.table.records.roles``);
* ``GLOSSARY``, ``KEY_MARKS``: its zh-TW terms and its catalog keys' marks (``bot.table.glossary``);
* ``QUIET_EVENTS``, ``GROUPS``: the events its turn summaries leave out or tell once (``bot.table.turns``);
* ``STANDING_ORDERS``, ``standing_answer(engine, state, seat, orders)``, ``OPEN_INFORMATION``: the
  standing orders it offers besides "only legal move", what they answer now, and whether an answer
  may go out at once (``bot.table.pbp.orders``);
* ``OPTION_CHOICES``: option -> value -> (English, zh-TW), a value's own words in /game new's
  options autocomplete (``bot.table.option_complete``; registered by ``register_words(choices=)``);
* its words, registered by one call at its end, ``register_words(game_id, ...)``: its sentences
  (``EN``, ``ZH``: prompts, menus, turn summaries), the verbs, the zh-TW of its options and
  "not verified" lines as the engine words them in English, its zh-TW /help sheet.

Its buttons beyond "Play" and "Full board", being Discord, live in
``bot/discord/components/<id>.py``, found the same way.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import games
from games.core.messages import register

from ...words import help_terms


def module_name(game_id: str) -> str:
    """The plug's file stem: the game id with ``_`` for ``-``."""
    return game_id.replace("-", "_")


def plug(game_id: str) -> ModuleType | None:
    """The game's plug module, or None when it has none (found once per game: a move asks for
    it several times, and ``import_module`` costs more than a dictionary's lookup)."""
    try:
        return _PLUGS[game_id]
    except KeyError:
        pass
    name = f"{__name__}.{module_name(game_id)}"
    try:
        found = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:  # the plug exists but something it imports does not: a real error
            raise
        found = None
    _PLUGS[game_id] = found
    return found


#: game id -> its plug module (None: it has none), as :func:`plug` found it
_PLUGS: dict[str, ModuleType | None] = {}


def load_plugs() -> None:
    """Import every game's plug, so that all their words are in the catalogs (the session layer
    calls it once: a game list or /help words every game)."""
    for game_id in games.game_ids():
        plug(game_id)


def verb_key(game_id: str, verb: str) -> str:
    """The catalog key of a menu verb's word."""
    return f"bot.verb.{game_id}.{verb}"


def every(name: str) -> list:
    """The plugs' values of ``name``, one per game whose plug defines it (``turns``' quiet and
    grouped events)."""
    found = (getattr(plug(game_id), name, None) for game_id in games.game_ids())
    return [value for value in found if value is not None]


def register_words(game_id: str, *, en: dict | None = None, zh: dict | None = None,
                   verbs: dict[str, str] | None = None, verbs_en: dict[str, str] | None = None,
                   options: dict[str, str] | None = None, unverified: dict[str, str] | None = None,
                   help_zh: str | None = None,
                   choices: dict[str, dict[str, tuple[str, str]]] | None = None) -> None:
    """Register a plug's words (each plug calls it once, at its end): ``en`` and ``zh`` (its
    sentences by key: what the table asks, its menus' and turn summaries' words), ``verbs`` (notation verb ->
    zh-TW word; English keeps the notation, but for ``verbs_en``: verb -> English word where the notation
    is a code, Amerigo's "n"), ``options`` (option name -> zh-TW description),
    ``unverified`` (the engine's English "not verified" line -> zh-TW) and ``help_zh`` (the zh-TW
    /help sheet; its first line is the game's summary in the /help list) and ``choices`` (option ->
    value -> (English, zh-TW): a value's own words in the options autocomplete of /game new)."""
    verbs = verbs or {}
    picks = [(help_terms.choice_key(game_id, n, v), words) for n, values in (choices or {}).items()
             for v, words in values.items()]
    register("en", {k: en.replace("{", "{{").replace("}", "}}") for k, (en, _) in picks})
    register("en", (en or {}) | {verb_key(game_id, v): v for v in verbs}
             | {verb_key(game_id, v): w for v, w in (verbs_en or {}).items()})
    zh = dict(zh or {}) | {verb_key(game_id, v): w for v, w in verbs.items()}
    zh |= {help_terms.option_key(game_id, n): text for n, text in (options or {}).items()}
    zh |= {help_terms.unverified_key(game_id, en): text for en, text in (unverified or {}).items()}
    zh |= {k: words for k, (_, words) in picks}
    if help_zh:
        zh |= {f"bot.help.text.{game_id}": help_zh, f"bot.help.summary.{game_id}": help_zh.splitlines()[0]}
    register("zh-TW", zh)
