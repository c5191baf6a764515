"""Players (spillere): identity, ratings and participation status."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import date

from skak.errors import InputError

__all__ = ["Player", "Ratings", "Sex", "Title"]


class Sex(enum.Enum):
    """Sex as FIDE records it (TRF column 10: ``m`` / ``w``)."""

    MALE = "m"
    FEMALE = "w"

    def __repr__(self) -> str:
        return f"Sex.{self.name}"


class Title(enum.Enum):
    """FIDE titles, strongest first."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    FM = "FM"
    WIM = "WIM"
    CM = "CM"
    WFM = "WFM"
    WCM = "WCM"

    def __repr__(self) -> str:
        return f"Title.{self.name}"

    @classmethod
    def parse(cls, text: str) -> Title:
        """:raises InputError: when the text is no FIDE title."""
        try:
            return cls(text.strip().upper())
        except ValueError:
            known = ", ".join(t.value for t in cls)
            raise InputError(f"unknown title {text!r}; use one of {known}") from None


@dataclass(frozen=True, slots=True)
class Ratings:
    """A player's ratings (ratingtal); ``None`` where the player has none."""

    dsu: int | None = None
    dsu_rapid: int | None = None
    dsu_blitz: int | None = None
    fide: int | None = None

    def __post_init__(self) -> None:
        for name in ("dsu", "dsu_rapid", "dsu_blitz", "fide"):
            value = getattr(self, name)
            if value is not None and not 0 < value < 4000:
                raise InputError(f"rating {name}={value} is outside 1–3999")


@dataclass(frozen=True, slots=True)
class Player:
    """One participant (deltager), identified within the tournament by ``start_number``.

    ``withdrawn_from`` is the first round the player no longer plays (udgået fra runde N);
    ``late_from`` is the first round of a late entry (sen tilmelding); ``absent_rounds`` are
    rounds announced in advance as missed.
    """

    start_number: int
    name: str
    sex: Sex | None = None
    birth_date: date | None = None
    club: str | None = None
    federation: str | None = None
    dsu_id: int | None = None
    fide_id: int | None = None
    title: Title | None = None
    ratings: Ratings = field(default_factory=Ratings)
    withdrawn_from: int | None = None
    late_from: int | None = None
    absent_rounds: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        where = f"player {self.start_number}"
        if self.start_number < 1:
            raise InputError(
                f"start number (startnummer) must be 1 or more, not {self.start_number}"
            )
        if not self.name.strip():
            raise InputError(f"{where}: the name is empty")
        if any(ord(c) < 32 for c in self.name):
            raise InputError(f"{where}: the name {self.name!r} holds control characters")
        for name in ("dsu_id", "fide_id"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise InputError(f"{where}: {name} must be a positive number, not {value}")
        if self.federation is not None and not (
            len(self.federation) == 3 and self.federation.isalpha() and self.federation.isupper()
        ):
            raise InputError(
                f"{where}: federation {self.federation!r} is not a three-letter FIDE code like DEN"
            )
        for name in ("withdrawn_from", "late_from"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise InputError(f"{where}: {name} must be a round number, not {value}")
        if any(r < 1 for r in self.absent_rounds):
            raise InputError(f"{where}: absent rounds must be round numbers")
        if not isinstance(self.absent_rounds, frozenset):
            object.__setattr__(self, "absent_rounds", frozenset(self.absent_rounds))

    @property
    def last_name(self) -> str:
        return self.name.split(",", 1)[0].strip()

    @property
    def first_name(self) -> str:
        parts = self.name.split(",", 1)
        return parts[1].strip() if len(parts) == 2 else ""

    def is_withdrawn(self, round_number: int) -> bool:
        return self.withdrawn_from is not None and round_number >= self.withdrawn_from

    def is_available(self, round_number: int) -> bool:
        """Whether the player is to be paired in ``round_number``."""
        if self.is_withdrawn(round_number):
            return False
        if self.late_from is not None and round_number < self.late_from:
            return False
        return round_number not in self.absent_rounds

    def rating(self, kind: str = "dsu") -> int | None:
        """The rating of ``kind`` (``dsu``, ``dsu_rapid``, ``dsu_blitz``, ``fide``)."""
        value: int | None = getattr(self.ratings, kind)
        return value
