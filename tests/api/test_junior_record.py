"""The junior team championship kept in the database (5.5; ``skak.junior``): imported from
its file all or nothing, its matches entered as they are played — each a pairing of the
round robin (§5), the players on their team's list — with §6's composition checked at once
(said, not refused: §7 lets the organiser dispense a team), its standings by §4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skak.api import Grant, Role, Skak
from skak.errors import InputError, PermissionDenied
from tests.cli.test_junior_command import _file

ROUND_3 = ["1-0"] * 8


@pytest.fixture
def skak(tmp_path: Path) -> Skak:
    s = Skak(":memory:", create=True, actor="leder")
    s.junior.import_file(_file(tmp_path), name="Junior Hold DM 2025")
    return s


def test_imported_standings_are_the_files(skak: Skak, tmp_path: Path) -> None:
    from skak.api import junior_from_file

    assert skak.junior.view("Junior Hold DM 2025") == junior_from_file(_file(tmp_path))
    (line,) = skak.junior.lines()
    assert (line.name, line.teams, line.matches) == ("Junior Hold DM 2025", 3, 3)


def test_a_match_is_checked_against_section_6_on_entry(tmp_path: Path) -> None:
    path = _file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["matches"] = []
    path.write_text(json.dumps(data), encoding="utf-8")
    s = Skak(":memory:", create=True)
    s.junior.import_file(path)
    rows = s.junior.matches()
    assert [(m.round, m.entered) for m in rows] == [(1, False), (2, False), (3, False)]
    r1 = rows[0]
    team = {"1. HK": "a", "2. HK": "b", "3. HK": "c"}
    done = s.junior.enter_match(
        None, 1, r1.first, r1.second, ["1-0", "=", "0-1", "½", "1-0", "1-0", "0-1", "+-"],
        first_players=[f"{team[r1.first]}{i}" for i in range(1, 9)],
        second_players=[*(f"{team[r1.second]}{i}" for i in range(1, 8)), "-"],
    )  # fmt: skip
    assert any("no girl" in n for n in done.notes)  # the girl is board 8, left empty
    assert s.junior.matches()[0].result == "5-3"
    with pytest.raises(InputError, match="met in round 1 already"):
        s.junior.enter_match(None, 2, r1.first, r1.second, ROUND_3)
    with pytest.raises(InputError, match="7 results for 8 boards"):
        s.junior.enter_match(None, 1, r1.first, r1.second, ROUND_3[:7])
    with pytest.raises(InputError, match="board 2: '2-0' is no result"):
        s.junior.enter_match(None, 1, r1.first, r1.second, ["1-0", "2-0", *ROUND_3[2:]])
    with pytest.raises(InputError, match="has no player 'zz0'"):
        s.junior.enter_match(
            None, 1, r1.first, r1.second, ROUND_3, first_players=[f"zz{i}" for i in range(8)]
        )
    with pytest.raises(InputError, match="rounds 1–3"):
        s.junior.enter_match(None, 4, r1.first, r1.second, ROUND_3)
    assert s.junior.matches()[0].result == "5-3"  # nothing written by a refusal


def test_a_bad_file_imports_nothing(tmp_path: Path) -> None:
    path = _file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["matches"][0]["results"] = ["1-0"] * 7
    path.write_text(json.dumps(data), encoding="utf-8")
    s = Skak(":memory:", create=True)
    with pytest.raises(InputError) as caught:
        s.junior.import_file(path)
    assert caught.value.location == str(path)
    assert s.junior.rows() == []


def test_only_its_leader_enters_a_match(skak: Skak) -> None:
    sid = skak.junior.rows()[0].id
    skak.accounts.add("Kaptajn", "hemmelig-1", roles=[Grant(Role.CLUB, club="1. HK")])
    skak.accounts.add("Jens Junior", "hemmelig-1", roles=[Grant(Role.LEADER, sid)])
    web = skak.guarded()
    with pytest.raises(PermissionDenied):
        web.junior.enter_match(sid, 3, "2. HK", "3. HK", ["0-1"] * 8, actor="Kaptajn")
    web.junior.enter_match(sid, 3, "2. HK", "3. HK", ["0-1"] * 8, actor="Jens Junior")
    assert skak.junior.matches(sid)[-1].result == "0-8"
