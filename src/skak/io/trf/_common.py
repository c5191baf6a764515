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
``SKR rrr {…}``      a round's board order, unfinished games and the pairing explanation
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from skak.model.player import Title
from skak.model.tournament import Pairing

__all__ = [
    "BLOCK",
    "CANONICAL_CODES",
    "FIRST_BLOCK",
    "TITLE_CODES",
    "TrfVersion",
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


def default_board_order(pairings: Iterable[Pairing]) -> list[Pairing]:
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
