"""Every input parser, fuzzed: whatever the bytes, it reads them or raises skak's own error
(an :class:`~skak.errors.InputError` naming the file), never anything else — no
``IndexError``, ``RecursionError`` or ``UnicodeError`` reaches the arbiter as a traceback.

Seeds of each kind broken in a few places, and any bytes (see :mod:`tests.fuzz`); the
default run tries a short budget of cases per parser, ``SKAK_TEST_LONG=1`` 100 000.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError, SkakError
from skak.io.dsu_list import parse_dsu_list
from skak.io.players_csv import decode_text, parse_players_csv
from skak.io.rating_json import read_calc_request
from skak.io.results_text import parse_board_lines
from skak.io.trf import TrfRead, decode_trf, parse_trf
from skak.model import Result, Tournament
from tests.fuzz import SEEDS, fuzz_settings, inputs

pytestmark = pytest.mark.long


@pytest.mark.parametrize("kind", sorted(SEEDS))
def test_the_seeds_are_valid_input(kind: str, tmp_path: Path) -> None:
    """The fuzzer starts from files each parser reads (else it would fuzz only errors)."""
    for seed in SEEDS[kind]:
        if kind == "trf":
            assert parse_trf(decode_trf(seed), "seed.trf").tournament.players
        elif kind == "players":
            assert parse_players_csv(decode_text(seed), "seed.csv", Tournament("T", "monrad"))
        elif kind == "dsu_list":
            assert parse_dsu_list(decode_text(seed), "seed.csv", date(2026, 8, 1))
        elif kind == "rating_json":
            path = tmp_path / "seed.json"
            path.write_bytes(seed)
            assert read_calc_request(path)
        else:
            assert len(parse_board_lines(seed.decode(), "seed.txt")) == 5


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
    read: list[TrfRead] = []
    err = _skak_error(lambda: read.append(parse_trf(decode_trf(data), "fuzz.trf", strict=strict)))
    if err is not None:
        assert isinstance(err, InputError)
        assert "fuzz.trf" in str(err) or "no players" in str(err)
    else:
        assert read[0].tournament.players


@fuzz_settings()
@given(data=inputs("players"))
def test_players_csv(data: bytes) -> None:
    _only_skak_errors(
        lambda: parse_players_csv(decode_text(data), "fuzz.csv", Tournament("T", "monrad"))
    )


@fuzz_settings()
@given(data=inputs("dsu_list"))
def test_dsu_rating_list(data: bytes) -> None:
    _only_skak_errors(lambda: parse_dsu_list(decode_text(data), "fuzz.csv", date(2026, 8, 1)))


@fuzz_settings()
@given(data=inputs("rating_json"))
def test_rating_json(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    path = tmp_path_factory.getbasetemp() / "fuzz.json"
    path.write_bytes(data)
    _only_skak_errors(lambda: read_calc_request(path))


@fuzz_settings()
@given(data=inputs("results"))
def test_result_lines(data: bytes) -> None:
    _only_skak_errors(lambda: parse_board_lines(data.decode("utf-8", "replace"), "fuzz.txt"))


@fuzz_settings()
@given(
    text=st.one_of(
        st.text(alphabet="10½=-+/fFdD .,–—\t\n", max_size=12),
        st.text(max_size=12),
        st.sampled_from([r.value for r in Result]).map(lambda v: f" {v.upper()} "),
    )
)
def test_result_strings(text: str) -> None:
    read: list[Result] = []
    err = _skak_error(lambda: read.append(Result.parse(text)))
    if err is not None:
        assert isinstance(err, InputError)
        assert "unknown result" in str(err)
    else:
        assert Result.parse(read[0].value) is read[0]  # what is read is written back the same
