"""A tiny language for tournaments in tests.

>>> t = build(["A", "B", "C", "D"], game(1, "A", "B", "1-0"), game(1, "C", "D", "½-½"))
>>> t.round(1).pairings[0]
Pairing(board=1, white=1, black=2, result=Result.WHITE_WIN)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skak.model import Bye, Pairing, Player, Ratings, Result, Round, Scoring, Tournament

Who = int | str


@dataclass(frozen=True)
class _Game:
    round: int
    white: Who
    black: Who | None
    result: str | None


@dataclass(frozen=True)
class _Bye:
    round: int
    player: Who
    result: Result


def game(round_number: int, white: Who, black: Who, result: str | None = None) -> _Game:
    """A board: ``game(1, "A", "B", "1-0")``; ``None`` leaves it without a result."""
    return _Game(round_number, white, black, result)


def pairing_bye(round_number: int, player: Who) -> _Game:
    return _Game(round_number, player, None, None)


def bye(round_number: int, player: Who, result: Result = Result.HALF_BYE) -> _Bye:
    return _Bye(round_number, player, result)


def player(n: int, name: str | None = None, rating: int | None = None, **kw: object) -> Player:
    return Player(n, name or f"Player, {n}", ratings=Ratings(dsu=rating), **kw)  # type: ignore[arg-type]


def build(
    players: int | Sequence[str | Player],
    *items: _Game | _Bye,
    system: str = "berger",
    scoring: Scoring | None = None,
    **kw: object,
) -> Tournament:
    """A tournament whose players are numbered 1… (named ones keep their names)."""
    if isinstance(players, int):
        field = [player(i) for i in range(1, players + 1)]
    else:
        field = [
            p if isinstance(p, Player) else player(i, p) for i, p in enumerate(players, start=1)
        ]
    by_name = {p.name: p.start_number for p in field}

    def num(w: Who) -> int:
        return w if isinstance(w, int) else by_name[w]

    rounds: list[Round] = []
    last = max((i.round for i in items), default=0)
    for r in range(1, last + 1):
        boards: list[Pairing] = []
        byes: list[Bye] = []
        for i in items:
            if i.round != r:
                continue
            if isinstance(i, _Bye):
                byes.append(Bye(num(i.player), i.result))
            elif i.black is None:
                boards.append(Pairing(0 + len(boards) + 1, num(i.white), None, Result.PAIRING_BYE))
            else:
                res = Result.parse(i.result) if i.result is not None else None
                boards.append(Pairing(len(boards) + 1, num(i.white), num(i.black), res))
        rounds.append(Round(r, tuple(boards), tuple(byes)))
    return Tournament(
        name="Test",
        pairing_system=system,
        players=tuple(field),
        rounds=tuple(rounds),
        scoring=scoring or Scoring(),
        **kw,  # type: ignore[arg-type]
    )
