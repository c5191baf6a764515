"""A correspondence group's results: a player's withdrawal and the standings.

* 6.2.8: when a player withdraws, the opponent sends the game and its final position to the
  TL for adjudication; but when at most half of his games were finished, he loses every
  game of the group, whatever the finished ones' results. A silent player counts as
  withdrawn without good reason (and loses his right to a prize).
* 6.5.4.1 (EMT), 6.6.1.4 (cup), 6.5.2 (DM class): equal points are split by Sonneborn-Berger
  ("korrektion": the points of the opponents beaten, and half those of the opponents
  drawn), then by the game between them; players still equal share the place
  (:func:`tie_break_places`: which places the tie-breaks decide).
* 6.5.2.1, 6.5.3.1, 6.7.2.3: every player meets every other once (the DM class below 7
  players twice), in a group of 7 with 3 white and 3 black games
  (:func:`all_play_all`, :func:`board_games`).
* 6.3.3.4: a game played on after a time overstep is lost for both (``0-0``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from skak.errors import InputError

__all__ = [
    "RESULTS",
    "GroupGame",
    "GroupRow",
    "WithdrawalRuling",
    "all_play_all",
    "apply_withdrawals",
    "board_games",
    "group_standings",
    "tie_break_places",
    "withdrawal",
]

#: A finished game's result as White's and Black's points.
RESULTS: dict[str, tuple[Fraction, Fraction]] = {
    "1-0": (Fraction(1), Fraction(0)),
    "0-1": (Fraction(0), Fraction(1)),
    "1/2-1/2": (Fraction(1, 2), Fraction(1, 2)),
    "½-½": (Fraction(1, 2), Fraction(1, 2)),
    "0-0": (Fraction(0), Fraction(0)),  # 6.3.3.4: lost for both players
}


@dataclass(frozen=True, slots=True)
class GroupGame:
    """One game of a group; ``result`` ``None`` while it is being played."""

    white: str
    black: str
    result: str | None = None

    def __post_init__(self) -> None:
        if self.result is not None and self.result not in RESULTS:
            raise InputError(
                f"{self.white} – {self.black}: result {self.result!r} is not 1-0, 0-1, "
                "1/2-1/2 or 0-0 (leave it out for a game still being played)"
            )
        if self.white == self.black:
            raise InputError(f"{self.white} cannot play himself")

    def points(self, player: str) -> Fraction | None:
        if self.result is None:
            return None
        w, b = RESULTS[self.result]
        return w if player == self.white else b

    def opponent(self, player: str) -> str:
        return self.black if player == self.white else self.white

    def has(self, player: str) -> bool:
        return player in (self.white, self.black)


@dataclass(frozen=True, slots=True)
class WithdrawalRuling:
    """6.2.8 for one withdrawn player: his games finished and in all, whether he loses all
    of them, the games as they now count, and those the TL adjudicates."""

    player: str
    finished: int
    games: int
    loses_all: bool
    results: tuple[GroupGame, ...]
    to_adjudicate: tuple[GroupGame, ...]
    reason: str


def withdrawal(player: str, games: Sequence[GroupGame]) -> WithdrawalRuling:
    """6.2.8: what a player's withdrawal (or silence) does to his games.

    >>> g = [GroupGame("A", x, "1-0") for x in "BCD"] + [GroupGame("A", x) for x in "EFG"]
    >>> withdrawal("A", g).loses_all
    True
    """
    his = [g for g in games if g.has(player)]
    if not his:
        raise InputError(f"{player} plays no game in the group")
    finished = sum(1 for g in his if g.result is not None)
    if 2 * finished <= len(his):
        lost = tuple(replace(g, result="0-1" if g.white == player else "1-0") for g in his)
        return WithdrawalRuling(
            player, finished, len(his), True, lost, (),
            f"{finished} of {len(his)} games finished, at most half: {player} loses every "
            "game of the group, whatever the finished ones' results (6.2.8)",
        )  # fmt: skip
    open_games = tuple(g for g in his if g.result is None)
    return WithdrawalRuling(
        player, finished, len(his), False, tuple(his), open_games,
        f"{finished} of {len(his)} games finished, more than half: the finished results "
        f"stand, and the TL adjudicates the {len(open_games)} unfinished from the game and "
        "its final position (6.2.8)",
    )  # fmt: skip


def apply_withdrawals(games: Sequence[GroupGame], withdrawn: Sequence[str]) -> list[GroupGame]:
    """The games as they count after each withdrawn player's ruling (6.2.8), in turn."""
    counted = list(games)
    for p in withdrawn:
        ruling = withdrawal(p, counted)
        rest = [g for g in counted if not g.has(p)]
        counted = rest + list(ruling.results)
    return counted


@dataclass(frozen=True, slots=True)
class GroupRow:
    """A player's line: rank (``shared`` when equal after every tie-break in force), points,
    games finished and unfinished, Sonneborn-Berger, and the points of the games between the
    players who were equal on points and Sonneborn-Berger (``None`` when not needed)."""

    rank: int
    shared: bool
    player: str
    points: Fraction
    finished: int
    unfinished: int
    sonneborn_berger: Fraction
    direct: Fraction | None


def group_standings(
    players: Sequence[str],
    games: Sequence[GroupGame],
    *,
    withdrawn: Sequence[str] = (),
    places: int | None = None,
) -> tuple[GroupRow, ...]:
    """The group's standings (6.5.4.1, 6.6.1.4): points, then Sonneborn-Berger, then the
    games between the players still equal; the tie-breaks decide the first ``places``
    places only (EMT 2, cup rounds 3, the DM class and the cup final 1; ``None``: all),
    below them equal points share a place. A withdrawn player's games count by 6.2.8.

    :raises InputError: for a game of a player not in the group.
    """
    known = set(players)
    for g in games:
        for p in (g.white, g.black):
            if p not in known:
                raise InputError(f"{g.white} – {g.black}: {p} is not in the group")
    counted = apply_withdrawals(games, withdrawn)
    points = {p: Fraction(0) for p in players}
    finished = dict.fromkeys(players, 0)
    unfinished = dict.fromkeys(players, 0)
    for g in counted:
        for p in (g.white, g.black):
            got = g.points(p)
            if got is None:
                unfinished[p] += 1
            else:
                points[p] += got
                finished[p] += 1
    sb = {p: Fraction(0) for p in players}
    for g in counted:
        for p in (g.white, g.black):
            got = g.points(p)
            if got:
                sb[p] += got * points[g.opponent(p)]
    order = sorted(players, key=lambda p: (-points[p], -sb[p], p))
    direct: dict[str, Fraction | None] = dict.fromkeys(players)
    groups: list[list[str]] = []
    for p in order:
        if groups and (points[p], sb[p]) == (points[groups[-1][0]], sb[groups[-1][0]]):
            groups[-1].append(p)
        else:
            groups.append([p])
    ranked: list[list[str]] = []
    for group in groups:
        if len(group) == 1:
            ranked.append(group)
            continue
        inside = set(group)
        for p in group:
            direct[p] = sum(
                (
                    g.points(p) or Fraction(0)
                    for g in counted
                    if g.has(p) and g.opponent(p) in inside
                ),
                Fraction(0),
            )
        for p in sorted(group, key=lambda p: -(direct[p] or 0)):
            if ranked and ranked[-1][0] in inside and direct[ranked[-1][0]] == direct[p]:
                ranked[-1].append(p)
            else:
                ranked.append([p])
    rows: list[GroupRow] = []
    rank = 1
    for tied in _shared_below(ranked, points, places):
        for p in sorted(tied):
            rows.append(
                GroupRow(
                    rank, len(tied) > 1, p, points[p], finished[p], unfinished[p], sb[p],
                    direct[p],
                )
            )  # fmt: skip
        rank += len(tied)
    return tuple(rows)


def _shared_below(
    ranked: list[list[str]], points: dict[str, Fraction], places: int | None
) -> list[list[str]]:
    """Players equal on points whose first place is below ``places`` share it: the
    tie-breaks decide only the places above."""
    if places is None:
        return ranked
    out: list[list[str]] = []
    rank = 1
    start_of: dict[Fraction, int] = {}
    for tied in ranked:
        first = start_of.setdefault(points[tied[0]], rank)
        if first > places and out and points[out[-1][0]] == points[tied[0]]:
            out[-1] = out[-1] + tied
        else:
            out.append(list(tied))
        rank += len(tied)
    return out


def tie_break_places(event: str, *, dm_class: bool = False, stage: str | None = None) -> int | None:
    """The places the tie-breaks (Sonneborn-Berger, then the game between) decide; below
    them equal points share the place: the EMT 1st and 2nd (6.5.4.1), the DM class the 1st
    (6.5.2), the cup's preliminary round and semifinal 1st–3rd (6.6.1.4), its final the 1st
    (6.6.1.5); ``None`` (every place) for another event.

    >>> tie_break_places("emt"), tie_break_places("cup", stage="semifinal")
    (2, 3)
    """
    if event == "emt":
        return 1 if dm_class else 2
    if event == "cup":
        return 1 if stage == "final" else 3
    return None


def all_play_all(players: int, *, double: bool = False) -> tuple[tuple[int, int], ...]:
    """Every game of an all-play-all group of ``players`` numbered 1.. (the TL's drawn
    order), as ``(white, black)``; ``double``: each pair twice, colours swapped (6.5.2.1:
    the DM class below 7 players).

    Colours go round the circle: with an odd number every player has White against the
    half of the others that follow him (1 against 2, 3, 4 in a group of 7), so each has 3
    white and 3 black games (6.5.3.1); with an even number the last player is added to the
    odd circle of the others, with Black against 1, White against 2 and so on, so no one
    has more than one white game more than black (and 1 has White against 2 in a pair).

    >>> all_play_all(3)
    ((1, 2), (3, 1), (2, 3))
    """
    if players < 2:
        raise InputError(f"a group needs at least 2 players, not {players}")
    odd = players if players % 2 else players - 1
    half = (odd - 1) // 2
    games: list[tuple[int, int]] = []
    for a in range(1, odd + 1):
        for b in range(a + 1, odd + 1):
            games.append((a, b) if (b - a) <= half else (b, a))
    if odd != players:
        last = players
        for a in range(1, odd + 1):
            games.append((a, last) if a % 2 else (last, a))
    if double:
        games += [(b, w) for w, b in games]
    return tuple(games)


def board_games(clubs: int, board: int) -> tuple[tuple[int, int], ...]:
    """The games on one board of a team group (6.7.2.3: each player meets the players on
    the same board of the other clubs once), clubs numbered 1.. in the drawn order
    (6.7.4.2), as ``(white club, black club)``: :func:`all_play_all`'s colours on boards 1
    and 3, swapped on boards 2 and 4, so a club has White on two boards of every match.

    >>> board_games(3, 1), board_games(3, 2)
    (((1, 2), (3, 1), (2, 3)), ((2, 1), (1, 3), (3, 2)))
    """
    games = all_play_all(clubs)
    return games if board % 2 else tuple((b, w) for w, b in games)
