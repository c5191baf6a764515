"""An event with groups (issue: the arbiter's hall, item 4): groups added as tournaments of
the event, one register of entrants, a player moved between groups before round 1 (nothing
lost when the move cannot be made), one §6 report for the event, one public page."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak, Tournament
from skak.errors import InputError, NotFoundError, StateError
from skak.model import Ratings

DAY = date(2026, 4, 2)


@pytest.fixture
def dm(tmp_path: Path) -> Skak:
    s = Skak(tmp_path / "dm.db", create=True, actor="arbiter")
    s.event.new("DM 2026", start=DAY, end=date(2026, 4, 10), place="Vejle")
    for label, rounds in (("Mesterklassen", 9), ("Basis", 7)):
        t = Tournament(f"DM 2026 – {label}", "dutch", number_of_rounds=rounds)
        s.event.new_group("DM 2026", label, t)
    for group, names in (("Mesterklassen", ["Hansen, Bo", "Berg, Ole"]), ("Basis", ["Kjær, Åse"])):
        tid = next(g.tournament for g in s.event.get("DM 2026").groups if g.label == group)
        for i, name in enumerate(names):
            s.tournaments.add_player(tid, name, ratings=Ratings(dsu=1800 - 100 * i))
    return s


def test_the_groups_and_one_register(dm: Skak) -> None:
    view = dm.event.view("DM 2026")
    assert [(g.label, g.name, g.players, g.rounds) for g in view.groups] == [
        ("Mesterklassen", "DM 2026 – Mesterklassen", 2, 9),
        ("Basis", "DM 2026 – Basis", 1, 7),
    ]
    t = dm.tournaments.get(view.groups[0].tournament)
    assert (t.place, t.start_date) == ("Vejle", DAY)  # the event's
    assert [(e.name, e.group) for e in view.entrants] == [
        ("Berg, Ole", "Mesterklassen"),
        ("Hansen, Bo", "Mesterklassen"),
        ("Kjær, Åse", "Basis"),
    ]
    with pytest.raises(InputError, match="has a group Basis already"):
        dm.event.add_group("DM 2026", "basis", view.groups[0].tournament)
    other = dm.event.new("EMT 2026")
    with pytest.raises(StateError, match="is a group of DM 2026 already"):
        dm.event.add_group(other.id, "A", view.groups[0].tournament)


def test_a_player_moves_between_groups_before_round_1(dm: Skak) -> None:
    moved = dm.event.move("DM 2026", "hansen", "Basis")
    assert (moved.name, moved.start_number, moved.ratings.dsu) == ("Hansen, Bo", 2, 1800)
    view = dm.event.view("DM 2026")
    assert {e.name: (e.group, e.start_number) for e in view.entrants} == {
        "Berg, Ole": ("Mesterklassen", 1),  # the numbers after him closed up
        "Hansen, Bo": ("Basis", 2),
        "Kjær, Åse": ("Basis", 1),
    }
    with pytest.raises(NotFoundError, match="no entrant"):
        dm.event.move("DM 2026", "Nielsen", "Basis")
    with pytest.raises(NotFoundError, match="no group Elite"):
        dm.event.move("DM 2026", "Berg", "Elite")
    basis = view.groups[1].tournament
    dm.tournaments.add_player(basis, "Lund, Ib")
    dm.tournaments.pair(basis)
    with pytest.raises(StateError, match="paired round 1"):
        dm.event.move("DM 2026", "Berg", "Basis")
    assert len(dm.tournaments.get(view.groups[0].tournament).players) == 1  # nothing moved


def test_a_failed_move_loses_nothing(dm: Skak) -> None:
    """The other group refuses him (a quarantine given since he entered, §19): he is back
    on his own group's list as he was."""
    master = dm.event.get("DM 2026").group("Mesterklassen").tournament
    dm.tournaments.edit_player(master, 1, dsu_id=77)
    today = date.today()
    dm.discipline.give(
        "quarantine", 77, given=today, name="Hansen, Bo", event="Klubturnering",
        last_day=today, months=6, start=today,
    )  # fmt: skip
    before = dm.tournaments.get(master).players
    with pytest.raises(StateError, match="quarantine"):
        dm.event.move("DM 2026", "Mesterklassen:1", "Basis")
    assert dm.tournaments.get(master).players == before


def test_the_public_page(dm: Skak) -> None:
    from skak.faces.web import create_app

    client = TestClient(create_app(dm))
    eid = dm.event.rows()[0].id
    page = client.get(f"/event/{eid}").text
    assert "Mesterklassen" in page and "Kjær, Åse" in page and "/standings" in page
    assert "DM 2026" in client.get("/events").text
    assert client.get("/event/999").status_code == 404
