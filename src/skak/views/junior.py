"""The junior team championship's read side (5.5): standings and each team's composition
problems, round by round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from skak.teams.junior import (
    JuniorChampionship,
    JuniorMatch,
    JuniorRow,
    JuniorTeam,
    check_composition,
    check_junior_team,
    junior_schedule,
    junior_standings,
    missing_matches,
)
from skak.tiebreaks import exact_decimal

__all__ = [
    "JuniorLine",
    "JuniorMatchRow",
    "JuniorView",
    "junior_line",
    "junior_matches",
    "junior_view",
]


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


@dataclass(frozen=True, slots=True)
class JuniorLine:
    """A championship the database holds (``skak junior list``, ``/leagues``)."""

    id: int
    name: str
    day: date
    teams: int
    matches: int


def junior_line(ident: int, state: JuniorChampionship) -> JuniorLine:
    return JuniorLine(ident, state.name, state.day, len(state.teams), len(state.matches))


@dataclass(frozen=True, slots=True)
class JuniorMatchRow:
    """A pairing of the round robin (§5) and its match if entered: ``result`` the board
    points first–second (empty until entered), ``boards`` each board's result."""

    round: int
    first: str
    second: str
    entered: bool
    result: str
    boards: tuple[str, ...]
    first_players: tuple[str | None, ...]
    second_players: tuple[str | None, ...]


def junior_matches(state: JuniorChampionship) -> tuple[JuniorMatchRow, ...]:
    """Every pairing of the Berger schedule (:func:`~skak.teams.junior.junior_schedule`)
    with its match where entered, by round; a match entered in another round than the
    schedule's is shown where it was played."""
    if len(state.teams) < 2:
        return ()
    rows: list[JuniorMatchRow] = []
    entered = {frozenset((m.first, m.second)): m for m in state.matches}
    for r, a, b in junior_schedule(state.teams):
        m = entered.pop(frozenset((a, b)), None)
        rows.append(_match_row(r, a, b, m))
    rows += [_match_row(m.round, m.first, m.second, m) for m in entered.values()]
    return tuple(sorted(rows, key=lambda x: x.round))


def _match_row(r: int, a: str, b: str, m: JuniorMatch | None) -> JuniorMatchRow:
    if m is None:
        return JuniorMatchRow(r, a, b, False, "", (), (), ())
    first, second = m.points()
    return JuniorMatchRow(
        m.round, m.first, m.second, True, f"{exact_decimal(first)}-{exact_decimal(second)}",
        m.results, m.first_players, m.second_players,
    )  # fmt: skip
