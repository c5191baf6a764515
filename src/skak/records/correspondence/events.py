"""A correspondence group's events (record kind ``correspondence``), and the values they
carry: what the group is a group of, its rules, players, pairings, holidays and
withdrawals. What each event does to the group is :func:`.evolve.evolve`; the rules that
decide whether one may be written are :mod:`.commands`'."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import ClassVar

from skak.correspondence.classes import EmtClass
from skak.correspondence.clock import TimeControl
from skak.correspondence.game import Card
from skak.correspondence.holidays import Mode

__all__ = [
    "EVENTS",
    "STAGES",
    "WITHDRAWAL_REASONS",
    "CardEntered",
    "CardTakenBack",
    "Competition",
    "CorrespondenceEvent",
    "GroupCreated",
    "GroupPlayer",
    "GroupRules",
    "HolidayEntered",
    "Pairing",
    "PlayerHoliday",
    "PlayerWithdrawn",
    "PlayersEntered",
    "ResultEntered",
    "Withdrawal",
]

#: The kinds of event a group belongs to: the EMT (6.5), the cup (6.6), the team
#: championship (6.7).
EVENTS = ("emt", "cup", "team")
#: The cup's stages (6.6.1.1).
STAGES = ("preliminary", "semifinal", "final")
#: 6.2.8: a withdrawal with a good reason, without one, or a silent player (counted as
#: without).
WITHDRAWAL_REASONS = ("good", "none", "silent")


@dataclass(frozen=True, slots=True)
class Competition:
    """What the group is a group of: ``event`` ``emt`` with its class (6.5.1), ``cup`` with
    its stage (6.6.1.1), ``team`` with its division (6.7.1.1). ``preliminary_players`` and
    ``semifinal_held`` are the cup final's (6.6.2.1, 6.6.2.2: its places in the DM class)."""

    event: str
    emt_class: EmtClass | None = None
    stage: str | None = None
    division: int | None = None
    preliminary_players: int = 0
    semifinal_held: bool = True

    def label(self) -> str:
        """``EMT K``, ``cup semifinal``, ``team division 2``."""
        if self.event == "emt" and self.emt_class is not None:
            return f"EMT {self.emt_class.value}"
        if self.event == "cup" and self.stage is not None:
            return f"cup {self.stage}"
        if self.event == "team" and self.division is not None:
            return f"team division {self.division}"
        return self.event  # pragma: no cover - decide gives every event its detail


@dataclass(frozen=True, slots=True)
class GroupRules:
    """How the group's moves travel and are timed (:class:`CorrespondenceGame`'s rules):
    by post or e-mail, the control (``None``: the mode's, 6.3.3.1 / 6.8.6), the postal days
    a card takes, 6.3.6.2's obligatory holidays, and e-mails counted as received the day
    after (6.3.2.1)."""

    mode: Mode = Mode.POST
    control: TimeControl | None = None
    postal_days: int = 1
    mandatory_holidays: bool = True
    email_next_day: bool = False


@dataclass(frozen=True, slots=True)
class GroupPlayer:
    """A player by his number in the group (the TL's drawn order), with his DSU member
    number, rating, and in the team championship his club and board (6.7.2.1)."""

    number: int
    name: str
    member: int | None = None
    rating: int | None = None
    club: str | None = None
    board: int | None = None


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game as the start letter fixes it: its number, the players with White and Black
    (their numbers) and, in the team championship, the board."""

    number: int
    white: int
    black: int
    board: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerHoliday:
    """A holiday a player announced (6.3.6): first and last day, the day he sent notice
    (6.3.6.1), special leave (særlov, 6.3.6.4)."""

    player: int
    first: date
    last: date
    notice: date | None = None
    special_leave: bool = False


@dataclass(frozen=True, slots=True)
class Withdrawal:
    """A player who left the group (udtræden, 6.2.8) on ``day``: ``reason`` ``good``,
    ``none`` or ``silent`` (a silent player counts as withdrawn without good reason)."""

    player: int
    day: date
    reason: str

    @property
    def prize_right(self) -> bool:
        """6.2.8: without a good reason he has lost his right to a prize."""
        return self.reason == "good"


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
