"""Completions of ``/game new``'s ``options`` text while it is typed (no Discord).

The words already typed stay; the last one is completed to what the game takes: a preset
(``league``), an option with each of its values (``map=fire-ice-1``, ``strict-leech=true``;
never the default, which needs no word) or, for a free value, the
name and ``=``. Each choice is described in the reader's language: a preset by the options
it sets, a value by its own words where the game has them (a map's name), else the option's.
"""

from __future__ import annotations

from games.core.messages import Msg, render

from ..words import help_terms
from .games import plug

#: Discord: at most 25 choices, names and values of at most 100 characters
LIMIT = 25
WIDTH = 100


def _typed(current: str) -> tuple[list[str], str]:
    """(the finished words, the word being typed)."""
    text = (current or "").replace(",", " ")
    words = text.split()
    if not words or text[-1:].isspace():
        return words, ""
    return words[:-1], words[-1]


def _candidates(game_id: str, engine) -> list[tuple[str, str, Msg | str]]:
    """(word, option name, description): presets first, then each option's values."""
    out: list[tuple[str, str, Msg | str]] = []
    plug(game_id)  # its words: the values' own (``OPTION_CHOICES``)
    for name, sets in (getattr(engine, "presets", None) or {}).items():
        out.append((name, name, Msg("bot.autocomplete.preset", {"n": len(sets), "names": ", ".join(sets)})))
    # the options with values of their own (a map) before the yes/no ones
    for opt in sorted(engine.options, key=lambda o: set(o.choices) <= {True, False}):
        described = help_terms.option(game_id, opt.name, opt.description)
        if not opt.choices:
            out.append((f"{opt.name}=", opt.name, described))
            continue
        for value in opt.choices:
            if value == opt.default:
                continue  # only the values that change something
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            word = help_terms.choice(game_id, opt.name, shown)
            out.append((f"{opt.name}={shown}", opt.name, word if word is not None else described))
    return out


def option_choices(game_id: str, engine, current: str, locale: str) -> list[tuple[str, str]]:
    """(label, value) pairs for the options field: ``value`` is the whole text to send."""
    done, last = _typed(current)
    named = {w.partition("=")[0].lower() for w in done}
    low = last.lower()
    starts, inside = [], []
    for word, name, described in _candidates(game_id, engine):
        if name.lower() in named:
            continue
        if word.lower().startswith(low):
            starts.append((word, described))
        elif low and low in word.lower():
            inside.append((word, described))
    out = []
    for word, described in (starts + inside)[:LIMIT]:
        value = " ".join([*done, word])
        if len(value) > WIDTH:
            continue
        said = render(described, locale) if isinstance(described, Msg) else str(described)
        label = f"{word}: {said}"
        out.append((label if len(label) <= WIDTH else label[:WIDTH - 1] + "…", value))
    return out
