"""Standings (stilling): players ordered by points, pure functions of the tournament.

Tie-breaks (korrektion) arrive with their own issue; until then players level on points share
their place, listed by start number.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError, NotFoundError
from skak.model.history import entries_by_player
from skak.model.player import Player
from skak.model.results import Result
from skak.model.tournament import Tournament

__all__ = ["Standing", "standings"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: place (shared places span ``rank``–``rank_to``)."""

    rank: int
    rank_to: int
    player: Player
    points: Fraction
    games: int
    unfinished: int

    @property
    def place(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}–{self.rank_to}"


def standings(tournament: Tournament, *, after_round: int | None = None) -> tuple[Standing, ...]:
    """The standings after ``after_round`` (default: every round so far).

    Unfinished games score nothing yet and are counted in ``unfinished``.
    """
    last = tournament.current_round if after_round is None else after_round
    if last < 0:
        raise InputError(f"round {last} is not a round number")
    if last > tournament.current_round:
        raise NotFoundError(
            f"round {last} does not exist: rounds 1–{tournament.current_round} have been paired"
        )
    rows = []
    for number, player_entries in entries_by_player(tournament).items():
        mine = [e for e in player_entries if e.round <= last]
        rows.append(
            (
                tournament.player(number),
                sum((e.points(tournament.scoring) for e in mine), Fraction(0)),
                sum(1 for e in mine if e.is_game and e.result is not None and e.result.is_played),
                sum(1 for e in mine if e.result is Result.UNFINISHED),
            )
        )
    rows.sort(key=lambda r: (-r[1], r[0].start_number))
    out: list[Standing] = []
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1][1] == rows[i][1]:
            j += 1
        out.extend(
            Standing(i + 1, j + 1, player, points, games, unfinished)
            for player, points, games, unfinished in rows[i : j + 1]
        )
        i = j + 1
    return tuple(out)
