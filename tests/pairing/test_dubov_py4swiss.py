"""Dubov beside an independent implementation: py4swiss (PyPI), whose Dubov engine follows
FIDE's 2026 Dubov rules (C.04.4.1), not the 1997 text of DSU 4.9.6. Round 1 is the same
rule in both and must agree; later rounds differ where the rules differ (docs/
interpretations.md, "Dubov"): the agreement rate is printed (``pytest -s``), and
``benchmarks/dubov_py4swiss.py`` prints it for more tournaments. Skips without py4swiss."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("py4swiss", reason="py4swiss is not installed (pip install py4swiss)")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from dubov_py4swiss import compare


def test_agreement_with_py4swiss(capsys: pytest.CaptureFixture[str]) -> None:
    tally = compare(8, 8, 24)
    with capsys.disabled():
        print(
            f"\nDubov beside py4swiss (2026 rules): {tally.same} of {tally.rounds} rounds the "
            f"same ({tally.same / tally.rounds:.0%}); round 1: {tally.first_same} of "
            f"{tally.first_rounds}"
        )
    assert tally.failed == 0
    assert tally.first_same == tally.first_rounds == 8  # §5 and C.04.4.1 pair round 1 alike
    assert tally.same >= tally.first_same
