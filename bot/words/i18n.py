"""The bot's words: ``t(key, locale, **params)`` and ``tr(msg, locale)`` over the shared registry.

Every sentence lives in a catalog under ``bot/words/`` (English and
Traditional Chinese), registered in the one registry every layer shares
(``games.core.messages``): engines' refusals and events, board labels and
the bot's own texts are all worded by ``render``.

* ``t("move.illegal", locale, reason=...)`` words a bot key (written with or
  without its ``bot.`` prefix; a key of another layer, e.g. an engine's
  ``woa.err.no_ship``, works too). What it returns is a ``Text``: a plain
  ``str`` in ``locale`` that still remembers its message, so a line the
  session layer wrote once can be worded again for another reader
  (``tr(line, "zh-TW")``): the public board in the server's language, an
  ephemeral reply in the player's own.
* ``tr(m, locale)`` words anything: a ``Msg``, a ``Text``, a list of them
  (joined the locale's way), or a plain string (returned as it is).

Which locale a reader gets is decided in ``bot.discord.glue`` (interaction
locale, ``/me settings language``, server default); the console takes
``--lang``/``LANG``. Nothing here imports discord.
"""

from __future__ import annotations

from typing import Any

from games.core import messages
from games.core.messages import LOCALES, SEPARATORS, Msg, fill_seats, normalize_locale, register, render

# The bot's catalogs are registered by bot/words/__init__.py, which Python runs before this module.

DEFAULT_LOCALE = messages.DEFAULT_LOCALE
#: the registry's catalogs (locale -> key -> template); bot keys carry the ``bot.`` prefix
CATALOGS = messages.CATALOGS
#: the English catalog (read-only use; add keys with ``register``)
EN = CATALOGS[DEFAULT_LOCALE]
#: what a locale is called in a menu, in its own language
LANGUAGE_NAMES = {"en": "English", "zh-TW": "繁體中文（台灣）"}


class Text(str):
    """A worded sentence that remembers its message, so it can be worded again
    (``names``: the seat names an engine's ``{p0}``, ``{p1}``... stand for; ``locale``: the
    language it is worded in, when known, so a caller wording it in that language again can
    take it as it is: ``bot.table.turns.condense``)."""

    __slots__ = ("msg", "names", "locale")

    def __new__(cls, value: str, m: Msg, names: tuple[str, ...] = (), locale: str | None = None):
        obj = super().__new__(cls, value)
        obj.msg = m
        obj.names = tuple(names)
        obj.locale = locale
        return obj


#: ``{p0}``, ``{p1}``... -> seat names: the engines' one filler (``games.core.messages``)
fill_names = fill_seats


def said(m: Msg | None, english: str, names, locale: str | None = None) -> str:
    """An engine's event or refusal (``m``, or only its English) in ``locale``, seat names filled in;
    a ``Text`` that can be worded again for another reader when there is a message.

    ``english`` is ``m`` worded in English (an event's ``text``, a refusal's ``str(err)``: both made
    by ``render(m)``), so an English reader gets it as it is: an engine's longer lines (a hand of
    cards, each a message) are not worded twice."""
    if m is None:
        return fill_names(english, names)
    named = titled(m)
    locale = locale or DEFAULT_LOCALE
    if english and locale == DEFAULT_LOCALE and named is m and english.__class__ is str:
        return Text(fill_names(english, names), m, tuple(names), locale)
    return Text(fill_names(render(named, locale), names), named, tuple(names), locale)


def titled(m: Msg) -> Msg:
    """An engine's message whose ``game`` is the engine's English name (``core.err.no_option``,
    ``core.err.players``) with the game's title key there instead: 《七島》 for a zh-TW reader."""
    if isinstance(m, Msg) and isinstance(m.params.get("game"), str):
        named = title(m.params["game"])
        if isinstance(named, Msg):
            return Msg(m.key, {**m.params, "game": named})
    return m


def full_key(key: str) -> str:
    """``"move.illegal"`` -> ``"bot.move.illegal"`` when that is a bot key; other keys as they are."""
    if key.startswith("bot."):
        return key
    prefixed = "bot." + key
    return prefixed if prefixed in EN else key


#: parameters that carry a game's English name, by key (``game`` everywhere)
_TITLE_PARAMS = {"bot.help.game_title": "name", "bot.help.list_line": "name"}


def title(name_or_id: str) -> Msg | str:
    """A game's title as a message (``bot.title.<id>``), from its id or English name; else as given."""
    gid = _game_ids().get(name_or_id, name_or_id)
    key = f"bot.title.{gid}"
    if key not in EN:
        return name_or_id
    return Msg(key, {})


def help_sheet(game_id: str, english: str, locale: str | None = None, summary: bool = False) -> Text:
    """A game's /help sheet (or its first line with ``summary``) as a ``Text``: the English
    sheet given here is registered as ``bot.help.text.<id>`` beside the zh-TW one in
    the game's plug file (``bot/table/games/<game>.py``, ``HELP_ZH``), so either reader gets their own."""
    lines = english.strip().splitlines() or ["-"]
    which = "summary" if summary else "text"
    key = f"bot.help.{which}.{game_id}"
    text = lines[0] if summary else "\n".join(lines)
    if EN.get(key) != text:
        register("en", {key: text.replace("{", "{{").replace("}", "}}")})
    return t(key, locale)


def _game_ids() -> dict[str, str]:
    """English game name -> id (the titles registered from the engines: ``name``, and ``names``
    for the other languages)."""
    if not _NAMES:
        import games

        for gid in games.game_ids():
            engine = games.get(gid)
            _NAMES[engine.name] = gid
            register("en", {f"bot.title.{gid}": engine.name})
            register("zh-TW", {f"bot.title.{gid}": engine.names["zh-TW"]} if "zh-TW" in engine.names else {})
    return _NAMES


_NAMES: dict[str, str] = {}


def t(key: str, locale: str | None = None, **params: Any) -> Text:
    """The sentence for ``key`` in ``locale`` (fallback English, then the key), filled with ``params``.

    An engine's line given as a parameter (a ``Text`` from ``said``) brings its seat names along,
    so the sentence can still be worded again with the names filled in.

    A parameter already worded in ``locale`` (a ``Text`` that knows it is) is taken as it is: a
    sentence made of lines (``joined``, ``sentences``) words each line once, not again at every
    level. The same words: the seat names a ``Text`` was filled with are the table's, and a name
    never reads as a seat's ``{pN}`` again (``words.names.inert`` escapes the braces), so filling
    the whole a second time changes nothing.

    A game's English name given as ``game=`` (``engine.name``) becomes its title key, so 《七島》
    reads in Chinese where "West of Africa" does in English. One pass over the parameters: every
    post's lines are made here."""
    full = key if key.startswith("bot.") else full_key(key)
    locale = locale or DEFAULT_LOCALE
    out: dict[str, Any] = {}  # the message's parameters: a Text as its message (worded again per reader)
    shown = None  # the parameters worded in ``locale`` already, taken as they are
    names: tuple[str, ...] = ()
    for k, v in params.items():
        cls = v.__class__
        if cls in _BARE:
            out[k] = v
            continue
        if cls is Text and v.msg.__class__ is Msg:
            out[k] = v.msg
            if not names and v.names:
                names = v.names
            if v.locale == locale:
                if shown is None:
                    shown = {}
                shown[k] = str(v)  # a plain str: ``render`` takes it without a look
            continue
        if cls is list and v and all(x.__class__ is Text and x.locale == locale and x.msg.__class__ is Msg for x in v):
            # lines worded in ``locale`` already (a result's score parts): joined as ``render`` joins
            # a list, not worded again
            out[k] = [x.msg for x in v]
            if not names:
                names = next((x.names for x in v if x.names), ())
            if shown is None:
                shown = {}
            shown[k] = SEPARATORS.get(locale, ", ").join([str(x) for x in v])
            continue
        out[k] = _unword(v)
        if not names:
            names = _names_in((v,))
    if "game" in out or full in _TITLE_PARAMS:
        for name in ("game", _TITLE_PARAMS.get(full)):
            if name and isinstance(out.get(name), str):
                out[name] = title(out[name])
    m = Msg(full, out)
    return Text(fill_names(render(m if shown is None else Msg(full, {**out, **shown}), locale), names), m, names,
                locale)


def sentences(parts, locale: str | None = None) -> Text | str:
    """Lines said one after another ("Ann sails. Ann sells."), worded again as a whole per reader:
    joined by ``bot.join.sentences`` (a space in English, nothing in Chinese). A part that does
    not end a sentence (an engine's log line "P0 takes BON1") gets its full stop (``join.stop``),
    so two lines never run together ("...BON1第 1 回合開始")."""
    parts = [p for p in parts if p]
    if len(parts) == 1:  # one line (a step's most often): itself, as ``joined`` would give it back
        return parts[0]
    ended = [p if i == len(parts) - 1 or str(p).rstrip().endswith(STOPS) else t("join.stop", locale, a=p)
             for i, p in enumerate(parts)]
    return joined(ended, "join.sentences", locale)


#: how a sentence may already end, in either language (a closing bracket or quote after its mark too)
STOPS = (".", "!", "?", "。", "！", "？", ":", "：", "」", "`")


def joined(parts, key: str = "join.lines", locale: str | None = None) -> Text | str:
    """``parts`` joined by ``key`` (``join.lines``: one per line; ``join.concat``: as they are),
    keeping each part's message: the whole can be worded again for another reader."""
    parts = [p for p in parts if p]
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = t(key, locale, a=part, b=out)
    return out


#: parameter types that carry neither a message nor seat names (checked by exact type: a ``Text`` is
#: a ``str`` that does; asking them for the attributes would raise and catch an error each time)
_BARE = frozenset({str, int, float, bool, type(None)})


def _names_in(values) -> tuple[str, ...]:
    for v in values:
        if v.__class__ in _BARE:
            continue
        names = getattr(v, "names", None)
        if names:
            return tuple(names)
        if isinstance(v, list | tuple):
            found = _names_in(v)
            if found:
                return found
    return ()


def tr(m: Any, locale: str | None = None) -> str:
    """``m`` worded in ``locale``: a ``Msg``, a ``Text`` (worded again, unless it is worded in
    ``locale`` already: a post's lines, worded by the table, reach a reader of the table's language
    as they are), a list, or a plain string."""
    loc = normalize_locale(locale)
    if m.__class__ is Text and m.locale == loc:  # worded in ``loc`` already: the same words (``t``)
        return str(m)
    if isinstance(m, Msg):
        return render(m, loc)
    inner = getattr(m, "msg", None)
    if isinstance(inner, Msg):
        return fill_names(render(inner, loc), getattr(m, "names", ()))
    if isinstance(m, list | tuple):
        return messages.join([_unword(x) for x in m], loc)
    return "" if m is None else str(m)


class Refusal(ValueError):
    """A value a player gave that we cannot take (a time zone, a time control): ``str(err)`` is
    the English sentence, ``reason(err)`` the one that can be worded again for each reader."""

    def __init__(self, key: str, **params: Any):
        self.text = t(key, **params)
        super().__init__(str(self.text))


def reason(err: BaseException) -> str:
    """Why ``err`` happened: a ``Text`` a reader gets in their own language when the error carries
    one (``Refusal``, or a ``ValueError`` raised with a worded sentence), else its text as it is."""
    text = getattr(err, "text", None)
    if isinstance(text, Text):
        return text
    if err.args and isinstance(err.args[0], Text):
        return err.args[0]
    return str(err)


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    """True when ``locale``'s own catalog words ``key`` (no English fallback)."""
    return full_key(key) in CATALOGS.get(normalize_locale(locale), {})


def pick_locale(*candidates: Any) -> str:
    """The first candidate that names a locale we have a catalog for (Discord codes,
    ``discord.Locale`` values, ``zh_TW``/``zh-TW.UTF-8`` style environment values),
    else English. ``None`` and empty candidates are skipped."""
    for c in candidates:
        loc = locale_of(c)
        if loc is not None:
            return loc
    return DEFAULT_LOCALE


def locale_of(value: Any) -> str | None:
    """One of ``LOCALES`` for ``value`` if it names one we have, else None."""
    if value is None:
        return None
    text = str(getattr(value, "value", value)).strip()
    if not text:
        return None
    text = text.split(".")[0].replace("_", "-")  # zh_TW.UTF-8 -> zh-TW
    low = text.lower()
    for loc in LOCALES:
        if low == loc.lower():
            return loc
    if low in ("zh-hk", "zh-hant", "zh-mo", "tw", "zh", "chinese", "中文", "繁體中文"):
        return "zh-TW"
    if low.startswith("en") or low in ("c", "posix"):
        return "en"
    return None


def _unword(value: Any) -> Any:
    if value.__class__ in _BARE:
        return value
    inner = getattr(value, "msg", None)
    if isinstance(inner, Msg):
        return inner
    if isinstance(value, list | tuple):
        return [_unword(v) for v in value]
    return value
