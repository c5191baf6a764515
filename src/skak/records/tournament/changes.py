"""The changes a tournament's TRF export records as ``###`` lines
(:class:`~skak.model.changes.ChangeNote`), read from its events: FIDE mode entered or left,
the tie-breaks and every other setting changed (``skak settings``), each result corrected
(a board that had a result gets another), each withdrawal, each round edited by hand
(``skak round edit``), and each correction of a player's details once round 1 is paired.

Only the changes in force are recorded: an event taken back by ``skak undo`` is left out,
as the tournament is without it (docs/interpretations.md). A tournament imported from a
TRF file keeps the changes its file recorded (:attr:`Tournament.imported_changes`), and
they come first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import date, datetime

from skak.model.changes import ChangeKind, ChangeNote
from skak.model.stream import Recorded
from skak.model.tournament import Tournament
from skak.records.tournament.events import (
    Event,
    PlayerEdited,
    PlayerWithdrawn,
    ResultEntered,
    RoundEdited,
    SettingsChanged,
    describe,
)
from skak.records.tournament.evolve import effective, evolve

__all__ = ["change_notes", "recorded_changes"]


def change_notes(events: Sequence[Recorded[Event]]) -> tuple[ChangeNote, ...]:
    """Every change the TRF export records, oldest first: those of the file the tournament
    was imported from, then those made since (one replay of the events in force)."""
    in_force = {s for s, _ in effective((r.version, r.event) for r in events)}
    state: Tournament | None = None
    out: list[ChangeNote] = []
    for r in events:
        if r.version not in in_force:
            continue
        if state is not None:
            out += _notes(r, state)
        state = evolve(state, r.event)
    imported = state.imported_changes if state is not None else ()
    return (*imported, *out)


def recorded_changes(t: Tournament, events: Sequence[Recorded[Event]]) -> Tournament:
    """``t`` with every change of its events among its imported changes, as the TRF export
    writes them (and a reader of the file gets them back)."""
    return replace(t, imported_changes=change_notes(events))


def _notes(r: Recorded[Event], before: Tournament) -> Iterator[ChangeNote]:
    event = r.event
    kind: ChangeKind | None = None
    match event:
        case SettingsChanged(fide_mode=fide, tiebreaks=tiebreaks, pairing_settings=settings):
            # FIDE mode and the tie-breaks each get a line of their own, as the checklist
            # names them; the other settings share one.
            why = event.reason
            if fide is not None:
                yield _note(r, before, "fide-mode", SettingsChanged(fide_mode=fide, reason=why))
            if tiebreaks is not None:
                part = SettingsChanged(tiebreaks=tiebreaks, reason=why)
                yield _note(r, before, "tiebreaks", part)
            if settings is not None:
                part = SettingsChanged(pairing_settings=settings, reason=why)
                yield _note(r, before, "setting", part)
            return
        case ResultEntered(round=number, board=board):
            if before.round(number).board(board).result is not None:
                kind = "correction"
        case PlayerWithdrawn():
            kind = "withdrawal"
        case RoundEdited():
            kind = "round-edit"
        case PlayerEdited() if before.rounds:
            kind = "player"
    if kind is not None:
        yield _note(r, before, kind, event)


def _note(r: Recorded[Event], before: Tournament, kind: ChangeKind, event: Event) -> ChangeNote:
    text = str(describe(event, before))
    return ChangeNote(_day(r.recorded_at), before.current_round, kind, text)


def _day(recorded_at: str) -> date:
    """The day (UTC, as the log keeps the time) a change was recorded."""
    try:
        return datetime.fromisoformat(recorded_at).date()
    except ValueError:  # pragma: no cover - the store writes ISO times
        return date.fromisoformat(recorded_at[:10])
