"""Terra Mystica's plug file (no Discord; see ``bot.table.games``): its menus, its prompt, its
/help sheet and its /move autocomplete.

Menus: the generic walker over the online notation (build and upgrade hexes, transform, power
actions, pass with a bonus card); the leech buttons and the faction, favour, town and cult menus
are in ``bot.discord.components.terra_mystica``, the words of both in ``bot.words.terra_mystica``.

``label`` gives the picks whose notation alone says little a description in the reader's
language: a faction (its name and what it does) and a bonus card (what it gives, coins on it).

The board as text (``BOARD_EN``/``BOARD_ZH``): a tile's or card's face reads as the board draws it
(``renderers.terra_mystica_labels``), so the numbers a screen reader hears are the ones printed
on the image.
"""

from __future__ import annotations

import logging
import re

from games.core.messages import Msg, msg, render
from games.terra_mystica.data import BONUSES, FAVOURS, POWER_ACTIONS, SCORING, TOWNS
from renderers.terra_mystica_labels import action_face, bonus_face, favour_face, scoring_face, town_face

from ...words.terra_mystica import say, title
from ...words.tm_tokens import words
from . import register_words, verb_key
from . import terra_mystica_orders as standing

log = logging.getLogger(__name__)

SETUP = re.compile(r"^setup ([a-z]+)$")
#: a favour or town tile taken ("+FAV5", "+TW3", "+2TW5": the second town tile of a kind)
TILE = re.compile(r"^\+(\d*)(FAV|TW)(\d+)$")
#: a power offer answered ("leech 2 from witches", "decline 2 from witches")
OFFER = re.compile(r"^(leech|decline) (\d+) from ([a-z]+)$")


def order(moves: list[str]) -> list[str]:
    """Whole moves in the order a menu lists them: favour and town tiles by their number (the
    text order put FAV10 before FAV2), everything else as the engine lists it."""
    def key(m: str):
        found = TILE.match(m)
        return (0, found.group(2), int(found.group(3))) if found else (1, "", 0)
    return sorted(moves, key=key)


def _offer(engine, state, seat: int, move: str, locale: str):
    """A power offer's answer with what it really gives and costs, from the engine itself (the
    bowls and the VP a seat has cap it): "Take 2 power (-1 VP)", "Take 1 power (free)"."""
    import copy

    from ...words.terra_mystica import say

    if move.startswith("decline"):
        return None
    trial = copy.deepcopy(state)
    try:
        engine.play(trial, seat, move)
    except Exception:
        return None
    before, after = (engine.view(s, seat)["players"][seat] for s in (state, trial))
    power = (lambda p: 2 * p["power"][2] + p["power"][1])  # noqa: E731  (a token in bowl III is 2 steps)
    gained, paid = power(after) - power(before), before["vp"] - after["vp"]
    key = "leech.take_none" if gained <= 0 else "leech.take_free" if paid <= 0 else "leech.take"
    return say(key, locale, amount=gained, vp=paid)


def label(engine, state, seat: int, move: str, locale: str = "en"):
    """(label, description) of ``move`` in a menu, or None for the walker's own."""
    from games.core.messages import Msg, render

    tile = TILE.match(move)
    if tile:  # a tile by its code, what it gives beside it (the channel's own menu for the pick says so too)
        from ...words.terra_mystica import tile_blurb

        said = tile_blurb(tile.group(2) + tile.group(3), locale)
        return (render(Msg("bot.menu.tile", {"code": move, "what": said}), locale) if said else move), ""
    offer = OFFER.match(move)
    if offer:
        cost = _offer(engine, state, seat, move, locale)
        named = worded(move, locale)
        return (named[0] if named else move), cost or ""
    m = SETUP.match(move)
    if m:
        fid = m.group(1)
        blurb = say(f"blurb.{fid}", locale)
        if locale == "en":  # the notation is already the faction's name
            return move, f"{title(fid, locale)}: {blurb}"
        # 煉金術師（setup alchemists）, its terrain and power beside it
        return render(Msg("bot.menu.verb", {"word": title(fid, locale), "verb": move}), locale), blurb
    m = PASS_CARD.search(move)
    if m:
        note = card_note(move, engine.hint(state, seat, move) or "")
        inner = getattr(note, "msg", None)
        # at set-up a card is only taken; in the game, passing also ends the seat's round
        key = "tm.menu.take_card" if isinstance(state, dict) and state.get("phase") == "bonus" else "tm.menu.pass_card"
        word = render(Msg(key, {"card": m.group(1).upper()}), locale)
        name = move if locale == "en" else render(Msg("bot.menu.verb", {"word": word, "verb": move}), locale)
        return name, render(inner, locale) if isinstance(inner, Msg) else str(note)
    return worded(move, locale)


#: the parts of a row ("burn 2. action ACT1")
_PARTS = re.compile(r"\.\s+")


def worded(move: str, locale: str):
    """(label, "") of a whole move in the reader's words beside its notation ("升級建築：E9 → 貿易站
    （upgrade E9 to TP）", each part of a row: "燒魔力：2；行動格：ACT1 一座橋（burn 2. action ACT1）"),
    or None in English, where the notation is the words."""
    from games.core.messages import Msg, normalize_locale, render


    if normalize_locale(locale) == "en":
        return None
    said = []
    for part in (p.strip().rstrip(".") for p in _PARTS.split(move.strip())):
        if not part:
            continue
        verb, _, args = part.partition(" ")
        word = render(Msg(verb_key("terra-mystica", verb), {}), locale) if verb in VERBS_ZH else None
        what = words(args, locale, bare=True) or args if args else ""
        if word is None:
            said.append(words(part, locale, bare=True) or part)
        else:
            said.append(render(Msg("bot.menu.act", {"word": word, "what": what}), locale) if what else word)
    text = said[0]
    for part in said[1:]:
        text = render(Msg("bot.menu.then", {"a": text, "b": part}), locale)
    if text == move:
        return None
    full = render(Msg("bot.menu.verb", {"word": text, "verb": move}), locale)
    return (full if len(full) <= LABEL_MAX else text), ""


#: Discord's longest option label
LABEL_MAX = 100


def stem(text: str, locale: str = "en", prefix: str = "") -> str | None:
    """A deeper menu level's entry in the reader's words ("build …" under "burn 1. ": 建造住宅（build）),
    or None to keep the notation."""
    from games.core.messages import Msg, normalize_locale, render


    verb, _, args = text.strip().partition(" ")
    if normalize_locale(locale) == "en" or verb not in VERBS_ZH:
        return words(text, locale)
    word = render(Msg(verb_key("terra-mystica", verb), {}), locale)
    what = (words(args, locale, bare=True) or args) if args else ""
    said = render(Msg("bot.menu.act", {"word": word, "what": what}), locale) if what else word
    return render(Msg("bot.menu.verb", {"word": said, "verb": text.strip()}), locale)


# --- what the table asks -------------------------------------------------------------------
def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    phase = view.get("phase")
    if phase == "factions":  # the only phase whose moves are "setup ...": ``vs`` is not listed for it
        return msg("bot.ask.tm.faction")
    for offer in view.get("leeches") or []:
        if isinstance(offer, dict) and int(offer.get("seat", -1)) == seat and ("leech" in vs or "decline" in vs):
            src = int(offer.get("from", 0))
            source = view.player_entry(src, "faction")
            if phase in ("action", "actions") and any(v not in ("leech", "decline") for v in vs):
                # the offer is pending and the seat's own turn has come: both are asked
                return msg("bot.ask.tm.leech_then_act", n=int(offer.get("amount", 0)), source=_faction(source),
                           round=int(view.get("round") or 0))
            return msg("bot.ask.tm.leech", n=int(offer.get("amount", 0)), source=_faction(source))
    owed = view.player_entry(seat, "pending") or {}
    if owed.get("FAV"):
        return msg("bot.ask.tm.favour")
    if owed.get("TW"):
        return msg("bot.ask.tm.town")
    if owed.get("CULT") or owed.get("CULTIST"):
        return msg("bot.ask.tm.cult")
    if phase == "dwellings":
        return msg("bot.ask.tm.dwelling")
    if phase == "bonus":
        return msg("bot.ask.tm.bonus")
    if "-SPADE" in vs or phase == "spades":
        return msg("bot.ask.tm.spades")
    if phase == "action" or phase == "actions":
        return msg("bot.ask.tm.action", round=int(view.get("round") or 0))
    return None


def _faction(name) -> Msg | str:
    """A Terra Mystica faction named in the reader's language (the engine's ``tm.faction.*``)."""
    from games.terra_mystica import messages as TM
    from games.terra_mystica.data import FACTIONS

    fid = str(name or "").lower().replace(" ", "")
    return TM.faction(fid) if fid in FACTIONS else str(name or "?").title()


# --- /help and /move autocomplete ----------------------------------------------------------
#: The /help terra-mystica cheat sheet: the online site's notation, by example.
HELP = """\
Terra Mystica in the notation of the online site (terra.snellman.net). Type one turn as parts joined by '. '.
**Table**: 2-5, the printed game; the site's in one word: options:site (its rules) or options:league; maps and more below, e.g. `/game new game:terra-mystica options:league map=fire-ice-1`
**Start**: `setup witches` (pick a faction; a menu offers the free ones), then `build E5` for each starting dwelling, then `pass BON3` (first bonus card).
**Build and upgrade**
`build E5`: terraform E5 to your home terrain (buying spades with workers) and place a dwelling
`transform E8 to red`: terraform only (colours: yellow brown black blue green gray red)
`upgrade E5 to TP` (then TE, SH, SA); a temple or sanctuary asks for a favour: `upgrade F3 to TE. +FAV11`
**Power and priests**
`action ACT6. build D7`: 2 spades from the power action, then build
`burn 2. action ACT6. transform E8 to red. build D7`: burn first, one turn
`action ACT2` priest, `action ACT3` 2 workers, `action ACT4` 7 coins, `action ACT1. bridge C2:D4`
`send p to AIR` (best free priest space) or `send p to FIRE for 1`
`convert 5PW to 1P`, `convert 1P to 1W`, `convert 3PW to 1W`, `convert 1W to 1C`, `burn 3`
**Tracks, specials, passing**
`advance ship`, `advance dig`
`action BON1. build F2` (bonus spade), `action BON2. +WATER`, `action FAV6. +AIR`
stronghold actions: `action ACTW. build F2` (Witches), `action ACTN`, `action ACTG`, `action ACTS`, `action ACTA. +FIRE`, `action ACTC`
`pass BON7` (round 6: `pass`)
**Answering**: `leech 2 from witches` / `decline 2 from witches` (or the buttons)
Town tiles and cult picks: `+TW2`, `+FIRE`; Mermaids: `connect r1`.
**Fire & Ice** (options fire-and-ice-factions/ice=on, /volcano, /variable_v5, printed /variable): `pick-color gray` after choosing (volcano: after all), `+FAV11`, `dig 1. build E5. -3FIRE`, `unlock-terrain green`, `gain P3 for VP`, `action ACTH5. pick-color green`.
/move autocompletes one part at a time with its cost.
"""


def autocomplete(engine, state, seat: int, prefix: str, limit: int = 25) -> list[tuple[str, str]]:
    """(move, cost note) pairs for ``prefix`` in ONE pass over the options.

    The engine's ``hint(move)`` recomputes every option of the sub-command to
    find one note (~3 ms for builds), so hinting 25 entries one by one blows
    the bot's hint budget and later entries lose their costs. The engine's
    public ``legal_moves_with_hints`` yields (entry, note) pairs: use them.
    """
    with_hints = getattr(engine, "legal_moves_with_hints", None)
    pairs = None
    if with_hints is not None:
        try:
            pairs = [(m, n or "") for m, n in with_hints(state, seat, prefix)]
        except Exception:
            log.exception("terra mystica options failed")
    if pairs is None:
        moves = engine.legal_moves(state, seat, prefix)
        if len(moves) > limit:
            pairs = [(m, "") for m in moves]
        else:
            pairs = [(m, "" if m.endswith(" ") else engine.hint(state, seat, m)) for m in moves]
    pairs = [(m, card_note(m, n)) for m, n in pairs]
    return by_row(pairs, prefix, limit) if len(pairs) > limit else pairs


PASS_CARD = re.compile(r"(?:^|\. )pass (BON\d+)$", re.I)


def card_note(move: str, note: str) -> str:
    """A bonus card pick says what the card gives, not only the coins lying on it:
    "pass BON1 — 2 C, action: 1 spade (+1 C on it)" (a ``Worded`` note: the bot words it
    again in the reader's language)."""
    from games.core.messages import Msg, worded
    from games.terra_mystica.data import BONUSES

    m = PASS_CARD.search(move)
    card = m.group(1).upper() if m else None
    if card not in BONUSES:
        return note
    what = Msg("tm.bonus." + card.lower(), {})
    if not note:
        return worded("tm.note.card", card=what)
    return worded("tm.note.card_coins", card=what, coins=getattr(note, "msg", None) or str(note))


def by_row(pairs: list[tuple[str, str]], prefix: str, limit: int) -> list[tuple[str, str]]:
    """More options than Discord shows (a long ``transform `` list with big
    shipping): one entry per map row instead, its value the prefix plus the
    row letter ("transform I", noted "I2 I3 I5 ..."), so typing on lists that
    row's hexes. Cut at ``limit`` when the options are not hexes."""
    rows: dict[str, list[tuple[str, str]]] = {}
    for move, note in pairs:
        rest = move[len(prefix):]
        if not re.match(r"[A-Ia-i]\d", rest):
            return pairs[:limit]
        rows.setdefault(rest[0].upper(), []).append((move, note))
    out = []
    for letter, items in rows.items():
        if len(items) == 1:
            out.append(items[0])
        else:
            hexes = " ".join(m[len(prefix):].split()[0].rstrip(".") for m, _ in items)
            out.append((prefix + letter, hexes))
    return out[:limit]


# --- its words ---------------------------------------------------------------------------------
#: notation verb -> zh-TW word (the menus show it beside the notation: 建造（build）)
VERBS_ZH = {
    "action": "行動格", "advance": "提升等級", "bridge": "搭橋", "build": "建造住宅", "burn": "燒魔力",
    "convert": "轉換", "decline": "不吸取魔力", "dig": "鏟子", "leech": "吸取魔力", "pass": "結束本回合",
    "send": "派遣祭司", "setup": "選擇種族", "transform": "改造地形", "upgrade": "升級建築", "done": "完成",
    "connect": "連結", "pick-color": "選擇顏色", "unlock-terrain": "解鎖地形", "gain": "拿魔力指示物",
    "bid": "競標",
}


def _args(word: str, args: str, locale: str | None) -> str:
    """A Terra Mystica stem's arguments in words where they have some ("派遣祭司：火", "升級建築：E9 →")."""
    what = words(args, locale, bare=True)
    return f"{word} {args}" if what is None else render(Msg("bot.menu.act", {"word": word, "what": what}), locale)


#: verb -> how its argument reads when it is an id rather than a word
VERB_ARGS = {v: _args for v in VERBS_ZH if v not in ("setup", "pass")}


#: option name -> zh-TW description (the English is the engine's)
OPTIONS_ZH = {
    "variable-turn-order": "下一回合的順序依跳過的先後",
    "mini-expansion-1": "城鎮板塊 TW6–TW8",
    "shipping-bonus": "獎勵卡 BON10（跳過時每級航行能力 3 分）",
    "temple-scoring-tile": "回合計分板塊 `SCORE9`（每座廟宇 4 分）",
    "strict-leech": "先回應魔力吸取，才能做其他事",
    "strict-darkling-sh": "魔族放棄要塞的換祭司時，照網站的寫法（-3CONVERT_W_TO_P）；"
                          "無論如何都只能在蓋要塞的那一回合換，與出版規則相同",
    "strict-chaosmagician-sh": "跳過會結束渾沌魔法師的雙重行動",
    "errata-cultist-power": "所有對手都放棄吸取魔力時，邪教徒得 1 點魔力",
    "fire-and-ice-factions/ice": "冰與火：冰雪少女與雪人",
    "fire-and-ice-factions/volcano": "冰與火：侍僧與龍王",
    "fire-and-ice-factions/variable_v5": "冰與火：河行者與變形者（網站採用的 2015 年規則）",
    "fire-and-ice-factions/variable": "冰與火：河行者與變形者的出版規則（2014 年）",
    "faction-auction": "冰與火拍賣：抽出與玩家人數相同的種族，以起始分數從 40 往下競標（競標細節為自行設計）",
    "partial-leech": "吸取魔力要付的分數超過你的分數時，可以只接受分數付得起的部分",
    "darkling-sh-later": "魔族蓋要塞得到的換祭司（3 工人換 3 祭司）可以留到之後的回合，"
                         "在下一次轉換時使用（網站沒有 strict-darkling-sh 的舊對局）",
    "map": "地圖：original（原版）、original-2017vp（原版 2017 分數）、fire-ice-1（冰與火第 1 面）、"
           "fire-ice-2（冰與火第 2 面）、loon-lakes-1.6（潛鳥湖 v1.6）、fjords-2.1（峽灣 v2.1）",
    "fire-and-ice-final-scoring": "冰與火終局計分板塊：true（依亂數抽出），或指定 building-on-edge、"
                                  "connected-clusters、connected-distance、connected-sa-sh-distance 其中之一",
}

#: the engine's English "not verified" line -> zh-TW
UNVERIFIED_ZH = {
    "town tile TW6 gives two keys": "城鎮板塊 TW6 給兩把鑰匙",
    "town tile TW7 gives a shipping level (the Fakirs: carpet range)": "城鎮板塊 TW7 給一級航行能力（苦行僧：飛毯距離）",
    "round scoring tile SCORE1 is never drawn for rounds 5 and 6": "回合計分板塊 `SCORE1` 不會出現在第 5、6 回合",
    "3 coins may be turned into 1 VP during play": "遊戲中可以用 3 元換 1 分",
    "faction auction: bids go round from seat 0, a held faction is outbid by at least 1 VP "
    "and the outbid player bids again (designed)":
        "種族拍賣：從 0 號座位輪流出價，別人已標下的種族至少要再低 1 分，被超過的玩家之後再出價（自行設計）",
}

#: the /help sheet in zh-TW: the notation explained, the notation itself unchanged
HELP_ZH = """\
祕境：使用線上網站（terra.snellman.net）的記譜法。一個回合可以用「. 」串起好幾個部分。
**遊戲設定**：2-5 人，預設是印刷版基本遊戲；一個字套用網站的設定：`options:site`（網站每局都加的規則）或 `options:league`（網站聯賽）。另有 `map=...`（見下方選項）與 `fire-and-ice-final-scoring=true`，例如 `/game new game:terra-mystica options:league map=fire-ice-1`
**開局**：`setup witches`（選種族，選單會列出還能選的），接著每個起始住宅 `build E5`，再 `pass BON3`（第一張獎勵卡）。
**建造與升級**
`build E5`：把 E5 改成你的家鄉地形（用工人換鏟子）並蓋一間住宅
`transform E8 to red`：只改變地形（顏色：`yellow` `brown` `black` `blue` `green` `gray` `red`）
`upgrade E5 to TP`（貿易站；之後 `TE` 廟宇、`SH` 要塞、`SA` 聖殿）；廟宇或聖殿要選宗教獎勵：`upgrade F3 to TE. +FAV11`
**魔力與祭司**
`action ACT6. build D7`：用魔力行動拿 2 把鏟子再建造
`burn 2. action ACT6. transform E8 to red. build D7`：先燒魔力，全部在同一回合
`action ACT2` 祭司、`action ACT3` 2 個工人、`action ACT4` 7 元、`action ACT1. bridge C2:D4` 造橋
`send p to AIR`（最好的空位）或 `send p to FIRE for 1`：派祭司到元素信仰（`FIRE` 火、`WATER` 水、`EARTH` 土、`AIR` 風）
`convert 5PW to 1P`、`convert 1P to 1W`、`convert 3PW to 1W`、`convert 1W to 1C`、`burn 3`：兌換與燒魔力
**信仰、特殊行動、跳過**
`advance ship`（航行能力）、`advance dig`（鏟子兌換率）
`action BON1. build F2`（獎勵卡的鏟子）、`action BON2. +WATER`、`action FAV6. +AIR`
要塞行動：`action ACTW. build F2`（女巫）、`action ACTN`、`action ACTG`、`action ACTS`、`action ACTA. +FIRE`、`action ACTC`
`pass BON7`：跳過並換獎勵卡（第 6 回合只要 `pass`）
**回應別人**：`leech 2 from witches` 吸取魔力 / `decline 2 from witches` 放棄（按鈕會幫你輸入）
城鎮板塊與信仰選擇：`+TW2`、`+FIRE`；人魚：`connect r1`。
**冰與火**（選項 fire-and-ice-factions/ice=on、/volcano、/variable_v5；/variable 為 2014 年出版規則）：選冰原或可變地形種族後 `pick-color gray` 選顏色（火山種族等大家都選完），冰雪少女 `+FAV11`，火山 `dig 1. build E5. -3FIRE`，河行者 `unlock-terrain green`，變形者 `gain P3 for VP`、`action ACTH5. pick-color green`。
/行動 的自動完成一次補完一個部分並顯示花費，例如 `build E5 — 4 W 2 C`（`W` 工人、`C` 元、`P` 祭司、`PW` 魔力、`VP` 分）。"""


#: its sentences: what the table asks, its menus' words, its turn summaries (``bot.table.prompts``,
#: ``menus``, ``turns``)
EN = {
    "bot.menu.tile": "{code}: {what}",
    "bot.ask.tm.faction": "choose your faction",
    "bot.ask.tm.leech": "take {n} power from the {source}' building?",
    "bot.ask.tm.leech_then_act": "take {n} power from the {source}' building? Then your turn: action phase, round {round}",
    "bot.ask.tm.favour": "choose a favour tile",
    "bot.ask.tm.town": "choose a town tile",
    "bot.ask.tm.cult": "choose a cult track",
    "bot.ask.tm.dwelling": "place a starting dwelling",
    "bot.ask.tm.bonus": "choose a bonus card",
    "bot.ask.tm.spades": "use your spades",
    "bot.ask.tm.action": "your turn: action phase, round {round}",
}

ZH = {
    "bot.menu.tile": "{code}：{what}",
    "bot.ask.tm.faction": "請選擇你的種族",
    "bot.ask.tm.leech": "要從{source}的建築吸取 {n} 點魔力嗎？",
    "bot.ask.tm.leech_then_act": "要從{source}的建築吸取 {n} 點魔力嗎？接著輪到你了：行動階段，第 {round} 回合",
    "bot.ask.tm.favour": "請選擇一個宗教獎勵板塊",
    "bot.ask.tm.town": "請選擇一個城鎮板塊",
    "bot.ask.tm.cult": "請選擇一條教派軌",
    "bot.ask.tm.dwelling": "請放置起始住宅",
    "bot.ask.tm.bonus": "請選擇一張獎勵卡",
    "bot.ask.tm.spades": "請使用你的鏟子",
    "bot.ask.tm.action": "輪到你了：行動階段，第 {round} 回合",
}


#: the marks its catalog keys carry ("woa.ev.build", "bot.ask.tm.leech": ``bot.table.glossary``)
KEY_MARKS = ("tm", "terra-mystica")

#: its zh-TW terms, from its seed: concept -> (term, variants never to write, the seed's words or None)
GLOSSARY = {
    "favour tile": ("宗教獎勵", ("恩惠",), "宗教獎勵(Favor Tiles)"),
    "leech": ("吸取", ("吸收",), None),
}

#: the message key of a seat's role in its records (``bot.table.records.roles``)
ROLE_KEY = "tm.faction.{role}"
#: a seat's role in the records (its faction): this field of the public view's player entry
ROLE_FIELD = "faction"

#: the standing orders it offers besides "only legal move" (``bot.table.pbp.orders``), answered by
#: ``standing_answer``; every decision is open information, so an answer goes out at once, marked
STANDING_ORDERS = ("power", "cult", "town")
OPEN_INFORMATION = True


def standing_answer(engine, state, seat: int, orders) -> tuple[str, str] | None:
    """(kind, move) the seat's standing orders answer now (``terra_mystica_orders.answer``)."""
    return standing.answer(engine, state, seat, orders)

#: option -> value -> (English, zh-TW): a value's own words, for the options autocomplete of /game new
#: (``bot.table.option_complete``); a value without them is described by its option
OPTION_CHOICES = {
    "map": {
        "original": ("the Original map", "原版地圖"),
        "original-2017vp": ("the Original map with the 2017 VP (starting VP by faction)", "原版地圖，2017 年的起始分數"),
        "fire-ice-1": ("Fire & Ice map, side 1", "冰與火地圖第 1 面"),
        "fire-ice-2": ("Fire & Ice map, side 2", "冰與火地圖第 2 面"),
        "loon-lakes-1.6": ("Loon Lakes v1.6", "潛鳥湖 v1.6"),
        "fjords-2.1": ("Fjords v2.1", "峽灣 v2.1"),
    },
    "fire-and-ice-final-scoring": {
        "true": ("a Fire & Ice final tile drawn at random", "依亂數抽一張冰與火終局計分板塊"),
        "building-on-edge": ("final tile: buildings on the edge", "終局計分：邊緣建築"),
        "connected-clusters": ("final tile: clusters", "終局計分：聚落群數"),
        "connected-distance": ("final tile: greatest distance", "終局計分：最遠距離"),
        "connected-sa-sh-distance": ("final tile: sanctuary-stronghold distance", "終局計分：聖殿與要塞距離"),
    },
}


# --- the board as text (``/game status detail:full``): the words of the facts its view gives
#: (``games.terra_mystica.view.facts``, keys ``tm.fact.*``), worded by ``bot.table.board_text``
BOARD_EN = {
    "tm.fact.round": "Round {round} of 6; phase: {phase}.",
    "tm.fact.phase.auction": "faction auction", "tm.fact.phase.factions": "choosing factions",
    "tm.fact.phase.dwellings": "placing the first dwellings", "tm.fact.phase.bonus": "choosing bonus cards",
    "tm.fact.phase.spades": "cult spades", "tm.fact.phase.actions": "actions", "tm.fact.phase.over": "game over",
    "tm.fact.scoring": "Round {round} scoring tile: {tile}.",
    "tm.fact.tile": "{id} ({face})",
    "tm.fact.none": "none",
    "tm.fact.no_faction": "{who} has no faction yet.",
    "tm.fact.player": "{who} plays the {faction} (home terrain {home}): {vp} VP, {coins} coins, {workers} workers, "
                      "{priests} priests; power bowls I {bowl1}, II {bowl2}, III {bowl3}.",
    "tm.fact.abilities": "{who}: shipping {shipping}, digging level {digging}, {keys} town keys, "
                         "{bridges} bridges left.",
    "tm.fact.range": "{who}: carpet flight range {n}.",
    "tm.fact.step": "{track} {n}",
    "tm.fact.cults_of": "{who} on the cult tracks: {steps}.",
    "tm.fact.tiles_of": "{who}'s bonus card: {bonus}; favour tiles: {favours}; town tiles: {towns}.",
    "tm.fact.income": "{who}'s income next round: {coins} coins, {workers} workers, {priests} priests, {power} power.",
    "tm.fact.buildings": "{who}'s {building} ({n}): {hexes}.",
    "tm.fact.piece": "{building} {n}",
    "tm.fact.supply": "{who}'s buildings left to build: {items}.",
    "tm.fact.passed": "{who} has passed.",
    "tm.fact.terrain": "{terrain} hexes ({n}): {hexes}.",
    "tm.fact.towns": "Hexes in towns: {hexes}.",
    "tm.fact.bridge": "{who}'s bridge between {a} and {b}.",
    "tm.fact.at": "{who} on {n}",
    "tm.fact.priest_on": "{who}'s priest on a {space} space",
    "tm.fact.track": "{track} track: {marks}; priests: {priests}.",
    "tm.fact.actions": "Power actions open: {free}; taken this round: {taken}.",
    "tm.fact.bonus_left": {"one": "{tile} with {n} coin on it", "other": "{tile} with {n} coins on it"},
    "tm.fact.bonus_pool": "Bonus cards left: {cards}.",
    "tm.fact.left": "{tile} x{n}",
    "tm.fact.favours_left": "Favour tiles left: {tiles}.",
    "tm.fact.towns_left": "Town tiles left: {tiles}.",
    "tm.fact.order": "Turn order this round: {seats}.",
    "tm.fact.offer": "{who} is offered {n} power by {source}.",
    "tm.fact.to_move": "Waiting for: {seats}.",
}

BOARD_ZH = {
    "tm.fact.round": "第 {round} 回合（共 6 回合）；階段：{phase}。",
    "tm.fact.phase.auction": "派系競標", "tm.fact.phase.factions": "選擇派系",
    "tm.fact.phase.dwellings": "放置起始住宅", "tm.fact.phase.bonus": "選擇獎勵卡",
    "tm.fact.phase.spades": "元素信仰鏟子", "tm.fact.phase.actions": "行動", "tm.fact.phase.over": "遊戲結束",
    "tm.fact.scoring": "第 {round} 回合計分板塊：{tile}。",
    "tm.fact.tile": "{id}（{face}）",
    "tm.fact.none": "無",
    "tm.fact.no_faction": "{who} 還沒有選派系。",
    "tm.fact.player": "{who} 使用{faction}（家鄉地形：{home}）：{vp} 分、{coins} 元、{workers} 個工人、"
                      "{priests} 個祭司；魔力池 I {bowl1}、II {bowl2}、III {bowl3}。",
    "tm.fact.abilities": "{who}：航行能力 {shipping}、鏟子等級 {digging}、{keys} 把城鎮鑰匙、還剩 {bridges} 座橋。",
    "tm.fact.range": "{who}：飛毯距離 {n}。",
    "tm.fact.step": "{track} {n}",
    "tm.fact.cults_of": "{who}：元素信仰 {steps}。",
    "tm.fact.tiles_of": "{who} 的獎勵卡：{bonus}；宗教獎勵板塊：{favours}；城鎮板塊：{towns}。",
    "tm.fact.income": "{who} 下回合收入：{coins} 元、{workers} 個工人、{priests} 個祭司、{power} 點魔力。",
    "tm.fact.buildings": "{who} 的{building}（{n}）：{hexes}。",
    "tm.fact.piece": "{building} {n}",
    "tm.fact.supply": "{who} 還可以蓋的建築：{items}。",
    "tm.fact.passed": "{who} 已跳過。",
    "tm.fact.terrain": "{terrain}地形（{n} 格）：{hexes}。",
    "tm.fact.towns": "城鎮中的地格：{hexes}。",
    "tm.fact.bridge": "{who} 的橋：{a} 與 {b} 之間。",
    "tm.fact.at": "{who} 在 {n}",
    "tm.fact.priest_on": "{who} 的祭司在 {space} 格",
    "tm.fact.track": "{track}信仰：{marks}；祭司：{priests}。",
    "tm.fact.actions": "尚可使用的魔力行動：{free}；本回合已使用：{taken}。",
    "tm.fact.bonus_left": "{tile}（上面有 {n} 元）",
    "tm.fact.bonus_pool": "剩下的獎勵卡：{cards}。",
    "tm.fact.left": "{tile} ×{n}",
    "tm.fact.favours_left": "剩下的宗教獎勵板塊：{tiles}。",
    "tm.fact.towns_left": "剩下的城鎮板塊：{tiles}。",
    "tm.fact.order": "本回合順序：{seats}。",
    "tm.fact.offer": "{who} 可從 {source} 吸取 {n} 點魔力。",
    "tm.fact.to_move": "等待：{seats}。",
}


def _board_faces(locale: str) -> dict[str, str]:
    """``tm.fact.face.<id>``: each tile's and card's face as the board draws it in ``locale``."""
    out = {}
    for tid in SCORING:
        out[tid] = ("; " if locale == "en" else "；").join(x for x in scoring_face(tid, locale) if x)
    for bid in BONUSES:
        out[bid] = (", " if locale == "en" else "，").join(x for x in bonus_face(bid, locale) if x)
    for fid in FAVOURS:
        out[fid] = favour_face(fid, locale)
    for tid in TOWNS:
        out[tid] = town_face(tid, locale)
    for aid in POWER_ACTIONS:
        gives, cost = action_face(aid, locale)
        out[aid] = f"{gives}, {cost}" if locale == "en" else f"{gives}，{cost}"
    # a face is plain text: braces would read as placeholders
    return {f"tm.fact.face.{k.lower()}": v.replace("{", "{{").replace("}", "}}") for k, v in out.items()}


register_words("terra-mystica", en=EN | BOARD_EN | _board_faces("en"), zh=ZH | BOARD_ZH | _board_faces("zh-TW"),
               verbs=VERBS_ZH, options=OPTIONS_ZH, unverified=UNVERIFIED_ZH, help_zh=HELP_ZH, choices=OPTION_CHOICES)
