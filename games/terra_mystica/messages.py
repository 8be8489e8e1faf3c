"""Terra Mystica's sentences: refusals and move announcements, English and zh-TW.

The engine names a key and its parameters (``msg("tm.err.river", hex="E5")``);
the bot words it in the reader's language. Factions, buildings, colours,
cult tracks and resources are keys too, so a Chinese sentence keeps no
English but notation (hexes, ``ACT6``, ``BON3``, ``+FIRE``) and player names
(``{p0}``...). The Chinese terms follow the Taiwanese rule write-up the
project is built from (住宅, 貿易站, 要塞, 廟宇, 聖殿, 鏟子, 魔力池, 元素信仰,
宗教獎勵板塊, 城鎮板塊, 獎勵卡, 航行能力, 兌換率...).
"""

from __future__ import annotations

from ..core.messages import Msg, Worded, msg, register, worded
from .data import BONUSES, BUILDING_NAMES, COLOURS, FACTIONS, TERRAINS


def who(seat: int) -> str:
    """A seat's name placeholder, filled in by the bot after wording."""
    return "{p" + str(seat) + "}"


def faction(fid: str) -> Msg:
    return msg("tm.faction." + fid)


def building(kind: str) -> Msg:
    return msg("tm.building." + kind.lower())


def colour(index: int) -> Msg:
    return msg("tm.colour." + COLOURS[index])


def terrain(index: int) -> Msg:
    return msg("tm.terrain." + TERRAINS[index])


def cult(track: str) -> Msg:
    return msg("tm.cult." + track.lower())


def resource(code: str) -> Msg:
    return msg("tm.resname." + code.lower())


def power_gain(act: str) -> Msg:
    """What a power action (ACT1-ACT6) gives, in words."""
    return msg("tm.pact." + act.lower())


def amounts(res: dict) -> Msg:
    """'1 worker and 2 coins': workers, coins and priests in words."""
    parts = [msg("tm.res." + k.lower(), n=n) for k, n in res.items() if k in ("W", "C", "P")]
    if not parts:
        return msg("tm.res.nothing")
    if len(parts) == 1:
        return parts[0]
    return msg("tm.and", head=parts[:-1], last=parts[-1])


def cost_note(cost: dict):
    """An autocomplete note for a price: "4 W 2 C" / "4 工人 2 元", or "free"; a ``Worded``
    string (English text, message kept) so the bot words it in the reader's language."""
    parts = [msg("tm.note." + k.lower(), n=n) if k in NOTE_UNITS else msg("tm.note.other", n=n, what=k)
             for k, n in cost.items() if n]
    if not parts:
        return worded("tm.note.free")
    out = parts[0]
    for part in parts[1:]:
        out = msg("tm.note.pair", a=out, b=part)
    return Worded(out)


NOTE_UNITS = ("C", "W", "P", "PW", "VP")


def semicolons(items: list) -> Msg | str:
    """Several owed things in one sentence, separated the locale's way."""
    out = items[0]
    for item in items[1:]:
        out = msg("tm.then", a=out, b=item)
    return out


ZH_FACTIONS = {
    "alchemists": "煉金術師", "auren": "精靈", "chaosmagicians": "渾沌魔法師", "cultists": "邪教徒",
    "darklings": "魔族", "dwarves": "矮人", "engineers": "工程師", "fakirs": "苦行僧", "giants": "巨人",
    "halflings": "哈比人", "mermaids": "人魚", "nomads": "遊牧民族", "swarmlings": "蟲族", "witches": "女巫",
}
ZH_BUILDINGS = {"D": "住宅", "TP": "貿易站", "TE": "廟宇", "SH": "要塞", "SA": "聖殿"}
ZH_TERRAINS = {"desert": "沙漠", "plains": "平原", "swamp": "沼澤", "lakes": "湖泊", "forest": "森林",
               "mountains": "山脈", "wasteland": "荒地"}
#: what each bonus card does (English: the data table's own line)
ZH_BONUSES = {
    "BON1": "2 元，行動：1 把鏟子", "BON2": "4 元，行動：信仰前進 1 步", "BON3": "6 元",
    "BON4": "3 點魔力，航行能力 +1", "BON5": "3 點魔力、1 個工人",
    "BON6": "2 個工人，跳過時：要塞與聖殿各 4 分", "BON7": "1 個工人，跳過時：每間貿易站 2 分",
    "BON8": "1 個祭司", "BON9": "2 元，跳過時：每間住宅 1 分", "BON10": "3 點魔力，跳過時：每級航行能力 3 分",
}
ZH_COLOURS = {"yellow": "黃色", "brown": "棕色", "black": "黑色", "blue": "藍色", "green": "綠色",
              "gray": "灰色", "red": "紅色"}

EN = {
    **{f"tm.faction.{fid}": f["name"] for fid, f in FACTIONS.items()},
    **{f"tm.building.{k.lower()}": v for k, v in BUILDING_NAMES.items()},
    **{f"tm.terrain.{t}": t for t in TERRAINS},
    **{f"tm.colour.{c}": c for c in COLOURS},
    "tm.cult.fire": "FIRE", "tm.cult.water": "WATER", "tm.cult.earth": "EARTH", "tm.cult.air": "AIR",
    "tm.resname.pw": "PW", "tm.resname.c": "C", "tm.resname.w": "W", "tm.resname.p": "P", "tm.resname.vp": "VP",
    "tm.res.w": {"one": "{n} worker", "other": "{n} workers"},
    "tm.res.c": {"one": "{n} coin", "other": "{n} coins"},
    "tm.res.p": {"one": "{n} priest", "other": "{n} priests"},
    "tm.res.nothing": "nothing",
    "tm.and": "{head} and {last}",
    "tm.then": "{a}; {b}",
    # autocomplete and menu notes: what a move costs, in the site's short units
    **{f"tm.bonus.{k.lower()}": v["text"] for k, v in BONUSES.items()},
    "tm.note.c": "{n} C", "tm.note.w": "{n} W", "tm.note.p": "{n} P", "tm.note.pw": "{n} PW", "tm.note.vp": "{n} VP",
    "tm.note.pair": "{a} {b}", "tm.note.other": "{n} {what}",
    "tm.note.free": "free",
    "tm.note.card": "{card}",
    "tm.note.card_coins": "{card} (+{coins} on it)",
    "tm.menu.take_card": "take bonus card {card}",
    "tm.menu.track.ship": "shipping", "tm.menu.track.dig": "digging",
    "tm.menu.amount": "{n} {what}",
    "tm.menu.spade": "spade", "tm.menu.from": "from",
    "tm.menu.pass_card": "pass, take bonus card {card}",
    "tm.note.then_connect": "then connect",
    "tm.pact.act1": "a bridge", "tm.pact.act2": "1 priest", "tm.pact.act3": "2 workers",
    "tm.pact.act4": "7 coins", "tm.pact.act5": "1 spade", "tm.pact.act6": "2 spades",
    # what an action would be, inside a refusal
    "tm.what.dig": "digging", "tm.what.transform": "transforming", "tm.what.build": "building on {hex}",
    "tm.what.upgrade": "upgrading {hex}", "tm.what.ship": "advancing shipping",
    "tm.what.dig_track": "advancing digging", "tm.what.send": "sending a priest",
    "tm.what.power": "power action {act}", "tm.what.act": "the {act} action", "tm.what.bridge": "the bridge action",
    "tm.what.pass": "passing", "tm.what.tunnel": "tunnel", "tm.what.carpet": "fly a carpet",
    "tm.what.spades": "spades", "tm.what.power_n": "power",
    # what is paid for, inside "X costs ..."
    "tm.cost.dig": "Digging {n} spade(s)", "tm.cost.tunnel": "Tunnelling to {hex}",
    "tm.cost.carpet": "A carpet flight to {hex}", "tm.cost.building": "A {building}",
    "tm.cost.ship": "Advancing shipping", "tm.cost.dig_track": "Advancing digging", "tm.cost.bridge": "A bridge",
    "tm.cost.convert_power": "Converting {n} power", "tm.cost.convert": "Converting {n}{src}", "tm.cost.act": "{act}",
    # what is still owed before a turn ends
    "tm.owe.fav": "take a favour tile (+FAVn)",
    "tm.owe.tw": "take a town tile (+TWn)",
    "tm.owe.cult": "choose a cult track (+FIRE, +WATER, +EARTH or +AIR)",
    "tm.owe.cultist": "place your cult step for the accepted power offer (+FIRE, +WATER, +EARTH or +AIR)",
    "tm.owe.dug": "use the {n} spade(s) you dug (transform HEX)",
    "tm.owe.spades": "use {n} spade(s) (transform HEX) or discard them (-SPADE)",
    "tm.owe.bridge": "place your bridge (bridge HEX:HEX)",
    "tm.owe.dwelling": "build your dwelling",
    "tm.owe.tp": "upgrade a dwelling to a trading house",
    "tm.advice.build": "build on an empty hex",
    "tm.advice.transform": "only empty hexes can be transformed",
    "tm.dig_workers": "{w} workers ({rate} per spade)",
    # refusals
    "tm.err.pick_bonus": "Pick your starting bonus card: pass BONn ({cards}).",
    "tm.err.spades_turn": "It is {who}'s turn to use cult bonus spades.",
    "tm.err.passed_answer": "You have passed this round; you may only answer power offers.",
    "tm.err.not_turn": "It is {who}'s turn; you may only answer power offers.",
    "tm.err.choose_faction": "Choose your faction first: setup FACTION (free: {free}).",
    "tm.err.seat_order": "Factions are chosen in seat order.",
    "tm.err.faction_in": "The {faction} are already in this game; free: {free}.",
    "tm.err.home_taken": "The {faction}' home terrain ({terrain}) is taken by the {other}; free: {free}.",
    "tm.err.start_dwelling": "Place a starting dwelling: build HEX on your home terrain.",
    "tm.err.river": "{hex} is a river hex.",
    "tm.err.no_hex": "There is no hex {hex} on this map.",
    "tm.err.has_building": "{hex} already has a building.",
    "tm.err.start_home": "{hex} is {colour}; starting dwellings go on {home}.",
    "tm.err.bonus_gone": "{card} is not available (left: {left}).",
    "tm.err.only_cult_spades": "Now you may only use your cult bonus spades, not {what}.",
    "tm.err.action_taken": "You already took your action this turn; {what} would be another.",
    "tm.err.spades_first": "Use or discard (-SPADE) your {n} spade(s) before {what}.",
    "tm.err.dig_min": "Dig at least 1 spade.",
    "tm.err.cult_spades_no_dig": "Cult bonus spades cannot be topped up with digging.",
    "tm.err.halflings_no_dig": "The Halflings' stronghold spades cannot be topped up with digging.",
    "tm.err.giants_red": "Giants can only transform to wasteland (red), always for 2 spades.",
    "tm.err.no_teleport_cult": "{hex} is out of direct reach, and you cannot {what} with cult bonus spades "
                               "(the ability works only in the action phase).",
    "tm.err.unreach_dwarves": "{hex} is not reachable: Dwarves tunnel at most one hex beyond their buildings.",
    "tm.err.unreach_fakirs": "{hex} is not reachable: your carpet range is {n}.",
    "tm.err.unreach_ship": "{hex} is not reachable: your shipping is {level}; it needs shipping {need}.",
    "tm.err.unreach_noship": "{hex} is not reachable: your shipping is {level} and no ship reaches it "
                             "from your buildings.",
    "tm.err.sand_reach": "The sandstorm reaches only hexes next to your buildings; {hex} is not.",
    "tm.err.sand_desert": "The sandstorm turns a hex into desert.",
    "tm.err.sand_already": "{hex} is already desert; the sandstorm needs a hex of another terrain.",
    "tm.err.transform_first": "All transforms of an action come before its build; "
                              "use or discard (-SPADE) your {n} spade(s) instead.",
    "tm.err.giants_one_hex": "The Giants' two spades must all go on {hex}.",
    "tm.err.already_home": "{hex} is already your home terrain.",
    "tm.err.already_colour": "{hex} is already {colour}.",
    "tm.err.one_other": "One action turns at most one hex into a terrain other than your home; {hex} already was.",
    "tm.err.need_spades": "That needs {cost} spades; you have {n}.",
    "tm.err.need_spades_halflings": "That needs {cost} spades; you have {n}, and the Halflings' "
                                    "stronghold spades cannot be topped up with digging.",
    "tm.err.turn_needs": "Turning {hex} ({cur}) into {target} needs {cost} spade(s): {dig}; you have {w} workers.",
    "tm.err.turn_needs_more": "Turning {hex} ({cur}) into {target} needs {cost} spade(s); you hold {held}, "
                              "the other {missing} cost {dig}; you have {w} workers.",
    "tm.err.dug_unused": "Spades bought with dig must all be used: turning {hex} into {colour} "
                         "leaves {n} of them unused.",
    "tm.err.dig_fewer": "No transform could use the {n} spade(s) you dug; dig fewer.",
    "tm.err.discard_n": "You have {n} spade(s) to discard.",
    "tm.err.dug_keep": "Spades bought with dig cannot be thrown away; use them (transform HEX).",
    "tm.err.no_dwellings": "All 8 of your dwellings are on the map.",
    "tm.err.ride_forest": "The Witches' ride lands on a forest hex; {hex} is {colour}.",
    "tm.err.cult_spades_only": "Cult bonus spades only transform; you cannot build now.",
    "tm.err.transform_before_build": "All transforms of an action come before its build: transform {hex} "
                                     "(and use your other {n} spade(s)) first, then build.",
    "tm.err.use_dug": "Use the {n} spade(s) you dug (transform HEX) before you build: "
                      "all transforms of an action come before its build.",
    "tm.err.own_building": "{hex} already has your {building}; upgrade it instead (upgrade {hex} to {next}).",
    "tm.err.own_building_top": "{hex} already has your {building}.",
    "tm.err.their_building": "{hex} already has the {faction}' {building}; {advice}.",
    "tm.err.build_total": "Building on {hex} costs {total} ({spent} to reach and terraform it, "
                          "{cost} for the dwelling); you have {have}.",
    "tm.err.upgrade_theirs": "{hex} is the {faction}' {building}; you can upgrade only your own buildings.",
    "tm.err.upgrade_theirs_list": "{hex} is the {faction}' {building}; you can upgrade only your own "
                                  "buildings ({mine}).",
    "tm.err.upgrade_none": "You have no building on {hex}.",
    "tm.err.upgrade_none_list": "You have no building on {hex} ({mine}).",
    "tm.err.upgrade_from": "A {building} is built from a {source}; {hex} has a {has}.",
    "tm.err.none_left": "You have no {building} left.",
    "tm.err.ride_needs": "The Witches' ride needs a free forest hex and a dwelling in your supply.",
    "tm.err.acts_needs": "ACTS needs a dwelling on the map and a trading house in your supply.",
    "tm.err.no_sand_hex": "No free hex next to your buildings for a sandstorm.",
    "tm.err.no_ship_track": "The {faction} have no shipping track.",
    "tm.err.ship_max": "Your shipping is already at its maximum ({n}).",
    "tm.err.dig_max": "Your digging cannot advance further.",
    "tm.err.no_priest": "You have no priest to send.",
    "tm.err.no_space": "No free {n}-step space on {track}.",
    "tm.err.act_used": "{act} was already used this round.",
    "tm.err.no_bridge_slot": "No bridge slot touches your buildings.",
    "tm.err.no_bridge_left": "You have no bridge left.",
    "tm.err.not_held": "You do not hold {act}.",
    "tm.err.acte_only": "Only the Engineers build bridges with ACTE.",
    "tm.err.not_action": "'{act}' is not an action (ACT1-ACT6, BON1, BON2, FAV6, ACTA/C/E/G/N/S/W).",
    "tm.err.belongs": "{act} belongs to the {faction}.",
    "tm.err.needs_sh": "{act} needs your stronghold.",
    "tm.err.used_once": "You already used {act} this round.",
    "tm.err.bridge_after": "Place a bridge after action ACT1 (or ACTE for the Engineers).",
    "tm.err.bridge_land": "A bridge joins two land hexes.",
    "tm.err.bridge_none": "No bridge can join {a} and {b}.",
    "tm.err.bridge_there": "There is already a bridge at {bridge}.",
    "tm.err.bridge_touch": "A bridge must touch one of your buildings.",
    "tm.err.mermaids_only": "Only the Mermaids connect towns across a river hex.",
    "tm.err.connect_river": "connect needs a river hex, e.g. connect r1.",
    "tm.err.connect_none": "No single river hex joins those hexes.",
    "tm.err.connect_touch": "{r} does not touch two of your buildings.",
    "tm.err.connect_done": "{r} is already connected.",
    "tm.err.connect_no_town": "Connecting across {r} founds no town.",
    "tm.err.no_convert": "You cannot convert {src} to {dst}.",
    "tm.err.rate": "{src} -> {dst} is {rate}:1; {n}{src} gives {k}{dst}.",
    "tm.err.darkling_max": "The stronghold converts at most {n} more workers.",
    "tm.err.have_vp": "You have {n} VP.",
    "tm.err.priests_max": "You would have more than 7 priests.",
    "tm.err.burn": "Burning {n} needs {need} power in bowl II; it holds {has}.",
    "tm.err.no_pass": "You cannot pass now.",
    "tm.err.passed": "You have already passed this round; take your other action or end with 'done'.",
    "tm.err.pass_r6": "In round 6 you pass without taking a bonus card: pass.",
    "tm.err.pass_card": "Pass with a bonus card: pass BONn ({cards}).",
    "tm.err.no_offer_from": "You have no power offer from the {faction}.",
    "tm.err.leech_converted": "You converted after this power offer was made; you can only decline it now.",
    "tm.err.leech_order": "You answered a later power offer already; an earlier one can only be declined.",
    "tm.err.leech_whole": "A power offer is taken whole: leech {cap} from {fid}, or decline it.",
    "tm.err.no_darkling_trade": "You have no stronghold trade of workers for priests to refuse.",
    "tm.err.no_offer": "You have no power offer to decline.",
    "tm.err.back_town": "You cannot move back on a cult track (only before taking a town tile).",
    "tm.err.steps_one_track": "You have {n} cult step(s) for one track: +{track}.",
    "tm.err.back": "You cannot move back on a cult track.",
    "tm.err.no_step": "You have no cult step to place.",
    "tm.err.no_fav": "There is no favour tile {tile} (FAV1-FAV12).",
    "tm.err.fav_none_owed": "You get a favour tile for a temple or sanctuary; you have none to take.",
    "tm.err.fav_have": "You already have {tile}; one of each kind per player.",
    "tm.err.tile_gone": "No {tile} is left.",
    "tm.err.no_town_tile": "There is no town tile {tile} in this game.",
    "tm.err.no_town": "You have founded no town to take a town tile for.",
    "tm.err.act_first": "Take an action first (or pass).",
    "tm.err.double": "The Chaos Magicians' double action gives two actions; take the second one (or pass).",
    "tm.err.still_owe": "You still need to {owe}.",
    "tm.err.setup_late": "Factions are chosen only at the start.",
    "tm.err.power": "{what} costs {n} power but bowl III holds {has}.",
    "tm.err.power_burn": "{what} costs {n} power but bowl III holds {has} (burn {need} first).",
    "tm.err.costs": "{what} costs {cost}; you have {have}.",
    # notation
    "tm.err.not_hex": "'{text}' is not a hex of the map (land A1-I12, river r0-r35).",
    "tm.err.not_number": "'{text}' is not a number of {what}.",
    "tm.err.not_faction": "'{text}' is not a faction ({factions}).",
    "tm.err.not_cult": "'{text}' is not a cult track (FIRE, WATER, EARTH, AIR).",
    "tm.err.not_amount": "'{text}' is not an amount like 2PW, 1P, 3W, 2C or 1VP.",
    "tm.err.upgrade_kind": "You can upgrade to TP, TE, SH or SA, not '{kind}'.",
    "tm.err.not_colour": "'{text}' is not a colour ({colours}).",
    "tm.err.not_move": "'{text}' is not a Terra Mystica move. {help}",
    "tm.err.type_move": "Type a move, e.g. 'build E5' or 'pass BON3'.",
    # events
    "tm.ev.plays": "{who} plays the {faction}.",
    "tm.ev.start_dwelling": "{who} places a dwelling on {hex}.",
    "tm.ev.bonus": "{who} takes {card}.",
    "tm.ev.bonus_coins": {"one": "{who} takes {card} with {n} coin.", "other": "{who} takes {card} with {n} coins."},
    "tm.ev.dig": {"one": "{who} digs {n} spade.", "other": "{who} digs {n} spades."},
    "tm.ev.sandstorm": "{who} turns {hex} into desert with a sandstorm.",
    "tm.ev.transform": "{who} turns {hex} into {colour}.",
    "tm.ev.build": "{who} builds a dwelling on {hex}.",
    "tm.ev.upgrade": "{who} upgrades {hex} to a {building}.",
    "tm.ev.ship": "{who} advances shipping to {n}.",
    "tm.ev.dig_track": "{who} advances digging to {n}.",
    "tm.ev.send": "{who} sends a priest to {track} (+{n}).",
    "tm.ev.power_action": "{who} uses {act} ({gain}).",
    "tm.ev.special": "{who} uses the {act} action.",
    "tm.ev.bridge_pay": "{who} pays 2 workers for a bridge.",
    "tm.ev.sh_action": "{who} uses the stronghold action {act}.",
    "tm.ev.bridge": "{who} builds a bridge {bridge}.",
    "tm.ev.connect": "{who} connects across {r}.",
    "tm.ev.convert": "{who} converts {n} {src} to {k} {dst}.",
    "tm.ev.burn": "{who} burns {n} power.",
    "tm.ev.pass": "{who} passes.",
    "tm.ev.leech": "{who} takes {n} power from {other}.",
    "tm.ev.leech_vp": "{who} takes {n} power from {other} for {vp} VP.",
    "tm.ev.decline": "{who} declines power from {other}.",
    "tm.ev.drop_step": "{who} gives up a step on {track}.",
    "tm.ev.cult_up": "{who} moves up {track} (+{n}).",
    "tm.ev.fav": "{who} takes {tile}.",
    "tm.ev.town_tile": "{who} takes town tile {tile}.",
    "tm.ev.town": "{who} founds a town.",
    "tm.ev.offer": "{who} may take {n} power.",
    "tm.ev.cultist_step": "{who} gains a cult step (an opponent took power).",
    "tm.ev.cultist_power": "{who} gains 1 power (all opponents declined).",
    "tm.ev.round": "Round {n} begins: income paid.",
    "tm.ev.over": "The game is over: final scoring done.",
    "tm.ev.cult_bonus": "Round {n} cult bonuses paid.",
    "tm.ev.cult_spades": "Cult bonus spades: {who} transform first.",
    "tm.ev.waits": "{who} waits.",
}

ZH = {
    **{f"tm.faction.{fid}": name for fid, name in ZH_FACTIONS.items()},
    **{f"tm.building.{k.lower()}": v for k, v in ZH_BUILDINGS.items()},
    **{f"tm.terrain.{t}": v for t, v in ZH_TERRAINS.items()},
    **{f"tm.colour.{c}": ZH_COLOURS[c] + ZH_TERRAINS[TERRAINS[i]] for i, c in enumerate(COLOURS)},
    "tm.cult.fire": "火", "tm.cult.water": "水", "tm.cult.earth": "土", "tm.cult.air": "風",
    "tm.resname.pw": "魔力", "tm.resname.c": "元", "tm.resname.w": "工人", "tm.resname.p": "祭司",
    "tm.resname.vp": "分",
    "tm.res.w": "{n} 個工人",
    "tm.res.c": "{n} 元",
    "tm.res.p": "{n} 個祭司",
    "tm.res.nothing": "沒有任何資源",
    "tm.and": "{head}和{last}",
    "tm.then": "{a}；{b}",
    **{f"tm.bonus.{k.lower()}": v for k, v in ZH_BONUSES.items()},
    "tm.note.c": "{n} 元", "tm.note.w": "{n} 工人", "tm.note.p": "{n} 祭司", "tm.note.pw": "{n} 魔力",
    "tm.note.vp": "{n} 分",
    "tm.note.pair": "{a} {b}", "tm.note.other": "{n} {what}",
    "tm.note.free": "免費",
    "tm.note.card": "{card}",
    "tm.note.card_coins": "{card}（上面有 {coins}）",
    "tm.menu.track.ship": "航行能力", "tm.menu.track.dig": "鏟子兌換率",
    "tm.menu.spade": "鏟子", "tm.menu.from": "來自",
    "tm.menu.amount": "{n} {what}",
    "tm.menu.take_card": "拿取獎勵卡 {card}",
    "tm.menu.pass_card": "結束本回合，換拿獎勵卡 {card}",
    "tm.note.then_connect": "接著可以 connect",
    "tm.pact.act1": "一座橋", "tm.pact.act2": "1 個祭司", "tm.pact.act3": "2 個工人",
    "tm.pact.act4": "7 元", "tm.pact.act5": "1 把鏟子", "tm.pact.act6": "2 把鏟子",
    "tm.what.dig": "買鏟子", "tm.what.transform": "轉換地形", "tm.what.build": "在 {hex} 建造",
    "tm.what.upgrade": "升級 {hex}", "tm.what.ship": "提升航行能力",
    "tm.what.dig_track": "提升鏟子兌換率", "tm.what.send": "派遣祭司",
    "tm.what.power": "使用魔力行動 {act}", "tm.what.act": "使用 {act} 行動", "tm.what.bridge": "使用造橋行動",
    "tm.what.pass": "宣告跳過", "tm.what.tunnel": "挖地道", "tm.what.carpet": "乘飛毯",
    "tm.what.spades": "鏟子", "tm.what.power_n": "魔力",
    "tm.cost.dig": "買 {n} 把鏟子", "tm.cost.tunnel": "挖地道到 {hex}",
    "tm.cost.carpet": "乘飛毯到 {hex}", "tm.cost.building": "一座{building}",
    "tm.cost.ship": "提升航行能力", "tm.cost.dig_track": "提升鏟子兌換率", "tm.cost.bridge": "一座橋",
    "tm.cost.convert_power": "兌換 {n} 點魔力", "tm.cost.convert": "兌換 {n}{src}", "tm.cost.act": "「{act}」",
    "tm.owe.fav": "選一張宗教獎勵板塊（+FAVn）",
    "tm.owe.tw": "選一張城鎮板塊（+TWn）",
    "tm.owe.cult": "選一條元素信仰（+FIRE 火、+WATER 水、+EARTH 土或 +AIR 風）",
    "tm.owe.cultist": "放置對手吸取魔力帶給你的那一步信仰（+FIRE、+WATER、+EARTH 或 +AIR）",
    "tm.owe.dug": "用掉你買的 {n} 把鏟子（transform HEX）",
    "tm.owe.spades": "使用 {n} 把鏟子（transform HEX）或放棄它們（-SPADE）",
    "tm.owe.bridge": "放置你的橋（bridge HEX:HEX）",
    "tm.owe.dwelling": "蓋你的住宅",
    "tm.owe.tp": "把一間住宅升級成貿易站",
    "tm.advice.build": "請蓋在空地上",
    "tm.advice.transform": "只有空地才能轉換地形",
    "tm.dig_workers": "{w} 個工人（每把鏟子 {rate} 個）",
    "tm.err.pick_bonus": "請選擇起始獎勵卡：pass BONn（{cards}）。",
    "tm.err.spades_turn": "現在輪到 {who} 使用信仰獎勵的鏟子。",
    "tm.err.passed_answer": "你本回合已經 pass，只能回應魔力吸取。",
    "tm.err.not_turn": "現在輪到 {who}，你只能回應魔力吸取。",
    "tm.err.choose_faction": "請先選擇種族：setup 種族（還能選：{free}）。",
    "tm.err.seat_order": "種族依座位順序選擇。",
    "tm.err.faction_in": "{faction}已經在這場遊戲中；還能選：{free}。",
    "tm.err.home_taken": "{faction}的優勢地形（{terrain}）已被{other}使用；還能選：{free}。",
    "tm.err.start_dwelling": "請放置起始住宅：在你的優勢地形上 build HEX。",
    "tm.err.river": "{hex} 是河流格。",
    "tm.err.no_hex": "這張地圖上沒有 {hex} 這一格。",
    "tm.err.has_building": "{hex} 上已經有建築物。",
    "tm.err.start_home": "{hex} 是{colour}；起始住宅要蓋在{home}。",
    "tm.err.bonus_gone": "{card} 不能選（剩下：{left}）。",
    "tm.err.only_cult_spades": "現在只能使用信仰獎勵的鏟子，不能{what}。",
    "tm.err.action_taken": "你這個回合已經執行過行動；{what}會是另一個行動。",
    "tm.err.spades_first": "在{what}之前，先使用或放棄（-SPADE）你的 {n} 把鏟子。",
    "tm.err.dig_min": "至少要買 1 把鏟子。",
    "tm.err.cult_spades_no_dig": "信仰獎勵的鏟子不能再用 dig 補足。",
    "tm.err.halflings_no_dig": "哈比人要塞給的鏟子不能再用 dig 補足。",
    "tm.err.giants_red": "巨人只能把地形轉換成荒地（紅色），而且固定花 2 把鏟子。",
    "tm.err.no_teleport_cult": "{hex} 不在直接可達的範圍內，而使用信仰獎勵的鏟子時不能{what}（這項能力只在行動階段有效）。",
    "tm.err.unreach_dwarves": "{hex} 到不了：矮人挖地道最多只能越過建築物外一格。",
    "tm.err.unreach_fakirs": "{hex} 到不了：你的飛毯距離是 {n}。",
    "tm.err.unreach_ship": "{hex} 到不了：你的航行能力是 {level}，需要航行能力 {need}。",
    "tm.err.unreach_noship": "{hex} 到不了：你的航行能力是 {level}，從你的建築物出發都航行不到。",
    "tm.err.sand_reach": "沙暴只能作用在與你的建築物相鄰的地形；{hex} 不是。",
    "tm.err.sand_desert": "沙暴只能把地形變成沙漠。",
    "tm.err.sand_already": "{hex} 已經是沙漠；沙暴需要其他地形的格子。",
    "tm.err.transform_first": "一個行動的所有地形轉換都要在建造之前；請改為使用或放棄（-SPADE）你的 {n} 把鏟子。",
    "tm.err.giants_one_hex": "巨人的 2 把鏟子必須全部用在 {hex}。",
    "tm.err.already_home": "{hex} 已經是你的優勢地形。",
    "tm.err.already_colour": "{hex} 已經是{colour}。",
    "tm.err.one_other": "一個行動最多只能把一格轉成優勢地形以外的地形；{hex} 已經是了。",
    "tm.err.need_spades": "這需要 {cost} 把鏟子；你只有 {n} 把。",
    "tm.err.need_spades_halflings": "這需要 {cost} 把鏟子；你只有 {n} 把，而哈比人要塞給的鏟子不能再用 dig 補足。",
    "tm.err.turn_needs": "把 {hex}（{cur}）轉成{target}需要 {cost} 把鏟子：{dig}；你只有 {w} 個工人。",
    "tm.err.turn_needs_more": "把 {hex}（{cur}）轉成{target}需要 {cost} 把鏟子；你有 {held} 把，"
                              "其餘 {missing} 把要 {dig}；你只有 {w} 個工人。",
    "tm.err.dug_unused": "用 dig 買的鏟子必須全部用掉：把 {hex} 轉成{colour}會剩下 {n} 把沒用到。",
    "tm.err.dig_fewer": "沒有任何地形轉換能用掉你買的 {n} 把鏟子；請少買一些。",
    "tm.err.discard_n": "你只有 {n} 把鏟子可以放棄。",
    "tm.err.dug_keep": "用 dig 買的鏟子不能丟掉；請用掉它們（transform HEX）。",
    "tm.err.no_dwellings": "你的 8 間住宅都已經在地圖上了。",
    "tm.err.ride_forest": "女巫的飛行只能降落在森林；{hex} 是{colour}。",
    "tm.err.cult_spades_only": "信仰獎勵的鏟子只能轉換地形；現在不能建造。",
    "tm.err.transform_before_build": "一個行動的所有地形轉換都要在建造之前：先轉換 {hex}（並用掉你另外 {n} 把鏟子），再建造。",
    "tm.err.use_dug": "建造前先用掉你買的 {n} 把鏟子（transform HEX）：一個行動的所有地形轉換都要在建造之前。",
    "tm.err.own_building": "{hex} 上已經有你的{building}；請改為升級它（upgrade {hex} to {next}）。",
    "tm.err.own_building_top": "{hex} 上已經有你的{building}。",
    "tm.err.their_building": "{hex} 上已經有{faction}的{building}；{advice}。",
    "tm.err.build_total": "在 {hex} 建造共需{total}（抵達並轉換地形要{spent}，住宅要{cost}）；你只有{have}。",
    "tm.err.upgrade_theirs": "{hex} 是{faction}的{building}；你只能升級自己的建築物。",
    "tm.err.upgrade_theirs_list": "{hex} 是{faction}的{building}；你只能升級自己的建築物（{mine}）。",
    "tm.err.upgrade_none": "你在 {hex} 沒有建築物。",
    "tm.err.upgrade_none_list": "你在 {hex} 沒有建築物（你的建築物在 {mine}）。",
    "tm.err.upgrade_from": "{building}要由{source}升級；{hex} 上是{has}。",
    "tm.err.none_left": "你已經沒有{building}可用了。",
    "tm.err.ride_needs": "女巫的飛行需要一塊空的森林，而且你的板圖上還要有住宅。",
    "tm.err.acts_needs": "ACTS 需要地圖上有你的住宅，而且你的板圖上還有貿易站。",
    "tm.err.no_sand_hex": "你的建築物旁沒有可以施放沙暴的空地。",
    "tm.err.no_ship_track": "{faction}沒有航行能力。",
    "tm.err.ship_max": "你的航行能力已經到最高（{n}）。",
    "tm.err.dig_max": "你的鏟子兌換率已經不能再提升。",
    "tm.err.no_priest": "你沒有祭司可以派遣。",
    "tm.err.no_space": "{track}信仰上沒有空的 {n} 步格子。",
    "tm.err.act_used": "{act} 本回合已經有人用過了。",
    "tm.err.no_bridge_slot": "沒有與你的建築物相接的造橋位置。",
    "tm.err.no_bridge_left": "你已經沒有橋了。",
    "tm.err.not_held": "你沒有 {act}。",
    "tm.err.acte_only": "只有工程師能用 ACTE 造橋。",
    "tm.err.not_action": "「{act}」不是行動（ACT1-ACT6、BON1、BON2、FAV6、ACTA/C/E/G/N/S/W）。",
    "tm.err.belongs": "{act} 是{faction}的行動。",
    "tm.err.needs_sh": "{act} 要先蓋好你的要塞。",
    "tm.err.used_once": "你本回合已經用過 {act}。",
    "tm.err.bridge_after": "要先執行 action ACT1（工程師可用 ACTE）才能放橋。",
    "tm.err.bridge_land": "橋要連接兩塊陸地。",
    "tm.err.bridge_none": "{a} 和 {b} 之間不能造橋。",
    "tm.err.bridge_there": "{bridge} 已經有橋了。",
    "tm.err.bridge_touch": "橋要連到你的建築物。",
    "tm.err.mermaids_only": "只有人魚能跨越河流格連成城鎮。",
    "tm.err.connect_river": "connect 需要一個河流格，例如 connect r1。",
    "tm.err.connect_none": "沒有單一河流格能連接這些格子。",
    "tm.err.connect_touch": "{r} 沒有碰到你的兩棟建築物。",
    "tm.err.connect_done": "{r} 已經連接過了。",
    "tm.err.connect_no_town": "跨越 {r} 連接不會形成城鎮。",
    "tm.err.no_convert": "你不能把 {src} 兌換成 {dst}。",
    "tm.err.rate": "{src} -> {dst} 的兌換率是 {rate}：1；{n}{src} 可以換 {k}{dst}。",
    "tm.err.darkling_max": "要塞最多只能再兌換 {n} 個工人。",
    "tm.err.have_vp": "你只有 {n} 分。",
    "tm.err.priests_max": "你的祭司會超過 7 個。",
    "tm.err.burn": "燒 {n} 點魔力需要 2 級魔力池有 {need} 點；目前只有 {has} 點。",
    "tm.err.no_pass": "現在不能 pass。",
    "tm.err.passed": "你本回合已經 pass；請執行你的另一個行動，或用 done 結束。",
    "tm.err.pass_r6": "第 6 回合 pass 時不拿獎勵卡：pass。",
    "tm.err.pass_card": "pass 時要選一張獎勵卡：pass BONn（{cards}）。",
    "tm.err.no_offer_from": "你沒有來自{faction}的魔力吸取。",
    "tm.err.leech_converted": "這次魔力吸取出現後你做過兌換；現在只能拒絕。",
    "tm.err.leech_order": "你已經回應了較晚的魔力吸取；較早的只能拒絕。",
    "tm.err.leech_whole": "魔力吸取要整份接受：leech {cap} from {fid}，或者拒絕。",
    "tm.err.no_darkling_trade": "你沒有可以放棄的要塞工人換祭司。",
    "tm.err.no_offer": "你沒有可以拒絕的魔力吸取。",
    "tm.err.back_town": "信仰不能後退（只有在拿城鎮板塊之前可以）。",
    "tm.err.steps_one_track": "你有 {n} 步信仰要放在同一條：+{track}。",
    "tm.err.back": "信仰不能後退。",
    "tm.err.no_step": "你沒有信仰步數可以放。",
    "tm.err.no_fav": "沒有宗教獎勵板塊 {tile}（FAV1-FAV12）。",
    "tm.err.fav_none_owed": "蓋廟宇或聖殿才能拿宗教獎勵板塊；你現在沒有可以拿的。",
    "tm.err.fav_have": "你已經有 {tile}；每種每位玩家只能有一張。",
    "tm.err.tile_gone": "{tile} 已經沒有了。",
    "tm.err.no_town_tile": "這場遊戲沒有城鎮板塊 {tile}。",
    "tm.err.no_town": "你還沒有形成城鎮，不能拿城鎮板塊。",
    "tm.err.act_first": "請先執行一個行動（或 pass）。",
    "tm.err.double": "渾沌魔法師的雙重行動可以執行兩個行動；請執行第二個（或 pass）。",
    "tm.err.still_owe": "你還需要{owe}。",
    "tm.err.setup_late": "種族只能在開局時選擇。",
    "tm.err.power": "{what}需要 {n} 點魔力，但 3 級魔力池只有 {has} 點。",
    "tm.err.power_burn": "{what}需要 {n} 點魔力，但 3 級魔力池只有 {has} 點（先燒 {need} 點）。",
    "tm.err.costs": "{what}需要{cost}；你只有{have}。",
    "tm.err.not_hex": "「{text}」不是地圖上的格子（陸地 A1-I12，河流 r0-r35）。",
    "tm.err.not_number": "「{text}」不是{what}的數量。",
    "tm.err.not_faction": "「{text}」不是種族（{factions}）。",
    "tm.err.not_cult": "「{text}」不是元素信仰（FIRE 火、WATER 水、EARTH 土、AIR 風）。",
    "tm.err.not_amount": "「{text}」不是數量，例如 2PW、1P、3W、2C 或 1VP。",
    "tm.err.upgrade_kind": "只能升級為 TP、TE、SH 或 SA，不能是「{kind}」。",
    "tm.err.not_colour": "「{text}」不是顏色（{colours}）。",
    "tm.err.not_move": "「{text}」不是祕境的指令。{help}",
    "tm.err.type_move": "請輸入指令，例如 build E5 或 pass BON3。",
    "tm.ev.plays": "{who} 選擇了{faction}。",
    "tm.ev.start_dwelling": "{who} 在 {hex} 放置一間住宅。",
    "tm.ev.bonus": "{who} 拿取獎勵卡 {card}。",
    "tm.ev.bonus_coins": "{who} 拿取獎勵卡 {card}，附帶 {n} 元。",
    "tm.ev.dig": "{who} 買了 {n} 把鏟子。",
    "tm.ev.sandstorm": "{who} 用沙暴把 {hex} 變成沙漠。",
    "tm.ev.transform": "{who} 把 {hex} 轉換成{colour}。",
    "tm.ev.build": "{who} 在 {hex} 蓋了一間住宅。",
    "tm.ev.upgrade": "{who} 把 {hex} 升級為{building}。",
    "tm.ev.ship": "{who} 把航行能力提升到 {n}。",
    "tm.ev.dig_track": "{who} 把鏟子兌換率提升到 {n}。",
    "tm.ev.send": "{who} 派遣祭司到{track}信仰（+{n}）。",
    "tm.ev.power_action": "{who} 使用魔力行動 {act}（{gain}）。",
    "tm.ev.special": "{who} 使用 {act} 行動。",
    "tm.ev.bridge_pay": "{who} 支付 2 個工人造橋。",
    "tm.ev.sh_action": "{who} 使用要塞行動 {act}。",
    "tm.ev.bridge": "{who} 在 {bridge} 造了一座橋。",
    "tm.ev.connect": "{who} 跨越 {r} 相連。",
    "tm.ev.convert": "{who} 把 {n} {src}兌換成 {k} {dst}。",
    "tm.ev.burn": "{who} 燒了 {n} 點魔力。",
    "tm.ev.pass": "{who} 宣告跳過。",
    "tm.ev.leech": "{who} 從 {other} 吸取 {n} 點魔力。",
    "tm.ev.leech_vp": "{who} 從 {other} 吸取 {n} 點魔力，付出 {vp} 分。",
    "tm.ev.decline": "{who} 拒絕吸取 {other} 的魔力。",
    "tm.ev.drop_step": "{who} 放棄{track}信仰的一步。",
    "tm.ev.cult_up": "{who} 在{track}信仰上前進（+{n}）。",
    "tm.ev.fav": "{who} 拿取宗教獎勵板塊 {tile}。",
    "tm.ev.town_tile": "{who} 拿取城鎮板塊 {tile}。",
    "tm.ev.town": "{who} 形成了一個城鎮。",
    "tm.ev.offer": "{who} 可以吸取 {n} 點魔力。",
    "tm.ev.cultist_step": "{who} 獲得一步信仰（有對手吸取了魔力）。",
    "tm.ev.cultist_power": "{who} 獲得 1 點魔力（所有對手都拒絕了）。",
    "tm.ev.round": "第 {n} 回合開始：收入已發放。",
    "tm.ev.over": "遊戲結束：終局計分完成。",
    "tm.ev.cult_bonus": "第 {n} 回合的信仰獎勵已發放。",
    "tm.ev.cult_spades": "信仰獎勵鏟子：{who} 先轉換地形。",
    "tm.ev.waits": "{who} 等待。",
}

register("en", EN)
register("zh-TW", ZH)
