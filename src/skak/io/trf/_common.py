"""What the TRF reader and writer share: codes, columns and skak's extension records.

FIDE's Tournament Report File (TRF16, and TRF-2026 which keeps the same ``001`` layout):
columns are 1-based and count characters. The round blocks of a ``001`` line start at column
92, ten columns each: opponent (92–95), colour (97), result (99).

skak writes three extension records of its own, ignored by other programs as unknown lines
(bbpPairings and JaVaFo skip records they do not know). Each carries a JSON object:

``SKT {…}``          the tournament's settings no FIDE record holds (pairing system and its
                     settings, rated kind, exact scoring, tie-breaks in TRF16)
``SKP nnnn {…}``     a player's data no ``001`` field holds (club, DSU ratings and number,
                     withdrawal, late entry, byes declared for later rounds, a long name)
``SKR rrr {…}``      a round's board order, unfinished games, the pairing explanation and
                     what the pairing system recorded (``record``: the knock-out's draw,
                     Dansk Schweizer's start order)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from skak.model.player import Title
from skak.model.results import Scoring

__all__ = [
    "BLOCK",
    "CANONICAL_CODES",
    "FIRST_BLOCK",
    "TITLE_CODES",
    "XXS_CODES",
    "TrfVersion",
    "declared_scoring",
    "default_board_order",
]

#: Column (0-based index) where the first round block starts, and the width of a block.
FIRST_BLOCK = 91
BLOCK = 10


class TrfVersion(enum.Enum):
    """Which edition of the TRF to write."""

    TRF16 = "trf16"
    TRF26 = "trf26"


#: Titles as TRF files write them: FIDE's codes and the one-letter forms of older files.
TITLE_CODES: dict[str, Title] = {
    **{t.value: t for t in Title},
    "G": Title.GM,
    "M": Title.IM,
    "F": Title.FM,
    "C": Title.CM,
    "WG": Title.WGM,
    "WM": Title.WIM,
    "WF": Title.WFM,
    "WC": Title.WCM,
}


class Board(Protocol):
    """A board's two players (a :class:`~skak.model.Pairing`, or a game as the reader
    first reads it)."""

    @property
    def white(self) -> int: ...

    @property
    def black(self) -> int | None: ...


B = TypeVar("B", bound=Board)


def default_board_order(pairings: Iterable[B]) -> list[B]:
    """The board order a TRF implies when it does not say: games by their lower start
    number, the pairing-allocated bye last."""
    return sorted(pairings, key=lambda p: (p.black is None, min(p.white, p.black or p.white)))


#: The record-192 code skak writes for each system (TRF-2026 code table); other codes read
#: from a file are kept as they were written.
CANONICAL_CODES = {
    "FIDE_ROUNDROBIN": ("berger", 1),
    "FIDE_DOUBLEROUNDROBIN": ("berger", 2),
    "FIDE_DUTCH_2025": ("dutch", 1),
    "FIDE_DUBOV": ("dubov", 1),
    "FIDE_BURSTEIN": ("burstein", 1),
}


#: JaVaFo's ``XXS CODE=POINTS`` codes and the :class:`~skak.model.Scoring` fields each sets.
XXS_CODES: dict[str, tuple[str, ...]] = {
    "WW": ("win",),
    "BW": ("win",),
    "WD": ("draw",),
    "BD": ("draw",),
    "WL": ("loss",),
    "BL": ("loss",),
    "ZPB": ("zero_bye",),
    "HPB": ("half_bye",),
    "FPB": ("full_bye",),
    "PAB": ("pairing_bye",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
}

#: Each entry of FIDE's scoring records (TRF-2026 ``162``, bbpPairings' ``BB?``, JaVaFo's
#: ``XXS``), keyed as the reader collects them, and the fields it sets.
_SCORING_ENTRIES: dict[str, tuple[str, ...]] = {
    "162W": ("win", "forfeit_win", "full_bye"),
    "162D": ("draw", "half_bye"),
    "162L": ("loss",),
    "162A": ("zero_bye", "forfeit_loss"),
    "BBW": ("win", "forfeit_win", "full_bye"),
    "BBD": ("draw", "half_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_bye",),
    "BBF": ("forfeit_loss",),
    **{"XXS" + code: fields for code, fields in XXS_CODES.items()},
}


def declared_scoring(found: Mapping[str, Fraction | None], *, gladiator: bool = False) -> Scoring:
    """The scoring a file's own scoring records declare (``found``: ``"BBW"``, ``"162D"``,
    ``"XXSFW"``, … in file order, later entries overriding earlier ones); the pairing-allocated
    bye scores ``XXS PAB``, ``162 P`` or ``BBU``, else a win. What the reader takes from a
    file without skak's ``SKT`` record, and what the writer's plain files add up to.

    :raises InputError: for negative points.
    """
    values: dict[str, Fraction] = {}
    for key, value in found.items():
        if value is not None and key in _SCORING_ENTRIES:
            values.update(dict.fromkeys(_SCORING_ENTRIES[key], value))
    pab = found.get("XXSPAB", found.get("162P", found.get("BBU")))
    values["pairing_bye"] = pab if pab is not None else values.get("win", Fraction(1))
    return Scoring(**dict[str, Any](values), gladiator=gladiator)
