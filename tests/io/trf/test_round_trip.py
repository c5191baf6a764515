"""parse(write(t)) == t for every tournament skak can hold (Hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings

from skak.io.trf import TrfVersion, parse_trf, write_trf
from skak.model import Tournament
from tests.strategies import tournaments


@settings(max_examples=150)
@given(tournaments())
def test_trf16_round_trip(t: Tournament) -> None:
    assert parse_trf(write_trf(t), "t.trf").tournament == t


@settings(max_examples=150)
@given(tournaments())
def test_trf26_round_trip(t: Tournament) -> None:
    assert parse_trf(write_trf(t, version=TrfVersion.TRF26), "t.trf").tournament == t


@settings(max_examples=50)
@given(tournaments())
def test_crlf_and_cr_round_trip(t: Tournament) -> None:
    for newline in ("\r\n", "\r"):
        assert parse_trf(write_trf(t, newline=newline), "t.trf").tournament == t
