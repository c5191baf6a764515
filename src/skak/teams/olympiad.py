"""Olympiad tournament (olympiadeturnering): a club's players drafted into teams, DSU 003 §4.9.9.5.

The players are ranked by strength 1…N. §4.9.9.5 drafts 24 players into 4 teams in blocks of
four ranks: ranks 1–4 go to teams 1, 2, 3, 4 (the team leaders, holdledere); 5–8 to teams
4, 3, 2, 1; 9–12 to teams 3, 4, 1, 2; "og så fremdeles", and prints the result:

=======  ======================
team 1   1, 8, 11, 14, 17, 24
team 2   2, 7, 12, 13, 18, 23
team 3   3, 6, 9, 16, 19, 22
team 4   4, 5, 10, 15, 20, 21
=======  ======================

So the order of block 13–16 is 2, 1, 4, 3, and the four orders 1234, 4321, 3412, 2143 repeat.

**The general order.** For ``T`` teams, block ``i`` (counted from 0) belongs to the pair of
blocks ``j = i // 2``. The first block of a pair gives position ``p`` (0-based) to team
``(p − 2j) mod T``; the second block reverses the first. For ``T = 4`` this is exactly the text's
cycle. Why it balances:

* within a pair, a team on position ``p`` in the first block is on ``T − 1 − p`` in the
  second, so every team gets the same rank sum from every pair of blocks; with ``N`` a
  multiple of ``2T`` all team rank sums are equal;
* the shift by 2 per pair moves each team through every position of its parity, so over ``T``
  blocks (even ``T``) or ``2T`` blocks (odd ``T``) every team has every place in a block
  equally often: the first boards rotate too, not only the sums.

**An odd number of blocks.** With ``N = qT`` and ``q`` odd the last block cannot be paired.
For ``q = 1`` every team has one player and nothing can be balanced. For ``q ≥ 3``
(``balanced=True``, the default) the last three blocks are drafted together so that their
positions ``a + b + c`` add up to the same total for every team when ``T`` is odd, and to
two totals one apart when ``T`` is even. That is the best possible: each team's rank sum
averages ``q(N + 1)/2``, a whole number exactly when ``T`` is odd. ``balanced=False`` follows
the text's cycle literally instead (team sums may then differ by up to ``T − 1``).

**A last, incomplete block.** When ``N`` is no multiple of ``T`` the ``r`` players left over
go one each to the teams with the highest rank sum so far (the weakest), ties by the cycle's
order: the same rule that, applied to every block, reproduces the text's order.

**The schedule** is all teams against all (alle-hold-mod-alle) by FIDE's Berger tables: team
``k`` is Berger number ``k``. The team with white in the Berger table has white on board 1 and
all odd boards; the other team has white on the even boards. An odd number of teams gives one
team a free round (spillefri) each round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skak.errors import InputError
from skak.pairing.berger import berger_schedule

__all__ = [
    "DraftTeam",
    "TeamBoard",
    "TeamMatch",
    "TeamRound",
    "draft_blocks",
    "draft_order",
    "olympiad",
    "olympiad_draft",
    "olympiad_schedule",
]

RULE = "DSU 4.9.9.5"


@dataclass(frozen=True, slots=True)
class DraftTeam:
    """One team: its number and its players' ranks, best first (board order)."""

    number: int
    players: tuple[int, ...]

    @property
    def rank_sum(self) -> int:
        """The sum of the players' ranks: lower is stronger."""
        return sum(self.players)


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a team match. ``white``/``black`` are player ranks, ``None`` where a team
    has no player for the board; ``white_team`` is the team whose player has white."""

    board: int
    white: int | None
    black: int | None
    white_team: int


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A team match; ``white_team`` has white on board 1 and every odd board."""

    white_team: int
    black_team: int
    boards: tuple[TeamBoard, ...]


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round of the all-play-all: its matches and the team with a free round, if any."""

    number: int
    matches: tuple[TeamMatch, ...]
    bye: int | None


def _check(players: int, teams: int) -> None:
    if teams < 2:
        raise InputError(f"an olympiad tournament ({RULE}) needs at least 2 teams, not {teams}")
    if players < teams:
        raise InputError(
            f"{players} players cannot fill {teams} teams: every team needs at least its team "
            f"leader (holdleder), {RULE}"
        )


def _cycle(block: int, teams: int) -> list[int]:
    """The text's order for ``block`` (0-based): team (0-based) by position."""
    shift = 2 * (block // 2) % teams
    first = [(p - shift) % teams for p in range(teams)]
    return first if block % 2 == 0 else first[::-1]


def _triple(order: Sequence[int], teams: int) -> tuple[list[int], list[int], list[int]]:
    """Three blocks whose positions add up evenly: team ``order[i]`` takes position ``i``, then
    ``b[i]``, then ``c[i]``; each list is the teams by position."""
    t = teams
    if t % 2:
        b = [(i + (t + 1) // 2) % t for i in range(t)]
        c = [3 * (t - 1) // 2 - i - b[i] for i in range(t)]
    else:
        half = t // 2
        b = [(i + half) % t for i in range(t)]
        c = [t - 1 - 2 * i if i < half else 2 * t - 2 - 2 * i for i in range(t)]
    second = [0] * t
    third = [0] * t
    for i, team in enumerate(order):
        second[b[i]] = team
        third[c[i]] = team
    return list(order), second, third


def draft_blocks(players: int, teams: int, *, balanced: bool = True) -> tuple[tuple[int, ...], ...]:
    """The draft block by block: for each block of ``teams`` ranks (the last one may be
    shorter), the team numbers that take its ranks in order.

    >>> draft_blocks(24, 4)[:4]
    ((1, 2, 3, 4), (4, 3, 2, 1), (3, 4, 1, 2), (2, 1, 4, 3))

    :raises InputError: for fewer than 2 teams or fewer players than teams.
    """
    _check(players, teams)
    full, rest = divmod(players, teams)
    blocks = [_cycle(i, teams) for i in range(full)]
    if balanced and full % 2 and full >= 3:
        blocks[-3:] = _triple(blocks[-3], teams)
    if rest:
        sums = [0] * teams
        for block_number, block in enumerate(blocks):
            for position, team in enumerate(block):
                sums[team] += block_number * teams + position + 1
        tie = {team: p for p, team in enumerate(_cycle(full, teams))}
        if balanced:
            weakest = sorted(range(teams), key=lambda team: (-sums[team], tie[team]))
        else:
            weakest = _cycle(full, teams)
        blocks.append(weakest[:rest])
    return tuple(tuple(team + 1 for team in block) for block in blocks)


def draft_order(players: int, teams: int, *, balanced: bool = True) -> tuple[int, ...]:
    """The team of every rank: ``draft_order(...)[r - 1]`` is the team of rank ``r``.

    >>> draft_order(8, 4)
    (1, 2, 3, 4, 4, 3, 2, 1)
    """
    return tuple(t for block in draft_blocks(players, teams, balanced=balanced) for t in block)


def olympiad_draft(players: int, teams: int, *, balanced: bool = True) -> tuple[DraftTeam, ...]:
    """The teams of an olympiad tournament (DSU 003 §4.9.9.5), players as ranks 1…N.

    >>> [t.players for t in olympiad_draft(24, 4)][0]
    (1, 8, 11, 14, 17, 24)

    :raises InputError: for fewer than 2 teams or fewer players than teams.
    """
    order = draft_order(players, teams, balanced=balanced)
    return tuple(
        DraftTeam(k, tuple(r for r, team in enumerate(order, start=1) if team == k))
        for k in range(1, teams + 1)
    )


def olympiad_schedule(teams: Sequence[DraftTeam], *, cycles: int = 1) -> tuple[TeamRound, ...]:
    """All teams against all (alle-hold-mod-alle) by the Berger tables, board by board.

    Board ``k`` pits the ``k``-th best of each team; the team with white in the Berger table
    has white on the odd boards. ``cycles=2`` plays a double round.

    :raises InputError: for fewer than 2 teams or team numbers other than 1…T.
    """
    if len(teams) < 2:
        raise InputError(f"an olympiad tournament ({RULE}) needs at least 2 teams")
    by_number = {t.number: t for t in teams}
    if sorted(by_number) != list(range(1, len(teams) + 1)):
        raise InputError("the teams must be numbered 1, 2, … once each")
    boards = max(len(t.players) for t in teams)
    count = len(teams)
    rounds = []
    for number, games in enumerate(berger_schedule(count, cycles=cycles), start=1):
        matches = []
        bye = None
        for first, second in games:
            if count + 1 in (first, second):
                bye = second if first == count + 1 else first
                continue
            matches.append(_match(by_number[first], by_number[second], boards))
        rounds.append(TeamRound(number, tuple(matches), bye))
    return tuple(rounds)


def _match(first: DraftTeam, second: DraftTeam, boards: int) -> TeamMatch:
    def player(team: DraftTeam, board: int) -> int | None:
        return team.players[board - 1] if board <= len(team.players) else None

    rows = []
    for board in range(1, boards + 1):
        white, black = (first, second) if board % 2 else (second, first)
        rows.append(TeamBoard(board, player(white, board), player(black, board), white.number))
    return TeamMatch(first.number, second.number, tuple(rows))


def _ranges(block_start: int, size: int) -> str:
    end = block_start + size - 1
    return f"rank {block_start}" if size == 1 else f"ranks {block_start}–{end}"


def olympiad(
    players: int, teams: int, *, balanced: bool = True, cycles: int = 1
) -> dict[str, object]:
    """Draft and schedule as JSON-ready data (``skak olympiad --players N --teams T --json``).

    :raises InputError: for fewer than 2 teams or fewer players than teams.
    """
    blocks = draft_blocks(players, teams, balanced=balanced)
    drafted = olympiad_draft(players, teams, balanced=balanced)
    schedule = olympiad_schedule(drafted, cycles=cycles)
    sums = [t.rank_sum for t in drafted]
    full = players // teams
    explanation = [
        f"{players} players ranked by strength into {teams} teams ({RULE}); the best {teams} "
        "are the team leaders (holdledere) on board 1"
    ]
    for i, block in enumerate(blocks):
        start = i * teams + 1
        line = f"{_ranges(start, len(block))} to teams {', '.join(map(str, block))}"
        if balanced and full % 2 and full >= 3 and full - 3 <= i < full:
            line += " (the last three whole blocks drafted together to even out the rank sums)"
        elif i >= full:
            line += " (the players left over, to the teams with the highest rank sums first)"
        explanation.append(line)
    explanation.append(
        f"all teams against all (alle-hold-mod-alle) by the Berger table for {teams}; the team "
        "named first has white on board 1 and the odd boards"
    )
    return {
        "players": players,
        "teams": teams,
        "rule": RULE,
        "balanced": balanced,
        "draft": [
            {"team": t.number, "players": list(t.players), "rank_sum": t.rank_sum} for t in drafted
        ],
        "rank_sum_spread": max(sums) - min(sums),
        "schedule": [
            {
                "round": r.number,
                "matches": [
                    {
                        "white_team": m.white_team,
                        "black_team": m.black_team,
                        "boards": [
                            {
                                "board": b.board,
                                "white": b.white,
                                "black": b.black,
                                "white_team": b.white_team,
                            }
                            for b in m.boards
                        ],
                    }
                    for m in r.matches
                ],
                "bye": r.bye,
            }
            for r in schedule
        ],
        "explanation": explanation,
    }
