"""Bruges components as tables: colours, board, statues, reputation track, the deck.

Published facts (seed write-up and research notes): 5 colours, 5 dice, 9 threat
markers per colour, start with 5 guilders, 5 VP and one worker of each colour,
hand of 5, 4 cards played per round, six card uses, two canals of 5 sections
per player paying 1..5 guilders (section 1 of one canal is blue, of the other
brown; a purple section costs 2), statues 2..7 (7 on top), majority markers
worth 4 VP, 3 VP for a canal's third section, 165 persons in 5 colours of 33,
11 groups, four timings.

Published by the rulebook (issue #15): a person's VP is a third of its price
(so prices are 0, 3, 6, 9, 12), the 11 group names, reputation step 6 = 7 VP,
and 20 real persons (``PUBLISHED_NOTES``: names, effects, and for the Prince
and the Engraver the price). The designed persons were re-priced under that
rule, keeping each card's price minus VP (its net cost) as close as the
multiples of 3 allow (``bench/bruges_balance.py`` checks the deck by random
playouts). No designed person breaks a seed rule: none moves the reputation
track (the seed allows one step a round, and only with a 1 or 2 on the dice).

DESIGNED: every table named in ``UNVERIFIED`` at the end of this file.

A card is ``(id, name, colour, group, cost, vp, timing, effect, source)``.
Timings: ``end`` (laurel: scores at game end), ``now`` (arrow: once when
hired), ``always`` (infinity: while in your town; a ``round`` effect fires by
itself once per round), ``worker`` (pay one worker of ``pay`` colour, once per
round, on your turn). Effects are data read by :mod:`games.bruges.effects`.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("blue", "brown", "yellow", "red", "purple")
#: the 11 groups, named as in the publisher's rulebook
GROUPS = ("noble", "bureaucrat", "entertainer", "merchant", "craftsman", "castle",
          "church", "artist", "protector", "underworld", "scholar")
TIMINGS = ("end", "now", "always", "worker")
TIMING_NAMES = {"end": "laurel (game end)", "now": "arrow (when hired)",
                "always": "infinity (permanent)", "worker": "worker (once a round)"}

START_MONEY = 5
START_VP = 5
HAND_SIZE = 5
PLAYS_PER_ROUND = 4
THREATS_PER_COLOUR = 9
DISASTER_AT = 3
MAJORITY_VP = 4
CANAL_THIRD_VP = 3
MAJORITIES = ("persons", "reputation", "canals")

#: The two canals at each guard house, section colours outwards. First
#: sections blue and brown are published; the rest is DESIGNED.
CANALS = {
    "left": ("blue", "purple", "yellow", "red", "brown"),
    "right": ("brown", "yellow", "red", "purple", "blue"),
}
#: guilders for section 1..5 of either canal (published: section n costs n).
CANAL_COST = (1, 2, 3, 4, 5)
#: statue tiles bottom to top: the 7 is taken first.
STATUES = (2, 3, 4, 5, 6, 7)
#: VP at game end for each reputation step 0..10. Step 6 = 7 VP is published
#: (the rulebook's scoring example); the other steps are DESIGNED ("1 to 12").
REPUTATION_VP = (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 12)
REPUTATION_MAX = len(REPUTATION_VP) - 1

DISASTERS = {
    "blue": "flood: all workers are lost",
    "brown": "plague: one person is lost",
    "yellow": "robbery: all guilders are lost",
    "red": "fire: one house or the outermost canal section is lost",
    "purple": "intrigue: 3 VP are lost",
}


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    colour: str
    group: str
    cost: int
    vp: int
    timing: str
    effect: dict
    source: str


PUBLISHED_NOTES = {
    2: 'Mayor: effect (game end: 2 VP per Bureaucrat) and group published; numbers designed',
    21: 'Inventor: effect published (the draw phase fills your hand to 6); numbers designed',
    24: 'effect published (seed: a disaster only on the 4th marker); colour and numbers designed',
    27: 'Coachman: effect published (pay a yellow worker: play one more card); numbers designed',
    42: "Alchemist: effect published (guilders when hired; the rulebook's example: 6); numbers designed",
    52: 'Beggar: effect published (every other player gives you 2 workers); numbers designed',
    91: 'effect published (seed: 1 guilder per die showing 6, once a round); numbers designed',
    92: 'Judge: effect published (your ties for a majority count as a lead); numbers designed',
    107: 'Cardinal: effect published (seed: 2 VP per clergy person); colour, cost, VP designed',
    114: 'Jailer: effect published (discards threat markers, 1 VP each); colour, price, group designed',
    117: 'Councilman: effect (guilders per yellow house) and group published; numbers designed',
    118: 'Troublemaker: effect published (every other player loses a canal section); numbers designed',
    124: 'Accountant: effect published (once a round, guilders; the example: 2); numbers designed',
    125: 'Lawyer: effect published (taking workers gives 3 instead of 2); numbers designed',
    127: 'Prince: price 9, VP 3, pays a yellow worker, Noble (published); effect designed',
    130: 'Servant: effect published (pay a red worker: draw 1 card); numbers designed',
    137: 'Bishop: effect published (game end: 1 VP per 2 workers); numbers designed',
    139: 'Engraver: price 12 and effect (2 VP per group) published; VP = price / 3; colour, group designed',
    146: 'Mathematician: effect published (draw 4 cards, then discard 4); numbers designed',
    149: 'Acrobat: effect published (a canal section without a card, at double price); numbers designed',
    152: 'effect published (seed: hiring costs 3 less); numbers designed',
    157: 'Queen: effect published (once a round, +1 VP); colour, price, group designed',
}

# fmt: off
_ROWS = [
    (1, 'King', 'blue', 'noble', 9, 3, 'end', {"score": "group:noble", "n": 2}, 'designed'),
    (2, 'Mayor', 'blue', 'bureaucrat', 6, 2, 'end', {"score": "group:bureaucrat", "n": 2}, 'published'),
    (3, 'Bard', 'blue', 'entertainer', 3, 1, 'end', {"score": "colour:blue", "n": 1}, 'designed'),
    (4, 'Spice Merchant', 'blue', 'merchant', 9, 3, 'end', {"score": "colour:yellow", "n": 2}, 'designed'),
    (5, 'Master Craftsman', 'blue', 'craftsman', 6, 2, 'end', {"score": "house", "n": 1}, 'designed'),
    (6, 'Gatekeeper', 'blue', 'castle', 6, 2, 'end', {"score": "rep", "n": 1}, 'designed'),
    (7, 'Dean', 'blue', 'church', 9, 3, 'end', {"score": "groups", "n": 1}, 'designed'),
    (8, 'Painter', 'blue', 'artist', 9, 3, 'end', {"score": "group:underworld", "n": 2}, 'designed'),
    (9, 'Guard Captain', 'blue', 'protector', 0, 0, 'now', {"do": [{"op": "money", "n": 3}]}, 'designed'),
    (10, 'Thief', 'blue', 'underworld', 0, 0, 'now', {"do": [{"op": "workers", "colour": "blue", "n": 3}]}, 'designed'),
    (11, 'Scholar', 'blue', 'scholar', 3, 1, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (12, 'Baronet', 'blue', 'noble', 0, 0, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (13, 'Alderman', 'blue', 'bureaucrat', 6, 2, 'now', {"do": [{"op": "vp_per", "what": "rep", "n": 1}]}, 'designed'),
    (14, 'Juggler', 'blue', 'entertainer', 3, 1, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (15, 'Cloth Merchant', 'blue', 'merchant', 0, 0, 'now', {"do": [{"op": "clear_threats", "colour": "blue"}]}, 'designed'),
    (16, 'Weaver', 'blue', 'craftsman', 6, 2, 'now', {"do": [{"op": "threat_others", "colour": "blue"}]}, 'designed'),
    (17, 'Stable Boy', 'blue', 'castle', 3, 1, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (18, 'Abbot', 'blue', 'church', 3, 1, 'now', {"do": [{"op": "money_per", "what": "house", "n": 1}]}, 'designed'),
    (19, 'Sculptor', 'blue', 'artist', 3, 1, 'now', {"do": [{"op": "extra_play"}]}, 'designed'),
    (20, 'Watchman', 'blue', 'protector', 3, 1, 'always', {"mod": "hire_discount", "n": 1}, 'designed'),
    (21, 'Inventor', 'blue', 'underworld', 6, 2, 'always', {"mod": "hand_size", "n": 1}, 'published'),
    (22, 'Physician', 'blue', 'scholar', 0, 0, 'always', {"mod": "money_bonus", "colour": "blue", "n": 2}, 'designed'),
    (23, 'Burgrave', 'blue', 'noble', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (24, 'Bailiff', 'blue', 'bureaucrat', 3, 1, 'always', {"mod": "disaster_limit", "colour": "blue"}, 'published'),
    (25, 'Minstrel', 'blue', 'entertainer', 3, 1, 'always', {"round": [{"op": "workers", "colour": "blue", "n": 1}]}, 'designed'),
    (26, 'Wine Merchant', 'blue', 'merchant', 0, 0, 'always', {"mod": "threat_vp", "n": 1}, 'designed'),
    (27, 'Coachman', 'blue', 'craftsman', 9, 3, 'worker', {"pay": "yellow", "do": [{"op": "extra_play"}]}, 'published'),
    (28, 'Farmhand', 'blue', 'castle', 3, 1, 'worker', {"pay": "brown", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (29, 'Abbess', 'blue', 'church', 9, 3, 'worker', {"pay": "red", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (30, 'Illuminator', 'blue', 'artist', 3, 1, 'worker', {"pay": "purple", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (31, 'Night Watchman', 'blue', 'protector', 3, 1, 'worker', {"pay": "blue", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (32, 'Smuggler', 'blue', 'underworld', 0, 0, 'worker', {"pay": "blue", "do": [{"op": "workers", "colour": "yellow", "n": 2}]}, 'designed'),
    (33, 'Canal Master', 'blue', 'scholar', 6, 2, 'worker', {"pay": "blue", "do": [{"op": "free_canal"}]}, 'designed'),
    (34, 'Jester', 'brown', 'entertainer', 9, 3, 'end', {"score": "group:protector", "n": 2}, 'designed'),
    (35, 'Banker', 'brown', 'merchant', 0, 0, 'end', {"score": "group:merchant", "n": 1}, 'designed'),
    (36, 'Carpenter', 'brown', 'craftsman', 3, 1, 'end', {"score": "colour:brown", "n": 1}, 'designed'),
    (37, 'Cook', 'brown', 'castle', 9, 3, 'end', {"score": "colour:red", "n": 2}, 'designed'),
    (38, 'Priest', 'brown', 'church', 9, 3, 'end', {"score": "canal", "n": 1}, 'designed'),
    (39, 'Woodcarver', 'brown', 'artist', 6, 2, 'end', {"score": "statue", "n": 3}, 'designed'),
    (40, 'Archer', 'brown', 'protector', 3, 1, 'end', {"score": "empty_house", "n": 1}, 'designed'),
    (41, 'Forger', 'brown', 'underworld', 9, 3, 'end', {"score": "group:noble", "n": 2}, 'designed'),
    (42, 'Alchemist', 'brown', 'scholar', 6, 2, 'now', {"do": [{"op": "money", "n": 6}]}, 'published'),
    (43, 'Princess', 'brown', 'noble', 0, 0, 'now', {"do": [{"op": "workers", "colour": "brown", "n": 3}]}, 'designed'),
    (44, 'Tax Collector', 'brown', 'bureaucrat', 3, 1, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (45, 'Tumbler', 'brown', 'entertainer', 3, 1, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (46, 'Money Changer', 'brown', 'merchant', 6, 2, 'now', {"do": [{"op": "vp_per", "what": "rep", "n": 1}]}, 'designed'),
    (47, 'Mason', 'brown', 'craftsman', 0, 0, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (48, 'Chamberlain', 'brown', 'castle', 3, 1, 'now', {"do": [{"op": "clear_threats", "colour": "brown"}]}, 'designed'),
    (49, 'Monk', 'brown', 'church', 3, 1, 'now', {"do": [{"op": "threat_others", "colour": "brown"}]}, 'designed'),
    (50, 'Tapestry Maker', 'brown', 'artist', 6, 2, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (51, 'Crossbowman', 'brown', 'protector', 0, 0, 'now', {"do": [{"op": "money_per", "what": "person", "n": 1}]}, 'designed'),
    (52, 'Beggar', 'brown', 'underworld', 3, 1, 'now', {"do": [{"op": "others_lose", "what": "workers", "n": 2}]}, 'published'),
    (53, 'Astrologer', 'brown', 'scholar', 9, 3, 'always', {"mod": "hire_discount", "n": 2}, 'designed'),
    (54, 'Duke', 'brown', 'noble', 3, 1, 'always', {"mod": "workers_bonus", "colour": "brown", "n": 1}, 'designed'),
    (55, 'Town Clerk', 'brown', 'bureaucrat', 0, 0, 'always', {"mod": "money_bonus", "colour": "brown", "n": 2}, 'designed'),
    (56, 'Fire Eater', 'brown', 'entertainer', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (57, 'Moneylender', 'brown', 'merchant', 3, 1, 'always', {"mod": "disaster_limit", "colour": "brown"}, 'designed'),
    (58, 'Blacksmith', 'brown', 'craftsman', 3, 1, 'always', {"round": [{"op": "money_per", "what": "face:5", "n": 1}]}, 'designed'),
    (59, 'Steward', 'brown', 'castle', 3, 1, 'always', {"mod": "rep_discount", "n": 2}, 'designed'),
    (60, 'Nun', 'brown', 'church', 6, 2, 'worker', {"pay": "red", "do": [{"op": "extra_play"}]}, 'designed'),
    (61, 'Architect', 'brown', 'artist', 6, 2, 'worker', {"pay": "yellow", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (62, 'Halberdier', 'brown', 'protector', 9, 3, 'worker', {"pay": "purple", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (63, 'Almoner', 'brown', 'underworld', 3, 1, 'worker', {"pay": "blue", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (64, 'Librarian', 'brown', 'scholar', 3, 1, 'worker', {"pay": "brown", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (65, 'Duchess', 'brown', 'noble', 0, 0, 'worker', {"pay": "brown", "do": [{"op": "workers", "colour": "red", "n": 2}]}, 'designed'),
    (66, 'Notary', 'brown', 'bureaucrat', 9, 3, 'worker', {"pay": "yellow", "do": [{"op": "threat_others", "colour": "brown"}]}, 'designed'),
    (67, 'Cooper', 'yellow', 'craftsman', 9, 3, 'end', {"score": "group:scholar", "n": 2}, 'designed'),
    (68, 'Falconer', 'yellow', 'castle', 0, 0, 'end', {"score": "group:castle", "n": 1}, 'designed'),
    (69, 'Beguine', 'yellow', 'church', 3, 1, 'end', {"score": "colour:yellow", "n": 1}, 'designed'),
    (70, 'Poet', 'yellow', 'artist', 9, 3, 'end', {"score": "colour:purple", "n": 2}, 'designed'),
    (71, 'Knight', 'yellow', 'protector', 6, 2, 'end', {"score": "person", "n": 1}, 'designed'),
    (72, 'Cutpurse', 'yellow', 'underworld', 9, 3, 'end', {"score": "majority", "n": 2}, 'designed'),
    (73, 'Philosopher', 'yellow', 'scholar', 12, 4, 'end', {"score": "house", "n": 1}, 'designed'),
    (74, 'Count', 'yellow', 'noble', 9, 3, 'end', {"score": "group:entertainer", "n": 2}, 'designed'),
    (75, 'Magistrate', 'yellow', 'bureaucrat', 0, 0, 'now', {"do": [{"op": "money", "n": 3}]}, 'designed'),
    (76, 'Puppeteer', 'yellow', 'entertainer', 0, 0, 'now', {"do": [{"op": "workers", "colour": "yellow", "n": 3}]}, 'designed'),
    (77, 'Grain Trader', 'yellow', 'merchant', 3, 1, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (78, 'Tanner', 'yellow', 'craftsman', 3, 1, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (79, 'Lady-in-Waiting', 'yellow', 'castle', 6, 2, 'now', {"do": [{"op": "vp_per", "what": "rep", "n": 1}]}, 'designed'),
    (80, 'Deacon', 'yellow', 'church', 0, 0, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (81, 'Composer', 'yellow', 'artist', 3, 1, 'now', {"do": [{"op": "clear_threats", "colour": "yellow"}]}, 'designed'),
    (82, 'Squire', 'yellow', 'protector', 3, 1, 'now', {"do": [{"op": "threat_others", "colour": "yellow"}]}, 'designed'),
    (83, 'Card Sharp', 'yellow', 'underworld', 6, 2, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (84, 'Surveyor', 'yellow', 'scholar', 0, 0, 'now', {"do": [{"op": "money_per", "what": "canal", "n": 1}]}, 'designed'),
    (85, 'Countess', 'yellow', 'noble', 3, 1, 'now', {"do": [{"op": "clear_threats", "colour": "any", "n": 1}, {"op": "money", "n": 2}]}, 'designed'),
    (86, 'Arbiter', 'yellow', 'bureaucrat', 3, 1, 'always', {"mod": "hire_discount", "n": 1}, 'designed'),
    (87, 'Storyteller', 'yellow', 'entertainer', 0, 0, 'always', {"mod": "workers_bonus", "colour": "yellow", "n": 1}, 'designed'),
    (88, 'Fishmonger', 'yellow', 'merchant', 3, 1, 'always', {"mod": "money_bonus", "colour": "yellow", "n": 2}, 'designed'),
    (89, 'Glassblower', 'yellow', 'craftsman', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (90, 'Page', 'yellow', 'castle', 0, 0, 'always', {"mod": "disaster_limit", "colour": "yellow"}, 'designed'),
    (91, 'Friar', 'yellow', 'church', 3, 1, 'always', {"round": [{"op": "money_per", "what": "face:6", "n": 1}]}, 'published'),
    (92, 'Judge', 'yellow', 'artist', 3, 1, 'always', {"mod": "majority_ties"}, 'published'),
    (93, 'Provost', 'yellow', 'protector', 9, 3, 'worker', {"pay": "purple", "do": [{"op": "extra_play"}]}, 'designed'),
    (94, 'Poacher', 'yellow', 'underworld', 3, 1, 'worker', {"pay": "red", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (95, 'Cartographer', 'yellow', 'scholar', 9, 3, 'worker', {"pay": "blue", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (96, 'Baron', 'yellow', 'noble', 3, 1, 'worker', {"pay": "brown", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (97, 'Treasurer', 'yellow', 'bureaucrat', 3, 1, 'worker', {"pay": "yellow", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (98, 'Dancer', 'yellow', 'entertainer', 0, 0, 'worker', {"pay": "yellow", "do": [{"op": "workers", "colour": "purple", "n": 2}]}, 'designed'),
    (99, 'Peddler', 'yellow', 'merchant', 6, 2, 'worker', {"pay": "yellow", "do": [{"op": "money_per", "what": "house", "n": 1}]}, 'designed'),
    (100, 'Lute Player', 'red', 'entertainer', 9, 3, 'end', {"score": "group:bureaucrat", "n": 2}, 'designed'),
    (101, 'Portraitist', 'red', 'artist', 0, 0, 'end', {"score": "group:artist", "n": 1}, 'designed'),
    (102, 'Constable', 'red', 'protector', 3, 1, 'end', {"score": "colour:red", "n": 1}, 'designed'),
    (103, 'Drummer', 'red', 'entertainer', 9, 3, 'end', {"score": "colour:blue", "n": 2}, 'designed'),
    (104, 'Apothecary', 'red', 'scholar', 3, 1, 'end', {"score": "money", "n": 1, "every": 3}, 'designed'),
    (105, 'Baroness', 'red', 'noble', 6, 2, 'end', {"score": "no_threats", "n": 4}, 'designed'),
    (106, 'Harbour Master', 'red', 'bureaucrat', 12, 4, 'end', {"score": "person", "n": 2}, 'designed'),
    (107, 'Cardinal', 'red', 'church', 9, 3, 'end', {"score": "group:church", "n": 2}, 'published'),
    (108, 'Shipowner', 'red', 'merchant', 3, 1, 'now', {"do": [{"op": "money", "n": 4}]}, 'designed'),
    (109, 'Lace Maker', 'red', 'craftsman', 0, 0, 'now', {"do": [{"op": "workers", "colour": "red", "n": 3}]}, 'designed'),
    (110, 'Butler', 'red', 'castle', 3, 1, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (111, 'Pilgrim', 'red', 'church', 3, 1, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (112, 'Glass Painter', 'red', 'artist', 6, 2, 'now', {"do": [{"op": "vp_per", "what": "rep", "n": 1}]}, 'designed'),
    (113, 'Fire Warden', 'red', 'protector', 3, 1, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (114, 'Jailer', 'red', 'underworld', 0, 0, 'now', {"do": [{"op": "clear_threats", "colour": "red"}]}, 'published'),
    (115, 'Agitator', 'red', 'scholar', 6, 2, 'now', {"do": [{"op": "threat_others", "colour": "red"}]}, 'designed'),
    (116, 'Margrave', 'red', 'noble', 3, 1, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (117, 'Councilman', 'red', 'bureaucrat', 3, 1, 'now', {"do": [{"op": "money_per", "what": "roof:yellow", "n": 2}]}, 'published'),
    (118, 'Troublemaker', 'red', 'underworld', 6, 2, 'now', {"do": [{"op": "others_lose", "what": "canal", "n": 1}]}, 'published'),
    (119, 'Salt Trader', 'red', 'merchant', 9, 3, 'always', {"mod": "hire_discount", "n": 2}, 'designed'),
    (120, 'Shipwright', 'red', 'craftsman', 0, 0, 'always', {"mod": "workers_bonus", "colour": "red", "n": 1}, 'designed'),
    (121, 'Maid', 'red', 'castle', 3, 1, 'always', {"mod": "money_bonus", "colour": "red", "n": 2}, 'designed'),
    (122, 'Chaplain', 'red', 'church', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (123, 'Calligrapher', 'red', 'artist', 0, 0, 'always', {"mod": "disaster_limit", "colour": "red"}, 'designed'),
    (124, 'Accountant', 'red', 'protector', 6, 2, 'always', {"round": [{"op": "money", "n": 2}]}, 'published'),
    (125, 'Lawyer', 'red', 'underworld', 9, 3, 'always', {"mod": "workers_bonus", "colour": "any", "n": 1}, 'published'),
    (126, 'Teacher', 'red', 'scholar', 6, 2, 'worker', {"pay": "blue", "do": [{"op": "extra_play"}]}, 'designed'),
    (127, 'Prince', 'red', 'noble', 9, 3, 'worker', {"pay": "yellow", "do": [{"op": "vp", "n": 2}]}, 'published'),
    (128, 'Sheriff', 'red', 'bureaucrat', 9, 3, 'worker', {"pay": "brown", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (129, 'Trumpeter', 'red', 'entertainer', 3, 1, 'worker', {"pay": "yellow", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (130, 'Servant', 'red', 'merchant', 3, 1, 'worker', {"pay": "red", "do": [{"op": "draw", "n": 1}]}, 'published'),
    (131, 'Roofer', 'red', 'craftsman', 0, 0, 'worker', {"pay": "red", "do": [{"op": "workers", "colour": "blue", "n": 2}]}, 'designed'),
    (132, 'Huntsman', 'red', 'castle', 9, 3, 'worker', {"pay": "red", "do": [{"op": "threat_others", "colour": "red"}]}, 'designed'),
    (133, 'Sentry', 'purple', 'protector', 9, 3, 'end', {"score": "group:merchant", "n": 2}, 'designed'),
    (134, 'Rat Catcher', 'purple', 'underworld', 0, 0, 'end', {"score": "group:underworld", "n": 1}, 'designed'),
    (135, 'Scribe', 'purple', 'scholar', 3, 1, 'end', {"score": "colour:purple", "n": 1}, 'designed'),
    (136, 'Heiress', 'purple', 'noble', 9, 3, 'end', {"score": "colour:brown", "n": 2}, 'designed'),
    (137, 'Bishop', 'purple', 'bureaucrat', 6, 2, 'end', {"score": "workers", "n": 1, "every": 2}, 'published'),
    (138, 'Actor', 'purple', 'entertainer', 12, 4, 'end', {"score": "colours", "n": 2}, 'designed'),
    (139, 'Engraver', 'purple', 'artist', 12, 4, 'end', {"score": "groups", "n": 2}, 'published'),
    (140, 'Baker', 'purple', 'craftsman', 6, 2, 'end', {"score": "group:craftsman", "n": 2}, 'designed'),
    (141, 'Seneschal', 'purple', 'castle', 3, 1, 'now', {"do": [{"op": "money", "n": 3}]}, 'designed'),
    (142, 'Sexton', 'purple', 'church', 0, 0, 'now', {"do": [{"op": "workers", "colour": "purple", "n": 3}]}, 'designed'),
    (143, 'Hanseatic Factor', 'purple', 'merchant', 0, 0, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (144, 'Pikeman', 'purple', 'protector', 6, 2, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (145, 'Gravedigger', 'purple', 'underworld', 6, 2, 'now', {"do": [{"op": "vp_per", "what": "rep", "n": 1}]}, 'designed'),
    (146, 'Mathematician', 'purple', 'scholar', 3, 1, 'now', {"do": [{"op": "draw", "n": 4}, {"op": "discard", "n": 4}]}, 'published'),
    (147, 'Landgrave', 'purple', 'noble', 0, 0, 'now', {"do": [{"op": "clear_threats", "colour": "purple"}]}, 'designed'),
    (148, 'Customs Officer', 'purple', 'bureaucrat', 6, 2, 'now', {"do": [{"op": "threat_others", "colour": "purple"}]}, 'designed'),
    (149, 'Acrobat', 'purple', 'entertainer', 3, 1, 'now', {"do": [{"op": "canal_double"}]}, 'published'),
    (150, 'Draper', 'purple', 'merchant', 0, 0, 'now', {"do": [{"op": "money_per", "what": "colours", "n": 1}]}, 'designed'),
    (151, 'Brewer', 'purple', 'craftsman', 6, 2, 'now', {"do": [{"op": "vp_per", "what": "person", "n": 1}]}, 'designed'),
    (152, 'Cupbearer', 'purple', 'castle', 12, 4, 'always', {"mod": "hire_discount", "n": 3}, 'published'),
    (153, 'Prior', 'purple', 'church', 0, 0, 'always', {"mod": "workers_bonus", "colour": "purple", "n": 1}, 'designed'),
    (154, 'Miniaturist', 'purple', 'artist', 3, 1, 'always', {"mod": "money_bonus", "colour": "purple", "n": 2}, 'designed'),
    (155, 'Lockkeeper', 'purple', 'protector', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (156, 'Charlatan', 'purple', 'underworld', 0, 0, 'always', {"mod": "disaster_limit", "colour": "purple"}, 'designed'),
    (157, 'Queen', 'purple', 'noble', 9, 3, 'always', {"round": [{"op": "vp", "n": 1}]}, 'published'),
    (158, 'Rector', 'purple', 'scholar', 3, 1, 'always', {"mod": "rep_discount", "n": 3}, 'designed'),
    (159, 'Chancellor', 'purple', 'bureaucrat', 9, 3, 'worker', {"pay": "brown", "do": [{"op": "extra_play"}]}, 'designed'),
    (160, 'Mime', 'purple', 'entertainer', 3, 1, 'worker', {"pay": "blue", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (161, 'Broker', 'purple', 'merchant', 9, 3, 'worker', {"pay": "yellow", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (162, 'Goldsmith', 'purple', 'craftsman', 3, 1, 'worker', {"pay": "red", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (163, 'Kennel Master', 'purple', 'castle', 3, 1, 'worker', {"pay": "purple", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (164, 'Canon', 'purple', 'church', 0, 0, 'worker', {"pay": "purple", "do": [{"op": "workers", "colour": "brown", "n": 2}]}, 'designed'),
    (165, 'Goldbeater', 'purple', 'artist', 9, 3, 'worker', {"pay": "purple", "do": [{"op": "money_per", "what": "rep", "n": 1}]}, 'designed'),
]
# fmt: on

CARDS: dict[int, Card] = {row[0]: Card(*row) for row in _ROWS}


def card(card_id: int) -> Card:
    return CARDS[card_id]

#: persons whose price (and so VP) the rulebook prints: the Prince and the Engraver
PRICE_PUBLISHED = frozenset({127, 139})

#: Every value we could not verify (neither the seed nor the publisher's
#: rulebook gives it): table -> what is designed. ``/help bruges`` lists these
#: and every card with a designed price says so (``designed`` in the views).
UNVERIFIED = {
    "CARDS": "145 of the 165 persons (name, colour, group, effect); the 20 real ones keep their published "
             "effect, but their colour and group are ours unless the rulebook prints them",
    "prices": "every person's price but the Prince's (9) and the Engraver's (12); VP = price / 3 is published",
    "REPUTATION_VP": "the VP of every reputation step but step 6 (7 VP)",
    "CANALS": "the colours of the canal sections after the first",
}


#: real persons whose effect the rulebook does not give (ours): the Prince
EFFECT_DESIGNED = frozenset({127})


def is_designed(card_id: int) -> bool:
    """Does this card carry a value we could not verify where a player reads it
    (its price and VP, or its effect)?"""
    return card_id not in PRICE_PUBLISHED or card_id in EFFECT_DESIGNED
