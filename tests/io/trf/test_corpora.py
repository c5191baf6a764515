"""TRF files written by other programs: bbpPairings' corpora and real tournaments."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skak.io.trf import TrfVersion, decode_trf, parse_trf, write_trf
from skak.model import Result, score_table
from tests.conftest import SHARED

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
ORACLES = SHARED / "oracles"


def _read(path: Path) -> str:
    return decode_trf(path.read_bytes())


def _player_lines(text: str) -> list[str]:
    """001 lines without the rank column (86–89, recomputed on writing) and trailing blanks."""
    out = []
    for line in re.split(r"\r\n|\r|\n", text):
        if line.startswith("001"):
            line = line.rstrip()
            out.append(line[:85] + line[89:] if len(line) > 85 else line)
    return out


def _corpus(name: str, part: str) -> list[Path]:
    folder = ORACLES / name / part
    if not folder.exists():
        pytest.skip(f"{folder} is not beside the project")
    return sorted(folder.glob("*.trf"))


@pytest.mark.parametrize("corpus", ["dutch-2026", "dutch-2017"])
def test_bbppairings_tournaments_read_and_write_back_unchanged(corpus: str) -> None:
    files = _corpus(corpus, "full")
    assert len(files) > 100
    for path in files:
        text = _read(path)
        t = parse_trf(text, path.name).tournament
        assert t.rounds, path.name
        written = write_trf(t, extensions=False)
        assert _player_lines(written) == _player_lines(text), path.name
        assert parse_trf(written, path.name).tournament == t, path.name


@pytest.mark.parametrize("corpus", ["dutch-2026", "dutch-2017"])
def test_every_round_case_reads_as_the_tournament_before_that_round(corpus: str) -> None:
    files = _corpus(corpus, "cases")
    assert len(files) > 1000
    for path in files:
        k = int(path.stem.rsplit("-r", 1)[1])
        t = parse_trf(_read(path), path.name).tournament
        assert t.next_round == k, path.name
        pairs = path.with_suffix(".pairs").read_text().split()
        paired = {int(x) for x in pairs} - {0}
        for p in t.players:
            if p.declared_bye(k) is not None:
                assert p.start_number not in paired, path.name


# (file, players, rounds, number of rounds, byes declared for the next round)
REAL = [
    ("javafo_gros_2010.trf", 52, 4, 9, 3),
    ("competichess_test.trf", 52, 4, 9, 3),
    ("fide_example1_2005.trf", 284, 7, None, 0),
    ("lichess_2020_06.trf", 13, 10, 10, 0),
    ("bbp_issue_7.trf", 60, 14, 15, 0),
    ("san_viator_2018.trf", 137, 7, None, 0),
]


@pytest.mark.parametrize(("name", "players", "rounds", "planned", "declared"), REAL)
def test_real_files(
    name: str, players: int, rounds: int, planned: int | None, declared: int
) -> None:
    text = _read(DATA / name)
    t = parse_trf(text, name).tournament
    assert len(t.players) == players
    assert len(t.rounds) == rounds
    assert t.number_of_rounds == planned
    assert sum(1 for p in t.players if p.declared_bye(rounds + 1)) == declared
    for version in TrfVersion:
        again = parse_trf(write_trf(t, version=version), name).tournament
        assert again == t
        assert write_trf(again, version=version) == write_trf(t, version=version)


def test_real_file_details() -> None:
    gros = parse_trf(_read(DATA / "javafo_gros_2010.trf"), "gros").tournament
    assert gros.name == "XX Open Internacional de Gros"
    assert gros.player(1).title is not None and gros.player(1).title.value == "GM"
    assert gros.player(1).birth_year == 1978
    assert gros.player(43).half_bye_rounds == frozenset({5})
    example = parse_trf(_read(DATA / "fide_example1_2005.trf"), "example1").tournament
    assert example.start_date is not None and example.start_date.isoformat() == "2005-07-28"
    forfeits = [p for r in example.rounds for p in r.pairings if p.result and p.result.is_forfeit]
    assert len(forfeits) == 10
    assert example.player(69).title is not None and example.player(69).title.value == "WFM"
    lichess = parse_trf(_read(DATA / "lichess_2020_06.trf"), "lichess").tournament
    first = {b.player: b.result for b in lichess.round(1).byes}
    assert first[5] is Result.HALF_BYE
    assert any(p.black is None for p in lichess.round(2).pairings)  # "    U": the bye
    old = parse_trf(_read(DATA / "competichess_test.trf"), "old").tournament
    new = parse_trf(_read(DATA / "javafo_gros_2010.trf"), "new").tournament
    # Old bye codes read as the new ones; a forfeit without colours gets the lower number as
    # white, so compare who met whom and the scores rather than the boards.
    assert score_table(old) == score_table(new)
    for a, b in zip(old.rounds, new.rounds, strict=True):
        assert {frozenset(p.players) for p in a.pairings} == {
            frozenset(p.players) for p in b.pairings
        }
        # the older file writes the known absence as "0000 - -", the newer as "0000 - Z"
        same = {Result.ABSENT: Result.ZERO_BYE}
        assert [(x.player, same.get(x.result, x.result)) for x in a.byes] == [
            (x.player, x.result) for x in b.byes
        ]
