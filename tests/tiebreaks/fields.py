"""Tournaments whose opponents finish on given scores, to test tie-breaks against printed sums.

``controlled({"P": [(5, "1"), (None, "Z"), (6.5, "½"), …]})`` builds a Swiss-style
tournament in which player ``P`` (start number 1) meets in each round a fresh opponent who
finishes on the given score, with ``P``'s result in that round:

* ``"1"``, ``"½"``, ``"0"``: a game won, drawn, lost (``P`` has white in odd rounds);
* ``"+"``, ``"-"``: a forfeit won or lost against the scheduled opponent; ``"+A"``: a forfeit
  won against an opponent absent in every other round (give ``None`` as the score);
* ``"Z"``, ``"H"``, ``"F"``, ``"U"``: a zero-point, half-point or full-point bye, or a
  pairing-allocated bye (no opponent; give ``None`` as the score).

Every opponent plays fresh filler players in all his other rounds, so his score is made of
played games only (his adjusted score, C.07 Art. 16.3, equals his score).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from skak.model import Bye, Pairing, Player, Ratings, Result, Round, Scoring, Tournament

Cell = tuple[float | Fraction | str | None, str]

_BYES = {
    "Z": Result.ZERO_BYE,
    "H": Result.HALF_BYE,
    "F": Result.FULL_BYE,
    "-Z": Result.ABSENT,
}
_OWN = {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}


def _game(board: int, white: int, black: int, white_points: Fraction, forfeit: bool) -> Pairing:
    if forfeit:
        result = Result.WHITE_FORFEIT_WIN if white_points == 1 else Result.BLACK_FORFEIT_WIN
    else:
        result = {Fraction(1): Result.WHITE_WIN, Fraction(0): Result.BLACK_WIN}.get(
            white_points, Result.DRAW
        )
    return Pairing(board, white, black, result)


def controlled(
    keys: Mapping[str, Sequence[Cell]],
    *,
    ratings: Mapping[str, int] | None = None,
    **kw: object,
) -> tuple[Tournament, dict[str, int]]:
    """The tournament and the start numbers of the named key players (1, 2, …)."""
    rounds = max(len(v) for v in keys.values())
    numbers = {name: i for i, name in enumerate(keys, start=1)}
    players = [
        Player(n, f"{name}, Key", ratings=Ratings(fide=(ratings or {}).get(name)))
        for name, n in numbers.items()
    ]
    next_number = len(players) + 1
    boards: dict[int, list[Pairing]] = {r: [] for r in range(1, rounds + 1)}
    byes: dict[int, list[Bye]] = {r: [] for r in range(1, rounds + 1)}
    for name, cells in keys.items():
        me = numbers[name]
        for r, (target, what) in enumerate(cells, start=1):
            if what == "U":
                boards[r].append(Pairing(len(boards[r]) + 1, me, None, Result.PAIRING_BYE))
                continue
            if what in _BYES:
                byes[r].append(Bye(me, _BYES[what]))
                continue
            opponent = next_number
            next_number += 1
            players.append(Player(opponent, f"Opponent, {opponent}", ratings=Ratings(fide=2000)))
            if what == "+A":
                boards[r].append(_game(len(boards[r]) + 1, me, opponent, Fraction(1), True))
                for other in range(1, rounds + 1):
                    if other != r:
                        byes[other].append(Bye(opponent, Result.ABSENT))
                continue
            mine = _OWN[what]
            white, black = (me, opponent) if r % 2 else (opponent, me)
            white_points = mine if white == me else 1 - mine
            boards[r].append(_game(len(boards[r]) + 1, white, black, white_points, what in "+-"))
            assert target is not None, f"{name} round {r}: an opponent needs a final score"
            need = Fraction(str(target)) - (1 - mine)
            for other in range(1, rounds + 1):
                if other == r:
                    continue
                points = (
                    Fraction(1) if need >= 1 else need if need == Fraction(1, 2) else Fraction(0)
                )
                need -= points
                filler = next_number
                next_number += 1
                players.append(Player(filler, f"Filler, {filler}", ratings=Ratings(fide=1500)))
                boards[other].append(_game(len(boards[other]) + 1, opponent, filler, points, False))
            assert need == 0, f"{name} round {r}: score {target} cannot be reached"
    t = Tournament(
        name="Controlled",
        pairing_system="dutch",
        number_of_rounds=rounds,
        players=tuple(players),
        rounds=tuple(Round(r, tuple(boards[r]), tuple(byes[r])) for r in range(1, rounds + 1)),
        scoring=Scoring(),
        **kw,  # type: ignore[arg-type]
    )
    return t, numbers
