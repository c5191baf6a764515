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
    RulingAppealed,
    RulingDecided,
    RulingGiven,
    SeasonCreated,
    StrengthListFiled,
    TeamsEntered,
    TeamWithdrawn,
    WithdrawalCancelled,
)
from skak.teams.league import CardCheck, PenaltyPoints, Season
from skak.teams.matches import MatchCard


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
        case RulingGiven(ruling=r):
            season = replace(season, rulings=(*season.rulings, r))
            season = _put_card(season, r.match, r.card, r.by)
            return replace(season, penalties=(*season.penalties, *r.penalties))
        case RulingAppealed(number=n, by=by, reason=why, day=day):
            return _ruled(season, n, appealed_by=by, appeal=why, appealed_on=day)
        case RulingDecided(number=n, outcome=outcome, text=text, by=by, day=day):
            ruling = season.ruling(n)
            season = _ruled(
                season,
                n,
                outcome=outcome,
                decision=text,
                decided_by=by,
                decided_on=day,
                decided_card=event.card,
                decided_penalties=event.penalties,
            )
            if outcome == "upheld":
                return season
            if ruling.card is not None and ruling.match is not None:
                now = season.card(season.fixture(ruling.match[0], ruling.match[1]))
                if now == ruling.card:  # not entered again since: the card before comes back
                    season = _put_card(season, ruling.match, ruling.before, by)
            season = replace(season, penalties=_without(season.penalties, ruling.penalties))
            if event.card is not None:
                season = _put_card(season, ruling.match, event.card, by)
            return replace(season, penalties=(*season.penalties, *event.penalties))
    raise TypeError(event)  # pragma: no cover - the union is closed


def _ruled(season: Season, number: int, **said: object) -> Season:
    """The season with the ruling ``number`` told what ``said`` says of it."""
    rulings = tuple(
        replace(r, **said) if r.number == number else r  # type: ignore[arg-type]
        for r in season.rulings
    )
    return replace(season, rulings=rulings)


def _put_card(
    season: Season,
    match: tuple[int, str, str] | None,
    card: MatchCard | None,
    by: str,
) -> Season:
    """The season with ``card`` as the match's result (``None``: no card), approved by
    ``by`` (a card a ruling decides needs no captain's signature; the ruling says why)."""
    if match is None:
        return season
    r, home, away = match
    cards = tuple(c for c in season.cards if (c.round, c.home, c.away) != match)
    season = replace(season, cards=cards, checks=_without_check(season, r, home))
    if card is None:
        return season
    season = replace(season, cards=(*season.cards, card))
    return _checked(season, r, home, away, approved_by=by)


def _without(
    penalties: tuple[PenaltyPoints, ...], taken: tuple[PenaltyPoints, ...]
) -> tuple[PenaltyPoints, ...]:
    """``penalties`` less one of each of ``taken``."""
    left = list(penalties)
    for p in taken:
        if p in left:
            left.remove(p)
    return tuple(left)


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
