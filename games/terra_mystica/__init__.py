"""Terra Mystica: the seed's base game by default; the site's options, Fire & Ice, maps, auction.

Layout, each module importing only those listed before it: ``data.py``
(tables), ``board.py`` (map geometry), ``messages.py`` (message keys and
their words), ``rules.py`` (state, resources, power, cults, spades, reach,
towns, leech, income), ``scoring.py`` (end of game), ``flow.py`` (setup,
turns, rounds), ``places.py`` (where a seat can build or transform now, and
at what cost), ``notation.py`` (text <-> commands), ``actions.py`` (what
each typed sub-command does, the table of verbs, who is to move),
``moves.py`` (autocomplete), ``view.py`` (what a renderer gets), ``game.py``
(the ``Game`` class), ``ledger.py`` (replays a record of the online site and
checks every row).

Published facts: everything in ``data.py`` (map, 14 factions, costs, income
tracks, power actions, favour/town/scoring tiles, bonus cards, cult and
final scoring), cross-checked by replaying two real league games row by row.

Follows the online site (terra.snellman.net) where the printed rules are
silent or the data file says UNVERIFIED:
* SCORE1 is never drawn for rounds 5-6; TW6 gives two keys; TW7 gives a
  shipping level with its VP (Fakirs: +1 carpet range, Dwarves: nothing);
  coins -> VP at 3:1 is a free conversion.
* Power offers are made to every neighbour even with full bowls and capped
  when accepted (by what the bowls can move and by VP + 1).
* VP/power for spades (SCORE1, Halflings, Alchemists' stronghold) are paid
  when spades are gained, cult-bonus spades included (the Halflings row of
  the S63 record shows it); Darklings' 2 VP only for priest digging.
* Cult-bonus spades are used in turn order before the next round's income,
  only to transform, and (seed write-up) without tunnelling or carpet
  flights: those abilities work only in the action phase.
* Checked against the site's own engine (issue #14): a full action declines
  the seat's open power offers; an offer is taken whole (up to what bowls
  and VP allow); under strict-leech an earlier offer cannot be taken after a
  later one, nor an offer after a conversion made while it was open, and
  the Cultists' step may be placed with another offer open; the Cultists'
  +1 power counts only opponents who could take power; the last faction
  may act on while a cult step is owed and place it later, even after
  passing; a step held at 9 for want of a key reaches 10 when the turn's
  town brings one; the Cultists place their owed step before their turn
  ends; spades bought with ``dig`` are paid at the dig and all used (never
  discarded, before the build, all of them on a transform to another
  terrain); all transforms of an action come before its build; one hex per
  action turns to a terrain other than home; the Halflings' stronghold
  spades and cult spades are not topped up by digging; the Giants'
  stronghold spades score SCORE1; no sandstorm on desert; ``burn 0`` does
  nothing; the Darklings' stronghold turn stays open for the conversion
  (or ``done``); a half-used ACTC cannot end with ``done``.

Fire & Ice factions (options ``fire-and-ice-factions/ice``, ``/volcano``,
``/variable_v5``, the printed 2014 ``/variable``; all off by default, the seed
being the base game): data rows in ``data.py``, their abilities as hooks in
``fire_ice.py``, the terraforming wheel per faction in ``wheel.py``; checked
against the site engine's own logs (``ledger.replay_site_log``). Following
the site: a volcano faction's ``dig`` gives one volcano per action (``dig 1``);
a spade gained from ACT5/ACT6/BON1 or a cult bonus still scores SCORE1 when
it becomes a cult step or a token.

DESIGNED (our choice, no source):
* The Shapeshifters answer an accepted power offer's token like a leech, at
  any time, the round waiting for the answer (the site: the same, or any
  time later).
* Spades left over from an action must be used or discarded (``-SPADE``)
  before the turn ends; the seat stays to move until then (dug spades
  cannot be discarded; a dig or transform that would leave dug spades no
  transform can use is refused).
* A bridge joins its two hexes for everyone's power offers, but counts for
  reach, towns and networks of its owner only.
* Giants cannot transform to a terrain other than wasteland.
* ``-WATER`` (refusing one step of a town tile) is accepted only in a row
  that takes a town tile.
* Equal final VP share the place (no tie-breaker).
* Without ``strict-chaosmagician-sh`` (the site's old behaviour), a Chaos
  Magicians' pass inside the double action leaves the other action to take
  in the same turn (or ``done``); nobody may pass twice in a round.
* A bonus card's +1 shipping (BON4) does nothing for the Dwarves and Fakirs,
  who have no shipping (their tunnel/carpet range is unchanged).
* The Mermaids' ``connect`` is a free action of their own turn: in the row
  of the build that makes it possible, or on a later turn.
"""

from .game import GAME, TerraMystica

__all__ = ["GAME", "TerraMystica"]
