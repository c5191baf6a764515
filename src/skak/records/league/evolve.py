"""The season built from its events: :func:`evolve` (the state after one event) and
:func:`fold` (the state a stream of events builds). Both pure; they never refuse what
:mod:`skak.records.league.commands` let in."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from skak.errors import StateError
from skak.model.stream import Recorded
from skak.records.league.events import (
    LeagueEvent,
    LineupEntered,
    LotDrawn,
    MatchResultCleared,
    MatchResultEntered,
    PenaltyGiven,
    PlayoffSet,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
    TeamWithdrawn,
    WithdrawalCancelled,
)
from skak.teams.league import Season


def evolve(season: Season | None, event: LeagueEvent) -> Season:
    """The season after ``event``."""
    if isinstance(event, SeasonCreated):
        return Season(
            event.name,
            event.start,
            event.edition,
            event.divisions,
            event.dates,
            event.division_dates,
            event.settings,
        )
    if season is None:
        raise StateError(f"{event.kind}: there is no season yet")
    match event:
        case TeamsEntered(teams=teams):
            return replace(season, teams=teams)
        case StrengthListFiled(list=filed):
            return replace(season, lists=(*season.lists, filed))
        case LineupEntered(lineup=lu):
            kept = tuple(
                x for x in season.lineups if not (x.round == lu.round and x.team == lu.team)
            )
            return replace(season, lineups=(*kept, lu))
        case MatchResultEntered(card=card):
            cards = tuple(
                c
                for c in season.cards
                if not (c.round == card.round and c.home == card.home and c.away == card.away)
            )
            return replace(season, cards=(*cards, card))
        case MatchResultCleared(round=r, home=home, away=away):
            kept_cards = tuple(
                c for c in season.cards if not (c.round == r and c.home == home and c.away == away)
            )
            return replace(season, cards=kept_cards)
        case TeamWithdrawn(withdrawal=w):
            return replace(season, withdrawals=(*season.withdrawals, w))
        case WithdrawalCancelled(team=team, match=match):
            staying = tuple(w for w in season.withdrawals if (w.team, w.match) != (team, match))
            return replace(season, withdrawals=staying)
        case PenaltyGiven(penalty=p):
            return replace(season, penalties=(*season.penalties, p))
        case PlayoffSet(playoff=p):
            return replace(season, playoff=p)
        case LotDrawn(order=order):
            return replace(season, lots=(*season.lots, order))
    raise TypeError(event)  # pragma: no cover - the union is closed


def fold(
    events: Iterable[Recorded[LeagueEvent]] | Iterable[LeagueEvent],
    start: Season | None = None,
) -> Season | None:
    """The state the events build on ``start`` (``None``: from nothing)."""
    state = start
    for e in events:
        state = evolve(state, e.event if isinstance(e, Recorded) else e)
    return state
