"""A division-league season's binding to the event store (:class:`LeagueKind`).

Its rules, codec and fold are imported when such a record is first read or written, so a
command on a tournament never imports them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skak.model.stream import Recorded
from skak.store.streams import EventByEvent

if TYPE_CHECKING:
    from skak.records.league.events import LeagueEvent
    from skak.teams.league import Season

__all__ = ["LEAGUE", "LeagueKind"]


@dataclass(frozen=True)
class LeagueKind(EventByEvent):
    """A division-league season (divisionsturnering): one stream per season, never undone
    (a line-up or result is corrected by entering it again), no snapshots (a season's few
    hundred events replay in milliseconds)."""

    name: str = "league-season"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: LeagueEvent) -> dict[str, Any]:
        from skak.records.league.codec import dump_event

        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> LeagueEvent:
        from skak.records.league.codec import load_event

        return load_event(payload)

    def fold(self, events: Sequence[Recorded[LeagueEvent]], start: Season | None) -> Season | None:
        from skak.records.league.evolve import fold

        return fold(events, start)

    def evolve(
        self, state: Season | None, event: LeagueEvent, log: Sequence[Recorded[LeagueEvent]] | None
    ) -> Season:
        from skak.records.league.evolve import evolve

        return evolve(state, event)

    def needs_log(self, event: LeagueEvent) -> bool:
        return False

    def dump_state(self, state: Season) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Season:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[LeagueEvent]]) -> bool:
        return False


LEAGUE = LeagueKind()
