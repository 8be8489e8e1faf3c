"""Menu words for the notation verbs: a zh-TW reader's Play menu shows "建造（build）" where the
notation alone would be English. Each word is the seed's term for the action; the notation stays
beside it (it is what the records, autocomplete and typed moves use). English menus keep the
bare notation where it is already the word, and word the verbs that are codes (a plug's ``VERBS_EN``:
Amerigo's "n", "v", "develop 4").

The words are each game's, in its plug file (``bot/table/games/<game>.py``): ``VERBS_ZH`` (verb ->
zh-TW word), ``VERB_ARGS`` (verb -> how its argument reads when it is an id: "take coins3":
拿取發展板塊「3 金幣」（take coins3）) and ``token(verb, after, tok, locale)`` (one argument in
words, or None to keep it as typed)."""

from __future__ import annotations

from games.core.messages import CATALOGS, Msg, register, render

from .games import plug, verb_key


def key(game_id: str, verb: str) -> str:
    return verb_key(game_id, verb)


def zh(game_id: str) -> dict[str, str]:
    """The game's verbs that have words: verb -> zh-TW word (its plug's ``VERBS_ZH``)."""
    return getattr(plug(game_id), "VERBS_ZH", None) or {}


def keyed(keys: list[str], tok: str, locale: str | None) -> str | None:
    """``tok`` worded by the first of ``keys`` the catalogs hold (``{p}``: the token in capitals);
    None when none does."""
    found = next((k for k in keys if k in CATALOGS["en"]), None)
    return None if found is None else render(Msg(found, {"p": tok.upper()}), locale)


def _tokens(game_id: str, verb: str, args: str, locale: str | None) -> str:
    """A verb's arguments in the reader's words where the game's plug has some (Altiplano's goods,
    places and actions: store alpaca: 存放貨物 羊駝; Amerigo's production tiles: coconut2: 椰子 2;
    Bruges' piles: a: 牌堆 A); anything else (hexes, numbers, ids) as typed."""
    token = getattr(plug(game_id), "token", None)
    out, before = [], verb
    for tok in args.split():
        after, before = before, tok
        said = token(verb, after, tok, locale) if token is not None else None
        out.append(tok if said is None else said)
    return " ".join(out)


def label(game_id: str, notation: str, locale: str | None) -> str | None:
    """``notation`` (one verb, as a menu shows it) worded for the reader, or None to keep it bare
    (an unknown verb, or a language whose word is the notation itself)."""
    verb, _, args = notation.strip().partition(" ")
    if verb not in zh(game_id):
        return None
    word = render(Msg(key(game_id, verb), {}), locale)
    if word == verb:
        return None
    wording = (getattr(plug(game_id), "VERB_ARGS", None) or {}).get(verb)
    if args and wording is not None:
        word = wording(word, args, locale)
    elif args:
        said = _tokens(game_id, verb, args, locale)
        # "return fish harbor": 拿回板塊：魚 港口; "order 1": 特殊行動軌 1（order 1）
        word = f"{word} {args}" if said == args else render(Msg("bot.menu.act", {"word": word, "what": said}), locale)
    return render(Msg("bot.menu.verb", {"word": word, "verb": notation.strip()}), locale)


register("en", {"bot.menu.act": "{word}: {what}", "bot.menu.then": "{a}; {b}", "bot.menu.bru.pile": "pile {p}",
                "bot.menu.bru.w.hire": "hire", "bot.menu.bru.w.house_into": "into house", "bot.menu.bru.w.house": "house",
                "bot.menu.bru.w.person": "person"}
         | {"bot.menu.verb": "{word} ({verb})", "bot.menu.named": "{word} “{name}”",
            "bot.menu.rim": "{word} on frame space {n}", "bot.menu.onto": "{word} on {what}"})
register("zh-TW", {"bot.menu.act": "{word}：{what}", "bot.menu.then": "{a}；{b}", "bot.menu.bru.pile": "牌堆 {p}",
                   "bot.menu.bru.w.hire": "僱用", "bot.menu.bru.w.house_into": "住進房屋", "bot.menu.bru.w.house": "房屋",
                   "bot.menu.bru.w.person": "人物"}
         | {"bot.menu.verb": "{word}（{verb}）", "bot.menu.named": "{word}「{name}」",
            "bot.menu.rim": "{word}到外框格 {n}", "bot.menu.onto": "{word}到{what}"})
