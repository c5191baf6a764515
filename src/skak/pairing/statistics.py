"""A tournament's pairing statistics, as FIDE asks a random tournament generator to give
them (C.04A A.5): results, byes, colours and floats over all the rounds of a file.

Colours count the games played over the board only (a forfeited game gives no colour,
C.04.3 A.6); floats count every paired game between players of different scores before the
round (C.04.3 A.4.b: the higher player floats down, the lower up), scores as the
tournament's own scoring gives them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from skak.model.games import entries_by_player
from skak.model.results import Colour, Result, format_points
from skak.model.tournament import Tournament

__all__ = ["TournamentStatistics", "tournament_statistics"]


@dataclass(frozen=True, slots=True)
class TournamentStatistics:
    """The figures of :func:`tournament_statistics`; each count is of the whole file."""

    players: int
    rounds: int
    #: Boards with two players (played or forfeited).
    games: int
    white_wins: int
    draws: int
    black_wins: int
    #: Games decided by forfeit (one or both players missing), of them both missing.
    forfeits: int
    double_forfeits: int
    pairing_byes: int
    half_point_byes: int
    full_point_byes: int
    #: Zero-point byes and absences (a retired player's rounds).
    zero_point_byes: int
    #: Players by their final colour difference (white games minus black games played):
    #: ``((difference, players), …)`` by difference.
    colour_differences: tuple[tuple[int, int], ...]
    #: Players whose colour difference went beyond ±2 at some round (C.04.1.f).
    colour_difference_beyond_two: int
    #: Players with the same colour in three games played one after another (C.04.1.g),
    #: and of them those whose third such game was in the last round (the exception).
    same_colour_three_times: int
    same_colour_three_times_last_round: int
    #: Floats: one per player and round in which he was paired up (down).
    upfloats: int
    downfloats: int
    #: Players who floated up (down) in two rounds in a row.
    upfloats_in_a_row: int
    downfloats_in_a_row: int
    #: The largest score difference of two players paired (before the round).
    largest_score_difference: Fraction

    @property
    def largest_score_difference_text(self) -> str:
        """The largest score difference as arbiters write points (``1½``)."""
        return format_points(self.largest_score_difference)


def tournament_statistics(t: Tournament) -> TournamentStatistics:
    """The pairing statistics of every round of ``t`` (results not yet entered count as no
    result: such a game is neither won nor drawn)."""
    results: Counter[Result] = Counter()
    byes: Counter[Result] = Counter()
    games = 0
    score: dict[int, Fraction] = {p.start_number: Fraction(0) for p in t.players}
    up: dict[int, set[int]] = {p.start_number: set() for p in t.players}
    down: dict[int, set[int]] = {p.start_number: set() for p in t.players}
    largest = Fraction(0)
    for rnd in t.rounds:
        for p in rnd.pairings:
            if p.black is None:
                byes[Result.PAIRING_BYE] += 1
                continue
            games += 1
            if p.result is not None:
                results[p.result] += 1
            ws, bs = score.get(p.white, Fraction(0)), score.get(p.black, Fraction(0))
            largest = max(largest, abs(ws - bs))
            if ws != bs:
                higher, lower = (p.white, p.black) if ws > bs else (p.black, p.white)
                down[higher].add(rnd.number)
                up[lower].add(rnd.number)
        for b in rnd.byes:
            byes[Result.ZERO_BYE if b.result is Result.ABSENT else b.result] += 1
        for p in rnd.pairings:
            if p.result is None:
                continue
            score[p.white] += p.result.points(Colour.WHITE, t.scoring)
            if p.black is not None:
                score[p.black] += p.result.points(Colour.BLACK, t.scoring)
        for b in rnd.byes:
            score[b.player] += b.result.points(Colour.WHITE, t.scoring)
    colours = _colours(t)
    last = t.rounds[-1].number if t.rounds else 0
    differences: Counter[int] = Counter()
    beyond = thrice = thrice_last = 0
    for played in colours.values():
        diff, worst, streak, streak_rounds = 0, 0, 0, []
        previous: Colour | None = None
        for number, colour in played:
            diff += 1 if colour is Colour.WHITE else -1
            worst = max(worst, abs(diff))
            streak = streak + 1 if colour is previous else 1
            previous = colour
            if streak >= 3:
                streak_rounds.append(number)
        differences[diff] += 1
        beyond += worst > 2
        if streak_rounds:
            thrice += 1
            thrice_last += all(n == last for n in streak_rounds)
    return TournamentStatistics(
        players=len(t.players),
        rounds=len(t.rounds),
        games=games,
        white_wins=results[Result.WHITE_WIN],
        draws=results[Result.DRAW],
        black_wins=results[Result.BLACK_WIN],
        forfeits=sum(results[r] for r in results if r.is_forfeit),
        double_forfeits=results[Result.DOUBLE_FORFEIT],
        pairing_byes=byes[Result.PAIRING_BYE],
        half_point_byes=byes[Result.HALF_BYE],
        full_point_byes=byes[Result.FULL_BYE],
        zero_point_byes=byes[Result.ZERO_BYE],
        colour_differences=tuple(sorted(differences.items())),
        colour_difference_beyond_two=beyond,
        same_colour_three_times=thrice,
        same_colour_three_times_last_round=thrice_last,
        upfloats=sum(len(r) for r in up.values()),
        downfloats=sum(len(r) for r in down.values()),
        upfloats_in_a_row=sum(_in_a_row(r) for r in up.values()),
        downfloats_in_a_row=sum(_in_a_row(r) for r in down.values()),
        largest_score_difference=largest,
    )


def _colours(t: Tournament) -> dict[int, list[tuple[int, Colour]]]:
    """Each player's colours in the games he played over the board, by round."""
    out: dict[int, list[tuple[int, Colour]]] = {}
    for player, entries in entries_by_player(t).items():
        out[player] = [
            (e.round, e.colour)
            for e in entries
            if e.colour is not None and e.result is not None and e.result.is_played
        ]
    return out


def _in_a_row(rounds: set[int]) -> bool:
    return any(n + 1 in rounds for n in rounds)
