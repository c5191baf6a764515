"""The tournament (turnering): settings, players and the rounds played so far.

Everything here is an immutable value. A tournament changes only by applying an event
(:mod:`skak.records.tournament.evolve`), which returns a new value; pairing systems receive
a tournament as their snapshot.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

# Some field types name their module: the bans, the attached games, the prizes and the
# changes of a tournament, and a round's record. A run that reads a file (``skak engine``,
# ``skak standings --trf F``) needs none of their modules, whose classes took milliseconds
# to make on every start; the type hints (cattrs reads them to store a tournament) find each
# module through skak.model, which imports it when it is first named
# (:func:`skak.model.__getattr__`).
import skak
from skak.errors import InputError, NotFoundError
from skak.lazy import names_later
from skak.messages import N_, N_plural
from skak.model.player import MAX_ROUNDS, Player, clean_text
from skak.model.results import (
    PLAYOFF_RESULTS,
    Colour,
    Result,
    Scoring,
    check_gladiator_games,
)

if TYPE_CHECKING:
    import skak.model.attached_games
    import skak.model.bans
    import skak.model.changes
    import skak.model.prizes
    import skak.model.records
    from skak.model.attached_games import GameRecord
    from skak.model.bans import GroupBan, GroupKey, PairingBan

__all__ = [
    "ROUND_ROBIN_SYSTEMS",
    "Bye",
    "GameRecord",
    "GroupBan",
    "GroupKey",
    "Pairing",
    "PairingBan",
    "RatedKind",
    "Round",
    "SettingValue",
    "Tournament",
    "is_round_robin",
]

SettingValue = str | int | bool
T = TypeVar("T")


class RatedKind(enum.Enum):
    """Which rating the tournament counts for: standard (langsom), rapid (hurtig), blitz (lyn)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"

    def __repr__(self) -> str:
        return f"RatedKind.{self.name}"

    @property
    def dsu_rating_field(self) -> str:
        return {"standard": "dsu", "rapid": "dsu_rapid", "blitz": "dsu_blitz"}[self.value]


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of a round (bræt): white against black, or a pairing-allocated bye.

    A bye has ``black=None`` and the result ``Result.PAIRING_BYE``; ``result`` is ``None``
    while a game has no result yet. ``unrated`` marks a game that counts for the score but
    not for rating, as FIDE's codes W/D/L do for a game that lasted less than one move.
    """

    board: int
    white: int
    black: int | None
    result: Result | None = None
    unrated: bool = False
    #: The result was corrected after round ``corrected_after`` (a later round) had been
    #: paired: rounds up to it were paired on the old result (``skak engine --check`` names
    #: this as the reason when its re-pairing differs).
    corrected_after: int | None = None
    #: Under Gladiator scoring (DSU 4.9.8) the round's games after the first, in order: the
    #: other ordinary games when a round has several, then the play-off (the replay with
    #: reversed colours, then blitz games), colours alternating; each result from that game's
    #: white side (see :func:`~skak.model.results.playoff_colour`). The tournament checks
    #: them against its scoring (:func:`~skak.model.results.check_gladiator_games`).
    playoff: tuple[Result, ...] = ()

    def __post_init__(self) -> None:
        if self.board < 1:
            raise InputError(f"board number must be 1 or more, not {self.board}")
        if self.black is None:
            if self.result is not Result.PAIRING_BYE:
                raise InputError(f"board {self.board}: a bye must have the result 'bye'")
        else:
            if self.white == self.black:
                raise InputError(f"board {self.board}: player {self.white} cannot meet himself")
            if self.result is not None and not self.result.is_game:
                raise InputError(
                    f"board {self.board}: {self.result.label} is not a result of a game"
                )
        if self.playoff:
            self._check_playoff()
        if self.unrated and self.result not in (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN):
            raise InputError(
                f"board {self.board}: only a won, drawn or lost game can be marked unrated"
            )

    def _check_playoff(self) -> None:
        """What holds under every variant of 4.9.8; the tournament checks the rest."""
        if self.result not in PLAYOFF_RESULTS:
            raise InputError(
                f"board {self.board}: only a game played over the board is followed by "
                "others (Gladiator, 4.9.8), not "
                f"{self.result.label if self.result else 'a game without result'}"
            )
        for i, r in enumerate(self.playoff, start=1):
            if r not in PLAYOFF_RESULTS:
                raise InputError(
                    f"board {self.board}: game {i + 1} of the round (play-off or ordinary) "
                    f"must be won, drawn or lost, not {r.label}"
                )

    @property
    def is_bye(self) -> bool:
        return self.black is None

    @property
    def players(self) -> tuple[int, ...]:
        return (self.white,) if self.black is None else (self.white, self.black)


_DECLARED = (Result.FULL_BYE, Result.HALF_BYE, Result.ZERO_BYE, Result.ABSENT)


@dataclass(frozen=True, slots=True)
class Bye:
    """A player who is not paired in a round by request or absence (not a board)."""

    player: int
    result: Result

    def __post_init__(self) -> None:
        if self.result not in _DECLARED:
            raise InputError(
                f"player {self.player}: an unpaired round entry must be a full-, half- or "
                f"zero-point bye or an absence, not {self.result.label}"
            )


class CheckedText(tuple[str, ...]):
    """Lines of text already checked (:func:`~skak.model.player.clean_text`): a round copied
    with a new result keeps its explanation without reading it again, character by character,
    on every result of a replay. Equal to, and written as, the plain tuple of its lines."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Round:
    """One round (runde): its boards, the unpaired players, and why it was paired so.

    The explanation is text for the arbiter, free to be reworded; what the pairing system must
    remember for later rounds is in ``record`` (:mod:`skak.model.records`).
    """

    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[Bye, ...] = ()
    explanation: tuple[str, ...] = ()
    record: skak.model.records.SystemRecord | None = None

    def __post_init__(self) -> None:
        if self.record is not None:
            from skak.model.records import RECORD_TYPES  # only for a system that keeps one

            if not isinstance(self.record, RECORD_TYPES):
                raise InputError(
                    f"round {self.number}: {self.record!r} is no pairing system record"
                )
        if type(self.explanation) is not CheckedText:  # checked once, when it is made
            for line in self.explanation:
                clean_text(
                    line.replace("\n", " ").replace("\t", " "),
                    f"round {self.number} explanation",
                    limit=None,
                )
            object.__setattr__(self, "explanation", CheckedText(self.explanation))
        if list(self.byes) != sorted(self.byes, key=lambda b: b.player):
            object.__setattr__(self, "byes", tuple(sorted(self.byes, key=lambda b: b.player)))

    def board(self, board: int) -> Pairing:
        """:raises NotFoundError: when the round has no such board.
        :raises InputError: when ``board`` is no board number (below 1)."""
        if board < 1:
            raise InputError(
                N_("board {board} is not a board number (boards count from 1)", board=board)
            )
        if 1 <= board <= len(self.pairings) and self.pairings[board - 1].board == board:
            return self.pairings[board - 1]
        for p in self.pairings:
            if p.board == board:
                return p
        raise NotFoundError(
            N_(
                "round {round} has no board {board} (it has boards 1–{boards})",
                round=self.number,
                board=board,
                boards=len(self.pairings),
            )
        )

    @property
    def is_complete(self) -> bool:
        """True when every board has a result other than unfinished."""
        return all(
            p.result is not None and p.result is not Result.UNFINISHED for p in self.pairings
        )

    @property
    def pending_boards(self) -> tuple[int, ...]:
        return tuple(p.board for p in self.pairings if p.result is None)

    @property
    def unfinished_boards(self) -> tuple[int, ...]:
        return tuple(p.board for p in self.pairings if p.result is Result.UNFINISHED)

    def with_result(self, board: int, result: Result, playoff: tuple[Result, ...] = ()) -> Round:
        old = self.board(board)
        new = replace(old, result=result, playoff=playoff)
        pairings = tuple(new if p.board == board else p for p in self.pairings)
        return replace(self, pairings=pairings)


@dataclass(frozen=True)
class Tournament:
    """A tournament's settings, its players and its rounds so far."""

    name: str
    pairing_system: str
    number_of_rounds: int | None = None
    place: str | None = None
    start_date: date | None = None
    end_date: date | None = None
    rated_kind: RatedKind = RatedKind.STANDARD
    #: Whether the tournament counts for DSU rating (ratingberettiget); its standings then
    #: show each player's rating change once every round is played.
    rated: bool = True
    time_control: str | None = None
    pairing_settings: tuple[tuple[str, SettingValue], ...] = ()
    tiebreaks: tuple[str, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    #: The colour the top-ranked player paired in round 1 gets (TRF ``XXC``/``152``), when
    #: the arbiter drew it before round 1; ``None``: the pairing system decides.
    initial_colour: Colour | None = None
    bans: tuple[skak.model.bans.PairingBan, ...] = ()
    #: Lines of an imported file that skak does not interpret (e.g. a TRF's chief arbiter or
    #: team records), kept in their order so an export gives them back unchanged.
    imported_records: tuple[str, ...] = ()
    #: The games attached to boards (``skak game``), in round and board order.
    games: tuple[skak.model.attached_games.GameRecord, ...] = ()
    #: The tournament's arbiters (dommere), the chief arbiter first: §6's report names them.
    arbiters: tuple[str, ...] = ()
    #: Clubmates (or compatriots) not to be paired, in the rounds given (``skak players
    #: forbid --same-club``); read with :attr:`bans` by :meth:`pairing_bans`.
    group_bans: tuple[skak.model.bans.GroupBan, ...] = ()
    #: The players checked in (tjekket ind) for the next round (``skak checkin``); emptied
    #: when it is paired.
    checked_in: frozenset[int] = frozenset()
    #: Whether the check-in for the next round is closed (the players not checked in were
    #: marked absent); opened again when it is paired.
    checkin_closed: bool = False
    #: The prizes declared (``skak prizes set``); ``None``: none declared.
    prizes: skak.model.prizes.Prizes | None = None
    #: Whether the tournament is deleted (``skak delete``): it leaves the lists and its
    #: pages, its events stay (a backup keeps them, ``skak undelete`` brings it back).
    deleted: bool = False
    #: FIDE mode (``fide-mode``): only the choices FIDE's rules define are allowed — the
    #: pairing system and its options, C.07's tie-breaks, FIDE's scoring and byes
    #: (:mod:`skak.records.tournament.settings`); leaving it is recorded in the TRF export.
    fide_mode: bool = False
    #: The changes an imported TRF file recorded in its ``###`` lines (made before the
    #: file was written, by skak or another program); written back first on export,
    #: before the changes made since.
    imported_changes: tuple[skak.model.changes.ChangeNote, ...] = ()
    #: Who holds the tournament (arrangør): a club, a union's district, the federation; the
    #: list of tournaments finds a club's own by it.
    organiser: str | None = None

    def __post_init__(self) -> None:
        for name in ("name", "place", "time_control", "organiser"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, clean_text(value, f"tournament {name}"))
        if not self.name:
            raise InputError("the tournament needs a name")
        if self.number_of_rounds is not None and not 1 <= self.number_of_rounds <= MAX_ROUNDS:
            raise InputError(
                f"number of rounds must be 1–{MAX_ROUNDS}, not {self.number_of_rounds}"
            )
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise InputError(
                f"the tournament ends ({self.end_date}) before it starts ({self.start_date})"
            )
        for code in self.tiebreaks:
            if not isinstance(code, str) or not re.fullmatch(r"[^\s,]+", code):
                raise InputError(f"tie-break code {code!r} must be one word, like BH/C1")
        for k, v in self.pairing_settings:
            if not isinstance(k, str) or not isinstance(v, str | int | bool):
                raise InputError(f"pairing setting {k!r}={v!r} must be text, a number or yes/no")
            if type(v) is int and abs(v) >= 10**12:
                raise InputError(f"pairing setting {k!r}: {v} is too large a number")
            if isinstance(v, str):
                clean_text(v, f"pairing setting {k!r}")
        keys = [k for k, _ in self.pairing_settings]
        if len(set(keys)) != len(keys):
            raise InputError(f"pairing settings name a key twice: {keys}")
        if keys != sorted(keys):
            object.__setattr__(self, "pairing_settings", tuple(sorted(self.pairing_settings)))
        boards = [(g.round, g.board) for g in self.games]
        if len(set(boards)) != len(boards):
            raise InputError("a board has one game; two are attached to the same board")
        if boards != sorted(boards):
            object.__setattr__(
                self, "games", tuple(sorted(self.games, key=lambda g: (g.round, g.board)))
            )
        if self.scoring.gladiator:
            for rnd in self.rounds:
                for p in rnd.pairings:
                    if p.playoff:
                        try:
                            check_gladiator_games(p.result, p.playoff, self.scoring)
                        except InputError as err:
                            raise InputError(f"round {rnd.number} board {p.board}: {err}") from None

    def setting(self, key: str, default: SettingValue) -> SettingValue:
        """A pairing-system setting as stored, or ``default`` when the tournament does not set
        it. Pairing systems read their settings typed and checked instead
        (:meth:`skak.pairing.PairingSystem.settings`)."""
        for k, v in self.pairing_settings:
            if k == key:
                return v
        return default

    @property
    def settings(self) -> Mapping[str, SettingValue]:
        return dict(self.pairing_settings)

    def pairing_bans(self) -> tuple[PairingBan, ...]:
        """Every pairing ban: those declared pair by pair (or read from a TRF file), then
        each :class:`GroupBan` as one ban per club (federation) with two or more players,
        over the rule's rounds."""
        out = list(self.bans)
        if not self.group_bans:
            return tuple(out)
        from skak.model.bans import PairingBan

        for rule in self.group_bans:
            out += [
                PairingBan(players, rule.first_round, rule.last_round)
                for players in rule.groups(self.players).values()
            ]
        return tuple(out)

    @cached_property
    def _by_number(self) -> dict[int, Player]:
        return {p.start_number: p for p in self.players}

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """A value derived from this (immutable) tournament, computed once per instance.

        Derived views such as each player's entries (:mod:`skak.model.games`) are asked for
        many times while pairing; a changed tournament is a new instance with a fresh memo.
        """
        cache: dict[str, Any] = self.__dict__.setdefault("_memo", {})
        if key not in cache:
            cache[key] = make()
        value: T = cache[key]
        return value

    def player(self, start_number: int) -> Player:
        """:raises NotFoundError: when no player has this start number."""
        try:
            return self._by_number[start_number]
        except KeyError:
            raise NotFoundError(
                N_("no player has start number (startnummer) {number}", number=start_number)
            ) from None

    def has_player(self, start_number: int) -> bool:
        return start_number in self._by_number

    def round(self, number: int) -> Round:
        """:raises NotFoundError: when the round has not been paired.
        :raises InputError: when ``number`` is no round number (below 1)."""
        if number < 1:
            raise InputError(
                N_("round {round} is not a round number (rounds count from 1)", round=number)
            )
        if 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        if not self.rounds:
            raise NotFoundError(
                N_("round {round} does not exist: no round has been paired yet", round=number)
            )
        raise NotFoundError(
            N_plural(
                "round {round} does not exist: only round 1 has been paired",
                "round {round} does not exist: rounds 1–{n} have been paired",
                len(self.rounds),
                round=number,
            )
        )

    def game(self, round_number: int, board: int) -> GameRecord | None:
        """The game attached to a board, if any."""
        for g in self.games:
            if (g.round, g.board) == (round_number, board):
                return g
        return None

    @property
    def current_round(self) -> int:
        """The number of the last paired round (0 before the first pairing)."""
        return len(self.rounds)

    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1


#: Pairing systems whose pairings are fixed in advance (C.07 Art. 15.2: pre-determined):
#: the round robins (alle-mod-alle).
ROUND_ROBIN_SYSTEMS = frozenset({"berger", "dsu-rr", "round-robin", "varma"})


def is_round_robin(tournament: Tournament, round_robin: bool | None = None) -> bool:
    """Whether the tournament is read as a round robin (alle-mod-alle): ``round_robin`` when
    the arbiter says so (``--round-robin``/``--swiss``, e.g. for a TRF file that names no
    system), else whether its pairing system pre-determines the pairings.

    The one place that decides it: for the crosstable, DSU §16 and §24's defaults, and
    4.7.2's exception for unrated players in a round robin (FIDE rating).
    """
    if round_robin is not None:
        return round_robin
    name = tournament.pairing_system.lower()
    return name in ROUND_ROBIN_SYSTEMS or "robin" in name or "berger" in name


#: The classes kept in their own modules, by the names this module gives them too.
_ELSEWHERE = {
    "GameRecord": "skak.model.attached_games",
    "GroupBan": "skak.model.bans",
    "GroupKey": "skak.model.bans",
    "PairingBan": "skak.model.bans",
}

if not TYPE_CHECKING:
    __getattr__ = names_later(__name__, _ELSEWHERE)
