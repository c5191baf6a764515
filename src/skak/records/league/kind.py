"""A division-league season (divisionsturnering, 5.1): one stream a season, never undone (a
line-up or result is corrected by entering it again), no snapshots (a season's few hundred
events replay in milliseconds).

The store's binding of the kind: its codec and its ``evolve`` module, imported when such a
record is first read or written (a command on another record never imports them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.records.league.events import LeagueEvent
    from skak.teams.league import Season

__all__ = ["LEAGUE"]


def _codec() -> EventCodec[LeagueEvent]:
    from skak.records.league import codec

    return codec


def _rules() -> EventFold[Season, LeagueEvent]:
    from skak.records.league import evolve

    return evolve


LEAGUE: SmallKind[Season, LeagueEvent] = SmallKind("league-season", _codec, _rules)
