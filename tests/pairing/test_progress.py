"""Progress reports of long pairing work (issue 23 item 19): the Dutch system tells a
callback how many score brackets it has paired, ``skak engine --check`` how many rounds it
has re-paired. The reports are pure calls; the pairing is the same with or without them."""

from __future__ import annotations

import random
from dataclasses import replace

from skak.model import Player, Ratings, Result, Tournament
from skak.pairing import get_system
from skak.pairing.base import ReportsProgress
from skak.pairing.engine import check_rounds, pair_next
from skak.records.tournament.events import RoundPaired
from skak.records.tournament.evolve import evolve


def _played(players: int, rounds: int, seed: int = 7) -> Tournament:
    """A Dutch tournament of ``players`` after ``rounds`` rounds with random results, so
    that the next round has many score brackets."""
    rng = random.Random(seed)
    t = Tournament(
        "Progress open",
        "dutch",
        number_of_rounds=rounds + 2,
        players=tuple(
            Player(i, f"Spiller, {i:03d}", ratings=Ratings(dsu=2400 - 7 * i))
            for i in range(1, players + 1)
        ),
    )
    system = get_system("dutch")
    for _ in range(rounds):
        rnd = system.pair(t)
        results = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
        played = tuple(
            p if p.is_bye else replace(p, result=rng.choice(results)) for p in rnd.pairings
        )
        t = evolve(t, RoundPaired(replace(rnd, pairings=played)))
    return t


def _increasing(calls: list[tuple[int, int]]) -> None:
    assert calls, "the callback was never called"
    totals = {total for _, total in calls}
    assert len(totals) == 1, calls  # one total for the whole work
    (total,) = totals
    done = [d for d, _ in calls]
    assert done == sorted(done), calls  # never backwards
    assert done[0] == 0, calls
    assert done[-1] == total, calls  # and it ends complete


def test_dutch_reports_bracket_by_bracket_and_pairs_alike() -> None:
    t = _played(40, 4)
    system = get_system("dutch")
    assert isinstance(system, ReportsProgress)
    calls: list[tuple[int, int]] = []
    with_progress = pair_next(t, system, lambda done, total: calls.append((done, total)))
    _increasing(calls)
    assert calls[-1][1] > 3  # several score brackets after four rounds
    assert [d for d, _ in calls] == list(range(calls[-1][1] + 1))  # one call per bracket
    without = pair_next(t, system)
    assert with_progress == without
    assert with_progress.explanation == without.explanation


def test_round_one_is_one_bracket() -> None:
    t = _played(11, 0)
    calls: list[tuple[int, int]] = []
    rnd = pair_next(t, get_system("dutch"), lambda done, total: calls.append((done, total)))
    assert calls == [(0, 1), (1, 1)]
    assert rnd == get_system("dutch").pair(t)


def test_a_system_without_reports_pairs_as_always() -> None:
    """Monrad does not report; asking it for progress changes nothing and calls nothing."""
    t = replace(_played(12, 0), pairing_system="monrad")
    system = get_system("monrad")
    assert not isinstance(system, ReportsProgress)
    calls: list[tuple[int, int]] = []
    assert pair_next(t, system, lambda d, n: calls.append((d, n))) == pair_next(t, system)
    assert calls == []


def test_check_rounds_reports_round_by_round() -> None:
    t = _played(16, 3)
    system = get_system("dutch")
    calls: list[tuple[int, int]] = []
    checked = check_rounds(t, system, lambda done, total: calls.append((done, total)))
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert checked == check_rounds(t, system)
    assert all(r.agrees for r in checked)


def test_progress_is_no_part_of_the_command() -> None:
    """A pairing command with a callback is the same command (it is never stored)."""
    from skak.records.tournament.commands import PairNextRound

    assert PairNextRound(False, lambda d, n: None) == PairNextRound(False)
    assert "progress" not in repr(PairNextRound(False, lambda d, n: None))
