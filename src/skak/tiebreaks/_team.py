"""Team tie-breaks over plain match records (004 annex 3 2.A.g, D.b.2–b.9; C.07 Art. 13.2).

A team tournament is a list of :class:`TeamResult` records, one per team and round. Match
points (holdpoint, MP) follow from the game points (brætpoint, GP) of the two teams.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError

__all__ = ["ANNEX_TEAM_SB", "TeamResult", "game_points", "match_points", "team_sonneborn_berger"]


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One team's match in one round: its game points and the opponent's (``opponent`` is
    ``None`` for a round without an opponent, whose game points are those awarded)."""

    round: int
    team: str
    opponent: str | None
    game_points: Fraction
    opponent_game_points: Fraction = Fraction(0)


def _mp(m: TeamResult, win: Fraction, draw: Fraction, loss: Fraction, bye: Fraction) -> Fraction:
    if m.opponent is None:
        return bye
    if m.game_points > m.opponent_game_points:
        return win
    return draw if m.game_points == m.opponent_game_points else loss


def match_points(
    matches: Iterable[TeamResult],
    *,
    win: Fraction = Fraction(2),
    draw: Fraction = Fraction(1),
    loss: Fraction = Fraction(0),
    bye: Fraction = Fraction(2),
) -> dict[str, Fraction]:
    """Each team's match points: 2 for a match won on game points, 1 drawn, 0 lost (004
    annex 3 2.A.g.1), ``bye`` for a round without an opponent."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    for m in matches:
        out[m.team] += _mp(m, win, draw, loss, bye)
    return dict(out)


def game_points(matches: Iterable[TeamResult]) -> dict[str, Fraction]:
    """Each team's game points (004 annex 3 2.A.g.2)."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    for m in matches:
        out[m.team] += m.game_points
    return dict(out)


#: 004 annex 3 D.b.2–b.9 as (opponent's score, own score against him, cut the weakest):
#: b.6–b.9 leave out the opponent team with the fewest match (b.6, b.7) or game points (b.8,
#: b.9). C.07 Art. 13.2 names b.2–b.5 EMMSB, EMGSB, EGMSB, EGGSB.
ANNEX_TEAM_SB: dict[str, tuple[str, str, bool]] = {
    "b.2": ("MP", "MP", False),
    "b.3": ("MP", "GP", False),
    "b.4": ("GP", "MP", False),
    "b.5": ("GP", "GP", False),
    "b.6": ("MP", "MP", True),
    "b.7": ("MP", "GP", True),
    "b.8": ("GP", "MP", True),
    "b.9": ("GP", "GP", True),
    "EMMSB": ("MP", "MP", False),
    "EMGSB": ("MP", "GP", False),
    "EGMSB": ("GP", "MP", False),
    "EGGSB": ("GP", "GP", False),
}


def team_sonneborn_berger(
    matches: Sequence[TeamResult],
    variant: str = "b.2",
    *,
    win: Fraction = Fraction(2),
    draw: Fraction = Fraction(1),
    loss: Fraction = Fraction(0),
    bye: Fraction = Fraction(2),
) -> dict[str, Fraction]:
    """Team Sonneborn-Berger (004 annex 3 D.b.2–b.9; C.07 Art. 13.2): the sum over the
    opponents of the opponent's total (match or game points) times what the team scored
    against him (match or game points). The cut variants leave out the opponent with the
    lowest total, the lowest such product when several share it (C.07 Art. 14.1.2).

    :raises InputError: for an unknown variant.
    """
    known = {k.lower(): v for k, v in ANNEX_TEAM_SB.items()}
    try:
        theirs, ours, cut_weakest = known[variant.strip().lower()]
    except KeyError:
        names = ", ".join(ANNEX_TEAM_SB)
        raise InputError(
            f"unknown team Sonneborn-Berger variant {variant!r}; use one of {names}"
        ) from None
    mp = match_points(matches, win=win, draw=draw, loss=loss, bye=bye)
    gp = game_points(matches)
    totals = mp if theirs == "MP" else gp
    out: dict[str, Fraction] = {}
    for team in sorted({m.team for m in matches}):
        items = []
        for m in matches:
            if m.team != team or m.opponent is None:
                continue
            scored = _mp(m, win, draw, loss, bye) if ours == "MP" else m.game_points
            items.append((totals[m.opponent], totals[m.opponent] * scored))
        if cut_weakest and items:
            items.remove(min(items))
        out[team] = sum((product for _, product in items), Fraction(0))
    return out
