"""The Dutch system's optimiser (``skak.pairing.dutch.optimiser._Matcher``) on synthetic
weights: its shortcuts — the window with a completion check, the sparse certified solve, the
choices on the optimal face — must reach the same optimum as one weighted matching of the
whole field.

The weights have the engine's shape: a completion field on top (1 per pair, more for players
who may not get the bye), quality bits below it only inside the window, and a lexicographic
bonus (one field per chooser, most important first) below everything.
"""

from __future__ import annotations

import random

import pytest

from skak.pairing.dutch import optimiser
from skak.pairing.dutch.optimiser import _Choice, _Matcher

TOP = 40  # where the completion field starts
WIDTH = 4  # bits of one chooser's bonus field


def _instance(
    seed: int,
) -> tuple[int, list[int] | None, set[int], dict[tuple[int, int], int], list[_Choice] | None]:
    rng = random.Random(seed)
    n = rng.randint(3, 60)
    start = rng.randint(0, n - 2)
    window = list(range(start, rng.randint(start + 2, n))) if rng.random() < 0.7 else None
    density = rng.choice((0.2, 0.5, 0.9))
    candidates = {v for v in range(n) if rng.random() < 0.5}
    weights = {}
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < density:
                top = 3 - (a in candidates) - (b in candidates)
                low = 0
                if window is None or (a in window and b in window):
                    # Few distinct values, as in a bracket: many ties.
                    low = rng.choice((1, rng.randint(1, 4), rng.randint(1, 4) << 10))
                weights[a, b] = (top << TOP) | low
    pool = window if window is not None else list(range(n))
    choices: list[_Choice] = []
    owned: set[tuple[int, int]] = set()
    for a in rng.sample(pool, rng.randint(0, min(5, len(pool)))):
        values = {}
        for b in pool:
            key = (min(a, b), max(a, b))
            if b != a and key in weights and key not in owned and rng.random() < 0.7:
                values[b] = rng.randint(1, 3) if rng.random() < 0.5 else rng.randint(1, 15)
                owned.add(key)
        choices.append((a, values))
    # Without choices the bonus (if any) is optimised as weights (the window's own path).
    return n, window, candidates, weights, choices if rng.random() < 0.7 else None


def _matcher(
    n: int, weights: dict[tuple[int, int], int], candidates: set[int], shortcuts: bool
) -> _Matcher:
    """A matcher of ``n`` players with ``weights`` (and the bye's ``candidates`` when ``n``
    is odd), the shortcuts on or off."""
    m = _Matcher(n)
    m.shortcuts = shortcuts
    for (a, b), w in weights.items():
        m.set(a, b, w)
    if n % 2:
        m.set_bye_candidates(candidates)
    m.top_shift = TOP
    return m


def _solve(
    seed: int, shortcuts: bool
) -> tuple[_Matcher, list[int], int, dict[tuple[int, int], int]]:
    """The optimum of the first instance from ``seed`` on that has a complete pairing."""
    for attempt in range(1000):
        n, window, candidates, weights, choices = _instance(seed * 1000 + attempt)
        m = _matcher(n, weights, candidates, shortcuts)
        if m.complete(m.alive_mask()) is not None:
            break
    m.window = window
    bonus: dict[tuple[int, int], int] = {}
    fields = choices or []
    for i, (a, values) in enumerate(fields):
        for b, value in values.items():
            bonus[min(a, b), max(a, b)] = value << (WIDTH * (len(fields) - 1 - i))
    shift = WIDTH * max(len(fields), 1)
    mate = list(m.solve(shift, bonus, choices))
    total = sum(
        (weights[a, mate[a]] << shift) + bonus.get((a, mate[a]), 0) for a in range(n) if a < mate[a]
    )
    return m, mate, total, weights


@pytest.mark.parametrize("seed", range(150))
def test_shortcuts_reach_the_whole_field_optimum(seed: int) -> None:
    m, mate, total, weights = _solve(seed, True)
    plain = _solve(seed, False)
    assert total == plain[2]
    for a in range(m.size):
        assert mate[mate[a]] == a, "the partners are mutual"
        assert mate[a] == a or (min(a, mate[a]), max(a, mate[a])) in weights
    assert sum(1 for a in range(m.size) if mate[a] == a) == m.size % 2


def test_the_shortcuts_are_exercised() -> None:
    taken = {"window": 0, "choice": 0, "sparse": 0}
    for seed in range(150):
        m = _solve(seed, True)[0]
        taken["window"] += m.window_solves
        taken["choice"] += m.choice_solves
        taken["sparse"] += m.size > 2 * optimiser._NEIGHBOURS
    assert all(taken.values()), taken


#: Where the quality bits start in ``_remainder``: the ordering term's sum lies below.
ORDER = 24


def _remainder(seed: int, shortcuts: bool) -> tuple[int, int, int]:
    """A bracket's two optimisations on synthetic weights: one with no choices, then the
    remainder (the bracket's players left, split after the first optimum's pairs inside it)
    with the ordering term on its pairs and each S1 player's choice of S2 — as
    ``_Pairer._bracket`` makes them. The remainder's total weight with its bonus, the
    number of S1 players, and whether the remainder was paired on the last face."""
    for attempt in range(1000):
        rng = random.Random(seed * 1000 + attempt)
        n = rng.randint(4, 50)
        start = rng.randint(0, n - 4)
        window = list(range(start, rng.randint(start + 4, n)))
        bracket = window[: rng.randint(2, len(window))]
        density = rng.choice((0.3, 0.6, 0.95))
        candidates = {v for v in range(n) if rng.random() < 0.5}
        weights = {}
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < density:
                    top = 3 - (a in candidates) - (b in candidates)
                    low = 0
                    if a in window and b in window:
                        inside = (a in bracket) + (b in bracket)
                        low = (inside << 6 | rng.choice((1, 1, 2, rng.randint(1, 7)))) << ORDER
                    weights[a, b] = (top << TOP) | low
        m = _matcher(n, weights, candidates, shortcuts)
        if m.complete(m.alive_mask()) is not None:
            break
    m.window = window
    first = m.solve(choices=[])
    # The split comes from the shortcut's first optimum, so that both ways solve the same.
    split = _remainder(seed, True)[1] if not shortcuts else None
    here = sum(1 for r in bracket if r < first[r] and first[r] in bracket)
    s1_size = here if split is None else split
    pos = {v: i for i, v in enumerate(bracket)}
    low = len(bracket).bit_length() + 1
    for i, a in enumerate(bracket):
        for b in bracket[i + 1 :]:
            w = weights.get((a, b), 0)
            if w:
                m.set(a, b, w + ((((i < s1_size) << (2 * low)) - i) << 1))
    width = (len(bracket) + 1).bit_length()
    shift = width * max(s1_size, 1)
    bonus: dict[tuple[int, int], int] = {}
    choices: list[_Choice] = []
    for i, a in enumerate(bracket[:s1_size]):
        choices.append((a, {}))
        for b in bracket[i + 1 :]:
            if (a, b) in weights:
                value = len(bracket) - pos[b]
                bonus[a, b] = value << (width * (s1_size - 1 - i))
                choices[-1][1][b] = value
    s1, s2 = bracket[:s1_size], bracket[s1_size:]
    mate = m.solve_remainder(s1, s2, shift, bonus, choices)
    total = sum(
        (m.weights[a][mate[a]] << shift) + bonus.get((a, mate[a]), 0)
        for a in range(n)
        if a < mate[a]
    )
    return total, s1_size, m.face_reuses


@pytest.mark.parametrize("seed", range(120))
def test_the_remainder_on_the_last_face_is_the_whole_field_optimum(seed: int) -> None:
    # ``solve_remainder`` pairs a bracket's remainder on the face of the optimisation before
    # it (S1 against S2, the choices there, the weight checked against the last optimum);
    # it must reach what a weighted matching of the whole field with the bonus reaches.
    assert _remainder(seed, True)[0] == _remainder(seed, False)[0]


def test_the_remainder_is_paired_on_the_last_face_or_declined() -> None:
    reused = sum(_remainder(seed, True)[2] for seed in range(120))
    assert 20 < reused < 120, "both ways taken"
