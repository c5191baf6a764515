"""A knock-out match and its play-offs, DSU 003 §4.9.7: the stages (standard games, rapid,
blitz, armageddon), the settings that size them, and where a match stands after its games.

Every game of a stage is played; only a stage's total decides. A level match goes on to the
next stage; the armageddon game always decides (a draw wins the match for black). Forfeits
count as the game's result, and a withdrawn player's forfeit loses him the match.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from skak.messages import N_
from skak.model.results import Result, format_points
from skak.model.tournament import Tournament
from skak.pairing.settings import Settings, setting

__all__ = [
    "Game",
    "KnockoutSettings",
    "Match",
    "MatchFormat",
    "Outcome",
    "Stage",
    "Withdrawn",
    "evaluate",
]


class Stage(enum.Enum):
    """The kinds of games in a match, in the order they are played (003 §4.9.7)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"
    ARMAGEDDON = "armageddon"

    def __repr__(self) -> str:
        return f"Stage.{self.name}"

    @property
    def label(self) -> str:
        return {
            Stage.STANDARD: N_("standard game (normal betænkningstid)"),
            Stage.RAPID: N_("rapid play-off (omkamp i hurtigskak)"),
            Stage.BLITZ: N_("blitz play-off (omkamp i lynskak)"),
            Stage.ARMAGEDDON: N_(
                "armageddon (lynparti: 5 minutes for white, 4 for black; a draw wins the match "
                "for black)"
            ),
        }[self]


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """How many games of each stage a match has; the armageddon game always follows."""

    games: int = 2
    rapid_games: int = 2
    blitz_games: int = 2

    @property
    def stages(self) -> tuple[tuple[Stage, int], ...]:
        counts = (
            (Stage.STANDARD, self.games),
            (Stage.RAPID, self.rapid_games),
            (Stage.BLITZ, self.blitz_games),
            (Stage.ARMAGEDDON, 1),
        )
        return tuple((stage, n) for stage, n in counts if n > 0)


@dataclass(frozen=True)
class KnockoutSettings(Settings):
    """The knock-out's settings: the games of each stage of a match, and the seed of the lots
    (seeding, draw and colours; the tournament's name when it is not set)."""

    games: int = setting(2, "1 or more (standard games per match)", valid=lambda n: n >= 1)
    rapid_games: int = setting(
        2, "0 (no rapid play-off) or more (rapid games per play-off)", valid=lambda n: n >= 0
    )
    blitz_games: int = setting(
        2, "0 (no blitz play-off) or more (blitz games per play-off)", valid=lambda n: n >= 0
    )
    seed: int | None = setting(
        None, "a whole number, the seed of every lot (the tournament's name when not set)"
    )

    @property
    def match_format(self) -> MatchFormat:
        return MatchFormat(self.games, self.rapid_games, self.blitz_games)

    def lot(self, tournament: Tournament) -> int | str:
        """The seed of the lots: the ``seed`` setting, else the tournament's name."""
        return tournament.name if self.seed is None else self.seed


@dataclass(frozen=True, slots=True)
class Game:
    round: int
    board: int
    white: int
    black: int
    result: Result | None


@dataclass(frozen=True, slots=True)
class Match:
    """One match of a bracket round: draw numbers ``first``–``last`` and the two players
    (``None`` where a bye or nobody came through), with its games so far."""

    bracket_round: int
    number: int
    first: int
    last: int
    players: tuple[int | None, int | None]
    start: int
    games: tuple[Game, ...] = ()

    @property
    def where(self) -> str:
        return N_(
            "match {number} (draw numbers {first}–{last})",
            number=self.number,
            first=self.first,
            last=self.last,
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    decided: bool
    winner: int | None = None
    how: str = ""
    labels: tuple[tuple[Stage, int, int], ...] = ()  # stage, game number, games in stage
    half_points: tuple[int, int] = (0, 0)  # the players' total score in half points

    @property
    def score(self) -> tuple[Fraction, Fraction]:
        return Fraction(self.half_points[0], 2), Fraction(self.half_points[1], 2)

    next: tuple[Stage, int, int] | None = None
    pending: tuple[tuple[int, int], ...] = ()


#: Game points in a match, in half points (exact, and fast): a win 1, a draw ½, a loss or
#: forfeit loss 0, whatever the tournament's scoring says.
_HALF_POINTS = {
    Result.WHITE_WIN: (2, 0),
    Result.DRAW: (1, 1),
    Result.BLACK_WIN: (0, 2),
    Result.WHITE_FORFEIT_WIN: (2, 0),
    Result.BLACK_FORFEIT_WIN: (0, 2),
    Result.DOUBLE_FORFEIT: (0, 0),
}

Withdrawn = Callable[[int, int], bool]


def _points(half_points: int) -> str:
    return format_points(Fraction(half_points, 2))


def evaluate(match: Match, fmt: MatchFormat, withdrawn: Withdrawn) -> Outcome:
    """Where ``match`` stands after its games: decided (and who won, how), or the next game."""
    a, b = match.players
    if a is None or b is None:
        sole = a if b is None else b
        if sole is None or withdrawn(sole, match.start):
            return Outcome(True, None, "nobody came through to this match")
        return Outcome(True, sole, "went through without a game (bye)")
    stages = fmt.stages
    index, played = 0, 0
    stage_score = {a: 0, b: 0}
    total = {a: 0, b: 0}
    labels: list[tuple[Stage, int, int]] = []
    pending: list[tuple[int, int]] = []
    for game in match.games:
        if index == len(stages):  # only after an unfinished armageddon game
            break
        stage, count = stages[index]
        played += 1
        labels.append((stage, played, count))
        if game.result is None or game.result is Result.UNFINISHED:
            pending.append((game.round, game.board))
        elif not pending:
            white_pts, black_pts = _HALF_POINTS[game.result]
            points = {game.white: white_pts, game.black: black_pts}
            for p in (a, b):
                stage_score[p] += points[p]
                total[p] += points[p]
            score = (total[a], total[b])
            gone = [
                p
                for p in (game.white, game.black)
                if game.result.is_forfeit and not points[p] and withdrawn(p, game.round)
            ]
            if gone:
                winner = None if len(gone) == 2 else (b if gone[0] == a else a)
                how = (
                    N_("player {player} withdrew (udgået)", player=gone[0])
                    if len(gone) == 1
                    else N_(
                        "player {player} and {other} withdrew (udgået)",
                        player=gone[0],
                        other=gone[1],
                    )
                )
                return Outcome(True, winner, how, tuple(labels), score)
            if stage is Stage.ARMAGEDDON:
                if game.result is Result.DOUBLE_FORFEIT:
                    return Outcome(
                        True, None, N_("both forfeited the armageddon game"), tuple(labels), score
                    )
                white_won = game.result in (Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN)
                winner = game.white if white_won else game.black
                how = (
                    N_("won the armageddon game with black by a draw")
                    if game.result is Result.DRAW
                    else N_("won the armageddon game")
                )
                return Outcome(True, winner, how, tuple(labels), score)
            if played == count and stage_score[a] != stage_score[b]:
                winner, loser = (a, b) if stage_score[a] > stage_score[b] else (b, a)
                won, lost = _points(stage_score[winner]), _points(stage_score[loser])
                how = {
                    Stage.STANDARD: N_("won the standard games {won}–{lost}", won=won, lost=lost),
                    Stage.RAPID: N_("won the rapid games {won}–{lost}", won=won, lost=lost),
                    Stage.BLITZ: N_("won the blitz games {won}–{lost}", won=won, lost=lost),
                }.get(stage, N_("won the games {won}–{lost}", won=won, lost=lost))
                return Outcome(True, winner, how, tuple(labels), score)
        if played == count:  # level (or not yet known): the next stage follows
            index, played = index + 1, 0
            stage_score = {a: 0, b: 0}
    score = (total[a], total[b])
    if pending:
        return Outcome(False, None, "", tuple(labels), score, None, tuple(pending))
    stage, count = stages[index]
    return Outcome(False, None, "", tuple(labels), score, (stage, played + 1, count))
