"""How long do the standings with every tie-break take for a big open?

Builds a 1 000-player, 11-round Swiss-like tournament (seeded random pairings within score
groups, random results with some forfeits, half-point byes and absences), then times the
crosstable and the standings with every registered code — each Buchholz and Sonneborn-Berger
modifier, the rating-based ones, direct encounter and DSU's staged corrections — under each
edition of the unplayed-games rules.

Run: .venv/bin/python benchmarks/tiebreaks.py [players] [rounds]
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction

from skak.model import Bye, Pairing, Player, Ratings, Result, Round, Tournament
from skak.standings import standings
from skak.tiebreaks import codes, crosstable, get_tiebreak, rank

MODIFIED = ["BH/C1", "BH/C2", "BH/M1", "BH/M2", "BH/P", "FB/C1", "SB/C1", "SB/P", "KS/L+1",
            "PS/C1", "ARO/C1", "ARO/M1", "AOB/F", "DE/P", "RTNG/R", "TPN/R"]  # fmt: skip


def tournament(players: int, rounds: int, seed: int = 2026) -> Tournament:
    rng = random.Random(seed)
    field = tuple(
        Player(n, f"Player, {n}", ratings=Ratings(fide=2700 - n + rng.randint(-30, 30)))
        for n in range(1, players + 1)
    )
    score = {p.start_number: Fraction(0) for p in field}
    played: list[Round] = []
    for r in range(1, rounds + 1):
        order = sorted(score, key=lambda n: (-score[n], rng.random()))
        away = set(rng.sample(order, players // 50))
        byes = tuple(Bye(n, rng.choice([Result.HALF_BYE, Result.ABSENT])) for n in sorted(away))
        order = [n for n in order if n not in away]
        boards = []
        for i in range(0, len(order) - 1, 2):
            w, b = order[i], order[i + 1]
            res = rng.choices(
                [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.WHITE_FORFEIT_WIN],
                weights=[40, 30, 28, 2],
            )[0]
            boards.append(Pairing(len(boards) + 1, w, b, res))
            score[w] += {Result.DRAW: Fraction(1, 2), Result.BLACK_WIN: 0}.get(res, 1)
            score[b] += {Result.DRAW: Fraction(1, 2), Result.BLACK_WIN: 1}.get(res, 0)
        if len(order) % 2:
            boards.append(Pairing(len(boards) + 1, order[-1], None, Result.PAIRING_BYE))
            score[order[-1]] += 1
        for b in byes:
            score[b.player] += Fraction(1, 2) if b.result is Result.HALF_BYE else 0
        played.append(Round(r, tuple(boards), byes))
    return Tournament(
        "Benchmark open", "dutch", number_of_rounds=rounds, players=field, rounds=tuple(played)
    )


def main(players: int = 1000, rounds: int = 11) -> None:
    start = time.perf_counter()
    t = tournament(players, rounds)
    built = time.perf_counter() - start
    every = [*codes(), *MODIFIED]
    print(f"{players} players, {rounds} rounds (generated in {built:.1f} s)")
    print(f"{len(every)} codes: {' '.join(every)}")
    for edition in ("annex-2010", "c07-2024", "c07-2026"):
        start = time.perf_counter()
        ct = crosstable(t, edition=edition)
        ranking = rank(ct, every)
        took = time.perf_counter() - start
        steps = len(ranking.steps)
        print(f"{edition}: every code in {took:.2f} s ({steps} steps after expanding)")
    start = time.perf_counter()
    standings(t, tiebreaks="BH/C1,BH,SB,DE")
    print(f"standings with BH/C1,BH,SB,DE: {time.perf_counter() - start:.2f} s")
    assert all(get_tiebreak(c) for c in codes())


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
