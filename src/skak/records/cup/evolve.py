"""The cup built from its events: :func:`evolve` (the state after one event) and
:func:`fold` (the state a stream of events builds). Both pure; they never refuse what
:mod:`skak.records.cup.commands` let in."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from skak.errors import StateError
from skak.model.stream import Recorded
from skak.records.cup.events import (
    CupCreated,
    CupEvent,
    CupLineupEntered,
    CupPlayoffEntered,
    CupResultCleared,
    CupResultEntered,
    CupRoundPaired,
    CupTeamsEntered,
)
from skak.teams.cup import Cup


def evolve(cup: Cup | None, event: CupEvent) -> Cup:
    if isinstance(event, CupCreated):
        return Cup(event.name, event.row, event.day, event.rounds, event.boards, event.settings)
    if cup is None:
        raise StateError(f"{event.kind}: there is no cup yet")
    match event:
        case CupTeamsEntered(teams=teams):
            return replace(cup, teams=teams)
        case CupRoundPaired(round=r, matches=matches, bye=bye):
            byes = cup.byes + (((r, bye),) if bye is not None else ())
            return replace(cup, pairings=(*cup.pairings, *matches), byes=byes)
        case CupLineupEntered(lineup=lu):
            kept = tuple(x for x in cup.lineups if (x.round, x.team) != (lu.round, lu.team))
            return replace(cup, lineups=(*kept, lu))
        case CupResultEntered(card=card):
            kept_cards = tuple(
                c for c in cup.cards if not (c.round == card.round and c.first == card.first)
            )
            return replace(cup, cards=(*kept_cards, card))
        case CupResultCleared(round=r, first=first, second=second):
            pair_cleared = {first, second}
            return replace(
                cup,
                cards=tuple(
                    c
                    for c in cup.cards
                    if not (c.round == r and {c.first, c.second} == pair_cleared)
                ),
            )
        case CupPlayoffEntered(card=card):
            pair = {card.first, card.second}
            kept_playoffs = tuple(c for c in cup.playoffs if {c.first, c.second} != pair)
            return replace(cup, playoffs=(*kept_playoffs, card))
    raise TypeError(event)  # pragma: no cover - the union is closed


def fold(
    events: Iterable[Recorded[CupEvent]] | Iterable[CupEvent],
    start: Cup | None = None,
) -> Cup | None:
    """The state the events build on ``start`` (``None``: from nothing)."""
    state = start
    for e in events:
        state = evolve(state, e.event if isinstance(e, Recorded) else e)
    return state
