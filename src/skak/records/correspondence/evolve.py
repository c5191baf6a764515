"""The correspondence group as its events build it, and :func:`evolve` (pure, never refuses:
the rules are in :mod:`.commands`' ``decide``).

A group (gruppe) is one all-play-all of the EMT (a class, 6.5), the cup (a stage, 6.6) or
the team championship (a division, 6.7): its players in the TL's drawn order (6.5.2.1,
6.5.3.1, 6.7.4.2), its games with their colours as the start letter fixes them, each game's
cards as they arrive, results, holidays (6.3.6) and withdrawals (6.2.8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date

from skak.correspondence.game import Card, CorrespondenceGame, Waiting
from skak.correspondence.holidays import Holiday
from skak.model.stream import Recorded
from skak.records.correspondence.events import (
    CardEntered,
    CardTakenBack,
    Competition,
    CorrespondenceEvent,
    GroupCreated,
    GroupPlayer,
    GroupRules,
    HolidayEntered,
    Pairing,
    PlayerHoliday,
    PlayersEntered,
    PlayerWithdrawn,
    ResultEntered,
    Withdrawal,
)

__all__ = ["CorrGroup", "StoredGame", "evolve", "fold"]


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game of the group: its pairing, the cards entered so far (in the order sent), the
    result and whether the TL adjudicated it (bedømmelse, 6.2.7, 6.2.8)."""

    pairing: Pairing
    cards: tuple[Card, ...] = ()
    result: str | None = None
    adjudicated: bool = False

    @property
    def number(self) -> int:
        return self.pairing.number

    @property
    def white(self) -> int:
        return self.pairing.white

    @property
    def black(self) -> int:
        return self.pairing.black

    def has(self, player: int) -> bool:
        return player in (self.pairing.white, self.pairing.black)


@dataclass(frozen=True, slots=True)
class CorrGroup:
    """A correspondence group as its events built it."""

    name: str
    competition: Competition
    start: date
    rules: GroupRules
    players: tuple[GroupPlayer, ...] = ()
    games: tuple[StoredGame, ...] = ()
    holidays: tuple[PlayerHoliday, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()

    def player(self, number: int) -> GroupPlayer | None:
        return next((p for p in self.players if p.number == number), None)

    def game(self, number: int) -> StoredGame | None:
        return next((g for g in self.games if g.number == number), None)

    def withdrawal(self, player: int) -> Withdrawal | None:
        return next((w for w in self.withdrawals if w.player == player), None)

    def name_of(self, player: int) -> str:
        p = self.player(player)
        return p.name if p is not None else f"#{player}"

    def label(self, game: StoredGame) -> str:
        """A game as the TL names it: ``3-5`` (White's number, Black's), with the board in
        the team championship (``3-5/2``)."""
        p = game.pairing
        board = f"/{p.board}" if p.board is not None else ""
        return f"{p.white}-{p.black}{board}"

    @property
    def started(self) -> bool:
        """Whether anything has happened in the games (a card, a result, a holiday, a
        withdrawal): the players and their games are fixed from then on."""
        return bool(
            self.holidays
            or self.withdrawals
            or any(g.cards or g.result is not None for g in self.games)
        )

    def game_of(
        self,
        game: StoredGame,
        *,
        cards: Iterable[Card] | None = None,
        waiting: Waiting | None = None,
    ) -> CorrespondenceGame:
        """The pure game the clock counts (:func:`skak.correspondence.game.clock`): its cards
        (or ``cards``), the group's rules and start, both players' holidays (6.3.6: a
        holiday stops the clock for both), the result, and ``waiting``."""
        colour = {game.white: "white", game.black: "black"}
        holidays = tuple(
            Holiday(colour[h.player], h.first, h.last, h.notice, h.special_leave)
            for h in self.holidays
            if h.player in colour
        )
        r = self.rules
        return CorrespondenceGame(
            tuple(game.cards if cards is None else cards),
            mode=r.mode,
            control=r.control,
            start=self.start,
            holidays=holidays,
            white=self.name_of(game.white),
            black=self.name_of(game.black),
            email_next_day=r.email_next_day,
            mandatory_holidays=r.mandatory_holidays,
            postal_days=r.postal_days,
            waiting=waiting,
            result=game.result,
        )


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
