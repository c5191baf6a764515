"""``tests/data/shared-sample``: the part of ``../shared`` that the repository carries.

Without ``../shared`` the tests read the sample (``tests.conftest.shared_path``); these tests
keep it what its README says: the documented stratified choice of bbpPairings' round cases,
the complete tournaments the tests name, and line-for-line excerpts of two rulebook texts,
all copied unchanged. The comparison with ``../shared`` itself can only run where it is.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import SHARED, SHARED_SAMPLE

DUTCH = "oracles/dutch-2026"
TIEBREAKS = Path(__file__).resolve().parent / "data" / "tiebreaks"
#: (fewest players, most players, cases taken) per stratum of field size.
STRATA = ((6, 16, 35), (17, 30, 40), (31, 60, 45), (61, 120, 20), (121, 250, 10))
#: Beside the tie-break tests' sources: the first tournament (``skak standings --trf``) and
#: the first six of at most 24 players (``skak engine --dutch --check``), in name order.
NAMED_FULL = frozenset(
    {"t100000", "t100004", "t100006", "t100011", "t100016", "t100018", "t100023"}
)


def _players(path: Path) -> int:
    with path.open(encoding="latin-1") as f:
        return sum(1 for line in f if line.startswith("001"))


def _order(path: Path) -> tuple[int, int]:
    seed, rnd = path.stem.removeprefix("t").split("-r")
    return int(seed), int(rnd)


def stratified_choice(cases: list[Path]) -> list[Path]:
    """The sampling rule: per stratum of field size, ``k`` cases evenly spaced in (tournament,
    round) order, the middle one of each of ``k`` equal slices."""
    cases = sorted(cases, key=_order)
    sizes = {p: _players(p) for p in cases}
    chosen = []
    for low, high, k in STRATA:
        stratum = [p for p in cases if low <= sizes[p] <= high]
        chosen += [stratum[(2 * i + 1) * len(stratum) // (2 * k)] for i in range(k)]
    return chosen


def _tiebreak_sources() -> set[str]:
    prefix = f"../shared/{DUTCH}/full/"
    sources = (json.loads(p.read_text())["source"] for p in TIEBREAKS.glob("*.json"))
    return {Path(s).stem for s in sources if s.startswith(prefix)}


def test_sample_cases_fill_the_strata_and_have_their_pairings() -> None:
    cases = sorted((SHARED_SAMPLE / DUTCH / "cases").glob("*.trf"))
    assert len(cases) == sum(k for _, _, k in STRATA)
    sizes = [_players(p) for p in cases]
    for low, high, k in STRATA:
        assert sum(low <= n <= high for n in sizes) == k, (low, high)
    pairs = {p.stem for p in (SHARED_SAMPLE / DUTCH / "cases").glob("*.pairs")}
    assert pairs == {p.stem for p in cases}


def test_sample_holds_the_tournaments_the_tests_name() -> None:
    full = {p.stem for p in (SHARED_SAMPLE / DUTCH / "full").glob("*.trf")}
    assert full == NAMED_FULL | _tiebreak_sources()


def test_sample_is_a_copy_of_shared() -> None:
    if not (SHARED / DUTCH / "cases").is_dir():
        pytest.skip("../shared is not beside the project: nothing to compare the sample with")
    chosen = stratified_choice(list((SHARED / DUTCH / "cases").glob("*.trf")))
    sample = SHARED_SAMPLE / DUTCH / "cases"
    assert sorted(p.stem for p in chosen) == sorted(p.stem for p in sample.glob("*.trf"))
    for path in sorted(SHARED_SAMPLE.joinpath(DUTCH).glob("*/*")):
        original = SHARED / path.relative_to(SHARED_SAMPLE)
        assert path.read_bytes() == original.read_bytes(), path.name
    # The sample's rulebook texts are runs of whole lines of the originals, in their order.
    for path in sorted((SHARED_SAMPLE / "seeds").glob("*.txt")):
        lines = iter((SHARED / "seeds" / path.name).read_text(encoding="utf-8").splitlines())
        for line in path.read_text(encoding="utf-8").splitlines():
            assert line in lines, (path.name, line)
