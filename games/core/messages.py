"""Message keys and their catalogs: what a player reads, kept apart from the rules.

Engines, renderers and the bot never build a sentence for a player
directly; they name a message (``msg("woa.err.no_ship", space="F3")``) and
the reader's locale words it at the last moment (``render(m, "zh-TW")``).
This is the one registry every layer shares; catalogs are plain data that
each module owning keys adds with ``register``.

Templates are ``str.format`` strings (``{what!c}`` capitalises a worded
parameter that starts an English sentence, ``{what!l}`` lower-cases one). A template may instead be a dict
``{"one": ..., "other": ...}`` chosen by the parameter ``n`` (English
plurals; Chinese needs only ``other``). A parameter may itself be a
``Msg`` (rendered in the same locale) or a list of them (joined with the
locale's list separator), so component names inside a sentence translate
too.
"""

from __future__ import annotations

from collections.abc import Mapping

from .patterns import LazyPattern

#: ``typing`` only names types here: importing it costs a one-game replay's start-up (issue 33
#: goal 7) for nothing at run time
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEFAULT_LOCALE = "en"
LOCALES = ("en", "zh-TW")
#: Discord locale codes that read one of our catalogs
ALIASES = {"en-US": "en", "en-GB": "en", "zh-TW": "zh-TW", "zh-HK": "zh-TW"}
SEPARATORS = {"en": ", ", "zh-TW": "、"}

#: ``re`` and ``string`` are imported only when needed: a one-game replay reads no pattern (issue 33 goal 7)
KEY_RE = LazyPattern(r"^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$")
_KEY_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_-."

Template = str | Mapping[str, str]
CATALOGS: dict[str, dict[str, Template]] = {loc: {} for loc in LOCALES}
_NONE: dict = {}


class Msg:
    """A sentence to be worded later: a catalog key and its parameters. Immutable; equal when key
    and parameters are (written out rather than a frozen dataclass: see ``games.core.plain``)."""

    __slots__ = ("key", "params")
    key: str
    params: Mapping[str, Any]

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        _set_key(self, key)
        _set_params(self, {} if params is None else params)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field '{name}': a Msg is immutable")

    __delattr__ = __setattr__

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.key, self.params) == (other.key, other.params)

    def __repr__(self) -> str:
        return f"Msg(key={self.key!r}, params={self.params!r})"

    def __reduce__(self):
        return (Msg, (self.key, self.params))

    def __str__(self) -> str:
        return render(self, DEFAULT_LOCALE)

    def to_json(self) -> dict:
        params = self.params
        for v in params.values():
            if v.__class__ not in _PLAIN:
                return {"key": self.key, "params": {k: v if v.__class__ in _PLAIN else _param_json(v)
                                                    for k, v in params.items()}}
        return {"key": self.key, "params": dict(params)}  # plain values only (most lines): a copy

    @classmethod
    def from_json(cls, data: dict) -> Msg:
        return cls(data["key"], {k: _param_load(v) for k, v in data.get("params", {}).items()})

    def __hash__(self) -> int:  # params is a dict: hash by the sentence it words
        return hash((self.key, render(self, DEFAULT_LOCALE)))


#: a seat in an engine's text: ``{p0}``, ``{p1}``, ... (whoever shows the text puts the seat's name there)
SEAT = LazyPattern(r"\{p(\d+)\}")


def seat_ref(seat: int) -> str:
    """Seat ``seat`` in an engine's text, ``{pN}``: the one way engines name a seat, filled by
    ``fill_seats`` with the name when someone reads it."""
    return f"{{p{seat}}}"


def fill_seats(text: str, names) -> str:
    """``{p0}``, ``{p1}``... in ``text`` -> ``names`` (a seat beyond ``names`` is left as it is).
    The one seat-name filler: the bot's lines and every board's last-move lines use it."""
    if not names or "{p" not in text:
        return text
    # ``SEAT.sub`` with a function paid a Python call and two ``group`` calls a seat name (about
    # 5,000 instructions); split keeps each seat's digits at the odd places, filled in one pass
    parts = (SEAT._compiled or SEAT.compiled()).split(text)
    seats = len(names)
    for i in range(1, len(parts), 2):
        seat = int(parts[i])
        parts[i] = names[seat] if seat < seats else "{p" + parts[i] + "}"
    return "".join(parts)


def first_seat(lines, players: int) -> int | None:
    """The seat named first (``{pN}``) in ``lines``, when it is one of ``players`` seats; else None."""
    for line in lines or []:
        m = SEAT.search(str(line))
        if m and int(m.group(1)) < players:
            return int(m.group(1))
    return None


#: the slots' own setters: a Msg refuses ``setattr`` (immutable), and these skip its lookup (every
#: line an engine tells makes one or more: the most made object of a replay)
_set_key = Msg.key.__set__  # type: ignore[attr-defined]
_set_params = Msg.params.__set__  # type: ignore[attr-defined]
_new = object.__new__


def msg(key: str, **params: Any) -> Msg:
    m = _new(Msg)
    _set_key(m, key)
    _set_params(m, params)
    return m


class Worded(str):
    """A message already worded in English that keeps its message (``.msg``): a note an engine
    returns as a string (an autocomplete hint) compares as its English text, and the bot words
    it again in the reader's language."""

    __slots__ = ("msg",)

    def __new__(cls, m: Msg):
        obj = super().__new__(cls, render(m, DEFAULT_LOCALE))
        obj.msg = m
        return obj


def worded(key: str, **params: Any) -> Worded:
    return Worded(Msg(key, params))


def is_key(text: str) -> bool:
    """True when ``text`` looks like a message key rather than a sentence (``KEY_RE``; every
    catalog entry is checked at import, so ASCII text is read by hand)."""
    if not text.isascii():
        return bool(KEY_RE.match(text))
    if text.endswith("\n"):  # the pattern's '$' also matches before one final newline
        text = text[:-1]
    parts = text.split(".")
    return len(parts) >= 2 and "" not in parts and "a" <= text[0] <= "z" and text.strip(_KEY_CHARS) == ""


def normalize_locale(locale: str | None) -> str:
    """Discord's locale code (``zh-TW``, ``en-US``...) -> one of ``LOCALES``."""
    if locale.__class__ is str and locale in LOCALES:  # the common case, first
        return locale
    if not locale:
        return DEFAULT_LOCALE
    locale = str(getattr(locale, "value", locale))
    if locale in LOCALES:
        return locale
    return ALIASES.get(locale, DEFAULT_LOCALE)


def all_keys(texts) -> bool:
    """True only when every one of ``texts`` is a key (``is_key``), read together rather than a
    call each: a catalog's hundreds of keys are checked at import (about 2 M instructions of a
    replay's start-up that way, issue 33 goal 7). False leaves the verdict to ``is_key``."""
    try:
        every = "".join(texts)
    except TypeError:
        return False
    if not every.isascii() or every.strip(_KEY_CHARS):   # a character no key has
        return False
    joined = "|" + "|".join(texts) + "|"   # no key has '|': where each starts and ends
    return ("|." not in joined and ".|" not in joined and ".." not in joined
            and all("a" <= t[:1] <= "z" and "." in t for t in texts))


def register(locale: str, entries: Mapping[str, Template]) -> None:
    """Add a module's keys to ``locale``'s catalog (last registration wins)."""
    if not all_keys(entries):
        bad = [k for k in entries if not is_key(k)]
        if bad:
            raise ValueError(f"not message keys: {bad[:5]}")
    CATALOGS.setdefault(locale, {}).update(entries)


def template(key: str, locale: str = DEFAULT_LOCALE) -> Template | None:
    """The raw template, with the English fallback; None for an unknown key."""
    found = CATALOGS.get(locale, {}).get(key)
    return found if found is not None else CATALOGS[DEFAULT_LOCALE].get(key)


def placeholders(tmpl: Template) -> set[str]:
    """The parameter names a template uses (all plural forms together)."""
    import string

    texts = tmpl.values() if isinstance(tmpl, Mapping) else [tmpl]
    names = set()
    for text in texts:
        for _, name, _, _ in string.Formatter().parse(text):
            if name:
                names.add(name.split(".")[0].split("[")[0])
    return names


def render(m: Msg | str, locale: str | None = DEFAULT_LOCALE) -> str:
    """Word ``m`` in ``locale``: fall back to English, then to the key itself.

    A plain string is returned as it is (a name, a move, or text not yet
    keyed), so callers can pass either.
    """
    if m.__class__ is not Msg and not isinstance(m, Msg):
        return str(m)
    loc = locale if locale.__class__ is str and locale in LOCALES else normalize_locale(locale)
    tmpl = CATALOGS.get(loc, _NONE).get(m.key)  # ``template``, written out (once per line told)
    if tmpl is None:
        tmpl = CATALOGS[DEFAULT_LOCALE].get(m.key)
        if tmpl is None:
            return m.key
    params = m.params
    for v in params.values():
        if v.__class__ not in _PLAIN:  # a worded parameter (a Msg, a list): word them all
            params = _worded(params, loc)
            break
    if tmpl.__class__ is not str:  # plural forms
        n = m.params.get("n")
        one = n in (1, -1) and not isinstance(n, bool)  # "+1 point", "-1 coin"
        tmpl = tmpl.get("one") if one and "one" in tmpl else tmpl.get("other", next(iter(tmpl.values())))
    try:
        if "!" in tmpl and ("!c}" in tmpl or "!l}" in tmpl):
            return converted(tmpl, params)
        return tmpl.format_map(params)  # ``format(**params)`` without the copy into keywords
    except (KeyError, IndexError, ValueError):
        return tmpl


def _worded(params: Mapping[str, Any], loc: str) -> dict[str, Any]:
    """``params`` with each message worded in ``loc`` and each list joined the locale's way (what
    ``_word`` does, its usual cases written out: a line told words several per move)."""
    out = {}
    catalog = CATALOGS.get(loc, _NONE)
    for k, v in params.items():
        cls = v.__class__
        if cls is str or cls is int:
            out[k] = v
        elif cls is Msg:
            # a name (a card, a good, a place): a message of no parameters whose template has no
            # field is its template, as ``render`` words it
            tmpl = None if v.params else catalog.get(v.key)
            if tmpl.__class__ is str and "{" not in tmpl and "}" not in tmpl:
                out[k] = tmpl
            else:
                out[k] = render(v, loc)
        elif cls is list or cls is tuple:
            out[k] = SEPARATORS.get(loc, ", ").join([i if i.__class__ is str else _name(i, loc, catalog) for i in v])
        else:
            out[k] = _word(v, loc)
    return out


#: template with ``!c``/``!l`` -> (the same template for ``str.format``, each such field renamed to a
#: slot, and the (slot, parameter, conversion) to fill), or None where only the Formatter will do
_CONVERTED: dict[str, tuple[str, tuple[tuple[str, str, str], ...]] | None] = {}


def converted(tmpl: str, params: Mapping[str, Any]) -> str:
    """``tmpl`` worded with ``{what!c}``/``{what!l}`` as ``_capital()`` words it, through ``str.format``:
    the template is read once (``_string.formatter_parser``, the C parser ``string.Formatter`` uses)
    and each converted field becomes a slot filled beforehand. ``string.Formatter`` is pure Python,
    about 10,000 instructions a line, and the bot words ``{what!c}`` on every move's "your turn"."""
    try:
        plan = _CONVERTED[tmpl]
    except KeyError:
        plan = _CONVERTED[tmpl] = _plan(tmpl)
    if plan is None:
        return _capital().format(tmpl, **params)
    text, slots = plan
    filled = dict(params)
    for slot, name, conversion in slots:
        value = str(params[name])
        filled[slot] = value[:1].upper() + value[1:] if conversion == "c" else value.lower()
    return text.format_map(filled)


def _plan(tmpl: str) -> tuple[str, tuple[tuple[str, str, str], ...]] | None:
    """``converted``'s reading of ``tmpl``; None when a converted field is not a plain name (an
    index, an attribute, a positional field: left to the Formatter)."""
    from _string import formatter_parser

    pieces: list[str] = []
    slots: list[tuple[str, str, str]] = []
    try:
        parsed = list(formatter_parser(tmpl))
    except ValueError:  # a broken template: the Formatter raises as ``render`` expects
        return None
    for literal, name, spec, conversion in parsed:
        pieces.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if conversion in ("c", "l"):
            if not name.isidentifier():
                return None
            slot = f"\0{len(slots)}"  # no parameter of a message is named so
            slots.append((slot, name, conversion))
            name, conversion = slot, None
        pieces.append("{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}")
    return "".join(pieces), tuple(slots)


_CAPITAL: list = []


def _capital():
    """The formatter of ``{what!c}`` and ``{what!l}``, made on first use (``string`` imports ``re``)."""
    if not _CAPITAL:
        import string

        class _Capital(string.Formatter):
            """``{what!c}``: the parameter with its first letter capitalised (an English sentence
            that starts with a worded parameter); ``{what!l}``: in lower case (button labels named
            inside a sentence). Chinese templates simply do not use them."""

            def convert_field(self, value: Any, conversion: str | None) -> Any:
                if conversion == "c":
                    text = str(value)
                    return text[:1].upper() + text[1:]
                if conversion == "l":
                    return str(value).lower()
                return super().convert_field(value, conversion)

        _CAPITAL.append(_Capital())
    return _CAPITAL[0]


#: parameter types worded as they are (checked by exact type: cheaper than isinstance)
_PLAIN = frozenset({str, int})


def join(items: list, locale: str | None = DEFAULT_LOCALE) -> str:
    """Items worded and joined the locale's way (", " or "、")."""
    loc = normalize_locale(locale)
    return SEPARATORS.get(loc, ", ").join(render(i, loc) for i in items)


def _name(m: Any, loc: str, catalog: dict) -> str:
    """``render(m, loc)``, a message of no parameters whose template has no field read as it is
    (``catalog``: ``loc``'s)."""
    if m.__class__ is Msg and not m.params:
        tmpl = catalog.get(m.key)
        if tmpl.__class__ is str and "{" not in tmpl and "}" not in tmpl:
            return tmpl
    return render(m, loc)


def _word(value: Any, locale: str) -> Any:
    if isinstance(value, Msg):
        return render(value, locale)
    if isinstance(value, list | tuple):
        return join(list(value), locale)
    return value


def _param_json(value: Any) -> Any:
    cls = value.__class__
    if cls is Msg or (cls is not list and isinstance(value, Msg)):
        return {"$msg": value.to_json()}
    if cls is list or isinstance(value, list | tuple):
        return [v if v.__class__ in _PLAIN else _param_json(v) for v in value]
    return value


def _param_load(value: Any) -> Any:
    if isinstance(value, dict) and "$msg" in value:
        return Msg.from_json(value["$msg"])
    if isinstance(value, list):
        return [_param_load(v) for v in value]
    return value
