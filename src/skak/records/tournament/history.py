"""``skak history``: every change to a record, oldest first, as each face lists it (the
module is not named ``history``, which would shadow the function of that name in
:mod:`skak.views`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skak.messages import N_plural
from skak.model.stream import Recorded
from skak.model.tournament import Tournament
from skak.records.tournament.events import (
    Event,
    EventUndone,
    PlayerWithdrawn,
    ResultEntered,
    describe,
)
from skak.records.tournament.evolve import effective, evolve

__all__ = ["HistoryLine", "history", "undo_notes", "undo_target"]


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One line of ``skak history``: the event's number, when and by whom, its kind
    (``type``), what it did in words, and whether it was undone later."""

    seq: int
    recorded_at: str
    actor: str
    type: str
    text: str
    undone: bool

    @property
    def kind(self) -> str:
        """The event's kind (``"result_entered"``), the JSON's ``type``."""
        return self.type


def history(events: Sequence[Recorded[Event]]) -> list[HistoryLine]:
    """Every event, oldest first, described against the state it met (one replay)."""
    in_force = {s for s, _ in effective((r.version, r.event) for r in events)}
    lines: list[HistoryLine] = []
    state: Tournament | None = None
    for r in events:
        lines.append(
            HistoryLine(
                r.version,
                r.recorded_at,
                r.actor,
                r.event.kind,
                describe(r.event, state),
                undone=r.version not in in_force and not isinstance(r.event, EventUndone),
            )
        )
        if r.version in in_force:
            state = evolve(state, r.event)
    return lines


def undo_target(lines: Sequence[HistoryLine]) -> HistoryLine | None:
    """The change ``skak undo`` takes back: the last one still in force (the lines the
    history marks neither undone nor an undo themselves, as
    :func:`skak.records.tournament.evolve.effective` counts them); ``None`` when only the
    creation is left, which is never undone."""
    in_force = [h for h in lines if not h.undone and h.type != EventUndone.kind]
    return in_force[-1] if len(in_force) > 1 else None


def undo_notes(undone: Event, after: Tournament) -> tuple[str, ...]:
    """What the arbiter should know after ``skak undo`` took back ``undone`` (``after``:
    the tournament without it): rounds paired while a withdrawal now taken back held, or
    on a result now taken back, keep their pairings."""
    last = after.current_round
    if isinstance(undone, PlayerWithdrawn) and undone.from_round <= last:
        first = undone.from_round
        return (
            N_plural(
                "round {rounds} was paired while the player was withdrawn; a forfeit "
                "entered then stays until you correct it with 'skak result'",
                "rounds {rounds} were paired while the player was withdrawn; forfeits "
                "entered then stay until you correct them with 'skak result'",
                last - first + 1,
                rounds=_span(first, last),
            ),
        )
    if isinstance(undone, ResultEntered) and undone.round < last:
        return (
            N_plural(
                "round {rounds} was paired on the result taken back, and its pairing "
                "stands (see 'skak engine --check' on the exported file for what the "
                "result now would change)",
                "rounds {rounds} were paired on the result taken back, and their pairings "
                "stand (see 'skak engine --check' on the exported file for what the "
                "result now would change)",
                last - undone.round,
                rounds=_span(undone.round + 1, last),
            ),
        )
    return ()


def _span(first: int, last: int) -> str:
    """``3`` or ``3–7``."""
    return str(first) if first == last else f"{first}–{last}"
