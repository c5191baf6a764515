"""The FIDE Dutch system (C.04.3, 2026) against bbpPairings' own pairings.

The acceptance corpus (``../shared/oracles/dutch-2026/``, see its README) holds one case per
round: ``<id>-r<k>.trf`` is the tournament just before round ``k`` and ``<id>-r<k>.pairs``
the pairing bbpPairings made. A case agrees when the sets of ``white black`` lines (the bye
as ``N 0``) are equal.

The whole corpus runs by default (about two minutes on one core). Without ``../shared`` the
150 cases of ``tests/data/shared-sample/oracles/dutch-2026/cases`` run instead (a stratified
sample of the same corpus, copied byte for byte; see that folder's README). The fields of more
than ``LARGE_PLAYERS`` players are marked ``large``, so that ``pytest -m "not large"`` leaves
them out of a quick local run; CI runs them. Cases listed in
``tests/data/dutch/known-differences.txt`` are known to differ and are skipped (none are at
the time of writing).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skak.io.trf import decode_trf, parse_trf
from skak.pairing import get_system
from skak.pairing.engine import pair_next, pairs_text
from tests.conftest import shared_path

#: The full corpus in ``../shared``, or the repository's sample of it.
CORPUS = shared_path("oracles/dutch-2026/cases")
KNOWN = Path(__file__).resolve().parents[1] / "data" / "dutch" / "known-differences.txt"
#: Fields above this size are marked ``large``.
LARGE_PLAYERS = 60


def _players(path: Path) -> int:
    with path.open(encoding="latin-1") as f:
        return sum(1 for line in f if line.startswith("001"))


def _known() -> frozenset[str]:
    if not KNOWN.exists():
        return frozenset()
    lines = (line.split("#", 1)[0].strip() for line in KNOWN.read_text().splitlines())
    return frozenset(line for line in lines if line)


def _cases() -> list[object]:
    if not CORPUS.is_dir():
        return [pytest.param(None, id="corpus-absent")]
    known = _known()
    out: list[object] = []
    for path in sorted(CORPUS.glob("*.trf")):
        size = _players(path)
        marks = [pytest.mark.large] if size > LARGE_PLAYERS else []
        if path.stem in known:
            marks.append(pytest.mark.skip(reason="known difference from bbpPairings"))
        out.append(pytest.param(path, id=f"{path.stem}-{size}p", marks=marks))
    return out


def _pairs(text: str) -> list[str]:
    return sorted(line.strip() for line in text.splitlines() if line.strip())


@pytest.mark.parametrize("case", _cases())
def test_case_identical_to_bbppairings(case: Path | None) -> None:
    if case is None:
        pytest.skip(f"neither ../shared nor the sample holds the oracle corpus ({CORPUS})")
    t = parse_trf(decode_trf(case.read_bytes()), case.name).tournament
    rnd = pair_next(t, get_system("dutch"))
    text = pairs_text(rnd)
    count, *lines = text.splitlines()
    assert int(count) == len(lines)
    assert _pairs("\n".join(lines)) == _pairs(case.with_suffix(".pairs").read_text())
    # Every board line is explained by some bracket.
    assert rnd.explanation
