"""The junior team championship's read side (5.5): standings and each team's composition
problems, round by round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from skak.teams.junior import (
    JuniorMatch,
    JuniorRow,
    JuniorTeam,
    check_composition,
    check_junior_team,
    junior_standings,
    missing_matches,
)

__all__ = ["JuniorView", "junior_view"]


@dataclass(frozen=True, slots=True)
class JuniorView:
    """§4's standings (:class:`~skak.teams.junior.JuniorRow`), and §6's problems (a team's
    size; a round's players); ``complete`` whether every pairing of the round robin (§5) has
    its match, ``missing`` the pairings that have none (the standings so far, not final,
    while any is missing)."""

    complete: bool
    missing: tuple[str, ...]
    standings: tuple[JuniorRow, ...]
    problems: tuple[str, ...]
    explanation: tuple[str, ...]


def junior_view(
    day: date, teams: Sequence[JuniorTeam], matches: Sequence[JuniorMatch]
) -> JuniorView:
    rows, lines = junior_standings(teams, matches)
    by_name = {t.name: t for t in teams}
    problems = [p for t in teams for p in check_junior_team(t)]
    for m in matches:
        for name, players in ((m.first, m.first_players), (m.second, m.second_players)):
            if players:
                problems += [
                    f"round {m.round}: {p}" for p in check_composition(by_name[name], players, day)
                ]
    missing = missing_matches(teams, matches)
    return JuniorView(
        not missing,
        missing,
        rows,
        tuple(problems),
        lines,
    )
