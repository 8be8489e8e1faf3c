"""West of Africa's plug file (see ``bot.table.games``): its prompt and menus; the secret card
choice as one multi-select. Each card says its number; the fifth card's cost is said once, in the title and the placeholder (where a
phone shows it, above the list), before you commit. Everything else is the generic walker (ship
placement, worker moves, farm, sell, build, sail: whole moves when they fit in a menu), except that
a move which may go on ("farm tenerife grain", then another crop or a worker's help) is offered both
as it stands and as "…" for more (``goes_on``): every move a player can type is a few clicks."""

from __future__ import annotations

from games.core.messages import CATALOGS, Msg, join, msg, render

from ..menus import Menu, Option
from ..prompts import choices


def menu(engine, state, seat: int, prefix: str, locale: str = "en") -> Menu | None:
    if prefix not in ("", "choose ") or state.get("phase") != "choose":
        return None
    from games.west_of_africa.data import CARD_NUMBERS, FIFTH_CARD_COST

    tokens = []
    for m in engine.legal_moves(state, seat, "choose "):
        token = m[len("choose "):].strip()
        if token and token not in tokens:
            tokens.append(token)
    if "minus" in tokens and "choose minus minus" in engine.legal_moves(state, seat, "choose minus "):
        tokens.append("minus minus")  # a second Minus 4 card in hand: both at once
    title = render(msg("bot.menu.cards", cost=FIFTH_CARD_COST), locale)
    out = Menu(title=title, prefix="choose ", multi=(1, min(5, len(tokens))), placeholder=title[:150])
    for token in tokens:
        number = sum(CARD_NUMBERS.get(t, 0) for t in token.split())
        name = card_name(token, locale) if " " not in token else f"{card_name('minus', locale)} ×2"
        out.options.append(Option(name, token, render(msg("bot.menu.card", n=number), locale)))
    return out


def card_name(token: str, locale: str) -> str:
    """A card's name in the reader's language (the token itself when the catalog has none)."""
    key = f"woa.card.{token}"
    return render(msg(key), locale) if key in CATALOGS["en"] else token


#: the moves a menu words (``place`` and ``retreat`` name one island: ``bot.words.verbs`` does them)
WORDED = ("farm", "sell", "build", "move", "ship")
#: Discord's longest option label
LABEL_MAX = 100
#: moves whose tokens after the island may come in any order (the same crops, helpers or spaces)
UNORDERED = ("farm", "sell", "build")
#: moves that may go on after a complete form: another crop or a helper, crop sold, space built, stop
GOES_ON = ("farm", "sell", "build", "move", "ship")


def goes_on(stem: str) -> bool:
    """Whether the menu offers ``stem`` ("farm tenerife grain ") beside the move it completes."""
    words = stem.split()
    return len(words) >= 2 and words[0] in GOES_ON


def _helpers(tokens: list[str], locale: str) -> list[str]:
    """The helpers of a planting (each west/east word: a worker on the island helps, then goes to
    that ship) in the reader's words, one phrase for each ship ("2 workers here help, then go to
    the west ship")."""
    out = []
    for ship in ("west", "east"):
        n = tokens.count(ship)
        if n:
            out.append(render(msg("bot.menu.woa.helpers", n=n, ship=msg(f"woa.ship.{ship}")), locale))
    return out


def label(engine, state, seat: int, move: str, locale: str = "en"):
    """A whole move in the reader's words beside its notation ("耕種作物：特內里費島 穀物、蔗糖
    （farm tenerife grain sugar）"); None in English, where the notation is the words already."""
    from games.core.messages import normalize_locale

    from ...words import verbs

    words = move.split()
    helping = words[0] == "farm" and any(t in ("west", "east") for t in words[2:])
    if (normalize_locale(locale) == "en" and not helping) or len(words) < 2 or words[0] not in WORDED:
        return None  # English notation is its words, but for a planting's helpers
    verb, args = words[0], words[1:]
    if verb in ("move", "ship"):  # a route: places one after another, what happens at each beside it
        stops: list[str] = []
        for tok in args:
            worded = token(tok, locale)
            if not worded:
                continue
            if _is_place(tok) or not stops:
                stops.append(worded)
            else:
                stops[-1] += " " + worded
        what = " → ".join(stops)
    else:  # one island, then what is planted, sold or built there, and who helps
        items = [token(t, locale) for t in args[1:] if t not in ("west", "east")]
        what = token(args[0], locale) + (" " + join(items, locale) if items else "")
        if helping:
            what = render(msg("bot.menu.then", a=what, b=join(_helpers(args[1:], locale), locale)), locale)
    word = render(msg(verbs.key("west-of-africa", verb)), locale)
    worded = render(msg("bot.menu.act", word=word, what=what), locale)
    full = render(msg("bot.menu.verb", word=worded, verb=move), locale)
    return (full if len(full) <= LABEL_MAX else worded), ""  # a long route: its words, not a cut notation


def stem(text: str, locale: str = "en", prefix: str = "") -> str | None:
    """The tokens of a deeper menu level ("tenerife …") in the reader's words, or None; a
    planting's helper ("west …" under "farm palma wine ") in any language."""
    from games.core.messages import normalize_locale

    if prefix.startswith("farm ") and text in ("west", "east"):
        return join(_helpers([text], locale), locale)
    if normalize_locale(locale) == "en":
        return None
    worded = " ".join(token(t, locale) for t in text.split())
    return None if worded == text else render(msg("bot.menu.verb", word=worded, verb=text), locale)


def same(move: str) -> str:
    """One key for moves that do the same ("farm palma grain sugar" and "farm palma sugar grain"),
    so a menu lists it once."""
    words = move.split()
    if len(words) > 3 and words[0] in UNORDERED:  # the helpers stay last; a stem stays a stem (it goes on)
        rest = words[2:]
        ships = [t for t in rest if t in ("west", "east")]
        key = words[:2] + sorted(t for t in rest if t not in ships) + sorted(ships)
        return " ".join(key) + (" " if move.endswith(" ") else "")
    return move


def _is_place(tok: str) -> bool:
    from games.west_of_africa.data import ISLAND_KEYS

    return tok in ISLAND_KEYS or tok in ("west", "east")


def token(tok: str, locale: str) -> str:
    """One token of a move in the reader's words (the token itself when it is not a game word)."""
    from games.west_of_africa import messages as WM
    from games.west_of_africa.data import COLOURS, CROPS, ISLAND_KEYS

    if tok in ISLAND_KEYS:
        return render(WM.island(tok), locale)
    if tok in CROPS:
        return render(WM.crop(tok), locale)
    if tok[:1] in "+-" and tok[1:] in CROPS:
        return render(msg("bot.menu.woa.load" if tok[0] == "+" else "bot.menu.woa.unload", crop=WM.crop(tok[1:])),
                      locale)
    if tok in ("west", "east"):
        return render(msg(f"woa.ship.{tok}"), locale)
    if tok.startswith("dual-"):
        return render(msg("bot.menu.woa.dual", what=token(tok[5:], locale)), locale)
    if tok in ("6", "9", "12"):
        return render(msg("bot.menu.woa.cost", n=tok), locale)
    if tok in COLOURS:
        return render(msg("bot.menu.woa.bump", colour=msg(f"bot.menu.woa.colour.{tok}")), locale)
    if tok == "bump":
        return ""
    return tok


# --- what the table asks -------------------------------------------------------------------
def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    if "choose" in vs:
        return msg("bot.ask.woa.choose")
    if "retreat" in vs:
        return msg("bot.ask.woa.retreat")
    if vs == ["place"]:
        return msg("bot.ask.woa.place")
    offered = choices("woa", [v for v in vs if v != "done"])
    if not offered:
        return msg("bot.ask.woa.done")
    return msg("bot.ask.woa.actions", choices=offered)
