"""The season built from its events: :func:`evolve` (the state after one event) and
:func:`fold` (the state a stream of events builds). Both pure; they never refuse what
:mod:`skak.records.league.commands` let in."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from skak.errors import StateError
from skak.model.stream import Recorded
from skak.records.league.events import (
    CardApproved,
    CardConfirmed,
    CardDisputed,
    CardRemarked,
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
from skak.teams.league import CardCheck, Season


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
            fresh = _without_check(season, card.round, card.home)
            return replace(season, cards=(*cards, card), checks=fresh)
        case MatchResultCleared(round=r, home=home, away=away):
            kept_cards = tuple(
                c for c in season.cards if not (c.round == r and c.home == home and c.away == away)
            )
            return replace(season, cards=kept_cards, checks=_without_check(season, r, home))
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
        case CardRemarked(round=r, home=home, away=away, remark=remark):
            return _checked(season, r, home, away, remark=remark)
        case CardConfirmed(round=r, home=home, away=away, by=by):
            return _checked(season, r, home, away, confirmed_by=by, disputed=None, disputed_by=None)
        case CardDisputed(round=r, home=home, away=away, by=by, reason=why):
            return _checked(season, r, home, away, disputed=why, disputed_by=by, confirmed_by=None)
        case CardApproved(round=r, home=home, away=away, by=by, note=note):
            return _checked(season, r, home, away, approved_by=by, note=note)
    raise TypeError(event)  # pragma: no cover - the union is closed


def _without_check(season: Season, r: int, home: str) -> tuple[CardCheck, ...]:
    """The checks but the one of a card entered again or set aside (it starts afresh)."""
    return tuple(c for c in season.checks if not (c.round == r and c.home == home))


def _checked(season: Season, r: int, home: str, away: str, **said: object) -> Season:
    """The season with what was said of the card (the match ``home`` played at home)."""
    now = season.check(r, home) or CardCheck(r, home, away)
    return replace(season, checks=(*_without_check(season, r, home), replace(now, **said)))  # type: ignore[arg-type]


def fold(
    events: Iterable[Recorded[LeagueEvent]] | Iterable[LeagueEvent],
    start: Season | None = None,
) -> Season | None:
    """The state the events build on ``start`` (``None``: from nothing)."""
    state = start
    for e in events:
        state = evolve(state, e.event if isinstance(e, Recorded) else e)
    return state
