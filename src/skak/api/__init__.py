"""The library API: every operation on a skak database, for the CLI, a server or a script.

The CLI is a thin layer over :class:`Skak` (as sqlite-utils' CLI is over its ``Database``)::

    >>> from skak.api import Skak
    >>> from skak.model import Tournament
    >>> s = Skak(":memory:", create=True)
    >>> s.tournaments.create(Tournament("Klubmesterskab 2026", "berger")).id
    1

Every change is a command (each record's ``commands`` module, e.g.
:mod:`skak.records.tournament.commands`): the record is read once, the command decided on it
outside any write transaction, and its
events appended under the version that was read (:mod:`skak.store`); when another writer
came first the command is decided again on the new state. On any error nothing is written.
A :class:`Skak` holds one engine and may serve many requests; who acts is given per call.

Each name is imported from its module when first asked for, so that a command which opens
no database (``skak engine``, reading a TRF file) does not import the storage (SQLAlchemy)
or the other records' rules: ``from skak.api import engine_pair`` imports the requests only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.lazy import names_later

if TYPE_CHECKING:  # for mypy the imports below define every name
    from skak.api._backup import BackupSummary
    from skak.api._files import (
        candidates_from_file,
        corr_time_from_file,
        dm_selection_from_file,
        fide_rating_from_file,
        junior_from_file,
        rating_from_file,
        tournament_from_trf_bytes,
        trf_text,
    )
    from skak.api._skak import Skak
    from skak.io.options import (
        parse_date,
        parse_round_range,
        parse_setting,
        parse_sex,
        scoring_from,
    )
    from skak.io.qr import qr_svg
    from skak.model.player import Player, Ratings, Sex, Title
    from skak.model.results import Result
    from skak.model.tournament import Pairing, RatedKind, Round, Tournament
    from skak.pairing.engine import pairs_text
    from skak.pairing.generator import MAX_SEED, random_seed
    from skak.pairing.statistics import TournamentStatistics, tournament_statistics
    from skak.rating.registry import TournamentApplied
    from skak.records.accounts.api import hash_password, password_matches
    from skak.records.accounts.roles import Grant, Role
    from skak.records.correspondence.api import CorrOutcome
    from skak.records.cup.api import CupOutcome
    from skak.records.league.api import LeagueOutcome
    from skak.records.tournament.api import (
        Outcome,
        PairPreview,
        TournamentRow,
        added,
        read_pgn_file,
    )
    from skak.records.tournament.events import describe
    from skak.records.tournament.history import HistoryLine, undo_notes, undo_target
    from skak.records.tournament.requests import (
        check_new_tournament,
        engine_check,
        engine_generate,
        engine_pair,
        new_tournament,
        one_player,
        players_from_bytes,
        players_from_csv,
        results_from_text,
    )
    from skak.records.tournament.trf_import import tournament_from_trf
    from skak.store.database import database_url
    from skak.store.marks import Marks

#: Where each name lives: its module is imported when the name is first asked for.
_MODULES: dict[str, tuple[str, ...]] = {
    "skak.records.accounts.api": ("hash_password", "password_matches"),
    "skak.records.accounts.roles": ("Grant", "Role"),
    "skak.api._backup": ("BackupSummary",),
    "skak.records.cup.api": ("CupOutcome",),
    "skak.api._files": (
        "candidates_from_file",
        "corr_time_from_file",
        "dm_selection_from_file",
        "fide_rating_from_file",
        "junior_from_file",
        "rating_from_file",
        "tournament_from_trf_bytes",
        "trf_text",
    ),
    "skak.api._skak": ("Skak",),
    # The words a user types for a date, a sex, a setting, a scoring (every face reads them so).
    "skak.io.options": (
        "parse_date",
        "parse_round_range",
        "parse_setting",
        "parse_sex",
        "scoring_from",
    ),
    # The QR code to a tournament's public pages (the hall screen, the prints).
    "skak.io.qr": ("qr_svg",),
    "skak.records.league.api": ("LeagueOutcome",),
    "skak.records.tournament.requests": (
        "check_new_tournament",
        "engine_check",
        "engine_generate",
        "engine_pair",
        "new_tournament",
        "one_player",
        "players_from_bytes",
        "players_from_csv",
        "results_from_text",
    ),
    "skak.records.tournament.trf_import": ("tournament_from_trf",),
    "skak.records.tournament.api": (
        "Outcome",
        "PairPreview",
        "TournamentRow",
        "added",
        "read_pgn_file",
    ),
    # The values the API takes and gives (a face names them; it imports no model itself).
    "skak.model.player": ("Player", "Ratings", "Sex", "Title"),
    "skak.model.results": ("Result",),
    "skak.model.tournament": ("Pairing", "RatedKind", "Round", "Tournament"),
    "skak.pairing.engine": ("pairs_text",),
    # The random tournament generator's seeds (``skak engine --generate --seed N``).
    "skak.pairing.generator": ("MAX_SEED", "random_seed"),
    # The pairing statistics of a file's rounds (``skak engine --stats``).
    "skak.pairing.statistics": ("TournamentStatistics", "tournament_statistics"),
    "skak.rating.registry": ("TournamentApplied",),
    "skak.records.correspondence.api": ("CorrOutcome",),
    "skak.store.database": ("database_url",),
    "skak.store.marks": ("Marks",),
    "skak.records.tournament.events": ("describe",),
    "skak.records.tournament.history": ("HistoryLine", "undo_notes", "undo_target"),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "MAX_SEED",
    "BackupSummary",
    "CorrOutcome",
    "CupOutcome",
    "Grant",
    "HistoryLine",
    "LeagueOutcome",
    "Marks",
    "Outcome",
    "PairPreview",
    "Pairing",
    "Player",
    "RatedKind",
    "Ratings",
    "Result",
    "Role",
    "Round",
    "Sex",
    "Skak",
    "Title",
    "Tournament",
    "TournamentApplied",
    "TournamentRow",
    "TournamentStatistics",
    "added",
    "candidates_from_file",
    "check_new_tournament",
    "corr_time_from_file",
    "database_url",
    "describe",
    "dm_selection_from_file",
    "engine_check",
    "engine_generate",
    "engine_pair",
    "fide_rating_from_file",
    "hash_password",
    "junior_from_file",
    "new_tournament",
    "one_player",
    "pairs_text",
    "parse_date",
    "parse_round_range",
    "parse_setting",
    "parse_sex",
    "password_matches",
    "players_from_bytes",
    "players_from_csv",
    "qr_svg",
    "random_seed",
    "rating_from_file",
    "read_pgn_file",
    "results_from_text",
    "scoring_from",
    "tournament_from_trf",
    "tournament_from_trf_bytes",
    "tournament_statistics",
    "trf_text",
    "undo_notes",
    "undo_target",
]

if not TYPE_CHECKING:
    __getattr__ = names_later(__name__, _WHERE)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
