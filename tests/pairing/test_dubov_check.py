"""``skak engine --dubov --check`` on skak's own plain TRF files (``export trf --plain``: no
skak records): 2.5 counts the rounds a player was moved up (the ``MovedUp`` record), which a
plain file lacks. The check takes each round's record from skak's re-pairing of it when the
games are the same, so a file skak paired agrees with itself round by round."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skak.errors import NoValidPairingError
from skak.io.trf import parse_trf, write_trf
from skak.model import Colour, MovedUp, Player, Ratings, Round, Tournament
from skak.pairing import get_system
from skak.pairing.dubov import DubovSystem
from skak.pairing.engine import check_rounds
from tests.pairing.test_dubov import RESULTS

SYSTEM = get_system("dubov")


def _played(seed: int) -> Tournament:
    """A 7-round Dubov tournament of 8–14 players paired by skak, random results."""
    rng = random.Random(seed)
    n = rng.randint(8, 14)
    t = Tournament(
        "P",
        "dubov",
        number_of_rounds=7,
        players=tuple(
            Player(i, f"P, {i:02d}", ratings=Ratings(fide=rng.randint(1400, 2600)))
            for i in range(1, n + 1)
        ),
        initial_colour=Colour.WHITE,
        pairing_settings=(("initial-ranking", "fide"),),
    )
    for _ in range(7):
        try:
            rnd = SYSTEM.pair(t)
        except NoValidPairingError:
            break
        games = tuple(
            p if p.black is None else replace(p, result=rng.choice(RESULTS)) for p in rnd.pairings
        )
        t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=games)))
    return t


def _plain(t: Tournament) -> Tournament:
    """``t`` exported as a plain TRF (no skak records) and read back."""
    back = parse_trf(write_trf(t, extensions=False), "plain.trf").tournament
    return replace(back, pairing_system="dubov")


@pytest.mark.parametrize("seed", [41, 50])
def test_check_of_a_plain_file_finds_no_differences(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = _played(seed)
    plain = _plain(t)
    assert all(r.record is None for r in plain.rounds)
    assert any(isinstance(r.record, MovedUp) and r.record.players for r in t.rounds)
    checks = check_rounds(plain, SYSTEM)
    assert len(checks) == len(t.rounds) >= 5
    assert [c.describe() for c in checks if not c.agrees] == []
    # Without the records, 2.5's old count (any game against a higher score) differs here.
    monkeypatch.setattr(DubovSystem, "records_from_check", False)
    assert any(not c.agrees for c in check_rounds(plain, SYSTEM))


def test_a_round_that_differs_keeps_the_old_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where skak's re-pairing differs from the file's round, that round gets no record (2.5
    counts it the old way); the rounds before it got theirs from skak's re-pairing."""
    t = _played(41)
    plain = _plain(t)
    third = plain.rounds[2]
    boards = list(third.pairings)
    games = [p for p in boards if p.black is not None]
    a, b = games[0], games[-1]
    boards[boards.index(a)] = replace(a, black=b.black)
    boards[boards.index(b)] = replace(b, black=a.black)
    edited = replace(
        plain, rounds=(*plain.rounds[:2], replace(third, pairings=tuple(boards)), *plain.rounds[3:])
    )
    seen: dict[int, Tournament] = {}
    pair = DubovSystem.pair

    def spy(self: DubovSystem, tournament: Tournament) -> Round:
        seen[tournament.next_round] = tournament
        return pair(self, tournament)

    monkeypatch.setattr(DubovSystem, "pair", spy)
    checks = check_rounds(edited, SYSTEM)
    assert [c.agrees for c in checks[:3]] == [True, True, False]
    records = [r.record for r in seen[4].rounds]
    assert records[:2] == [t.rounds[0].record, t.rounds[1].record]
    assert records[2] is None
