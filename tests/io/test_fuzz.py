"""Every input parser, fuzzed: whatever the bytes, it reads them or raises skak's own error
(an :class:`~skak.errors.InputError` naming the file), never anything else — no
``IndexError``, ``RecursionError`` or ``UnicodeError`` reaches the arbiter as a traceback.

The parsers, as the commands and pages call them (a file read as the CLI reads it, and what
is read shown as the command shows it): TRF16 and TRF-2026 (with the standings and the
crosstable of what is read, and the file written back), players CSV, results text and
result strings, the DSU rating JSON (calc and candidates) and the FIDE one, DSU's rating
list, FIDE's alignment JSON, a correspondence game's JSON, the numeric notation, PGN, the
DM's JSON, the junior championship's JSON, the league's teams, strength lists and result
cards, the cup's teams, a correspondence group's players, time controls, the generator's
configuration and tie-break lists.

Seeds of each kind broken in a few places, and any bytes (see :mod:`tests.fuzz`); the
default run tries a short budget of cases per parser, ``SKAK_TEST_LONG=1`` the long one.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.api import (
    candidates_from_file,
    corr_time_from_file,
    dm_selection_from_file,
    fide_rating_from_file,
    junior_from_file,
    rating_from_file,
)
from skak.errors import InputError, SkakError
from skak.games.pgn import read_pgn
from skak.io.dsu_list import parse_dsu_list, parse_fide_alignment
from skak.io.generator_config import parse_generator_config
from skak.io.league_csv import parse_cup_teams_csv, parse_strength_csv, parse_teams_csv
from skak.io.league_text import parse_board_results
from skak.io.players_csv import decode_text, parse_players_csv
from skak.io.results_text import parse_board_lines
from skak.io.trf import TrfRead, TrfVersion, decode_trf, parse_trf, write_trf
from skak.model import Result, Tournament
from skak.records.correspondence.api import parse_players
from skak.tiebreaks import parse_tiebreaks
from skak.views import crosstable_view, notation_view, standings_view, time_control_view
from tests.fuzz import SEEDS, count, fuzz_settings, inputs

pytestmark = pytest.mark.long

DAY = date(2026, 8, 1)
_files = itertools.count()


def _file(data: bytes, suffix: str) -> Path:
    """``data`` as a file of its own (the CLI's commands read a file's bytes)."""
    path = _FOLDER[0] / f"fuzz{next(_files)}{suffix}"
    path.write_bytes(data)
    return path


#: The folder of those files (one for the session).
_FOLDER: list[Path] = []


@pytest.fixture(autouse=True)
def _folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    if not _FOLDER:
        _FOLDER.append(tmp_path_factory.mktemp("fuzz"))


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _shown(t: Tournament) -> object:
    """What ``skak standings --trf`` and ``crosstable --trf`` show of a tournament read, and
    its TRF-2026 text."""
    t = replace(t, pairing_system="dutch")
    standings_view(t)
    crosstable_view(t)
    return write_trf(t, version=TrfVersion.TRF26)


def _trf(data: bytes) -> object:
    return _shown(parse_trf(decode_trf(data), "fuzz.trf").tournament)


def _pgn(data: bytes) -> object:
    read_pgn(_text(data), "fuzz.pgn")
    return notation_view(_text(data), pgn=True, location="fuzz.pgn")


def _card(data: bytes) -> object:
    tokens, _bar, absent = _text(data).partition("|")
    words = tokens.split()
    return parse_board_results(words, max(len(words), 1), "fuzz card", absent=absent.split())


#: Each parser as a command or page calls it, by the kind of its seeds.
PARSERS: dict[str, Callable[[bytes], object]] = {
    "trf": _trf,
    "trf2026": _trf,
    "players": lambda d: parse_players_csv(decode_text(d), "fuzz.csv", Tournament("T", "monrad")),
    "results": lambda d: parse_board_lines(_text(d), "fuzz.txt"),
    "rating_json": lambda d: (
        rating_from_file(_file(d, ".json")),
        candidates_from_file(_file(d, ".json")),
    ),
    "fide_rating_json": lambda d: fide_rating_from_file(_file(d, ".json")),
    "dsu_list": lambda d: parse_dsu_list(decode_text(d), "fuzz.csv", DAY),
    "fide_alignment": lambda d: parse_fide_alignment(_text(d), "fuzz.json"),
    "corr_game": lambda d: corr_time_from_file(_file(d, ".json"), as_of=DAY),
    "notation": lambda d: notation_view(_text(d), location="fuzz"),
    "pgn": _pgn,
    "dm_json": lambda d: dm_selection_from_file(_file(d, ".json")),
    "junior_json": lambda d: junior_from_file(_file(d, ".json")),
    "league_teams": lambda d: parse_teams_csv(decode_text(d), "fuzz.csv"),
    "strength_list": lambda d: parse_strength_csv(decode_text(d), "fuzz.csv", None, DAY),
    "cup_teams": lambda d: parse_cup_teams_csv(decode_text(d), "fuzz.csv"),
    "corr_players": lambda d: parse_players(d, "fuzz.csv"),
    "league_card": _card,
    "time_control": lambda d: time_control_view(_text(d), DAY),
    "generator_config": lambda d: parse_generator_config(decode_text(d), "rtg.cfg"),
    "tiebreaks": lambda d: parse_tiebreaks(_text(d)),
}


def test_every_kind_has_a_parser() -> None:
    assert set(PARSERS) == set(SEEDS)


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_the_seeds_are_valid_input(kind: str) -> None:
    """The fuzzer starts from files each parser reads (else it would fuzz only errors)."""
    for seed in SEEDS[kind]:
        assert PARSERS[kind](seed)


@pytest.mark.parametrize("kind", sorted(set(SEEDS) - {"trf"}))
def test_parser(kind: str) -> None:
    """Whatever the bytes: what the parser reads, or skak's own error with its message."""

    @fuzz_settings()
    @given(data=inputs(kind))
    def fuzz(data: bytes) -> None:
        count(kind)
        _only_skak_errors(lambda: PARSERS[kind](data))

    fuzz()


def _skak_error(read: Callable[[], object]) -> SkakError | None:
    """What ``read`` raised: skak's own error, or ``None``; any other error escapes (and
    fails the test)."""
    try:
        read()
    except SkakError as err:
        return err
    return None


def _only_skak_errors(read: Callable[[], object]) -> None:
    err = _skak_error(read)
    assert err is None or str(err)  # the parser's own error, naming where


@fuzz_settings()
@given(data=inputs("trf"), strict=st.booleans())
def test_trf(data: bytes, strict: bool) -> None:
    """TRF16, strict and lenient: an error names the file; what is read has players, and
    its standings, crosstable and TRF-2026 text are made without an error of any kind."""
    count("trf16")
    read: list[TrfRead] = []
    err = _skak_error(lambda: read.append(parse_trf(decode_trf(data), "fuzz.trf", strict=strict)))
    if err is not None:
        assert isinstance(err, InputError)
        assert "fuzz.trf" in str(err) or "no players" in str(err)
        return
    t = read[0].tournament
    assert t.players
    _only_skak_errors(lambda: _shown(t))


@fuzz_settings()
@given(
    text=st.one_of(
        st.text(alphabet="10½=-+/fFdD .,–—\t\n", max_size=12),
        st.text(max_size=12),
        st.sampled_from([r.value for r in Result]).map(lambda v: f" {v.upper()} "),
    )
)
def test_result_strings(text: str) -> None:
    count("result strings")
    read: list[Result] = []
    err = _skak_error(lambda: read.append(Result.parse(text)))
    if err is not None:
        assert isinstance(err, InputError)
        assert "unknown result" in str(err)
    else:
        assert Result.parse(read[0].value) is read[0]  # what is read is written back the same
