"""Players (spillere): identity, ratings and participation status."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from skak.errors import InputError
from skak.messages import N_
from skak.model.results import Result

__all__ = [
    "MAX_ROUNDS",
    "MAX_START_NUMBER",
    "RATING_NAMES",
    "TEXT_LENGTH",
    "Player",
    "Ratings",
    "Sex",
    "Title",
    "clean_text",
    "fold_name",
]

#: The longest name, club, place or time control skak keeps (the database's name column).
TEXT_LENGTH = 200
#: The highest start number: four digits, as a TRF file writes it.
MAX_START_NUMBER = 9999
#: The highest round number skak accepts anywhere (a tournament's rounds, an absence).
MAX_ROUNDS = 999


def clean_text(value: str, what: str, limit: int | None = TEXT_LENGTH) -> str:
    """``value`` without surrounding spaces.

    :raises InputError: when it holds control characters (a line break in a name would break
        every file format skak writes), or is longer than ``limit`` characters.
    """
    if limit is not None and len(value.strip()) > limit:
        raise InputError(
            f"{what} is {len(value.strip())} characters long; at most {limit} are allowed"
        )
    if _CONTROL.search(value) or (not value.isascii() and _surrogate(value)):
        raise InputError(f"{what} {value!r} holds control characters")
    return value.strip()


#: A control character: below 32, or DEL.
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _surrogate(value: str) -> bool:
    """Whether ``value`` holds a lone surrogate (no character of any file): the one kind of
    code point UTF-8 cannot encode. (A pattern of the surrogates beside the control
    characters took a millisecond to compile, on every start.)"""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _clean(value: object) -> bool:
    """Whether ``value`` is text :func:`clean_text` would return unchanged (with the
    default limit): no surrounding spaces, not too long, no control characters, no lone
    surrogate."""
    return (
        type(value) is str
        and len(value) <= TEXT_LENGTH
        and value.strip() == value
        and _CONTROL.search(value) is None
        and (value.isascii() or not _surrogate(value))
    )


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


#: Each kind of rating (a field of :class:`Ratings`) by the name an arbiter knows it by.
RATING_NAMES: dict[str, str] = {
    "dsu": N_("DSU rating"),
    "dsu_rapid": N_("DSU rapid rating"),
    "dsu_blitz": N_("DSU blitz rating"),
    "fide": N_("FIDE rating"),
}


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
                raise InputError(
                    N_("{rating} {value} is outside 1–3999", rating=RATING_NAMES[name], value=value)
                )


#: A player's details as an error names them.
_WORDS = {
    "name": "the name",
    "club": "the club",
    "dsu_id": "the DSU member number",
    "fide_id": "the FIDE ID",
    "withdrawn_from": "the round of withdrawal (udgået fra runde)",
    "late_from": "the first round of a late entry (sen tilmelding)",
    "absent_rounds": "the rounds of absence",
    "half_bye_rounds": "the rounds of a half-point bye (halvpoint-bye)",
    "full_bye_rounds": "the rounds of a full-point bye (helpoint-bye)",
}


@dataclass(frozen=True, slots=True)
class Player:
    """One participant (deltager), identified within the tournament by ``start_number``.

    ``withdrawn_from`` is the first round the player no longer plays (udgået fra runde N);
    ``late_from`` is the first round of a late entry (sen tilmelding); ``absent_rounds`` are
    rounds announced in advance as missed (a zero-point bye), ``half_bye_rounds`` and
    ``full_bye_rounds`` rounds for which a half- or full-point bye was granted in advance.
    ``birth_year`` holds the year of birth when the full date is not known.
    """

    start_number: int
    name: str
    sex: Sex | None = None
    birth_date: date | None = None
    birth_year: int | None = None
    club: str | None = None
    federation: str | None = None
    dsu_id: int | None = None
    fide_id: int | None = None
    title: Title | None = None
    ratings: Ratings = field(default_factory=Ratings)
    withdrawn_from: int | None = None
    late_from: int | None = None
    absent_rounds: frozenset[int] = frozenset()
    half_bye_rounds: frozenset[int] = frozenset()
    full_bye_rounds: frozenset[int] = frozenset()
    #: Fictitious points added for pairing in given rounds (acceleration, e.g. Baku):
    #: ``((round, points), …)``, TRF ``XXA``/``250``.
    accelerations: tuple[tuple[int, Fraction], ...] = ()

    def __post_init__(self) -> None:
        where = f"player {self.start_number}"
        for name in ("name", "club"):
            value = getattr(self, name)
            if value is not None and not _clean(value):
                object.__setattr__(self, name, clean_text(value, f"{where}: {_WORDS[name]}"))
        if not 1 <= self.start_number <= MAX_START_NUMBER:
            raise InputError(
                f"start number (startnummer) must be 1–{MAX_START_NUMBER}, not {self.start_number}"
            )
        if not self.name.strip():
            raise InputError(f"{where}: the name is empty")
        for name, top in (("dsu_id", 10**11 - 1), ("fide_id", 10**11 - 1)):
            value = getattr(self, name)
            if value is not None and not 1 <= value <= top:
                raise InputError(
                    f"{where}: {_WORDS[name]} must be a positive number of at most 11 digits"
                )
        year = self.birth_date.year if self.birth_date else self.birth_year
        if year is not None and not 1000 <= year <= 9999:
            raise InputError(f"{where}: year of birth {year} is not a four-digit year")
        if self.federation is not None and not re.fullmatch("[A-Z]{3}", self.federation):
            raise InputError(
                f"{where}: federation {self.federation!r} is not a three-letter FIDE code like DEN"
            )
        for name in ("withdrawn_from", "late_from"):
            value = getattr(self, name)
            if value is not None and not 1 <= value <= MAX_ROUNDS:
                raise InputError(f"{where}: {_WORDS[name]} must be a round number, not {value}")
        declared = ("absent_rounds", "half_bye_rounds", "full_bye_rounds")
        absent, half, full = self.absent_rounds, self.half_bye_rounds, self.full_bye_rounds
        if (
            absent or half or full or not (type(absent) is type(half) is type(full) is frozenset)
        ):  # (a player without any, as sets already, has nothing to check)
            for name in declared:
                rounds = getattr(self, name)
                if not isinstance(rounds, frozenset):
                    object.__setattr__(self, name, frozenset(rounds))
                if any(not 1 <= r <= MAX_ROUNDS for r in rounds):
                    raise InputError(
                        f"{where}: {_WORDS[name]} must be round numbers 1–{MAX_ROUNDS}"
                    )
            overlap = (
                (self.absent_rounds & self.half_bye_rounds)
                | (self.absent_rounds & self.full_bye_rounds)
                | (self.half_bye_rounds & self.full_bye_rounds)
            )
            if overlap:
                raise InputError(
                    f"{where}: round {min(overlap)} has two kinds of bye or absence declared"
                )
        if self.accelerations:
            if any(r < 1 or pts < 0 for r, pts in self.accelerations) or len(
                {r for r, _ in self.accelerations}
            ) != len(self.accelerations):
                raise InputError(
                    f"{where}: accelerations must name each round once, with points ≥ 0"
                )
            if list(self.accelerations) != sorted(self.accelerations):
                object.__setattr__(self, "accelerations", tuple(sorted(self.accelerations)))
        if self.birth_year is not None and self.birth_date is not None:
            raise InputError(f"{where}: give the birth date or the birth year, not both")

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
        return self.declared_bye(round_number) is None

    def declared_bye(self, round_number: int) -> Result | None:
        """The bye or absence declared in advance for ``round_number``, if any."""
        if round_number in self.absent_rounds:
            return Result.ZERO_BYE
        if round_number in self.half_bye_rounds:
            return Result.HALF_BYE
        if round_number in self.full_bye_rounds:
            return Result.FULL_BYE
        return None

    @property
    def year_of_birth(self) -> int | None:
        return self.birth_date.year if self.birth_date else self.birth_year

    def rating(self, kind: str = "dsu") -> int | None:
        """The rating of ``kind`` (``dsu``, ``dsu_rapid``, ``dsu_blitz``, ``fide``)."""
        value: int | None = getattr(self.ratings, kind)
        return value


#: Danish letters and their spellings without them, as a name is typed on any keyboard.
_SPELLED = str.maketrans({"æ": "ae", "ø": "oe", "å": "aa", "ß": "ss"})


def fold_name(text: str) -> str:
    """``text`` as a search compares it: in any case, without accents, and with æ, ø, å, aa,
    oe and ae alike however they are spelled, so "soeren", "Søren" and "SOREN" are one
    ("søren" → "soren"; "Nørgård", "Noergaard" → "norgard").

    >>> fold_name("Nørgård-Ørum, Søren") == fold_name("noergaard-orum, soren")
    True
    """
    import unicodedata

    folded = text.casefold().translate(_SPELLED)
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c)
    )
    return plain.replace("aa", "a").replace("oe", "o").replace("ae", "a")
