"""A correspondence group's events (record kind ``correspondence``), and the values they
carry: what the group is a group of, its rules, players, pairings, holidays and
withdrawals. What each event does to the group is :func:`.evolve.evolve`; the rules that
decide whether one may be written are :mod:`.commands`'."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from skak.correspondence.game import Card
from skak.correspondence.group_state import (
    Competition,
    GroupPlayer,
    GroupRules,
    Pairing,
    PlayerHoliday,
    Withdrawal,
)

__all__ = [
    "WITHDRAWAL_REASONS",
    "CardEntered",
    "CardTakenBack",
    "CorrespondenceEvent",
    "GroupCreated",
    "HolidayEntered",
    "PlayerWithdrawn",
    "PlayersEntered",
    "ResultEntered",
]

#: 6.2.8: a withdrawal with a good reason, without one, or a silent player (counted as
#: without).
WITHDRAWAL_REASONS = ("good", "none", "silent")


# -- the events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroupCreated:
    """The group's start letter (startbrev): its name, event, start day and rules."""

    kind: ClassVar[str] = "corr_group_created"
    name: str
    competition: Competition
    start: date
    rules: GroupRules


@dataclass(frozen=True, slots=True)
class PlayersEntered:
    """The players in the TL's drawn order and the games with their colours (6.5.2.1,
    6.5.3.1); entered again before the play begins, they replace the earlier list."""

    kind: ClassVar[str] = "corr_players_entered"
    players: tuple[GroupPlayer, ...]
    games: tuple[Pairing, ...]


@dataclass(frozen=True, slots=True)
class CardEntered:
    """A card (or e-mail) of game ``game`` as it arrived, after the ones before it."""

    kind: ClassVar[str] = "corr_card_entered"
    game: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardTakenBack:
    """The last card of game ``game`` taken back: it was entered wrongly."""

    kind: ClassVar[str] = "corr_card_taken_back"
    game: int


@dataclass(frozen=True, slots=True)
class ResultEntered:
    """Game ``game``'s result (``1-0``, ``0-1``, ``1/2-1/2``, or ``0-0``: lost for both,
    6.3.3.4), and whether the TL adjudicated it; entered again, it corrects the result."""

    kind: ClassVar[str] = "corr_result_entered"
    game: int
    result: str
    adjudicated: bool = False


@dataclass(frozen=True, slots=True)
class HolidayEntered:
    kind: ClassVar[str] = "corr_holiday_entered"
    holiday: PlayerHoliday


@dataclass(frozen=True, slots=True)
class PlayerWithdrawn:
    kind: ClassVar[str] = "corr_player_withdrawn"
    withdrawal: Withdrawal


CorrespondenceEvent = (
    GroupCreated
    | PlayersEntered
    | CardEntered
    | CardTakenBack
    | ResultEntered
    | HolidayEntered
    | PlayerWithdrawn
)
