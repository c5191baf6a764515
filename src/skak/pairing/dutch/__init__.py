"""The FIDE (Dutch) Swiss system, rules in force from 1 February 2026 (FIDE Handbook C.04.3),
with the general handling rules C.04.1/C.04.2 and the Baku acceleration C.04.5.

How the rules become one computation
------------------------------------

The Dutch rules rank candidate pairings of a bracket by a long list of criteria: absolute
criteria (C1 no rematch, C2 no second pairing-allocated bye, C3 no clash of absolute colour
preferences), the completion criterion C4 (the rest of the round must stay pairable) and the
quality criteria C5–C21 in strict order of priority; among pairings that tie on every
criterion, the rules' order of transpositions and exchanges (article 4) decides.

skak computes this as FIDE's endorsed programs do: each criterion is a field of an integer edge
weight, more important fields in higher bits, and a maximum-weight matching over *all* players
still to be paired maximises the fields lexicographically (:mod:`skak.pairing._graphs.weighted`:
a blossom matcher on a weight matrix, exact with integer weights of any size). The brackets are then
settled one after the other, top down:

1. the whole field is matched once to find the score of the player who will get the
   pairing-allocated bye (C.04.1 c, C2, C9);
2. per bracket, the edges inside the bracket and towards the next bracket get their quality
   fields (C5–C21); moved-down players (MDPs) are taken in order of rank, each paired if the
   optimum allows it, and each gets the highest-ranked resident opponent the optimum allows;
3. in the remainder the number of exchanges between S1 and S2 is minimised, then the
   difference of the exchanged players' numbers; the lowest S1 players are exchanged first,
   then the highest S2 players are moved up (C.04.3 article 4.3);
4. each S1 player, from the top, gets the highest S2 player the optimum allows, which is
   the rules' first transposition of S2 that meets the criteria.

Every choice is optimal for the whole field, so the completion criterion and the look-ahead
to the next bracket are exact. Where the rule text and bbpPairings (the reference engine FIDE
and lichess use) differ, skak follows bbpPairings; the cases are listed in the notes for
``docs/interpretations.md``.

Five exact shortcuts make a round of 1 000 players take seconds:

* *the natural pairing's proof* (``_Pairer._natural``): an even bracket without moved-down
  players whose natural pairing (S1 against S2) is compatible and meets C10–C13 in every
  pair is settled at once when the rest of the field stays pairable — every pairing best
  in C5 pairs such a bracket within itself, the other fields are then the same sums for all
  of them, and the natural pairing is the first transposition. Round 1 so costs a few bit-set
  operations per player, and the edges outside the brackets are weighed only once a
  bracket needs an optimisation;
* *the window* (``_Matcher``): an optimisation looks at the bracket and the next one only,
  and its answer is kept when the players it leaves unpaired can be paired with the rest of
  the field (a bit-set test) — every complete pairing scores the same in the completion
  field, and no lower field scores outside the two brackets;
* *sparse and certified*: the matcher solves each player's few best edges and proves the
  answer optimal for all edges with its duals (``_graphs.weighted``);
* *choices on the optimal face*: the ordering rules (which moved-down players, which
  exchanges, which transposition) are lexicographic bonuses; instead of huge weights, one
  optimisation without them gives the tight edges, and each choice in turn takes the best
  opponent that still leaves an optimal pairing (a bit-set alternating search, which needs
  Edmonds' blossoms only when the face has an odd cycle there);
* *the remainder on the same face* (``_Matcher.solve_remainder``): the remainder's weights
  are the last optimisation's plus the ordering rules' term, so when a pairing on the last
  face (after its choices) pairs every S1 player with S2 and, with the settled pairs, weighs
  the last optimum, it reaches both bounds and the remainder needs no new matching; a
  bracket costs one weighted matching, not two.

Each shortcut falls back to the plain optimisation when it does not apply, and the tests
compare both ways on generated tournaments.

Colours (C.04.3 article 5): the preference of both players is granted when compatible;
otherwise the stronger preference (absolute before strong before mild, the larger colour
difference among absolutes) wins; otherwise the players' colour histories are compared
back to the last round in which they differed, and each takes the other's colour of that
round; otherwise the higher-ranked player gets his preference, or, without any preference,
the initial colour (``XXC``) when his pairing number is odd, the other colour when even.

The modules, by job: :mod:`.cards` (the pairing cards: scores with acceleration, floats,
colour preferences, the initial colour), :mod:`.weights` (the round's context and the
criteria as fields of one edge weight), :mod:`.optimiser` (``_Matcher``: the weighted graph
and its three shortcuts), :mod:`.brackets` (``_Pairer``: the bye's score, then the brackets
top down), :mod:`.colours` (article 5) and :mod:`.system` (the ``PairingSystem`` itself).
"""

from skak.pairing.dutch.cards import Card, DutchSettings, Float, pairing_cards
from skak.pairing.dutch.system import SYSTEM, DutchSystem

__all__ = ["SYSTEM", "Card", "DutchSettings", "DutchSystem", "Float", "pairing_cards"]
