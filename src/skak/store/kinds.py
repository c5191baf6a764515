"""The record kinds the store keeps: how each encodes its events and builds its state.

The rules are in :mod:`skak.commands`; this module only joins them to the codec.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skak.commands import tournament as tournament_rules
from skak.commands.tournament import Context
from skak.model.events import Event, EventUndone, ReplayError
from skak.model.progress import Progress
from skak.model.stream import Recorded
from skak.model.tournament import Tournament
from skak.storage.codec import (
    dump_cup_event,
    dump_event,
    dump_league_event,
    dump_registry_event,
    dump_tournament,
    load_cup_event,
    load_event,
    load_league_event,
    load_registry_event,
    load_tournament,
)

if TYPE_CHECKING:  # the other kinds' rules are imported when a record of the kind is used
    from skak.commands.accounts import AccountEvent, Accounts
    from skak.commands.discipline import DisciplineEvent
    from skak.eligibility.discipline import DisciplineRegistry
    from skak.rating.registry import Registry, RegistryEvent
    from skak.teams.cup import Cup
    from skak.teams.cup_events import CupEvent
    from skak.teams.events import LeagueEvent
    from skak.teams.league import Season

__all__ = [
    "ACCOUNTS",
    "CUP",
    "DISCIPLINE",
    "LEAGUE",
    "REGISTRY",
    "AccountsKind",
    "CupKind",
    "DisciplineKind",
    "LeagueKind",
    "RegistryKind",
    "TournamentKind",
]


class _EventByEvent:
    """:meth:`evolve_all` as :meth:`evolve` one event after another (a kind whose single
    step costs no copy of a large state)."""

    def evolve(self, state: Any, event: Any, log: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    def evolve_all(self, state: Any, events: Sequence[Any]) -> Any:
        for event in events:
            state = self.evolve(state, event, None)
        return state


@dataclass(frozen=True)
class TournamentKind(_EventByEvent):
    """Individual tournaments: a snapshot every 200 events, none used across an undo of an
    event it already holds. Loading replays leniently (what an earlier skak accepted stays
    readable); a new event, and every event after an undone one, meets the rules strictly.

    ``snapshot_format`` names the shape of the state and of what :func:`evolve` builds: raise
    it whenever either changes, so no snapshot written before is used (a test pins it to a
    fingerprint of the model's fields)."""

    ctx: Context = field(default_factory=Context)
    name: str = "tournament"
    snapshot_every: int = 200
    snapshot_format: int = 3  # 3: the games attached to boards (Tournament.games)

    def dump_event(self, event: Event) -> dict[str, Any]:
        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> Event:
        return load_event(payload)

    def fold(
        self, events: Sequence[Recorded[Event]], start: Tournament | None
    ) -> Tournament | None:
        return tournament_rules.fold(events, self.ctx, start=start)

    def evolve(
        self, state: Tournament | None, event: Event, log: Sequence[Recorded[Event]] | None
    ) -> Tournament:
        if isinstance(event, EventUndone):
            assert log is not None
            target = next(r.event for r in log if r.version == event.seq)
            try:
                rebuilt = tournament_rules.fold(
                    [*log, Recorded(len(log) + 1, event, "", "")],
                    self.ctx,
                    strict_after=event.seq,
                )
            except ReplayError as err:
                raise tournament_rules.undo_refused(err, event.seq, target) from err
            assert rebuilt is not None
            return rebuilt
        return tournament_rules.evolve(state, event, self.ctx)

    def needs_log(self, event: Event) -> bool:
        return isinstance(event, EventUndone)

    def dump_state(self, state: Tournament) -> dict[str, Any]:
        return dump_tournament(state)

    def load_state(self, payload: dict[str, Any]) -> Tournament:
        return load_tournament(payload)

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[Event]]) -> bool:
        return not any(isinstance(r.event, EventUndone) and r.event.seq <= version for r in tail)


@dataclass(frozen=True)
class RegistryKind:
    """DSU's rating registry: one stream, never undone, no snapshots (a replay of the
    national list is cheap next to reading it). ``progress`` is told how far a replay has
    come (``(events applied, events)``)."""

    name: str = "rating-registry"
    snapshot_every: int = 0
    snapshot_format: int = 1
    progress: Progress | None = field(default=None, compare=False, repr=False)

    def dump_event(self, event: RegistryEvent) -> dict[str, Any]:
        return dump_registry_event(event)

    def load_event(self, payload: dict[str, Any]) -> RegistryEvent:
        return load_registry_event(payload)

    def fold(
        self, events: Sequence[Recorded[RegistryEvent]], start: Registry | None
    ) -> Registry | None:
        from skak.commands import registry as registry_rules

        if start is not None:  # pragma: no cover - the registry keeps no snapshots
            for r in events:
                start = registry_rules.evolve(start, r.event)
            return start
        return registry_rules.fold(events, self.progress)

    def evolve(
        self,
        state: Registry | None,
        event: RegistryEvent,
        log: Sequence[Recorded[RegistryEvent]] | None,
    ) -> Registry:
        from skak.commands import registry as registry_rules
        from skak.rating.registry import Registry

        return registry_rules.evolve(state or Registry(), event)

    def evolve_all(self, state: Registry | None, events: Sequence[RegistryEvent]) -> Registry:
        """All a command's new events applied with one copy of the registry's tables (a
        list of 20 000 players imported is 20 000 events)."""
        from skak.rating.registry import Registry, apply_registry_events

        return apply_registry_events(state or Registry(), events)

    def needs_log(self, event: RegistryEvent) -> bool:
        return False

    def dump_state(self, state: Registry) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Registry:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[RegistryEvent]]) -> bool:
        return False


REGISTRY = RegistryKind()


@dataclass(frozen=True)
class AccountsKind(_EventByEvent):
    """The arbiters' accounts (:mod:`skak.commands.accounts`): one small stream, no
    snapshots, never undone."""

    name: str = "arbiter-accounts"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: AccountEvent) -> dict[str, Any]:
        from skak.commands import accounts as account_rules

        return account_rules.dump_account_event(event)

    def load_event(self, payload: dict[str, Any]) -> AccountEvent:
        from skak.commands import accounts as account_rules

        return account_rules.load_account_event(payload)

    def fold(
        self, events: Sequence[Recorded[AccountEvent]], start: Accounts | None
    ) -> Accounts | None:
        from skak.commands import accounts as account_rules

        return account_rules.fold(events, start)

    def evolve(
        self,
        state: Accounts | None,
        event: AccountEvent,
        log: Sequence[Recorded[AccountEvent]] | None,
    ) -> Accounts:
        from skak.commands import accounts as account_rules

        return account_rules.evolve(state or account_rules.Accounts(), event)

    def needs_log(self, event: AccountEvent) -> bool:
        return False

    def dump_state(self, state: Accounts) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Accounts:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[AccountEvent]]) -> bool:
        return False


ACCOUNTS = AccountsKind()


class LeagueKind(_EventByEvent):
    """A division-league season (divisionsturnering): one stream per season, never undone
    (a line-up or result is corrected by entering it again), no snapshots (a season's few
    hundred events replay in milliseconds)."""

    name: str = "league-season"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: LeagueEvent) -> dict[str, Any]:
        return dump_league_event(event)

    def load_event(self, payload: dict[str, Any]) -> LeagueEvent:
        return load_league_event(payload)

    def fold(self, events: Sequence[Recorded[LeagueEvent]], start: Season | None) -> Season | None:
        from skak.commands import league as league_rules

        season = start
        for r in events:
            season = league_rules.evolve(season, r.event)
        return season

    def evolve(
        self,
        state: Season | None,
        event: LeagueEvent,
        log: Sequence[Recorded[LeagueEvent]] | None,
    ) -> Season:
        from skak.commands import league as league_rules

        return league_rules.evolve(state, event)

    def needs_log(self, event: LeagueEvent) -> bool:
        return False

    def dump_state(self, state: Season) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Season:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[LeagueEvent]]) -> bool:
        return False


LEAGUE = LeagueKind()


@dataclass(frozen=True)
class CupKind(_EventByEvent):
    """A row of the team cup (pokalstævnet): one stream, never undone, no snapshots."""

    name: str = "cup"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: CupEvent) -> dict[str, Any]:
        return dump_cup_event(event)

    def load_event(self, payload: dict[str, Any]) -> CupEvent:
        return load_cup_event(payload)

    def fold(self, events: Sequence[Recorded[CupEvent]], start: Cup | None) -> Cup | None:
        from skak.commands import cup as cup_rules

        cup = start
        for r in events:
            cup = cup_rules.evolve(cup, r.event)
        return cup

    def evolve(
        self, state: Cup | None, event: CupEvent, log: Sequence[Recorded[CupEvent]] | None
    ) -> Cup:
        from skak.commands import cup as cup_rules

        return cup_rules.evolve(state, event)

    def needs_log(self, event: CupEvent) -> bool:
        return False

    def dump_state(self, state: Cup) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Cup:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[CupEvent]]) -> bool:
        return False


CUP = CupKind()


@dataclass(frozen=True)
class DisciplineKind(_EventByEvent):
    """The discipline registry (:mod:`skak.commands.discipline`): warnings and quarantines
    (§19); one small stream, no snapshots, never undone (an entry is lifted instead)."""

    name: str = "discipline-registry"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: DisciplineEvent) -> dict[str, Any]:
        from skak.commands import discipline as discipline_rules

        return discipline_rules.dump_discipline_event(event)

    def load_event(self, payload: dict[str, Any]) -> DisciplineEvent:
        from skak.commands import discipline as discipline_rules

        return discipline_rules.load_discipline_event(payload)

    def fold(
        self, events: Sequence[Recorded[DisciplineEvent]], start: DisciplineRegistry | None
    ) -> DisciplineRegistry | None:
        from skak.commands import discipline as discipline_rules

        return discipline_rules.fold(events, start)

    def evolve(
        self,
        state: DisciplineRegistry | None,
        event: DisciplineEvent,
        log: Sequence[Recorded[DisciplineEvent]] | None,
    ) -> DisciplineRegistry:
        from skak.commands import discipline as discipline_rules
        from skak.eligibility.discipline import DisciplineRegistry

        return discipline_rules.evolve(state or DisciplineRegistry(), event)

    def needs_log(self, event: DisciplineEvent) -> bool:
        return False

    def dump_state(self, state: DisciplineRegistry) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> DisciplineRegistry:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[DisciplineEvent]]) -> bool:
        return False


DISCIPLINE = DisciplineKind()
