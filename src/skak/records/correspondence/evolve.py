"""The correspondence group as its events build it, and :func:`evolve` (pure, never refuses:
the rules are in :mod:`.commands`' ``decide``).

A group (gruppe) is one all-play-all of the EMT (a class, 6.5), the cup (a stage, 6.6) or
the team championship (a division, 6.7): its players in the TL's drawn order (6.5.2.1,
6.5.3.1, 6.7.4.2), its games with their colours as the start letter fixes them, each game's
cards as they arrive, results, holidays (6.3.6) and withdrawals (6.2.8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from skak.correspondence.group_state import CorrGroup, StoredGame
from skak.model.stream import Recorded
from skak.records.correspondence.events import (
    CardEntered,
    CardTakenBack,
    CorrespondenceEvent,
    GroupCreated,
    HolidayEntered,
    PlayersEntered,
    PlayerWithdrawn,
    ResultEntered,
)

__all__ = ["evolve", "fold"]


def _with_game(group: CorrGroup, game: StoredGame) -> CorrGroup:
    games = tuple(game if g.number == game.number else g for g in group.games)
    return replace(group, games=games)


def _stored(group: CorrGroup, number: int) -> StoredGame:
    stored = group.game(number)
    assert stored is not None, f"decide names only games of the group, not {number}"
    return stored


def evolve(group: CorrGroup | None, event: CorrespondenceEvent) -> CorrGroup:
    """The group after ``event`` (which ``decide`` made on the group it applies to)."""
    if isinstance(event, GroupCreated):
        return CorrGroup(event.name, event.competition, event.start, event.rules)
    assert group is not None, "a group's first event creates it"
    match event:
        case PlayersEntered(players=players, games=pairings):
            return replace(group, players=players, games=tuple(StoredGame(p) for p in pairings))
        case CardEntered(game=number, card=card):
            stored = _stored(group, number)
            return _with_game(group, replace(stored, cards=(*stored.cards, card)))
        case CardTakenBack(game=number):
            stored = _stored(group, number)
            return _with_game(group, replace(stored, cards=stored.cards[:-1]))
        case ResultEntered(game=number, result=result, adjudicated=adjudicated):
            stored = _stored(group, number)
            return _with_game(group, replace(stored, result=result, adjudicated=adjudicated))
        case HolidayEntered(holiday=holiday):
            return replace(group, holidays=(*group.holidays, holiday))
        case PlayerWithdrawn(withdrawal=withdrawal):
            return replace(group, withdrawals=(*group.withdrawals, withdrawal))
    raise TypeError(event)  # pragma: no cover


def fold(
    events: Iterable[Recorded[CorrespondenceEvent]], start: CorrGroup | None = None
) -> CorrGroup | None:
    """The group the events build (on ``start``; ``None`` when there are none)."""
    group = start
    for r in events:
        group = evolve(group, r.event)
    return group
