"""Bruges' plug file (see ``bot.table.games``): its prompt and menus, "play card N for use X"
from the hand, by the cards' names.

The hand comes from the seat's own view (the menu is ephemeral: only its owner sees it).
Every word is keyed (``bot.menu.bru.*``; the persons' names from the engine's catalog), so
a zh-TW player reads 市長 (#2, 藍色), not "Mayor"."""

from __future__ import annotations

from games.bruges import messages as names
from games.bruges import rules
from games.bruges.data import CARDS
from games.core.messages import Msg, msg, render
from games.core.notation import is_number

from ..verbs import keyed
from . import register_words

#: a card's use (the move's last word) -> its key; ``{colour}`` is the card's colour
USES = {use: f"bot.menu.bru.use.{use}" for use in ("workers", "money", "threat", "canal", "house", "hire")}


def _living(engine, state, seat: int, house: int) -> int | None:
    """The person living in the seat's house ``house`` (1-based), if any."""
    players = engine.view(state, seat).get("players") or []
    houses = players[seat].get("houses") if seat < len(players) else []
    for h in houses or []:
        if h.get("n") == house and h.get("person"):
            return int(h["person"]["id"])
    return None


def _hand(engine, state, seat: int) -> dict[int, dict]:
    view = engine.view(state, seat)
    return {int(c["id"]): c for c in view.get("hand") or [] if isinstance(c, dict) and "id" in c}


def answer(state, seat: int, move: str, locale: str, engine=None):
    """(label, description) of the answer "choose X" to the seat's open question, in words: a
    colour as the workers it gives or the threat it removes, a side as its canal, a card by name,
    a pile by its name with its size and top card beside it (English read "choose a", and the
    description, left to the menu's short hint budget, was dropped when the bot was busy)."""
    from games.core.messages import Msg, normalize_locale

    words = move.split()
    entry = next((e for e in (state.get("pending") or []) if isinstance(e, dict) and e.get("seat") == seat
                  and e.get("kind") == "choose"), None)
    if entry is None or len(words) != 2 or words[0] != "choose":
        return None
    op, choice = entry.get("op") or {}, words[1]
    kind, n, about = op.get("op"), op.get("n", 1), ""
    if kind == "workers":
        said = msg("bot.menu.bru.a.workers", n=n, colour=names.colour(choice))
    elif kind == "clear_threats":
        said = msg("bot.menu.bru.a.threat", n=n, colour=names.colour(choice))
    elif kind in ("free_canal", "canal_double"):
        said = msg(f"bot.menu.bru.a.{kind}", side=names.side(choice))
    elif kind == "discard" and is_number(choice):
        said = msg("bot.menu.bru.a.discard", card=names.card_label(int(choice)))
    elif kind == "draw" and choice in ("a", "b"):
        said = msg("bot.menu.bru.pile", p=choice.upper())
        note = engine.hint(state, seat, move) if engine is not None else None
        about = render(note.msg, locale) if isinstance(getattr(note, "msg", None), Msg) else str(note or "")
    else:
        return None
    text = render(said, locale)
    return (text if normalize_locale(locale) == "en" else render(msg("bot.menu.verb", word=text, verb=move), locale)), about


def label(engine, state, seat: int, move: str, locale: str = "en"):
    """("市長 (#2, 藍色): 拿取工人", "藍色卡 · 僱用 3 盾 · 2 分") for "play 2 workers"; an answer to a
    person's question in words; None for other moves."""
    words = move.split()
    if words[:1] == ["choose"]:
        return answer(state, seat, move, locale, engine)
    if len(words) < 2 or words[0] not in ("play", "use") or not is_number(words[1]):
        return None
    cid = int(words[1])
    card = _hand(engine, state, seat).get(cid) if words[0] == "play" else {"id": cid}
    if card is None:
        return None
    who = names.card_label(cid)
    colour = names.colour(CARDS[cid].colour)
    if words[0] == "use":  # a person in one of the seat's houses, paid with a worker
        return render(msg("bot.menu.use", card=who, use=msg("bot.menu.bru.person", colour=colour)), locale), ""
    use = " ".join(words[2:])
    key = USES.get(use)
    what = msg(key, colour=colour) if key else use
    if words[2:4] == ["hire", "house"] and len(words) == 5 and is_number(words[4]):  # into a house of the seat's
        what = msg("bot.menu.bru.use.hire_into", n=int(words[4]))
        living = _living(engine, state, seat, int(words[4]))
        if living is not None:  # the person living there is discarded: said before it happens
            what = msg("bot.menu.bru.use.hire_over", n=int(words[4]), out=names.card(living))
    price = names.guilders(rules.hire_price(state, seat, cid))
    about = msg("bot.menu.bru.about", colour=colour, price=price, vp=card.get("vp", 0))
    return render(msg("bot.menu.use", card=who, use=what), locale), render(about, locale)


# --- what the table asks -------------------------------------------------------------------
#: what a person's question asks, by the effect it decides (``games.bruges.effects.choices``)
QUESTIONS = ("workers", "clear_threats", "free_canal", "canal_double", "discard", "draw")


def question(state, seat: int):
    """The seat's open question in words: the person asking and what it decides ("Hanseatic
    Factor: which colour are your 2 new workers?"), or None."""
    entry = next((e for e in (state.get("pending") or []) if isinstance(e, dict) and e.get("seat") == seat
                  and e.get("kind") == "choose"), None)
    op = (entry or {}).get("op") or {}
    if op.get("op") not in QUESTIONS:
        return None
    return msg(f"bot.ask.bruges.q.{op['op']}", person=names.label(entry.get("label", "")), n=op.get("n", 1))


def prompt(engine, state, view, seat: int, vs: list[str]) -> Msg | None:
    """What ``seat`` is asked now (``bot.table.prompts``), from the public view and ``vs``, the first
    words of its legal moves."""
    phase = view.get("phase")
    if "lose" in vs:
        return msg("bot.ask.bruges.lose")
    if "choose" in vs:
        return question(state, seat) or msg("bot.ask.bruges.choose")
    if phase == "draw" or vs == ["draw"]:
        held = view.player_entry(seat, "hand_size")
        if isinstance(held, int):
            return msg("bot.ask.bruges.draw_n", n=max(0, 5 - held))
        return msg("bot.ask.bruges.draw")
    if vs == ["roll"]:
        return msg("bot.ask.bruges.roll")
    if "rep" in vs:
        return msg("bot.ask.bruges.rep", n=int(view.get("rep_cost") or 0))
    if "play" in vs:
        return msg("bot.ask.bruges.play")
    if "end" in vs:
        return msg("bot.ask.bruges.end")
    return None


# --- its words ---------------------------------------------------------------------------------
#: notation verb -> zh-TW word (the menus show it beside the notation: 建造（build）)
VERBS_ZH = {
    "choose": "選擇", "draw": "抽牌", "end": "結束回合", "lose": "失去", "play": "打出人物卡",
    "rep": "推進聲望", "roll": "擲骰", "skip": "跳過", "use": "使用人物",
}


def token(verb: str, after: str, tok: str, locale: str | None) -> str | None:
    """One argument of a menu verb in words: a card by its name, a pile (a: 牌堆 A), a side."""
    if after in ("play", "person") and is_number(tok):  # a card: its name
        return render(names.card_label(int(tok)), locale)
    if verb in ("draw", "choose") and tok in ("a", "b"):
        return keyed(["bot.menu.bru.pile"], tok, locale)
    return keyed([f"bot.menu.bru.w.{tok}" + ("_into" if after == "hire" else ""), f"bru.side.{tok}"], tok, locale)

#: the engine's English "not verified" line -> zh-TW
UNVERIFIED_ZH = {
    "145 of the 165 persons (name, colour, group, effect); the 20 real ones keep their published effect, "
    "but their colour and group are ours unless the rulebook prints them":
        "165 位人物中的 145 位（名稱、顏色、群組、效果）；20 位真實人物保留已公開的效果，但顏色與群組除非規則書有印，否則由我們設計",
    "every person's price but the Prince's (9) and the Engraver's (12); VP = price / 3 is published":
        "除了王子（9）與雕刻師（12）以外每位人物的價格；分數 = 價格 / 3 已公開",
    "the VP of every reputation step but step 6 (7 VP)": "聲望軌每一格的分數（第 6 格 7 分除外）",
    "the colours of the canal sections after the first": "運河第一段之後各段的顏色",
}

#: the /help sheet in zh-TW: the notation explained, the notation itself unchanged
HELP_ZH = """\
布魯日：每輪打出 4 張卡，每張可換工人、金錢、移除威脅、運河、房屋或人物。
`draw a` / `draw b`　抽牌階段：從 A 或 B 牌堆抽頂牌（直到手上 5 張）
`draw a a b`　連續抽好幾張（每抽一張才看得到新的頂牌顏色）
`roll`　起始玩家擲骰（5 和 6 會帶來威脅）
`rep` / `skip`　支付聲望提升（1 和 2 點的骰子總和）或不支付
`play 12 workers`　用 12 號卡換 2 個同色工人
`play 12 money`　拿等於該卡顏色骰子點數的金錢
`play 12 threat`　移除一個該顏色的威脅，+1 分
`play 12 canal [left]`　蓋該顏色的下一段運河（付 1-5 元）
`play 12 house`　把這張卡當房屋（付 1 個同色工人）
`play 12 hire [house 2]`　雇用這個人物（付費；`house 2` = 取代 2 號房屋裡的人物）
`use 7`　啟動 7 號人物（工人符號，每輪一次）
`end`　打完卡後結束你的回合
`choose red`　回答人物的問題（顏色、運河左右、牌堆 a|b）
`lose person 7` / `lose house 2` / `lose canal left`　瘟疫或火災之後
/手牌 會顯示你的手牌與效果。"""


#: its sentences: what the table asks, its menus' words, its turn summaries (``bot.table.prompts``,
#: ``menus``, ``turns``)
EN = {
    # Bruges menus: a card from the hand and what it is played for
    "bot.menu.bru.use.workers": "take {colour} workers",
    "bot.menu.bru.use.money": "take guilders",
    "bot.menu.bru.use.threat": "remove a {colour} threat",
    "bot.menu.bru.use.canal": "build a canal section",
    "bot.menu.bru.use.house": "build a house",
    "bot.menu.bru.use.hire": "hire this person",
    "bot.menu.bru.use.hire_into": "hire this person into house {n}",
    "bot.menu.bru.use.hire_over": "hire this person into house {n}, discarding {out} who lives there",
    "bot.menu.bru.a.workers": {"one": "1 {colour} worker", "other": "{n} {colour} workers"},
    "bot.menu.bru.a.threat": {"one": "remove a {colour} threat", "other": "remove {n} {colour} threats"},
    "bot.menu.bru.a.free_canal": "a free section on the {side} canal",
    "bot.menu.bru.a.canal_double": "two sections on the {side} canal",
    "bot.menu.bru.a.discard": "discard {card}",
    "bot.menu.bru.person": "use this person (pay 1 {colour} worker)",
    "bot.menu.bru.about": "{colour} card · hire for {price} · {vp} VP",
    "bot.turn.g.bru_draws": {"one": "draws a {colour} card from pile {pile}",
                             "other": "draws {n} cards from pile {pile} ({colour})"},
    "bot.ask.bruges.draw": "draw cards up to 5",
    "bot.ask.bruges.draw_n": {"one": "draw 1 more card", "other": "draw {n} more cards"},
    "bot.ask.bruges.roll": "roll the dice",
    "bot.ask.bruges.rep": {"one": "pay 1 guilder to move up on reputation, or skip",
                       "other": "pay {n} guilders to move up on reputation, or skip"},
    "bot.ask.bruges.play": "your turn: play a card",
    "bot.ask.bruges.end": "use a person or end your turn",
    "bot.ask.bruges.choose": "answer your person's question",
    "bot.ask.bruges.q.workers": {"one": "{person}: which colour is your new worker?",
                                 "other": "{person}: which colour are your {n} new workers?"},
    "bot.ask.bruges.q.clear_threats": "{person}: which colour of threat do you remove?",
    "bot.ask.bruges.q.free_canal": "{person}: on which canal is your free section?",
    "bot.ask.bruges.q.canal_double": "{person}: which canal gets two sections?",
    "bot.ask.bruges.q.discard": "{person}: which card do you discard?",
    "bot.ask.bruges.q.draw": "{person}: draw from pile A or pile B?",
    "bot.ask.bruges.lose": "choose what the threat takes",
    "bot.menu.hand": "Cards in your hand",
    "bot.menu.use": "{card}: {use}",
}

ZH = {
    "bot.menu.bru.use.workers": "拿取{colour}工人",
    "bot.menu.bru.use.money": "拿取金幣",
    "bot.menu.bru.use.threat": "移除一個{colour}威脅標記",
    "bot.menu.bru.use.hire_into": "僱用這個人物，住進房屋 {n}",
    "bot.menu.bru.use.hire_over": "僱用這個人物，住進房屋 {n}，原本住在那裡的{out}會被棄掉",
    "bot.menu.bru.a.workers": "{n} 個{colour}工人",
    "bot.menu.bru.a.threat": "移除 {n} 個{colour}威脅標記",
    "bot.menu.bru.a.free_canal": "在{side}運河免費建造一段",
    "bot.menu.bru.a.canal_double": "在{side}運河建造兩段",
    "bot.menu.bru.a.discard": "棄掉{card}",
    "bot.menu.bru.use.canal": "建造一段運河",
    "bot.menu.bru.use.house": "建造一棟房屋",
    "bot.menu.bru.use.hire": "僱用這個人物",
    "bot.menu.bru.person": "使用這個人物（支付 1 個{colour}工人）",
    "bot.menu.bru.about": "{colour}卡 · 僱用費 {price} · {vp} 分",
    "bot.turn.g.bru_draws": "從牌堆 {pile} 抽了 {n} 張卡（{colour}）",
    "bot.ask.bruges.draw": "請抽牌至 5 張",
    "bot.ask.bruges.draw_n": {"other": "請再抽 {n} 張牌"},
    "bot.ask.bruges.roll": "請擲骰",
    "bot.ask.bruges.rep": {"other": "支付 {n} 元提升聲望，或跳過"},
    "bot.ask.bruges.play": "輪到你了：請打出一張牌",
    "bot.ask.bruges.end": "使用人物，或結束你的回合",
    "bot.ask.bruges.choose": "請回答人物的提問",
    "bot.ask.bruges.q.workers": "{person}：你的 {n} 個新工人要什麼顏色？",
    "bot.ask.bruges.q.clear_threats": "{person}：要移除哪一種顏色的威脅標記？",
    "bot.ask.bruges.q.free_canal": "{person}：免費的一段運河要建在哪一邊？",
    "bot.ask.bruges.q.canal_double": "{person}：哪一邊的運河要建造兩段？",
    "bot.ask.bruges.q.discard": "{person}：要棄掉哪一張牌？",
    "bot.ask.bruges.q.draw": "{person}：要從牌堆 A 還是牌堆 B 抽牌？",
    "bot.ask.bruges.lose": "請選擇威脅要拿走的東西",
    "bot.menu.hand": "你手上的牌",
    "bot.menu.use": "{card}：{use}",
}

#: events a turn's post need not repeat once the seat did anything else (the post IS the turn's end)
QUIET_EVENTS = frozenset({"bru.ev.end_turn", "bru.ev.has_drawn"})

#: repeated events told once: event key -> (summary key, the params gathered in a list)
GROUPS = {
    "bru.ev.draws": ("bot.turn.g.bru_draws", ("colour",)),
}


#: the marks its catalog keys carry ("woa.ev.build", "bot.ask.tm.leech": ``bot.table.glossary``)
KEY_MARKS = ("bru", "bruges")

#: its zh-TW terms, from its seed: concept -> (term, variants never to write, the seed's words or None)
GLOSSARY = {
    "reputation": ("聲望", ("名聲",), "聲望"),
}


# --- the board as text (``/game status detail:full``): the words of the facts its view gives
#: (``games.bruges.view.facts``, keys ``bru.fact.*``), worded by ``bot.table.board_text``
BOARD_EN = {
    "bru.fact.round": "Round {round}; phase: {phase}.",
    "bru.fact.phase.draw": "drawing cards", "bru.fact.phase.roll": "rolling the dice",
    "bru.fact.phase.reputation": "reputation", "bru.fact.phase.actions": "playing cards",
    "bru.fact.phase.over": "game over",
    "bru.fact.last_round": "This is the last round.",
    "bru.fact.none": "none",
    "bru.fact.count": "{what} {n}",
    "bru.fact.dice": "Dice: {dice}.",
    "bru.fact.pile": "pile {name}: {n} cards, top card {top}",
    "bru.fact.piles": "Draw piles: {piles}; {reserve} cards in reserve, {discard} discarded.",
    "bru.fact.statues": "Statues left to buy, costs: {costs}.",
    "bru.fact.threat_supply": "Threat tokens in the supply: {items}.",
    "bru.fact.rep_cost": "A step of reputation costs {n} guilders this round.",
    "bru.fact.rep_track": "Points on the reputation track, from 0 up: {values}.",
    "bru.fact.player": "{who}: {vp} points, {money} guilders, reputation {rep}, {hand} cards in hand.",
    "bru.fact.workers": "{who}'s workers: {items}.",
    "bru.fact.of": "{what} {n} of {limit}",
    "bru.fact.threats": "{who}'s threats: {items}.",
    "bru.fact.house_empty": "{who}'s house {n} ({roof} roof): empty.",
    "bru.fact.house": "{who}'s house {n} ({roof} roof): {person}, {colour} {group}, {points}{used}.",
    "bru.fact.points": {"one": "{n} point", "other": "{n} points"},
    "bru.fact.used": ", used this round",
    "bru.fact.canal": "{who}'s {side} canal: {built} of {length} sections built ({colours}).",
    "bru.fact.own_statues": "{who}'s statues, costs: {costs}.",
    "bru.fact.majority.persons": "persons", "bru.fact.majority.reputation": "reputation",
    "bru.fact.majority.canals": "canals",
    "bru.fact.majorities": "{who} leads in {what}.",
    "bru.fact.plays_left": "{who} has {n} cards to play this round.",
    "bru.fact.to_move": "Waiting for: {seats}.",
}

BOARD_ZH = {
    "bru.fact.round": "第 {round} 回合；階段：{phase}。",
    "bru.fact.phase.draw": "抽牌", "bru.fact.phase.roll": "擲骰",
    "bru.fact.phase.reputation": "聲望", "bru.fact.phase.actions": "打出卡片",
    "bru.fact.phase.over": "遊戲結束",
    "bru.fact.last_round": "這是最後一回合。",
    "bru.fact.none": "無",
    "bru.fact.count": "{what} {n}",
    "bru.fact.dice": "骰子：{dice}。",
    "bru.fact.pile": "{name} 牌堆：{n} 張，最上面是{top}",
    "bru.fact.piles": "抽牌堆：{piles}；備用 {reserve} 張、棄牌 {discard} 張。",
    "bru.fact.statues": "可購買的雕像，價格：{costs}。",
    "bru.fact.threat_supply": "供應區的威脅標記：{items}。",
    "bru.fact.rep_cost": "本回合聲望前進一格要 {n} 元。",
    "bru.fact.rep_track": "聲望軌上的分數（由 0 起）：{values}。",
    "bru.fact.player": "{who}：{vp} 分、{money} 元、聲望 {rep}、手牌 {hand} 張。",
    "bru.fact.workers": "{who} 的工人：{items}。",
    "bru.fact.of": "{what} {n}/{limit}",
    "bru.fact.threats": "{who} 的威脅：{items}。",
    "bru.fact.house_empty": "{who} 的第 {n} 間房屋（{roof}屋頂）：空的。",
    "bru.fact.house": "{who} 的第 {n} 間房屋（{roof}屋頂）：{person}，{colour}{group}，{points}{used}。",
    "bru.fact.points": "{n} 分",
    "bru.fact.used": "，本回合已使用",
    "bru.fact.canal": "{who} 的{side}運河：已建 {built}/{length} 段（{colours}）。",
    "bru.fact.own_statues": "{who} 的雕像，價格：{costs}。",
    "bru.fact.majority.persons": "人物", "bru.fact.majority.reputation": "聲望",
    "bru.fact.majority.canals": "運河",
    "bru.fact.majorities": "{who} 在{what}領先。",
    "bru.fact.plays_left": "{who} 本回合還要打出 {n} 張牌。",
    "bru.fact.to_move": "等待：{seats}。",
}


register_words("bruges", en=EN | BOARD_EN, zh=ZH | BOARD_ZH, verbs=VERBS_ZH, unverified=UNVERIFIED_ZH, help_zh=HELP_ZH)
