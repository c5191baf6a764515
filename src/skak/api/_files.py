"""The API's work on files and values, with no database: a tournament's TRF text, a rating
calculation, FIDE ratings and candidate results from a JSON file, the DM's classes from
theirs, the junior team championship from its file, a TRF file read for the pairing engine,
and the words of a typed date, sex, setting or scoring. A command that needs no database
calls these, and imports no storage (``tests/test_startup.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datetime import date
    from pathlib import Path

    from skak.model.tournament import Tournament
    from skak.views import CandidateRow, CorrTimeView, FideView, JuniorView, RatingView
    from skak.views.eligibility import DmSelection

__all__ = [
    "candidates_from_file",
    "corr_time_from_file",
    "dm_selection_from_file",
    "fide_rating_from_file",
    "junior_from_file",
    "rating_from_file",
    "tournament_from_trf_bytes",
    "trf_text",
]


def trf_text(t: Tournament, *, trf26: bool = False, plain: bool = False) -> str:
    """The tournament as a FIDE TRF file (TRF16, or TRF-2026 with ``trf26``); ``plain``
    leaves out skak's own lines (for a rating report)."""
    from skak.io.trf import TrfVersion, write_trf

    version = TrfVersion.TRF26 if trf26 else TrfVersion.TRF16
    return write_trf(t, version=version, extensions=not plain)


def tournament_from_trf_bytes(data: bytes, name: str) -> Tournament:
    """The tournament a TRF file holds (``skak engine``: its rounds so far).

    :raises InputError: naming the file and line of what cannot be read.
    """
    from skak.io.trf import decode_trf, parse_trf

    return parse_trf(decode_trf(data), name).tournament


def rating_from_file(path: str | Path) -> RatingView:
    """``skak rating calc``: one tournament's DSU rating changes from its JSON file."""
    from pathlib import Path

    from skak.io.rating_json import read_calc_request
    from skak.views import rating_view

    players, games, data = read_calc_request(Path(path))
    return rating_view(players, games, data, location=str(path))


def fide_rating_from_file(path: str | Path) -> FideView:
    """``skak rating fide``: one tournament's FIDE rating changes from its JSON file."""
    from pathlib import Path

    from skak.io.rating_json import read_fide_request
    from skak.views import fide_view

    players, games, data = read_fide_request(Path(path))
    return fide_view(players, games, data, location=str(path))


def candidates_from_file(path: str | Path) -> tuple[CandidateRow, ...]:
    """``skak rating candidate``: who reached a candidate result (§26)."""
    from pathlib import Path

    from skak.io.rating_json import read_calc_request
    from skak.views import candidate_rows

    players, games, data = read_calc_request(Path(path))
    return candidate_rows(players, games, data)


def dm_selection_from_file(path: str | Path) -> DmSelection:
    """``skak dm select``: the DM's classes from the rating list and the applications."""
    from pathlib import Path

    from skak.io.dm_json import read_dm_request
    from skak.views.eligibility import dm_selection_view

    return dm_selection_view(read_dm_request(Path(path)))


def junior_from_file(path: str | Path) -> JuniorView:
    """``skak junior standings``: the junior team championship's standings (5.5 §4) and
    every round's composition problems (§6) from its file.

    :raises InputError: when the file cannot be read, naming it.
    """
    from skak.io.files import read_text
    from skak.io.junior_json import read_junior
    from skak.views import junior_view

    return junior_view(*read_junior(*read_text(path)))


def corr_time_from_file(path: str | Path, *, as_of: date | None = None) -> CorrTimeView:
    """``skak corr time``: a correspondence game's reflection time from its cards' file
    (6.3, 6.8.6); ``as_of`` counts the move to come."""
    from pathlib import Path

    from skak.io.correspondence_json import read_game
    from skak.views import corr_time_view

    return corr_time_view(read_game(Path(path)), location=str(path), as_of=as_of)
