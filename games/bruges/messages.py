"""Bruges's sentences: refusals and move announcements, English and zh-TW.

Persons (by card number), colours, groups, canals, disasters and
majorities are keys too, so a Chinese sentence keeps no English but
notation and player names (``{p0}``...).
"""

from __future__ import annotations

from games.core.messages import Msg, msg, register

from .data import CARDS


def seat(s: int) -> str:
    return f"{{p{s}}}"


def colour(c: str) -> Msg:
    return msg(f"bru.colour.{c}")


def card(cid: int) -> Msg:
    return msg(f"bru.card.{cid}")


_BY_NAME = {c.name: c.id for c in CARDS.values()} if isinstance(CARDS, dict) else {c.name: c.id for c in CARDS}


def label(name: str) -> Msg | str:
    """A person named by its English name (pending choices keep the name in the state)."""
    cid = _BY_NAME.get(name)
    return card(cid) if cid is not None else name


def side(s: str) -> Msg:
    return msg(f"bru.side.{s}")


def guilders(n: int) -> Msg:
    return msg("bru.guilders", n=n)


def card_label(cid: int) -> Msg:
    """"Bard (#3, blue)"."""
    c = CARDS[cid]
    return msg("bru.card_label", name=card(cid), id=cid, colour=colour(c.colour))


ZH_NAMES = {
 1:"國王",2:"市長",3:"吟遊詩人",4:"香料商人",5:"工匠大師",6:"守門人",7:"院長",8:"畫家",9:"衛隊長",10:"小偷",
 11:"學者",12:"準男爵",13:"市議員",14:"雜耍人",15:"布商",16:"織工",17:"馬僮",18:"修道院長",19:"雕刻家",20:"守望人",
 21:"發明家",22:"醫師",23:"城堡伯爵",24:"執達吏",25:"遊唱詩人",26:"酒商",27:"馬車夫",28:"農場工人",29:"女修道院長",30:"手抄本畫師",
 31:"守夜人",32:"走私客",33:"運河總管",34:"弄臣",35:"銀行家",36:"木匠",37:"廚師",38:"神父",39:"木雕師",40:"弓箭手",
 41:"偽造者",42:"煉金術士",43:"公主",44:"稅吏",45:"翻筋斗藝人",46:"兌幣商",47:"石匠",48:"內務大臣",49:"修士",50:"掛毯師",
 51:"弩手",52:"乞丐",53:"占星師",54:"公爵",55:"市府書記",56:"噴火藝人",57:"放貸人",58:"鐵匠",59:"管家",60:"修女",
 61:"建築師",62:"戟兵",63:"施賑官",64:"圖書館員",65:"公爵夫人",66:"公證人",67:"桶匠",68:"馴鷹人",69:"貝居安修女",70:"詩人",
 71:"騎士",72:"扒手",73:"哲學家",74:"伯爵",75:"地方法官",76:"偶戲師",77:"穀物商",78:"皮革匠",79:"侍女官",80:"執事",
 81:"作曲家",82:"侍從",83:"老千",84:"測量師",85:"伯爵夫人",86:"仲裁人",87:"說書人",88:"魚販",89:"玻璃吹製師",90:"少年侍從",
 91:"托缽修士",92:"法官",93:"教務長",94:"盜獵者",95:"製圖師",96:"男爵",97:"司庫",98:"舞者",99:"小販",100:"魯特琴手",
 101:"肖像畫家",102:"治安官",103:"鼓手",104:"藥劑師",105:"男爵夫人",106:"港務長",107:"樞機主教",108:"船東",109:"蕾絲匠",110:"男管家",
 111:"朝聖者",112:"玻璃彩繪師",113:"消防隊長",114:"獄卒",115:"煽動者",116:"邊境伯爵",117:"議員",118:"搗蛋鬼",119:"鹽商",120:"造船匠",
 121:"女僕",122:"隨軍神父",123:"書法家",124:"會計師",125:"律師",126:"教師",127:"王子",128:"郡守",129:"號手",130:"僕人",
 131:"屋頂工",132:"獵人",133:"哨兵",134:"捕鼠人",135:"抄寫員",136:"女繼承人",137:"主教",138:"演員",139:"版畫師",140:"麵包師",
 141:"總管",142:"教堂司事",143:"漢薩商館代理",144:"長槍兵",145:"掘墓人",146:"數學家",147:"領地伯爵",148:"海關官員",149:"特技演員",150:"呢絨商",
 151:"釀酒師",152:"司酒官",153:"小修道院長",154:"細密畫家",155:"閘門管理員",156:"江湖郎中",157:"王后",158:"教區長",159:"大臣",160:"默劇演員",
 161:"經紀人",162:"金匠",163:"獵犬總管",164:"教士",165:"金箔匠",
}


EN = {
    "bru.colour.blue": "blue", "bru.colour.brown": "brown", "bru.colour.yellow": "yellow", "bru.colour.red": "red",
    "bru.colour.purple": "purple",
    "bru.group.noble": "noble", "bru.group.bureaucrat": "bureaucrat", "bru.group.entertainer": "entertainer",
    "bru.group.merchant": "merchant", "bru.group.craftsman": "craftsman", "bru.group.castle": "castle",
    "bru.group.church": "church", "bru.group.artist": "artist", "bru.group.protector": "protector",
    "bru.group.underworld": "underworld", "bru.group.scholar": "scholar",
    "bru.side.left": "left", "bru.side.right": "right",
    "bru.majority.persons": "persons", "bru.majority.reputation": "reputation", "bru.majority.canals": "canals",
    "bru.disaster.blue": "flood", "bru.disaster.brown": "plague", "bru.disaster.yellow": "robbery",
    "bru.disaster.red": "fire", "bru.disaster.purple": "intrigue",
    "bru.guilders": {"one": "{n} guilder", "other": "{n} guilders"},
    "bru.card_label": "{name} (#{id}, {colour})",
    "bru.drawn_card": "#{id} {name} ({colour})",
    "bru.die": "{colour} {value}",
    "bru.a_worker": "a {colour} worker",
    # notation
    "bru.err.not_number": "'{token}' is not a {what} number. {help}",
    "bru.err.draw_usage": "Draw from pile A or B: 'draw a', 'draw b', or several at once: 'draw a a b'.",
    "bru.err.lose_usage": "Lose what? 'lose person 12', 'lose house 2' or 'lose canal left'.",
    "bru.err.unknown": "I don't understand '{text}'. {help}",
    "bru.err.play_usage": "Play a card for a use, e.g. 'play 12 workers' (uses: {uses}).",
    "bru.err.not_use": "'{token}' is not a use. Uses: {uses}.",
    "bru.err.canal_usage": "Which canal: 'play N canal left' or 'play N canal right'.",
    "bru.err.hire_usage": "Hire into a house: 'play N hire' or 'play N hire house 2'.",
    "bru.err.nothing_more": "'play {card} {use}' takes nothing more.",
    "bru.err.help": "Moves: draw a|b, roll, rep|skip, play <card> workers|money|threat|canal|house|hire, "
                    "use <card>, end, choose <x>, lose person|house|canal <x>.",
    "bru.what.card": "card", "bru.what.house": "house",
    # refusals
    "bru.err.pile_empty": "Pile {pile} is empty; draw from pile {other}.",
    "bru.err.no_rep_step": "There is no reputation step for you to decide now.",
    "bru.err.rep_cost": "The reputation step costs {price} guilders and you have {money}: 'skip'.",
    "bru.err.use_when": "Persons are activated on your own turn in the action phase.",
    "bru.err.not_your_person": "Person #{id} is not in one of your houses.",
    "bru.err.no_ability": "{name} (#{id}) has no ability to activate.",
    "bru.err.used": "{name} (#{id}) was already used this round.",
    "bru.err.needs_worker": "{name} (#{id}) needs a {colour} worker and you have none.",
    "bru.err.end_when": "You can end your turn only in the action phase, on your turn.",
    "bru.err.play_first": "Play a card first: 'play <card> <use>'.",
    "bru.err.play_when": "Cards are played on your own turn in the action phase.",
    "bru.err.played": "You have played your card this turn: 'end' (or use a person first).",
    "bru.err.not_in_hand": "Card #{id} is not in your hand (your hand: {hand}).",
    "bru.err.no_threat": "You hold no {colour} threat marker to remove.",
    "bru.err.house_worker": "A house from a {colour} card costs a {colour} worker; you have none.",
    "bru.err.canal_next": "No canal of yours needs a {colour} section next ({nexts}).",
    "bru.canal_next": "{side}: {colour}",
    "bru.complete": "complete",
    "bru.err.canal_side": "The next section of your {side} canal is not {colour}; try the {other} canal.",
    "bru.err.canal_which": "Both canals take a {colour} section: say 'canal left' or 'canal right'.",
    "bru.err.canal_cost": "That canal section costs {price} guilders; you have {money}.",
    "bru.err.no_house": "You have no house: play a card as a house first.",
    "bru.err.hire_cost": "{name} costs {price} guilders; you have {money}.",
    "bru.err.houses_full": "All your houses are lived in: name the house to replace, e.g. 'hire house 1'.",
    "bru.err.house_range": "You have houses 1 to {n}.",
    "bru.err.house_empty": "House {n} is empty: hire into an empty house before replacing a person.",
    "bru.err.nothing_waiting": "Nothing is waiting for your choice.",
    "bru.err.choose_one": "{label}: choose one of {options}.",
    "bru.err.nothing_to_lose": "You have nothing to lose right now.",
    "bru.err.cannot_lose": "You cannot '{text}'. Choose one of: {options}.",
    "bru.err.answer_first": "First answer what is waiting: {options}.",
    "bru.err.drawn_enough": "You have drawn enough: draw fewer cards.",
    "bru.err.not_now": "{what} is not now (phase: {phase}).",
    "bru.err.not_now_options": "{what} is not now (phase: {phase}). Now: {options}.",
    "bru.phase.draw": "Drawing", "bru.phase.roll": "Rolling the dice", "bru.phase.reputation": "The reputation step",
    "bru.phase.actions": "Playing cards and using persons",
    # events
    "bru.ev.has_drawn": {"one": "{who} has drawn {n} card.", "other": "{who} has drawn {n} cards."},
    "bru.ev.you_drew": "You drew: {cards}.",
    "bru.ev.draws": "{who} draws a {colour} card from pile {pile}.",
    "bru.ev.rolls": "{who} rolls: {dice}.",
    "bru.ev.threat_die": "The {colour} die shows {value}: everyone takes a {colour} threat.",
    "bru.ev.no_rep": "No die shows 1 or 2: no reputation step this round.",
    "bru.ev.rep_cost": "The reputation step costs {cost} this round.",
    "bru.ev.rep_free": "{who} moves up to reputation {rep} for free.",
    "bru.ev.rep_poor": "{who} cannot afford the reputation step.",
    "bru.ev.rep_paid": "{who} pays {cost} and moves up to reputation {rep}.",
    "bru.ev.rep_skip": "{who} does not move up on the reputation track.",
    "bru.ev.use": "{who} pays a {colour} worker to use {name} (#{id}).",
    "bru.ev.end_turn": "{who} ends the turn.",
    "bru.ev.play_workers": {"one": "{who} plays {card} for {n} {colour} worker.",
                             "other": "{who} plays {card} for {n} {colour} workers."},
    "bru.ev.play_money": "{who} plays {card} for {money}.",
    "bru.ev.play_threat": "{who} plays {card} to remove a {colour} threat (+{vp} VP).",
    "bru.ev.play_canal": "{who} plays {card} for a canal section.",
    "bru.ev.play_house": "{who} builds a {colour} house (house {n}).",
    "bru.ev.hire": "{who} hires {name} (#{id}, {colour} {group}) for {money} into house {house}.",
    "bru.ev.hire_replace": "{who} hires {name} (#{id}, {colour} {group}) for {money}, replacing {old} (#{old_id}) "
                           "into house {house}.",
    "bru.ev.majority": "{who} leads in {majority} and turns that majority marker.",
    "bru.ev.last_over": "The last round is over: final scoring.",
    "bru.ev.round": "Round {round} begins; {who} is start player.",
    "bru.ev.round_last": "Round {round} begins; {who} is start player (last round).",
    "bru.ev.no_threat_left": "No {colour} threat marker is left in the supply for {who}.",
    "bru.ev.flood": "Disaster ({name}) for {who}: all workers are lost.",
    "bru.ev.robbery": "Disaster ({name}) for {who}: {money} lost.",
    "bru.ev.intrigue": "Disaster ({name}) for {who}: {vp} VP lost.",
    "bru.ev.strikes": "Disaster ({name}) strikes {who}.",
    "bru.ev.lose_person": "{who} loses {name} (#{id}).",
    "bru.ev.lose_house": "{who} loses a {colour} house.",
    "bru.ev.lose_house_person": "{who} loses a {colour} house; {name} (#{id}) goes back to the hand.",
    "bru.ev.lose_canal": "{who} loses the outermost section of the {side} canal.",
    "bru.ev.canal": "{who} builds section {n} of the {side} canal {paid}.",
    "bru.ev.canal_statue": "{who} builds section {n} of the {side} canal {paid} and completes it: statue worth {vp} VP.",
    "bru.ev.canal_no_statue": "{who} builds section {n} of the {side} canal {paid} and completes it (no statue left).",
    "bru.for_money": "for {money}",
    "bru.for_free": "for free",
    "bru.ev.reserve": "Draw pile {pile} ran out: the reserve cards replace it, {when}.",
    "bru.when.already": "this is already the last round",
    "bru.when.next": "next round is the last",
    "bru.when.this": "this round is the last",
    "bru.ev.split": "Draw pile {pile} ran out: the other pile is split in two.",
    "bru.ev.nothing_to_do": "{label}: nothing to do for {who}.",
    "bru.ev.gains_money": "{who} gains {money}.",
    "bru.ev.gains_workers": {"one": "{who} gains {n} {colour} worker.", "other": "{who} gains {n} {colour} workers."},
    "bru.ev.scores": "{who} scores {n} VP.",
    "bru.ev.rep_up": "{who} moves up the reputation track to {rep}.",
    "bru.ev.rep_top": "{who} moves up the reputation track to {rep} (already at the top).",
    "bru.ev.draws_cards": {"one": "{who} draws {n} card.", "other": "{who} draws {n} cards."},
    "bru.ev.draws_cards_from": {"one": "{who} draws {n} card from pile {pile}.",
                                "other": "{who} draws {n} cards from pile {pile}."},
    "bru.ev.clears": {"one": "{who} removes {n} {colour} threat marker for {vp} VP.",
                      "other": "{who} removes {n} {colour} threat markers for {vp} VP."},
    "bru.ev.threat_others": "Every other player takes a {colour} threat marker.",
    "bru.ev.extra_play": "{who} may play one more card this round.",
    "bru.ev.discards": "{who} discards a card.",
    "bru.ev.you_discard": "You discard #{id} {name}.",
    "bru.ev.loses_money": "{who} loses {money}.",
    "bru.ev.gives_workers": "{who} gives {to} {workers}.",
    "bru.no_worker": "no worker",
}

ZH = {
    "bru.colour.blue": "藍色", "bru.colour.brown": "棕色", "bru.colour.yellow": "黃色", "bru.colour.red": "紅色",
    "bru.colour.purple": "紫色",
    "bru.group.noble": "貴族", "bru.group.bureaucrat": "官員", "bru.group.entertainer": "藝人",
    "bru.group.merchant": "商人", "bru.group.craftsman": "工匠", "bru.group.castle": "城堡",
    "bru.group.church": "教會", "bru.group.artist": "藝術家", "bru.group.protector": "護衛",
    "bru.group.underworld": "地下社會", "bru.group.scholar": "學者",
    "bru.side.left": "左邊", "bru.side.right": "右邊",
    "bru.majority.persons": "人物", "bru.majority.reputation": "聲望", "bru.majority.canals": "運河",
    "bru.disaster.blue": "水災", "bru.disaster.brown": "鼠疫", "bru.disaster.yellow": "搶劫",
    "bru.disaster.red": "火災", "bru.disaster.purple": "陰謀",
    "bru.guilders": "{n} 元",
    "bru.card_label": "{name}(#{id},{colour})",
    "bru.drawn_card": "#{id} {name}({colour})",
    "bru.die": "{colour} {value}",
    "bru.a_worker": "一個{colour}工人",
    "bru.err.not_number": "「{token}」不是{what}編號。{help}",
    "bru.err.draw_usage": "從牌堆 A 或 B 抽牌:'draw a'、'draw b',或一次抽多張:'draw a a b'。",
    "bru.err.lose_usage": "要失去什麼?'lose person 12'、'lose house 2' 或 'lose canal left'。",
    "bru.err.unknown": "看不懂「{text}」。{help}",
    "bru.err.play_usage": "打出一張卡並選擇用途,例如 'play 12 workers'(用途:{uses})。",
    "bru.err.not_use": "「{token}」不是卡片用途。用途:{uses}。",
    "bru.err.canal_usage": "哪一條運河:'play N canal left' 或 'play N canal right'。",
    "bru.err.hire_usage": "把人物僱進房屋:'play N hire' 或 'play N hire house 2'。",
    "bru.err.nothing_more": "'play {card} {use}' 後面不能再接東西。",
    "bru.err.help": "指令:draw a|b、roll、rep|skip、play <卡片> workers|money|threat|canal|house|hire、"
                    "use <卡片>、end、choose <x>、lose person|house|canal <x>。",
    "bru.what.card": "卡片", "bru.what.house": "房屋",
    "bru.err.pile_empty": "牌堆 {pile} 已經空了;請從牌堆 {other} 抽牌。",
    "bru.err.no_rep_step": "現在沒有需要你決定的聲望推進。",
    "bru.err.rep_cost": "推進聲望要花 {price} 元,你只有 {money} 元:'skip'。",
    "bru.err.use_when": "人物只能在行動階段、輪到你時啟動。",
    "bru.err.not_your_person": "人物 #{id} 不在你的房屋裡。",
    "bru.err.no_ability": "{name}(#{id})沒有可以啟動的能力。",
    "bru.err.used": "{name}(#{id})這一輪已經用過了。",
    "bru.err.needs_worker": "{name}(#{id})需要一個{colour}工人,你沒有。",
    "bru.err.end_when": "只有在行動階段、輪到你時才能結束回合。",
    "bru.err.play_first": "請先打出一張卡:'play <卡片> <用途>'。",
    "bru.err.play_when": "卡片只能在行動階段、輪到你時打出。",
    "bru.err.played": "你這回合已經打出卡片了:'end'(或先啟動人物)。",
    "bru.err.not_in_hand": "卡片 #{id} 不在你的手牌中(你的手牌:{hand})。",
    "bru.err.no_threat": "你沒有可以移除的{colour}威脅標記。",
    "bru.err.house_worker": "用{colour}卡片蓋房屋要一個{colour}工人;你沒有。",
    "bru.err.canal_next": "你的運河下一段都不是{colour}({nexts})。",
    "bru.canal_next": "{side}:{colour}",
    "bru.complete": "已完成",
    "bru.err.canal_side": "你{side}運河的下一段不是{colour};請試試{other}運河。",
    "bru.err.canal_which": "兩條運河都可以接{colour}的一段:請說 'canal left' 或 'canal right'。",
    "bru.err.canal_cost": "這段運河要花 {price} 元;你有 {money} 元。",
    "bru.err.no_house": "你沒有房屋:請先把一張卡當作房屋打出。",
    "bru.err.hire_cost": "{name}要花 {price} 元;你有 {money} 元。",
    "bru.err.houses_full": "你的房屋都住滿了:請指定要替換的房屋,例如 'hire house 1'。",
    "bru.err.house_range": "你的房屋是 1 到 {n}。",
    "bru.err.house_empty": "房屋 {n} 是空的:替換人物之前請先僱人住進空房屋。",
    "bru.err.nothing_waiting": "沒有等待你選擇的事情。",
    "bru.err.choose_one": "{label}:請從 {options} 中選擇一個。",
    "bru.err.nothing_to_lose": "你現在沒有需要失去的東西。",
    "bru.err.cannot_lose": "你不能 '{text}'。請從這些選一個:{options}。",
    "bru.err.answer_first": "請先回答等待中的選擇:{options}。",
    "bru.err.drawn_enough": "你已經抽夠了:請少抽幾張。",
    "bru.err.not_now": "現在不是{what}的時候(階段:{phase})。",
    "bru.err.not_now_options": "現在不是{what}的時候(階段:{phase})。現在可以:{options}。",
    "bru.phase.draw": "抽牌", "bru.phase.roll": "擲骰", "bru.phase.reputation": "推進聲望",
    "bru.phase.actions": "打出卡片與啟動人物",
    "bru.ev.has_drawn": "{who} 抽了 {n} 張卡。",
    "bru.ev.you_drew": "你抽到:{cards}。",
    "bru.ev.draws": "{who} 從牌堆 {pile} 抽了一張{colour}卡。",
    "bru.ev.rolls": "{who} 擲骰:{dice}。",
    "bru.ev.threat_die": "{colour}骰子擲出 {value}:每位玩家拿取一個{colour}威脅標記。",
    "bru.ev.no_rep": "沒有骰子擲出 1 或 2:這一輪不推進聲望。",
    "bru.ev.rep_cost": "這一輪推進聲望要花 {cost}。",
    "bru.ev.rep_free": "{who} 免費推進聲望到 {rep}。",
    "bru.ev.rep_poor": "{who} 付不起推進聲望的費用。",
    "bru.ev.rep_paid": "{who} 支付 {cost},聲望推進到 {rep}。",
    "bru.ev.rep_skip": "{who} 不推進聲望。",
    "bru.ev.use": "{who} 支付一個{colour}工人,啟動{name}(#{id})。",
    "bru.ev.end_turn": "{who} 結束回合。",
    "bru.ev.play_workers": "{who} 打出{card},拿取 {n} 個{colour}工人。",
    "bru.ev.play_money": "{who} 打出{card},拿取 {money}。",
    "bru.ev.play_threat": "{who} 打出{card},移除一個{colour}威脅標記(+{vp} 分)。",
    "bru.ev.play_canal": "{who} 打出{card},蓋一段運河。",
    "bru.ev.play_house": "{who} 蓋了一棟{colour}房屋(房屋 {n})。",
    "bru.ev.hire": "{who} 花 {money} 僱用{name}(#{id},{colour}{group}),住進房屋 {house}。",
    "bru.ev.hire_replace": "{who} 花 {money} 僱用{name}(#{id},{colour}{group}),取代{old}(#{old_id}),"
                           "住進房屋 {house}。",
    "bru.ev.majority": "{who} 在{majority}上領先,翻開該多數標記。",
    "bru.ev.last_over": "最後一輪結束:進行最終計分。",
    "bru.ev.round": "第 {round} 輪開始;{who} 是起始玩家。",
    "bru.ev.round_last": "第 {round} 輪開始;{who} 是起始玩家(最後一輪)。",
    "bru.ev.no_threat_left": "供應區已經沒有{colour}威脅標記可以給 {who}。",
    "bru.ev.flood": "{who} 遭遇災難({name}):失去所有工人。",
    "bru.ev.robbery": "{who} 遭遇災難({name}):失去 {money}。",
    "bru.ev.intrigue": "{who} 遭遇災難({name}):失去 {vp} 分。",
    "bru.ev.strikes": "{who} 遭遇災難({name})。",
    "bru.ev.lose_person": "{who} 失去{name}(#{id})。",
    "bru.ev.lose_house": "{who} 失去一棟{colour}房屋。",
    "bru.ev.lose_house_person": "{who} 失去一棟{colour}房屋;{name}(#{id})回到手牌。",
    "bru.ev.lose_canal": "{who} 失去{side}運河最外側的一段。",
    "bru.ev.canal": "{who} {paid}蓋好{side}運河的第 {n} 段。",
    "bru.ev.canal_statue": "{who} {paid}蓋好{side}運河的第 {n} 段並完成運河:獲得價值 {vp} 分的雕像。",
    "bru.ev.canal_no_statue": "{who} {paid}蓋好{side}運河的第 {n} 段並完成運河(雕像已經沒有了)。",
    "bru.for_money": "花 {money} ",
    "bru.for_free": "免費",
    "bru.ev.reserve": "牌堆 {pile} 抽完了:改用備用卡片,{when}。",
    "bru.when.already": "現在已經是最後一輪",
    "bru.when.next": "下一輪是最後一輪",
    "bru.when.this": "這一輪是最後一輪",
    "bru.ev.split": "牌堆 {pile} 抽完了:另一疊牌分成兩半。",
    "bru.ev.nothing_to_do": "{label}:{who} 沒有可以做的事。",
    "bru.ev.gains_money": "{who} 獲得 {money}。",
    "bru.ev.gains_workers": "{who} 獲得 {n} 個{colour}工人。",
    "bru.ev.scores": "{who} 獲得 {n} 分。",
    "bru.ev.rep_up": "{who} 的聲望推進到 {rep}。",
    "bru.ev.rep_top": "{who} 的聲望推進到 {rep}(已經在最頂端)。",
    "bru.ev.draws_cards": "{who} 抽了 {n} 張卡。",
    "bru.ev.draws_cards_from": "{who} 從牌堆 {pile} 抽了 {n} 張卡。",
    "bru.ev.clears": "{who} 移除 {n} 個{colour}威脅標記,獲得 {vp} 分。",
    "bru.ev.threat_others": "其他每位玩家各拿取一個{colour}威脅標記。",
    "bru.ev.extra_play": "{who} 這一輪可以多打出一張卡。",
    "bru.ev.discards": "{who} 棄掉一張卡。",
    "bru.ev.you_discard": "你棄掉 #{id} {name}。",
    "bru.ev.loses_money": "{who} 失去 {money}。",
    "bru.ev.gives_workers": "{who} 給 {to} {workers}。",
    "bru.no_worker": "沒有工人",
}

_cards = CARDS.values() if isinstance(CARDS, dict) else CARDS
EN.update({f"bru.card.{c.id}": c.name for c in _cards})
ZH.update({f"bru.card.{i}": name for i, name in ZH_NAMES.items()})

register("en", EN)
register("zh-TW", ZH)
