"""The individual tournament's binding to the event store (:class:`TournamentKind`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skak.model.stream import Recorded
from skak.model.tournament import Tournament
from skak.records.tournament.codec import dump_event, dump_snapshot, load_event, load_tournament
from skak.records.tournament.events import Event, EventUndone
from skak.records.tournament.evolve import Context, ReplayError, evolve, fold, undo_refused
from skak.store.streams import EventByEvent, Summary

__all__ = ["TournamentKind", "tournament_summary"]


def tournament_summary(t: Tournament) -> Summary:
    """What the list of tournaments shows of ``t`` and finds it by: its name, place,
    organiser, days, kind (standard, rapid, blitz), status — ``planned`` before round 1 is
    paired, ``finished`` once every planned round is paired and every result is in, else
    ``running`` — whether it is rated, and whether it is listed (a deleted one is not)."""
    from skak.errors import SkakError
    from skak.model.player import fold_name
    from skak.pairing import get_system
    from skak.pairing.engine import is_finished

    status = "planned"
    if t.rounds:
        try:
            done = is_finished(t, get_system(t.pairing_system))
        except SkakError:  # a system this skak does not know (an imported file's)
            done = False
        status = "finished" if done else "running"
    organiser = t.organiser or None
    words = (t.name, t.place or "", organiser or "")
    return Summary(
        name=t.name,
        listed=not t.deleted,
        place=t.place or None,
        organiser=organiser,
        organiser_key=fold_name(organiser) if organiser else None,
        first_day=t.start_date.isoformat() if t.start_date else None,
        last_day=t.end_date.isoformat() if t.end_date else None,
        category=t.rated_kind.value,
        status=status,
        rated=t.rated,
        search=" | ".join(fold_name(w) for w in words),
    )


@dataclass(frozen=True)
class TournamentKind(EventByEvent):
    """Individual tournaments: a snapshot every 200 events, none used across an undo of an
    event it already holds. Loading replays leniently (what an earlier skak accepted stays
    readable); a new event, and every event after an undone one, meets the rules strictly.

    ``snapshot_format`` names the shape of the state and of what :func:`evolve` builds: raise
    it whenever either changes, so no snapshot written before is used (a test pins it to a
    fingerprint of the model's fields)."""

    ctx: Context = field(default_factory=Context)
    name: str = "tournament"
    snapshot_every: int = 200
    #: 3: the games attached to boards; 4: the arbiters; 5: bans, check-in; 6: the prizes,
    #: a deletion; 7: FIDE mode, the changes an imported TRF file recorded; 8: the organiser
    snapshot_format: int = 8

    def dump_event(self, event: Event) -> dict[str, Any]:
        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> Event:
        return load_event(payload)

    def fold(
        self, events: Sequence[Recorded[Event]], start: Tournament | None
    ) -> Tournament | None:
        return fold(events, self.ctx, start=start)

    def evolve(
        self, state: Tournament | None, event: Event, log: Sequence[Recorded[Event]] | None
    ) -> Tournament:
        if isinstance(event, EventUndone):
            assert log is not None
            target = next(r.event for r in log if r.version == event.seq)
            try:
                undone: list[Recorded[Event]] = [*log, Recorded(len(log) + 1, event, "", "")]
                rebuilt = fold(
                    undone,
                    self.ctx,
                    strict_after=event.seq,
                )
            except ReplayError as err:
                raise undo_refused(err, event.seq, target) from err
            assert rebuilt is not None
            return rebuilt
        return evolve(state, event, self.ctx)

    def needs_log(self, event: Event) -> bool:
        return isinstance(event, EventUndone)

    def dump_state(self, state: Tournament) -> dict[str, Any]:
        return dump_snapshot(state)

    def load_state(self, payload: dict[str, Any]) -> Tournament:
        return load_tournament(payload)

    def summary(self, state: Tournament) -> Summary:
        """What the list of tournaments shows of it (:func:`tournament_summary`)."""
        return tournament_summary(state)

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[Event]]) -> bool:
        return not any(isinstance(r.event, EventUndone) and r.event.seq <= version for r in tail)
