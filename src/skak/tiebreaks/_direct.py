"""Direct encounter (indbyrdes resultat): tied players ordered by their games among themselves.

C.07 Art. 6 (004 annex 3 2.A.c in 2010):

* the *mini-table* counts the points each tied player scored against the others; a forfeit
  is no encounter in a Swiss tournament (Art. 6.1.1) unless ``/P`` says otherwise, but a
  regular game in a round robin (Art. 15.2); players who met more than once count the average
  of those games (Art. 6.1.2);
* when every tied player has met every other, the mini-table ranks them, and players still
  level are ranked again by the games among themselves alone (Art. 6.2);
* when some have not met, a player is ranked first only when no other could reach his score
  even by winning every encounter not played; the next in the same way, until no one stands
  out (Art. 6.3) — the rest stay level and are looked at again among themselves.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

from skak.tiebreaks._crosstable import Crosstable, Kind
from skak.tiebreaks._registry import group_tiebreak
from skak.tiebreaks._spec import TieBreakSpec

__all__ = ["direct_encounter", "mini_table"]


def mini_table(
    ct: Crosstable, group: Sequence[int], *, forfeits_as_played: bool = False
) -> dict[int, dict[int, Fraction]]:
    """Each player's average points against each tied opponent he met."""
    members = set(group)
    out: dict[int, dict[int, Fraction]] = {}
    for p in group:
        games: dict[int, list[Fraction]] = defaultdict(list)
        for r in ct.records[p]:
            if r.opponent not in members or r.opponent is None:
                continue
            counted = (r.kind is Kind.GAME and r.result is not None) or (
                r.kind.is_forfeit and (ct.round_robin or forfeits_as_played)
            )
            if counted:
                games[r.opponent].append(r.points)
        out[p] = {o: sum(pts, Fraction(0)) / len(pts) for o, pts in games.items()}
    return out


@group_tiebreak("DE", "direct encounter", "C.07 Art. 6; 004 annex 3 2.A.c", modifiers=["P", "TOP"])
def direct_encounter(ct: Crosstable, spec: TieBreakSpec, group: Sequence[int]) -> list[list[int]]:
    """The tied ``group`` in tiers, best first, by the games among them (C.07 Art. 6; 004
    annex 3 2.A.c: "Direkte Begegnung"); one tier when nothing separates them."""
    if len(group) < 2:
        return [list(group)]
    table = mini_table(ct, group, forfeits_as_played=spec.forfeits_as_played)
    score = {p: sum(table[p].values(), Fraction(0)) for p in group}
    # Whether they have all met is read from the games so far, in a round robin too: before
    # its last round the tied players may not have met yet (annex 3 2.A.c, partial meetings).
    everyone_met = all(len(table[p]) == len(group) - 1 for p in group)
    if everyone_met:
        levels = sorted(set(score.values()), reverse=True)
        if len(levels) == 1:
            return [list(group)]
        levels_of = [[p for p in group if score[p] == v] for v in levels]
        return [t for level in levels_of for t in direct_encounter(ct, spec, level)]
    best = {p: score[p] + ct.scoring.win * (len(group) - 1 - len(table[p])) for p in group}
    order = sorted(group, key=lambda p: (-score[p], -best[p]))
    tiers: list[list[int]] = []
    while len(order) > 1 and score[order[0]] > max(best[p] for p in order[1:]):
        tiers.append([order.pop(0)])
    if not tiers:
        return [list(group)]
    return tiers + direct_encounter(ct, spec, order)
