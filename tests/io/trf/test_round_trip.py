"""parse(write(t)) == t for every tournament skak can hold (Hypothesis); every plain file
skak writes, skak reads."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.io.trf import TrfVersion, parse_trf, write_trf
from skak.model import Result, Scoring, Tournament
from skak.model.games import score
from tests.dsl import build, game
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


# -- every export skak writes, skak reads (issue 23 item 13) -------------------------------


def _gladiator_with_playoffs() -> Tournament:
    """4.9.8: board 1 drawn and won by black in the replay, board 2 decided over the board;
    in round 2 a drawn game whose play-off has no winner yet scores nothing."""
    t = build(
        ["A", "B", "C", "D"],
        game(1, "A", "D", "½-½"),
        game(1, "B", "C", "1-0"),
        game(2, "D", "C", "½-½"),
        game(2, "A", "B", "½-½"),
        scoring=Scoring(gladiator=True),
    )
    first = t.rounds[0]
    won = replace(first.pairings[0], playoff=(Result.DRAW, Result.BLACK_WIN))
    second = t.rounds[1]
    pending = replace(second.pairings[1], playoff=(Result.DRAW,))
    return replace(
        t,
        rounds=(
            replace(first, pairings=(won, *first.pairings[1:])),
            replace(second, pairings=(second.pairings[0], pending)),
        ),
    )


@pytest.mark.parametrize("version", list(TrfVersion), ids=lambda v: v.value)
def test_gladiator_play_offs_round_trip(version: TrfVersion) -> None:
    """skak's own records carry the play-offs: the same tournament comes back."""
    t = _gladiator_with_playoffs()
    assert [score(t, n) for n in (1, 2, 3, 4)] == [0, 1, 0, 1]
    assert parse_trf(write_trf(t, version=version), "t.trf").tournament == t


@pytest.mark.parametrize("version", list(TrfVersion), ids=lambda v: v.value)
def test_a_plain_gladiator_file_reads_back_as_its_games(version: TrfVersion) -> None:
    """``--plain`` has no record for a play-off: the file is the games as played (what
    4.9.8 rates), its points what those results give, and it reads back ("points 1 do not
    add up" before)."""
    t = _gladiator_with_playoffs()
    back = parse_trf(write_trf(t, version=version, extensions=False), "t.trf").tournament
    assert not back.scoring.gladiator
    assert [{(p.white, p.black, p.result) for p in r.pairings} for r in back.rounds] == [
        {(p.white, p.black, p.result) for p in r.pairings} for r in t.rounds
    ]  # board order is skak's record too
    assert all(not p.playoff for r in back.rounds for p in r.pairings)
    assert [score(back, n) for n in (1, 2, 3, 4)] == [1, Fraction(3, 2), Fraction(1, 2), 1]


@settings(max_examples=150)
@given(tournaments(), st.sampled_from(list(TrfVersion)))
def test_every_plain_file_reads_back(t: Tournament, version: TrfVersion) -> None:
    """A plain file's points add up under its own scoring records, also where TRF-2026's
    ``162`` cannot hold the tournament's scoring (forfeits, byes)."""
    back = parse_trf(write_trf(t, version=version, extensions=False), "t.trf").tournament
    assert [p.start_number for p in back.players] == [p.start_number for p in t.players]
    assert [{(p.white, p.black) for p in r.pairings} for r in back.rounds] == [
        {(p.white, p.black) for p in r.pairings} for r in t.rounds
    ]
