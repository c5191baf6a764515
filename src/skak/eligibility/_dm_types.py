"""What a DM selection reads and answers (§31–40; see :mod:`skak.eligibility.dm`): the
players of the rating list, the applications, last year's results, the candidate results,
the settings for what the text leaves open, and each class with the rule that placed each
player."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from skak.eligibility.ages import Birth
from skak.eligibility.editions import Edition
from skak.errors import InputError
from skak.model.player import Sex

__all__ = [
    "Application",
    "CandidateResultAt",
    "DmClass",
    "DmPlayer",
    "DmRequest",
    "DmSelection",
    "DmSettings",
    "LastYear",
    "Placed",
]


@dataclass(frozen=True, slots=True)
class DmPlayer:
    """A player of the rating list: ``rating`` his DSU rating at the deadline (§34),
    ``federation`` his FIDE federation (§36), ``rated_games`` his rated games since last
    year's DM (§36's tie rule)."""

    member: int
    name: str
    rating: int | None
    federation: str | None = None
    birth: Birth | None = None
    sex: Sex | None = None
    rated_games: int | None = None
    club: str | None = None


@dataclass(frozen=True, slots=True)
class Application:
    """An application (tilmelding): when it came (``None``: in time), whether the player
    asks for the veteran class (§34, §38), and where it was read (for messages)."""

    member: int
    day: date | None = None
    veteran: bool = False
    where: str = ""


@dataclass(frozen=True, slots=True)
class LastYear:
    """Last year's DM: the winners of the landsholdsklasse and the kandidatklasse, the
    landsholdsklasse's players, the junior champion (juniordanmarksmester); and who has
    played the veteran class in any year (§38)."""

    landshold_winner: int | None = None
    kandidat_winner: int | None = None
    landshold: frozenset[int] = frozenset()
    junior_champion: int | None = None
    veterans: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class CandidateResultAt:
    """A candidate result (§26) reached in ``tournament``, dated by its last day."""

    member: int
    day: date
    tournament: str = ""


@dataclass(frozen=True, slots=True)
class DmSettings:
    """The classes' sizes as written, and the choices the text leaves open."""

    #: §36: the landsholdsklasse's players.
    landshold_size: int = 10
    #: §37: the kandidatklasse's least number of players.
    kandidat_minimum: int = 8
    #: §37 (3): the junior places.
    junior_places: int = 8
    #: How many of the next in line to list as the kandidatklasse's reserves.
    kandidat_reserves: int = 4
    #: §34/§38: only those who ask are placed in the veteran class (``False``: also every
    #: entitled player left for the other groups, §34 read literally).
    veteran_by_choice: bool = True
    #: The seed of the lot that decides a tie the rated games do not; default ``DM <year>``.
    lot_seed: str | None = None

    def __post_init__(self) -> None:
        for name in ("landshold_size", "kandidat_minimum", "junior_places"):
            if getattr(self, name) < 1:
                raise InputError(f"setting {name} must be at least 1")
        if self.kandidat_reserves < 0:
            raise InputError("setting kandidat_reserves must be 0 or more")


@dataclass(frozen=True, slots=True)
class DmRequest:
    """Everything a selection reads (see :mod:`skak.io.dm_json` for the file)."""

    year: int
    first_round: date
    players: tuple[DmPlayer, ...]
    applications: tuple[Application, ...]
    last_year: LastYear = field(default_factory=LastYear)
    candidate_results: tuple[CandidateResultAt, ...] = ()
    #: §37 (4): players qualified by the organisers' rules under §39, in their order.
    qualified: tuple[int, ...] = ()
    #: §37 (8): the organisers' wildcard (approved by FU).
    wildcard: int | None = None
    #: The other groups' sizes, top group first (§39, §65's rating order); none: one group.
    groups: tuple[int, ...] = ()
    #: §33's deadline when not the edition's (5 or 3 weeks before Easter Monday).
    deadline: date | None = None
    edition: Edition | None = None
    settings: DmSettings = field(default_factory=DmSettings)
    source: str = ""


@dataclass(frozen=True, slots=True)
class Placed:
    """A player in a class (or refused): the rule that placed him and why, in words."""

    member: int
    name: str
    rating: int | None
    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class DmClass:
    """One class: its players in the order they were placed, the places no one is entitled
    to fill (``free_places``), the reserves in the order they come in, and notes."""

    name: str
    paragraph: str
    places: int | None
    players: tuple[Placed, ...]
    free_places: int = 0
    reserves: tuple[Placed, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DmSelection:
    """The DM's classes: the edition and the dates they were decided by, each class, and
    the applications refused (§33)."""

    year: int
    edition: str
    deadline: date
    previous_deadline: date
    first_round: date
    classes: tuple[DmClass, ...]
    refused: tuple[Placed, ...] = ()
