"""Static checks run with the tests: ruff, mypy --strict and the import contract."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "command",
    [
        [sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks"],
        [sys.executable, "-m", "ruff", "format", "--check", "src", "tests", "benchmarks"],
        [sys.executable, "-m", "mypy", "--strict", "src"],
        [str(Path(sys.executable).with_name("lint-imports"))],
    ],
    ids=["ruff", "ruff-format", "mypy-strict", "import-contract"],
)
def test_static_check(command: list[str]) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
