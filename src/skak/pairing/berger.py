"""Round robin by FIDE's Berger tables (alle-mod-alle), FIDE C.06 annex 1 (2010).

The tables are generated, not copied: the printed annex has misprints (see
``docs/interpretations.md``). For ``m`` table numbers (``m`` even; an odd field adds a free
number ``m``, "die höchste Nummer spielfrei"):

* round 1 is ``1–m, 2–(m−1), …, m/2–(m/2+1)``;
* each next round maps every table number ``x < m`` to ``(x − 1 + m/2) mod (m − 1) + 1`` on the
  same board, and number ``m`` changes colour; so ``m`` stays on board 1 and alternates colours.

Table number ``i`` is the player with the ``i``-th lowest start number (the draw number,
lodtrækningsnummer). A double round robin (``cycles=2``) plays the table twice, the second
time with colours reversed; as the annex recommends, the last two rounds of the first cycle
are swapped (``swap-last-two``, on by default) so nobody gets the same colour three times in a
row across the two cycles.

:class:`RoundRobinSystem` pairs a tournament from any such table function; the Berger system
here and DSU's schedule (:mod:`skak.pairing.dsu_rr`, 003 §4.9.11) are two instances of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from skak.errors import NoValidPairingError
from skak.messages import N_, Message
from skak.model.results import Result, Scoring
from skak.model.tournament import Pairing, Round, Tournament
from skak.pairing.base import SystemDefaults, get_system, pre_entered_result, system_names
from skak.pairing.settings import Settings, setting

__all__ = [
    "ROUND_ROBIN_SCORING",
    "SYSTEM",
    "BergerSystem",
    "RoundRobinSettings",
    "RoundRobinSystem",
    "Table",
    "berger_schedule",
    "berger_table",
    "round_robin_schedule",
    "round_robin_settings",
    "schedule_order",
]

#: A single round robin: rounds of ``(white, black)`` table numbers, boards in order.
Table = tuple[tuple[tuple[int, int], ...], ...]

#: A round robin's free round (spillefri) gives no point: every player has one, and a point
#: for it would distort the standings until the end (docs/interpretations.md).
ROUND_ROBIN_SCORING = Scoring(pairing_bye=Fraction(0))


def berger_table(players: int) -> Table:
    """The single round robin for ``players`` (≥ 2) as rounds of ``(white, black)`` pairs.

    With an odd count the pairs include the free number ``players + 1``.

    >>> berger_table(4)
    (((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
    """
    if players < 2:
        raise ValueError("a round robin needs at least 2 players")
    m = players + players % 2
    half = m // 2

    def step(x: int) -> int:
        return (x - 1 + half) % (m - 1) + 1

    current = tuple((i, m + 1 - i) for i in range(1, half + 1))
    rounds = [current]
    for _ in range(m - 2):
        nxt = []
        for white, black in current:
            if white == m:
                nxt.append((step(black), m))
            elif black == m:
                nxt.append((m, step(white)))
            else:
                nxt.append((step(white), step(black)))
        current = tuple(nxt)
        rounds.append(current)
    return tuple(rounds)


def schedule_order(
    rounds_per_cycle: int, *, cycles: int = 1, swap_last_two: bool = True
) -> tuple[tuple[int, int], ...]:
    """Which table round each tournament round plays, as ``(cycle, table_round)`` pairs.

    >>> schedule_order(3, cycles=2)
    ((1, 1), (1, 3), (1, 2), (2, 1), (2, 2), (2, 3))
    """
    if cycles not in (1, 2):
        raise ValueError("a round robin has one or two cycles")
    first = list(range(1, rounds_per_cycle + 1))
    if cycles == 2 and swap_last_two and rounds_per_cycle >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    order = [(1, r) for r in first]
    if cycles == 2:
        order += [(2, r) for r in range(1, rounds_per_cycle + 1)]
    return tuple(order)


def round_robin_schedule(table: Table, *, cycles: int = 1, swap_last_two: bool = True) -> Table:
    """Every round of a single (``cycles=1``) or double (``cycles=2``) round robin played by
    ``table``; the second cycle has the colours reversed.

    >>> round_robin_schedule((((1, 2),),), cycles=2)
    (((1, 2),), ((2, 1),))
    """
    return tuple(
        table[r - 1] if cycle == 1 else tuple((b, w) for w, b in table[r - 1])
        for cycle, r in schedule_order(len(table), cycles=cycles, swap_last_two=swap_last_two)
    )


def berger_schedule(players: int, *, cycles: int = 1, swap_last_two: bool = True) -> Table:
    """Every round of a single (``cycles=1``) or double (``cycles=2``) round robin.

    >>> [r[0] for r in berger_schedule(4, cycles=2)]
    [(1, 4), (2, 4), (4, 3), (4, 1), (3, 4), (4, 2)]
    """
    return round_robin_schedule(berger_table(players), cycles=cycles, swap_last_two=swap_last_two)


@dataclass(frozen=True)
class RoundRobinSettings(Settings):
    """A round robin's settings: single or double, and the swap of the first cycle's last two
    rounds (C.06 annex 1)."""

    cycles: Literal[1, 2] | None = setting(
        None,
        "1 (single) or 2 (double round robin); when not set, a declared number of rounds of "
        "two full cycles means a double round robin",
    )
    swap_last_two: bool = setting(
        True, "yes or no (swap the last two rounds of the first cycle of a double round robin)"
    )

    def cycles_for(self, players: int, number_of_rounds: int | None) -> int:
        """1 or 2: the ``cycles`` setting; without one, a declared number of rounds of two
        full cycles for ``players`` (as a TRF from another program says it) means 2.

        >>> RoundRobinSettings().cycles_for(6, 10), RoundRobinSettings(cycles=1).cycles_for(6, 10)
        (2, 1)
        """
        if self.cycles is not None:
            return self.cycles
        return 2 if players >= 2 and number_of_rounds == 2 * (players + players % 2 - 1) else 1


def round_robin_settings(tournament: Tournament) -> RoundRobinSettings:
    """The round-robin settings of ``tournament`` for views of it (standings, TRF): its own
    when a round robin of this package pairs it (Berger, DSU's schedule), leaving out what
    they do not allow (a tournament read from a file); the defaults for any other system.
    """
    if tournament.pairing_system in system_names() and isinstance(
        get_system(tournament.pairing_system), RoundRobinSystem
    ):
        return RoundRobinSettings.of(tournament, lenient=True)
    return RoundRobinSettings()


@dataclass(frozen=True, kw_only=True)
class RoundRobinSystem(SystemDefaults[RoundRobinSettings]):
    """A round robin (alle-mod-alle) paired by a table function, single or double.

    ``table`` gives the single round robin for a number of players (see :data:`Table`);
    ``schedule_name`` and ``reference`` name it in the explanation of every round
    ("Berger table", "FIDE C.06 annex 1").
    """

    name: str
    title: str
    table: Callable[[int], Table]
    schedule_name: str
    reference: str
    default_scoring: Scoring = ROUND_ROBIN_SCORING
    #: A round-robin table has no place for a player who joins after round 1.
    accepts_late_entries: bool = False

    settings_type = RoundRobinSettings

    def schedule(self, players: int, *, cycles: int = 1, swap_last_two: bool = True) -> Table:
        """Every round of the single or double round robin for ``players``."""
        return round_robin_schedule(self.table(players), cycles=cycles, swap_last_two=swap_last_two)

    def _cycles(self, tournament: Tournament, settings: RoundRobinSettings) -> int:
        """The setting; without one, a declared number of rounds of two full cycles (as a
        TRF from another program says it) means a double round robin."""
        return settings.cycles_for(len(self._field(tournament)), tournament.number_of_rounds)

    def planned_rounds(self, tournament: Tournament) -> int | None:
        """The rounds of the schedule (a view: settings the system does not allow, from a
        file, are left out here; pairing refuses them)."""
        n = len(self._field(tournament))
        if n < 2:
            return None
        settings = RoundRobinSettings.of(tournament, lenient=True)
        return self._cycles(tournament, settings) * (n + n % 2 - 1)

    def _field(self, tournament: Tournament) -> Sequence[int]:
        """The start numbers in the round robin: the players of round 1 once it is paired;
        before that, everyone registered except those withdrawn before the start."""
        if tournament.rounds:
            first = tournament.rounds[0]
            numbers = {n for p in first.pairings for n in p.players}
            numbers.update(b.player for b in first.byes)
            return sorted(numbers)
        return sorted(p.start_number for p in tournament.players if not p.is_withdrawn(1))

    def pair(self, tournament: Tournament) -> Round:
        field = self._field(tournament)
        number = tournament.next_round
        if len(field) < 3:
            raise NoValidPairingError(
                f"a round robin (alle-mod-alle) needs at least 3 players; {len(field)} "
                "registered (two players play a match, not a round robin)"
            )
        in_field = set(field)
        newcomers = sorted(
            p.start_number
            for p in tournament.players
            if p.start_number not in in_field and not p.is_withdrawn(number)
        )
        if newcomers and tournament.rounds:
            raise NoValidPairingError(
                "a round robin's field is fixed when round 1 is paired; these players joined "
                f"later and cannot be fitted into the {self.schedule_name}: {newcomers}. Undo "
                "their registration ('skak history', then 'skak undo --event N') or withdraw "
                "them",
                newcomers,
            )
        late = [p.start_number for p in tournament.players if (p.late_from or 1) > 1]
        if late and number == 1:
            raise NoValidPairingError(
                f"a round robin cannot take late entries (sen tilmelding): players {late}", late
            )
        settings = RoundRobinSettings.of(tournament)
        cycles = self._cycles(tournament, settings)
        schedule = self.schedule(len(field), cycles=cycles, swap_last_two=settings.swap_last_two)
        if (
            tournament.number_of_rounds is not None
            and number == 1
            and (tournament.number_of_rounds != len(schedule))
        ):
            raise NoValidPairingError(
                f"a {'double ' if cycles == 2 else ''}round robin of {len(field)} players has "
                f"{len(schedule)} rounds, but the tournament was set up with "
                f"{tournament.number_of_rounds}"
            )
        if number > len(schedule):
            raise NoValidPairingError(f"the round robin has only {len(schedule)} rounds")
        return self._round(tournament, field, schedule, number, cycles)

    def _round(
        self,
        tournament: Tournament,
        field: Sequence[int],
        schedule: Table,
        number: int,
        cycles: int,
    ) -> Round:
        table_no = {i + 1: n for i, n in enumerate(field)}
        free = len(field) + 1 if len(field) % 2 else None
        games: list[tuple[int, int]] = []
        bye: int | None = None
        for white, black in schedule[number - 1]:
            if free in (white, black):
                bye = table_no[black if white == free else white]
            else:
                games.append((table_no[white], table_no[black]))
        pairings = [
            Pairing(board, w, b, pre_entered_result(tournament, number, w, b))
            for board, (w, b) in enumerate(games, start=1)
        ]
        if bye is not None:
            pairings.append(Pairing(len(pairings) + 1, bye, None, Result.PAIRING_BYE))
        swap = RoundRobinSettings.of(tournament).swap_last_two
        order = schedule_order(len(schedule) // cycles, cycles=cycles, swap_last_two=swap)
        cycle, table_round = order[number - 1]
        size = len(field) + len(field) % 2
        words = {
            "table": self.schedule_name,
            "size": size,
            "reference": self.reference,
            "round": table_round,
            "cycle": cycle,
        }
        if cycles == 1:
            head = N_("{table} for {size} ({reference}), round {round}", **words)
        elif cycle == 1:
            head = N_("{table} for {size} ({reference}), round {round} of cycle {cycle}", **words)
        else:
            head = N_(
                "{table} for {size} ({reference}), round {round} of cycle {cycle}, colours "
                "reversed",
                **words,
            )
        lines: list[Message] = [head]
        per_cycle = len(schedule) // cycles
        if cycles == 2 and cycle == 1 and swap and per_cycle >= 2 and table_round >= per_cycle - 1:
            lines.append(N_("the last two rounds of the first cycle are swapped (C.06 annex 1)"))
        if any(i != n for i, n in table_no.items()):
            lines.append(
                N_(
                    "table numbers are the players in start-number order (lodtrækningsnumre): "
                    "{numbers}",
                    numbers=", ".join(f"{i}→{n}" for i, n in table_no.items()),
                )
            )
        if bye is not None:
            lines.append(
                N_("player {player} meets the free number and sits out (spillefri)", player=bye)
            )
        lines.extend(
            N_(
                "board {board}: {result}, pre-entered: a player is withdrawn or absent",
                board=p.board,
                result=p.result.label,
            )
            for p in pairings
            if p.result is not None and p.result.is_forfeit
        )
        return Round(number, tuple(pairings), explanation=tuple(lines))


class BergerSystem(RoundRobinSystem):
    """FIDE C.06 annex 1: Berger tables, single or double round robin."""

    def __init__(self) -> None:
        super().__init__(
            name="berger",
            title=N_("round robin by FIDE's Berger tables (alle-mod-alle)"),
            table=berger_table,
            schedule_name=N_("Berger table"),
            reference=N_("FIDE C.06 annex 1"),
        )


SYSTEM = BergerSystem()
