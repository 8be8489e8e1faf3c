"""Bruges components as tables: colours, board, statues, reputation track, the deck.

Published facts (seed write-up and research notes): 5 colours, 5 dice, 9 threat
markers per colour, start with 5 guilders, 5 VP and one worker of each colour,
hand of 5, 4 cards played per round, six card uses, two canals of 5 sections
per player paying 1..5 guilders (section 1 of one canal is blue, of the other
brown; a purple section costs 2), statues 2..7 (7 on top), majority markers
worth 4 VP, 3 VP for a canal's third section, 165 persons in 5 colours of 33,
11 groups, four timings.

DESIGNED (the real values could not be found): the colour order of the canal
sections after the first, the VP of each reputation step (sources: "1 to 12"),
and 158 of the 165 person cards. Seven cards carry an effect known from the
seed or the research notes (``source == "published"``); their numbers that
were not published are designed too (see ``PUBLISHED_NOTES``). A review
re-priced three designed laurels that scale with the town (Archer, Philosopher,
Knight): paying per house is never cheaper than paying per person.

A card is ``(id, name, colour, group, cost, vp, timing, effect, source)``.
Timings: ``end`` (laurel: scores at game end), ``now`` (arrow: once when
hired), ``always`` (infinity: while in your town; a ``round`` effect fires by
itself once per round), ``worker`` (pay one worker of ``pay`` colour, once per
round, on your turn). Effects are data read by :mod:`games.bruges.effects`.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("blue", "brown", "yellow", "red", "purple")
GROUPS = ("noble", "official", "performer", "merchant", "craftsman", "castle",
          "clergy", "artist", "protector", "underworld", "scholar")
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
#: VP at game end for each reputation step 0..10 (DESIGNED, "1 to 12 VP").
REPUTATION_VP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12)
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
    24: "effect published (seed: a disaster only on the 4th marker); colour and numbers designed",
    27: "effect published (seed: pay a yellow worker for an extra action); numbers designed",
    91: "effect published (seed: 1 guilder per die showing 6, once a round); numbers designed",
    107: "Cardinal: effect published (seed: 2 VP per clergy person); colour, cost, VP designed",
    118: "Troublemaker: effect published (seed: every other player loses a canal section); numbers designed",
    139: "Engraver: cost 12 and effect (2 VP per group) published; colour, VP, group designed",
    152: "effect published (seed: hiring costs 3 less); numbers designed",
}

# fmt: off
_ROWS = [
    (1, 'King', 'blue', 'noble', 5, 0, 'end', {"score": "group:noble", "n": 2}, 'designed'),
    (2, 'Mayor', 'blue', 'official', 2, 1, 'end', {"score": "group:official", "n": 1}, 'designed'),
    (3, 'Bard', 'blue', 'performer', 3, 1, 'end', {"score": "colour:blue", "n": 1}, 'designed'),
    (4, 'Spice Merchant', 'blue', 'merchant', 6, 0, 'end', {"score": "colour:yellow", "n": 2}, 'designed'),
    (5, 'Master Craftsman', 'blue', 'craftsman', 4, 0, 'end', {"score": "house", "n": 1}, 'designed'),
    (6, 'Gatekeeper', 'blue', 'castle', 4, 0, 'end', {"score": "rep", "n": 1}, 'designed'),
    (7, 'Bishop', 'blue', 'clergy', 8, 1, 'end', {"score": "groups", "n": 1}, 'designed'),
    (8, 'Painter', 'blue', 'artist', 6, 1, 'end', {"score": "group:underworld", "n": 2}, 'designed'),
    (9, 'Guard Captain', 'blue', 'protector', 1, 0, 'now', {"do": [{"op": "money", "n": 3}]}, 'designed'),
    (10, 'Thief', 'blue', 'underworld', 0, 0, 'now', {"do": [{"op": "workers", "colour": "blue", "n": 3}]}, 'designed'),
    (11, 'Scholar', 'blue', 'scholar', 1, 0, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (12, 'Queen', 'blue', 'noble', 3, 2, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (13, 'Alderman', 'blue', 'official', 5, 1, 'now', {"do": [{"op": "rep", "n": 1}]}, 'designed'),
    (14, 'Juggler', 'blue', 'performer', 2, 1, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (15, 'Cloth Merchant', 'blue', 'merchant', 2, 1, 'now', {"do": [{"op": "clear_threats", "colour": "blue"}]}, 'designed'),
    (16, 'Weaver', 'blue', 'craftsman', 4, 1, 'now', {"do": [{"op": "threat_others", "colour": "blue"}]}, 'designed'),
    (17, 'Stable Boy', 'blue', 'castle', 4, 1, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (18, 'Abbot', 'blue', 'clergy', 2, 1, 'now', {"do": [{"op": "money_per", "what": "house", "n": 1}]}, 'designed'),
    (19, 'Sculptor', 'blue', 'artist', 3, 1, 'now', {"do": [{"op": "extra_play"}]}, 'designed'),
    (20, 'Watchman', 'blue', 'protector', 3, 1, 'always', {"mod": "hire_discount", "n": 1}, 'designed'),
    (21, 'Pickpocket', 'blue', 'underworld', 2, 1, 'always', {"mod": "workers_bonus", "colour": "blue", "n": 1}, 'designed'),
    (22, 'Physician', 'blue', 'scholar', 2, 1, 'always', {"mod": "money_bonus", "colour": "blue", "n": 2}, 'designed'),
    (23, 'Prince', 'blue', 'noble', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (24, 'Bailiff', 'blue', 'official', 2, 1, 'always', {"mod": "disaster_limit", "colour": "blue"}, 'published'),
    (25, 'Minstrel', 'blue', 'performer', 3, 1, 'always', {"round": [{"op": "workers", "colour": "blue", "n": 1}]}, 'designed'),
    (26, 'Wine Merchant', 'blue', 'merchant', 2, 1, 'always', {"mod": "threat_vp", "n": 1}, 'designed'),
    (27, 'Dyer', 'blue', 'craftsman', 6, 1, 'worker', {"pay": "yellow", "do": [{"op": "extra_play"}]}, 'published'),
    (28, 'Farmhand', 'blue', 'castle', 3, 0, 'worker', {"pay": "brown", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (29, 'Abbess', 'blue', 'clergy', 5, 0, 'worker', {"pay": "red", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (30, 'Illuminator', 'blue', 'artist', 3, 1, 'worker', {"pay": "purple", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (31, 'Night Watchman', 'blue', 'protector', 3, 1, 'worker', {"pay": "blue", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (32, 'Smuggler', 'blue', 'underworld', 1, 1, 'worker', {"pay": "blue", "do": [{"op": "workers", "colour": "yellow", "n": 2}]}, 'designed'),
    (33, 'Alchemist', 'blue', 'scholar', 5, 0, 'worker', {"pay": "blue", "do": [{"op": "free_canal"}]}, 'designed'),
    (34, 'Jester', 'brown', 'performer', 5, 0, 'end', {"score": "group:protector", "n": 2}, 'designed'),
    (35, 'Banker', 'brown', 'merchant', 2, 1, 'end', {"score": "group:merchant", "n": 1}, 'designed'),
    (36, 'Carpenter', 'brown', 'craftsman', 3, 1, 'end', {"score": "colour:brown", "n": 1}, 'designed'),
    (37, 'Cook', 'brown', 'castle', 6, 0, 'end', {"score": "colour:red", "n": 2}, 'designed'),
    (38, 'Priest', 'brown', 'clergy', 5, 0, 'end', {"score": "canal", "n": 1}, 'designed'),
    (39, 'Woodcarver', 'brown', 'artist', 4, 0, 'end', {"score": "statue", "n": 3}, 'designed'),
    (40, 'Archer', 'brown', 'protector', 3, 0, 'end', {"score": "empty_house", "n": 1}, 'designed'),
    (41, 'Forger', 'brown', 'underworld', 6, 1, 'end', {"score": "group:noble", "n": 2}, 'designed'),
    (42, 'Astronomer', 'brown', 'scholar', 2, 0, 'now', {"do": [{"op": "money", "n": 4}]}, 'designed'),
    (43, 'Princess', 'brown', 'noble', 1, 0, 'now', {"do": [{"op": "workers", "colour": "brown", "n": 3}]}, 'designed'),
    (44, 'Tax Collector', 'brown', 'official', 1, 0, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (45, 'Acrobat', 'brown', 'performer', 4, 2, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (46, 'Money Changer', 'brown', 'merchant', 5, 1, 'now', {"do": [{"op": "rep", "n": 1}]}, 'designed'),
    (47, 'Mason', 'brown', 'craftsman', 2, 1, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (48, 'Chamberlain', 'brown', 'castle', 2, 1, 'now', {"do": [{"op": "clear_threats", "colour": "brown"}]}, 'designed'),
    (49, 'Monk', 'brown', 'clergy', 4, 1, 'now', {"do": [{"op": "threat_others", "colour": "brown"}]}, 'designed'),
    (50, 'Tapestry Maker', 'brown', 'artist', 4, 1, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (51, 'Crossbowman', 'brown', 'protector', 2, 1, 'now', {"do": [{"op": "money_per", "what": "person", "n": 1}]}, 'designed'),
    (52, 'Fence', 'brown', 'underworld', 3, 1, 'now', {"do": [{"op": "others_lose", "what": "money", "n": 3}]}, 'designed'),
    (53, 'Astrologer', 'brown', 'scholar', 6, 0, 'always', {"mod": "hire_discount", "n": 2}, 'designed'),
    (54, 'Duke', 'brown', 'noble', 2, 1, 'always', {"mod": "workers_bonus", "colour": "brown", "n": 1}, 'designed'),
    (55, 'Town Clerk', 'brown', 'official', 2, 1, 'always', {"mod": "money_bonus", "colour": "brown", "n": 2}, 'designed'),
    (56, 'Fire Eater', 'brown', 'performer', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (57, 'Moneylender', 'brown', 'merchant', 2, 1, 'always', {"mod": "disaster_limit", "colour": "brown"}, 'designed'),
    (58, 'Blacksmith', 'brown', 'craftsman', 3, 1, 'always', {"round": [{"op": "money_per", "what": "face:5", "n": 1}]}, 'designed'),
    (59, 'Steward', 'brown', 'castle', 3, 1, 'always', {"mod": "rep_discount", "n": 2}, 'designed'),
    (60, 'Nun', 'brown', 'clergy', 6, 1, 'worker', {"pay": "red", "do": [{"op": "extra_play"}]}, 'designed'),
    (61, 'Architect', 'brown', 'artist', 3, 0, 'worker', {"pay": "yellow", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (62, 'Halberdier', 'brown', 'protector', 5, 0, 'worker', {"pay": "purple", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (63, 'Beggar', 'brown', 'underworld', 3, 1, 'worker', {"pay": "blue", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (64, 'Librarian', 'brown', 'scholar', 3, 1, 'worker', {"pay": "brown", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (65, 'Duchess', 'brown', 'noble', 1, 1, 'worker', {"pay": "brown", "do": [{"op": "workers", "colour": "red", "n": 2}]}, 'designed'),
    (66, 'Notary', 'brown', 'official', 5, 0, 'worker', {"pay": "yellow", "do": [{"op": "threat_others", "colour": "brown"}]}, 'designed'),
    (67, 'Cooper', 'yellow', 'craftsman', 5, 0, 'end', {"score": "group:scholar", "n": 2}, 'designed'),
    (68, 'Falconer', 'yellow', 'castle', 2, 1, 'end', {"score": "group:castle", "n": 1}, 'designed'),
    (69, 'Beguine', 'yellow', 'clergy', 3, 1, 'end', {"score": "colour:yellow", "n": 1}, 'designed'),
    (70, 'Poet', 'yellow', 'artist', 6, 0, 'end', {"score": "colour:purple", "n": 2}, 'designed'),
    (71, 'Knight', 'yellow', 'protector', 4, 0, 'end', {"score": "person", "n": 1}, 'designed'),
    (72, 'Cutpurse', 'yellow', 'underworld', 5, 0, 'end', {"score": "majority", "n": 2}, 'designed'),
    (73, 'Philosopher', 'yellow', 'scholar', 10, 1, 'end', {"score": "house", "n": 2}, 'designed'),
    (74, 'Count', 'yellow', 'noble', 6, 1, 'end', {"score": "group:performer", "n": 2}, 'designed'),
    (75, 'Magistrate', 'yellow', 'official', 1, 0, 'now', {"do": [{"op": "money", "n": 3}]}, 'designed'),
    (76, 'Puppeteer', 'yellow', 'performer', 0, 0, 'now', {"do": [{"op": "workers", "colour": "yellow", "n": 3}]}, 'designed'),
    (77, 'Grain Trader', 'yellow', 'merchant', 1, 0, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (78, 'Tanner', 'yellow', 'craftsman', 5, 3, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (79, 'Lady-in-Waiting', 'yellow', 'castle', 5, 1, 'now', {"do": [{"op": "rep", "n": 1}]}, 'designed'),
    (80, 'Deacon', 'yellow', 'clergy', 2, 1, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (81, 'Composer', 'yellow', 'artist', 2, 1, 'now', {"do": [{"op": "clear_threats", "colour": "yellow"}]}, 'designed'),
    (82, 'Squire', 'yellow', 'protector', 4, 1, 'now', {"do": [{"op": "threat_others", "colour": "yellow"}]}, 'designed'),
    (83, 'Card Sharp', 'yellow', 'underworld', 4, 1, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (84, 'Mathematician', 'yellow', 'scholar', 2, 1, 'now', {"do": [{"op": "money_per", "what": "canal", "n": 1}]}, 'designed'),
    (85, 'Countess', 'yellow', 'noble', 2, 1, 'now', {"do": [{"op": "clear_threats", "colour": "any", "n": 1}, {"op": "money", "n": 2}]}, 'designed'),
    (86, 'Judge', 'yellow', 'official', 3, 1, 'always', {"mod": "hire_discount", "n": 1}, 'designed'),
    (87, 'Storyteller', 'yellow', 'performer', 2, 1, 'always', {"mod": "workers_bonus", "colour": "yellow", "n": 1}, 'designed'),
    (88, 'Fishmonger', 'yellow', 'merchant', 2, 1, 'always', {"mod": "money_bonus", "colour": "yellow", "n": 2}, 'designed'),
    (89, 'Glassblower', 'yellow', 'craftsman', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (90, 'Page', 'yellow', 'castle', 2, 1, 'always', {"mod": "disaster_limit", "colour": "yellow"}, 'designed'),
    (91, 'Friar', 'yellow', 'clergy', 3, 1, 'always', {"round": [{"op": "money_per", "what": "face:6", "n": 1}]}, 'published'),
    (92, 'Organist', 'yellow', 'artist', 5, 0, 'always', {"mod": "money_bonus", "colour": "any", "n": 1}, 'designed'),
    (93, 'Jailer', 'yellow', 'protector', 6, 1, 'worker', {"pay": "purple", "do": [{"op": "extra_play"}]}, 'designed'),
    (94, 'Poacher', 'yellow', 'underworld', 3, 0, 'worker', {"pay": "red", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (95, 'Cartographer', 'yellow', 'scholar', 5, 0, 'worker', {"pay": "blue", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (96, 'Baron', 'yellow', 'noble', 3, 1, 'worker', {"pay": "brown", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (97, 'Treasurer', 'yellow', 'official', 3, 1, 'worker', {"pay": "yellow", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (98, 'Dancer', 'yellow', 'performer', 1, 1, 'worker', {"pay": "yellow", "do": [{"op": "workers", "colour": "purple", "n": 2}]}, 'designed'),
    (99, 'Peddler', 'yellow', 'merchant', 4, 0, 'worker', {"pay": "yellow", "do": [{"op": "money_per", "what": "house", "n": 1}]}, 'designed'),
    (100, 'Lute Player', 'red', 'performer', 5, 0, 'end', {"score": "group:official", "n": 2}, 'designed'),
    (101, 'Portraitist', 'red', 'artist', 2, 1, 'end', {"score": "group:artist", "n": 1}, 'designed'),
    (102, 'Constable', 'red', 'protector', 3, 1, 'end', {"score": "colour:red", "n": 1}, 'designed'),
    (103, 'Drummer', 'red', 'performer', 6, 0, 'end', {"score": "colour:blue", "n": 2}, 'designed'),
    (104, 'Apothecary', 'red', 'scholar', 3, 1, 'end', {"score": "money", "n": 1, "every": 3}, 'designed'),
    (105, 'Baroness', 'red', 'noble', 3, 0, 'end', {"score": "no_threats", "n": 4}, 'designed'),
    (106, 'Harbour Master', 'red', 'official', 10, 1, 'end', {"score": "person", "n": 2}, 'designed'),
    (107, 'Cardinal', 'red', 'clergy', 6, 1, 'end', {"score": "group:clergy", "n": 2}, 'published'),
    (108, 'Shipowner', 'red', 'merchant', 2, 0, 'now', {"do": [{"op": "money", "n": 4}]}, 'designed'),
    (109, 'Lace Maker', 'red', 'craftsman', 1, 0, 'now', {"do": [{"op": "workers", "colour": "red", "n": 3}]}, 'designed'),
    (110, 'Butler', 'red', 'castle', 1, 0, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (111, 'Pilgrim', 'red', 'clergy', 6, 3, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (112, 'Glass Painter', 'red', 'artist', 5, 1, 'now', {"do": [{"op": "rep", "n": 1}]}, 'designed'),
    (113, 'Fire Warden', 'red', 'protector', 2, 1, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (114, 'Highwayman', 'red', 'underworld', 2, 1, 'now', {"do": [{"op": "clear_threats", "colour": "red"}]}, 'designed'),
    (115, 'Lawyer', 'red', 'scholar', 4, 1, 'now', {"do": [{"op": "threat_others", "colour": "red"}]}, 'designed'),
    (116, 'Margrave', 'red', 'noble', 4, 1, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (117, 'Toll Keeper', 'red', 'official', 2, 1, 'now', {"do": [{"op": "money_per", "what": "group:merchant", "n": 1}]}, 'designed'),
    (118, 'Troublemaker', 'red', 'underworld', 4, 1, 'now', {"do": [{"op": "others_lose", "what": "canal", "n": 1}]}, 'published'),
    (119, 'Salt Trader', 'red', 'merchant', 6, 0, 'always', {"mod": "hire_discount", "n": 2}, 'designed'),
    (120, 'Shipwright', 'red', 'craftsman', 2, 1, 'always', {"mod": "workers_bonus", "colour": "red", "n": 1}, 'designed'),
    (121, 'Maid', 'red', 'castle', 2, 1, 'always', {"mod": "money_bonus", "colour": "red", "n": 2}, 'designed'),
    (122, 'Chaplain', 'red', 'clergy', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (123, 'Calligrapher', 'red', 'artist', 2, 1, 'always', {"mod": "disaster_limit", "colour": "red"}, 'designed'),
    (124, 'Dike Reeve', 'red', 'protector', 2, 1, 'always', {"round": [{"op": "money", "n": 1}]}, 'designed'),
    (125, 'Spy', 'red', 'underworld', 5, 0, 'always', {"mod": "workers_bonus", "colour": "any", "n": 1}, 'designed'),
    (126, 'Teacher', 'red', 'scholar', 6, 1, 'worker', {"pay": "blue", "do": [{"op": "extra_play"}]}, 'designed'),
    (127, 'Viscount', 'red', 'noble', 3, 0, 'worker', {"pay": "purple", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (128, 'Sheriff', 'red', 'official', 5, 0, 'worker', {"pay": "brown", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (129, 'Trumpeter', 'red', 'performer', 3, 1, 'worker', {"pay": "yellow", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (130, 'Fur Trader', 'red', 'merchant', 3, 1, 'worker', {"pay": "red", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (131, 'Roofer', 'red', 'craftsman', 1, 1, 'worker', {"pay": "red", "do": [{"op": "workers", "colour": "blue", "n": 2}]}, 'designed'),
    (132, 'Huntsman', 'red', 'castle', 6, 0, 'worker', {"pay": "red", "do": [{"op": "threat_others", "colour": "red"}]}, 'designed'),
    (133, 'Sentry', 'purple', 'protector', 5, 0, 'end', {"score": "group:merchant", "n": 2}, 'designed'),
    (134, 'Rat Catcher', 'purple', 'underworld', 2, 1, 'end', {"score": "group:underworld", "n": 1}, 'designed'),
    (135, 'Scribe', 'purple', 'scholar', 3, 1, 'end', {"score": "colour:purple", "n": 1}, 'designed'),
    (136, 'Heiress', 'purple', 'noble', 6, 0, 'end', {"score": "colour:brown", "n": 2}, 'designed'),
    (137, 'Envoy', 'purple', 'official', 3, 1, 'end', {"score": "workers", "n": 1, "every": 2}, 'designed'),
    (138, 'Actor', 'purple', 'performer', 7, 0, 'end', {"score": "colours", "n": 2}, 'designed'),
    (139, 'Engraver', 'purple', 'artist', 12, 0, 'end', {"score": "groups", "n": 2}, 'published'),
    (140, 'Baker', 'purple', 'craftsman', 6, 1, 'end', {"score": "group:craftsman", "n": 2}, 'designed'),
    (141, 'Seneschal', 'purple', 'castle', 1, 0, 'now', {"do": [{"op": "money", "n": 3}]}, 'designed'),
    (142, 'Sexton', 'purple', 'clergy', 0, 0, 'now', {"do": [{"op": "workers", "colour": "purple", "n": 3}]}, 'designed'),
    (143, 'Hanseatic Factor', 'purple', 'merchant', 1, 0, 'now', {"do": [{"op": "workers", "colour": "any", "n": 2}, {"op": "money", "n": 1}]}, 'designed'),
    (144, 'Pikeman', 'purple', 'protector', 7, 4, 'now', {"do": [{"op": "vp", "n": 1}]}, 'designed'),
    (145, 'Gravedigger', 'purple', 'underworld', 5, 1, 'now', {"do": [{"op": "rep", "n": 1}]}, 'designed'),
    (146, 'Herbalist', 'purple', 'scholar', 2, 1, 'now', {"do": [{"op": "draw", "n": 2}]}, 'designed'),
    (147, 'Landgrave', 'purple', 'noble', 2, 1, 'now', {"do": [{"op": "clear_threats", "colour": "purple"}]}, 'designed'),
    (148, 'Customs Officer', 'purple', 'official', 4, 1, 'now', {"do": [{"op": "threat_others", "colour": "purple"}]}, 'designed'),
    (149, 'Singer', 'purple', 'performer', 4, 1, 'now', {"do": [{"op": "free_canal"}]}, 'designed'),
    (150, 'Draper', 'purple', 'merchant', 2, 1, 'now', {"do": [{"op": "money_per", "what": "colours", "n": 1}]}, 'designed'),
    (151, 'Brewer', 'purple', 'craftsman', 4, 0, 'now', {"do": [{"op": "vp_per", "what": "person", "n": 1}]}, 'designed'),
    (152, 'Cupbearer', 'purple', 'castle', 9, 0, 'always', {"mod": "hire_discount", "n": 3}, 'published'),
    (153, 'Prior', 'purple', 'clergy', 2, 1, 'always', {"mod": "workers_bonus", "colour": "purple", "n": 1}, 'designed'),
    (154, 'Miniaturist', 'purple', 'artist', 2, 1, 'always', {"mod": "money_bonus", "colour": "purple", "n": 2}, 'designed'),
    (155, 'Lockkeeper', 'purple', 'protector', 3, 1, 'always', {"mod": "canal_discount", "n": 1}, 'designed'),
    (156, 'Charlatan', 'purple', 'underworld', 2, 1, 'always', {"mod": "disaster_limit", "colour": "purple"}, 'designed'),
    (157, 'Student', 'purple', 'scholar', 5, 0, 'always', {"round": [{"op": "vp", "n": 1}]}, 'designed'),
    (158, 'Marquis', 'purple', 'noble', 4, 1, 'always', {"mod": "rep_discount", "n": 3}, 'designed'),
    (159, 'Chancellor', 'purple', 'official', 6, 1, 'worker', {"pay": "brown", "do": [{"op": "extra_play"}]}, 'designed'),
    (160, 'Mime', 'purple', 'performer', 3, 0, 'worker', {"pay": "blue", "do": [{"op": "money", "n": 3}]}, 'designed'),
    (161, 'Broker', 'purple', 'merchant', 5, 0, 'worker', {"pay": "yellow", "do": [{"op": "vp", "n": 2}]}, 'designed'),
    (162, 'Goldsmith', 'purple', 'craftsman', 3, 1, 'worker', {"pay": "red", "do": [{"op": "clear_threats", "colour": "any", "n": 1}]}, 'designed'),
    (163, 'Kennel Master', 'purple', 'castle', 3, 1, 'worker', {"pay": "purple", "do": [{"op": "draw", "n": 1}]}, 'designed'),
    (164, 'Canon', 'purple', 'clergy', 1, 1, 'worker', {"pay": "purple", "do": [{"op": "workers", "colour": "brown", "n": 2}]}, 'designed'),
    (165, 'Goldbeater', 'purple', 'artist', 8, 0, 'worker', {"pay": "purple", "do": [{"op": "rep", "n": 1}]}, 'designed'),
]
# fmt: on

CARDS: dict[int, Card] = {row[0]: Card(*row) for row in _ROWS}


def card(card_id: int) -> Card:
    return CARDS[card_id]
