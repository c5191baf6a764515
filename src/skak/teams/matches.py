"""A team match's result card (resultatkort), DSU 003 §5.1 §12–§13: what happened, as the
card says it. What it scores is :mod:`skak.teams.scoring`'s work.

Results are written from the home team's side (hjemmeholdet først), as on the card: ``1-0``
is a win for the home team's player, whatever his colour. A board whose player did not
come carries the reason: :class:`Absence`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError
from skak.messages import N_

__all__ = ["Absence", "BoardCard", "MatchCard", "parse_game_result", "result_text"]


class Absence(enum.Enum):
    """Why a player written on the card played no game.

    * ``NO_SHOW`` — udeblevet (§13 c): the game is lost, and the player is punished as in
      the EMT (the quarantine registry's business, reported here);
    * ``LEADER`` — udeblevet through the team leader's mistake (§13 c): the player goes
      free and the team gets 1 penalty point (strafpoint);
    * ``LATE`` — arrived after the waiting time (FIDE Laws 6.7): the game is lost.
    """

    NO_SHOW = "no-show"
    LEADER = "leader"
    LATE = "late"

    @property
    def label(self) -> str:
        return {
            Absence.NO_SHOW: N_("did not come (udeblevet, §13 c)"),
            Absence.LEADER: N_("did not come through the team leader's mistake (§13 c)"),
            Absence.LATE: N_("came after the waiting time (for sent, FIDE Laws 6.7)"),
        }[self]


_RESULTS: dict[str, tuple[Fraction, Fraction]] = {
    "1-0": (Fraction(1), Fraction(0)),
    "1": (Fraction(1), Fraction(0)),
    "½-½": (Fraction(1, 2), Fraction(1, 2)),
    "1/2-1/2": (Fraction(1, 2), Fraction(1, 2)),
    "½": (Fraction(1, 2), Fraction(1, 2)),
    "=": (Fraction(1, 2), Fraction(1, 2)),
    "0-1": (Fraction(0), Fraction(1)),
    "0": (Fraction(0), Fraction(1)),
}


def parse_game_result(text: str, where: str = "") -> str:
    """A played game's result in its one spelling (``1-0``, ``½-½``, ``0-1``), home–away.

    :raises InputError: for anything else (forfeits are written as absences).
    """
    key = text.strip().replace(",", ".").replace("0.5", "½")
    if key not in _RESULTS:
        prefix = f"{where}: " if where else ""
        raise InputError(
            f"{prefix}{text!r} is no game result; write 1-0, ½-½ (or =) or 0-1, from the "
            "home team's side"
        )
    points = _RESULTS[key]
    return result_text(points)


def result_text(points: tuple[Fraction, Fraction]) -> str:
    def one(p: Fraction) -> str:
        return "½" if p == Fraction(1, 2) else str(p)

    return f"{one(points[0])}-{one(points[1])}"


def game_points(result: str) -> tuple[Fraction, Fraction]:
    return _RESULTS[result]


@dataclass(frozen=True, slots=True)
class BoardCard:
    """One board of the card: the game's result (home–away) when it was played, else why
    the player written there did not play."""

    board: int
    result: str | None = None
    home_absence: Absence | None = None
    away_absence: Absence | None = None

    def absence(self, home: bool) -> Absence | None:
        return self.home_absence if home else self.away_absence


@dataclass(frozen=True, slots=True)
class MatchCard:
    """The result card of one match (``round`` 0: the play-off).

    ``late`` names the teams that came more than 60 minutes after the start, ``no_show``
    those that did not come (§13 a)."""

    round: int
    home: str
    away: str
    boards: tuple[BoardCard, ...] = ()
    late: tuple[str, ...] = ()
    no_show: tuple[str, ...] = ()

    def board(self, number: int) -> BoardCard:
        for b in self.boards:
            if b.board == number:
                return b
        return BoardCard(number)
