"""What a pairing system must remember from one round to the next, as typed records.

Most systems read everything they need off the rounds played; two fix something when a round
is paired that no later change may alter, and keep it in :attr:`Round.record
<skak.model.tournament.Round.record>`:

* the knock-out's draw (:class:`KnockoutDraw`, DSU 003 §4.9.7: the draw numbers "fastlægger
  hele turneringens forløb"), in round 1;
* Dansk Schweizer's start order by strength (:class:`StartOrder`, 003 §4.9.3 rule 3.1 and
  4.9.4: the start number is used "under hele turneringen"), in every round it pairs;
* the players Dubov moved up into a higher score group (:class:`MovedUp`, 003 §4.9.6 7.1
  and 7.2), which rule 2.5 counts in later rounds, in every round it pairs.

The explanation of a round is text for the arbiter and may be reworded or translated freely;
a record is data. :data:`SystemRecord` is a closed union: each member names its ``kind``,
the tag it is stored under (the event log, ``export json``, TRF's ``SKR`` records).

>>> StartOrder(((7, 2150), (3, None))).players
(7, 3)
>>> record_from_json(record_to_json(KnockoutDraw((1, 2, 3), (1, 3, None, 2))))
KnockoutDraw(seeded=(1, 2, 3), draw=(1, 3, None, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from skak.errors import InputError

__all__ = [
    "RECORD_TYPES",
    "KnockoutDraw",
    "MovedUp",
    "StartOrder",
    "SystemRecord",
    "record_from_json",
    "record_to_json",
]


@dataclass(frozen=True, slots=True)
class KnockoutDraw:
    """The knock-out's seeding and draw, fixed when round 1 is paired (003 §4.9.7).

    ``seeded`` holds the start numbers in seed order (seedning); item ``d − 1`` of ``draw``
    is the start number on draw number ``d`` (lodtrækningsnummer), ``None`` a bye. Whether the
    two fit the tournament (each seeded player drawn once, a bracket of 2, 4, 8 … places) is
    checked by the knock-out when it reads the record, so a damaged record is reported there.
    """

    kind: ClassVar[str] = "knockout_draw"
    seeded: tuple[int, ...]
    draw: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class StartOrder:
    """Dansk Schweizer's start numbers by strength (3.1), strongest first, each with the rating
    that placed him (``None``: unrated, or ``seeding=start-number``).

    A late entry (sen tilmelding) is slotted in among these ratings when he is first paired,
    so the record of each round is the order that round was paired with.
    """

    kind: ClassVar[str] = "start_order"
    order: tuple[tuple[int, int | None], ...]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(n for n, _ in self.order)


@dataclass(frozen=True, slots=True)
class MovedUp:
    """The players a Dubov round moved up into a higher score group (003 §4.9.6 7.1, 7.2:
    "flyttes en spiller fra nærmest lavere pointgruppe op"), by start number; rule 2.5 counts
    these transfers ("omflyttet til en højere pointgruppe"), not every game against a higher
    score (a floater from above, §8, meets a player who was not moved)."""

    kind: ClassVar[str] = "moved_up"
    players: tuple[int, ...]


#: Everything a round may record for its pairing system (a closed union).
SystemRecord = KnockoutDraw | StartOrder | MovedUp
RECORD_TYPES: tuple[type[SystemRecord], ...] = (KnockoutDraw, StartOrder, MovedUp)


def _number(value: object, what: str) -> int:
    if type(value) is not int:
        raise InputError(f"{what}: {value!r} is no whole number")
    return value


def _number_or_none(value: object, what: str) -> int | None:
    return None if value is None else _number(value, what)


def record_to_json(record: SystemRecord) -> dict[str, Any]:
    """``record`` as JSON-ready data, its kind under ``"type"`` (as the event log stores it)."""
    match record:
        case KnockoutDraw(seeded=seeded, draw=draw):
            return {"type": record.kind, "seeded": list(seeded), "draw": list(draw)}
        case StartOrder(order=order):
            return {"type": record.kind, "order": [[n, r] for n, r in order]}
        case MovedUp(players=players):
            return {"type": record.kind, "players": list(players)}


def record_from_json(data: object) -> SystemRecord:
    """The record :func:`record_to_json` wrote.

    :raises InputError: when ``data`` is no record skak knows.
    """
    if not isinstance(data, dict):
        raise InputError(f"a pairing system's record must be an object, not {data!r}")
    kind = data.get("type")
    if kind == KnockoutDraw.kind:
        seeded, draw = data.get("seeded"), data.get("draw")
        if not isinstance(seeded, list) or not isinstance(draw, list):
            raise InputError("a knock-out draw record needs the lists 'seeded' and 'draw'")
        return KnockoutDraw(
            tuple(_number(n, "seeded") for n in seeded),
            tuple(_number_or_none(n, "draw") for n in draw),
        )
    if kind == StartOrder.kind:
        order = data.get("order")
        if not isinstance(order, list) or not all(
            isinstance(item, list) and len(item) == 2 for item in order
        ):
            raise InputError("a start order record needs 'order' as [start number, rating] pairs")
        return StartOrder(
            tuple((_number(n, "order"), _number_or_none(r, "rating")) for n, r in order)
        )
    if kind == MovedUp.kind:
        players = data.get("players")
        if not isinstance(players, list):
            raise InputError("a moved-up record needs 'players' as a list of start numbers")
        return MovedUp(tuple(_number(n, "players") for n in players))
    known = ", ".join(repr(t.kind) for t in RECORD_TYPES)
    raise InputError(f"unknown pairing system record type {kind!r} (known: {known})")
