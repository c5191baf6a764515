"""Round robin by DSU's schedule (alle-mod-alle rundeskema), 003 §4.9.11.

The handbook prints the schedules for 4 to 16 players as tables of opponents, but gives the
rule that makes them, and the tables are generated from that rule here. With ``m`` table
numbers (``m`` even; an odd field adds an "ekstra spiller" with the highest number ``m``, and
his opponent sits out):

* round 1: the lowest number meets the highest, the second lowest the second highest, and so
  on;
* later rounds: number 1 meets the number equal to the round's number; every other number
  below ``m`` meets the number after his previous opponent, where ``m − 1`` (the highest odd
  number) is followed by 1; in the round where he would "meet himself" he meets ``m``, and in
  the round after that the number after his own. Put as arithmetic: in round ``r`` the numbers
  ``a, b < m`` meet when ``a + b ≡ r + 1 (mod m − 1)``, and ``a`` meets ``m`` when
  ``2a ≡ r + 1``.

Colours (farvefordeling): number ``m`` has black against the lower half ``1 … m/2`` and white
against the upper half; otherwise an even number has white against higher odd and lower even
numbers, an odd number against higher even and lower odd numbers.

The games and colours of each round are exactly those of FIDE's Berger table
(:func:`skak.pairing.berger.berger_table`); the schedules differ in board order. Here the
boards are in order of the lower table number of each pair, the order in which the rule lists
round 1. Table number ``i`` is the player with the ``i``-th lowest start number (draw number,
lodtrækningsnummer). A double round robin (setting ``cycles=2``) plays the schedule twice,
colours reversed the second time, with the last two rounds of the first cycle swapped
(``swap-last-two``, as FIDE C.06 annex 1 recommends).
"""

from __future__ import annotations

from skak.errors import InputError
from skak.messages import N_
from skak.pairing.berger import RoundRobinSystem, Table, round_robin_schedule

__all__ = ["SYSTEM", "dsu_opponent", "dsu_schedule", "dsu_table", "dsu_white"]


def _size(players: int) -> int:
    if players < 2:
        raise InputError(f"a round robin (alle-mod-alle) needs at least 2 players, not {players}")
    return players + players % 2


def dsu_opponent(number: int, round_number: int, players: int) -> int:
    """The table number ``number`` meets in round ``round_number`` (003 §4.9.11).

    In an odd field the highest number ``players + 1`` is the free number (spillefri).

    >>> [dsu_opponent(4, r, 6) for r in range(1, 6)]
    [3, 6, 5, 1, 2]

    :raises InputError: when the number or round is not in the schedule.
    """
    m = _size(players)
    if not 1 <= number <= m:
        raise InputError(f"table number {number} is not in a round robin of {players} players")
    if not 1 <= round_number <= m - 1:
        raise InputError(f"a round robin of {players} players has no round {round_number}")
    target = (round_number + 1) % (m - 1)
    if number == m:
        # the a with 2a ≡ r + 1 (mod m − 1); m − 1 is odd, so exactly one exists
        return next(a for a in range(1, m) if (2 * a) % (m - 1) == target)
    other = (target - number) % (m - 1) or m - 1
    return m if other == number else other


def dsu_white(a: int, b: int, players: int) -> int:
    """Which of table numbers ``a`` and ``b`` has white when they meet (003 §4.9.11,
    farvefordeling).

    >>> dsu_white(1, 6, 6), dsu_white(6, 5, 6), dsu_white(2, 3, 6), dsu_white(2, 4, 6)
    (1, 6, 2, 4)

    :raises InputError: when the two numbers are equal or not in the schedule.
    """
    m = _size(players)
    if a == b or not (1 <= a <= m and 1 <= b <= m):
        raise InputError(f"table numbers {a} and {b} are not a pair in a round robin of {m}")
    if m in (a, b):
        other = b if a == m else a
        return other if other <= m // 2 else m
    low, high = min(a, b), max(a, b)
    # even low: white against a higher odd number; odd low: white against a higher even one.
    # Either way the lower number has white exactly when the parities differ.
    return low if (low + high) % 2 else high


def dsu_table(players: int) -> Table:
    """DSU's single round robin for ``players`` (≥ 2), as rounds of ``(white, black)`` table
    numbers, the boards in order of the lower number of each pair (003 §4.9.11).

    With an odd count the pairs include the free number ``players + 1``.

    >>> dsu_table(4)
    (((1, 4), (2, 3)), ((1, 2), (4, 3)), ((3, 1), (2, 4)))

    :raises InputError: with fewer than 2 players.
    """
    m = _size(players)
    rounds = []
    for r in range(1, m):
        pairs = []
        for a in range(1, m):
            b = dsu_opponent(a, r, players)
            if a < b:
                white = dsu_white(a, b, players)
                pairs.append((white, b if white == a else a))
        rounds.append(tuple(pairs))
    return tuple(rounds)


def dsu_schedule(players: int, *, cycles: int = 1, swap_last_two: bool = True) -> Table:
    """Every round of a single (``cycles=1``) or double (``cycles=2``) round robin by DSU's
    schedule; the second cycle has the colours reversed.

    >>> [r[0] for r in dsu_schedule(4, cycles=2)]
    [(1, 4), (3, 1), (1, 2), (4, 1), (2, 1), (1, 3)]
    """
    return round_robin_schedule(dsu_table(players), cycles=cycles, swap_last_two=swap_last_two)


SYSTEM = RoundRobinSystem(
    name="dsu-rr",
    title=N_("round robin by DSU's schedule (alle-mod-alle rundeskema), 003 §4.9.11"),
    table=dsu_table,
    schedule_name=N_("DSU round-robin schedule"),
    reference=N_("alle-mod-alle rundeskema, 003 §4.9.11"),
)
