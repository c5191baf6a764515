"""A correspondence group as skak keeps it (the record :mod:`skak.records.correspondence`
builds it from its events): the event it belongs to, its rules, its players in the TL's drawn
order (6.5.2.1, 6.5.3.1, 6.7.4.2), its games with their colours, each game's cards as they
arrived, results, holidays (6.3.6) and withdrawals (6.2.8). Pure values, which the record's
rules, the read side and the tests share."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from skak.correspondence.classes import EmtClass
from skak.correspondence.clock import TimeControl
from skak.correspondence.game import Card, CorrespondenceGame, Waiting
from skak.correspondence.holidays import Holiday, Mode

__all__ = [
    "EVENTS",
    "STAGES",
    "Competition",
    "CorrGroup",
    "GroupPlayer",
    "GroupRules",
    "Pairing",
    "PlayerHoliday",
    "StoredGame",
    "Withdrawal",
]

#: The kinds of event a group belongs to: the EMT (6.5), the cup (6.6), the team
#: championship (6.7).
EVENTS = ("emt", "cup", "team")
#: The cup's stages (6.6.1.1).
STAGES = ("preliminary", "semifinal", "final")


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
