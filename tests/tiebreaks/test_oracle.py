"""skak's tie-breaks against FIDE TEC's own calculator, TieBreakServer.

``tests/data/tiebreaks/*.json`` hold what TieBreakServer printed for real and generated TRF
files (``tests/data/tiebreaks/README.md`` says how they were made). Every value of every
code both programs know must agree, edition by edition, and so must the final ranks of a few
lists with direct encounter. The one recorded disagreement is tested as such.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skak.io.trf import decode_trf, parse_trf
from skak.model import Tournament
from skak.tiebreaks import crosstable, rank, values
from skak.tiebreaks._rating import round_half_up
from tests.conftest import shared_path

DATA = Path(__file__).resolve().parents[1] / "data" / "tiebreaks"
ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(DATA.glob("*.json"))

#: C.07 Art. 15.2 makes a forfeit a regular game in a round robin (from 2026 a forfeit loss
#: stays unplayed in these Type B tie-breaks); TieBreakServer counts only games played over
#: the board here, as in a Swiss. See the README.
TYPE_B_IN_ROUND_ROBINS = frozenset({"WON", "BPG", "BWG", "REP"})


def _load(data: dict[str, Any]) -> Tournament:
    source: str = data["source"]
    inside = source.removeprefix("../shared/")
    path = shared_path(inside) if source.startswith("..") else ROOT / source
    if not path.exists():
        pytest.skip(f"{source} is not here")
    return parse_trf(decode_trf(path.read_bytes())).tournament


def _is_round_robin(data: dict[str, Any]) -> bool:
    return " -p " in data["command"]  # TieBreakServer was told the pairings were fixed


def _printed(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def _as_printed(code: str, value: Fraction | None) -> Fraction | None:
    """TieBreakServer prints the average of opponents' Buchholz to two decimals."""
    if value is None or not code.startswith("AOB"):
        return value
    return Fraction(round_half_up(100 * value), 100)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_values_agree(path: Path) -> None:
    data = json.loads(path.read_text())
    t = _load(data)
    rr = _is_round_robin(data)
    players: list[int] = data["players"]
    for edition, columns in data["values"].items():
        ct = crosstable(t, edition=edition, round_robin=rr)
        assert [ct.score[p] for p in players] == [Fraction(x) for x in columns["PTS"]]
        for code, printed in columns.items():
            if code == "PTS":
                continue
            want = [_printed(x) for x in printed]
            mine = values(ct, code)
            got = [_as_printed(code, mine[p]) for p in players]
            if rr and code in TYPE_B_IN_ROUND_ROBINS:
                swiss = values(crosstable(t, edition=edition, round_robin=False), code)
                assert [swiss[p] for p in players] == want, (edition, code)
                continue
            assert got == want, (edition, code)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_ranks_with_direct_encounter_agree(path: Path) -> None:
    data = json.loads(path.read_text())
    ct = crosstable(_load(data), edition="c07-2024", round_robin=_is_round_robin(data))
    for name, printed in data["ranks"].items():
        places = rank(ct, name).places()
        assert [places[p][0] for p in data["players"]] == printed, name


def test_the_recorded_disagreement_is_real() -> None:
    """Forfeits in a round robin: skak counts a forfeit win as a game won (C.07 Art. 15.2)."""
    data = json.loads((DATA / "rr08_forfeits.json").read_text())
    t = _load(data)
    ct = crosstable(t, edition="c07-2026", round_robin=True)
    printed = [_printed(x) for x in data["values"]["c07-2026"]["WON"]]
    mine = values(ct, "WON")
    assert [mine[p] for p in data["players"]] != printed
