"""The registrar's queue of rating reports (issue 36 item 1), through the API: a report
received with its checks, each check failing on its own, applied once (the registry's
tournament and the new players' entries), returned with a note, and who may do which."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from skak.api import Grant, Skak
from skak.errors import InputError, NotFoundError, PermissionDenied, StateError
from skak.io.rating_report import read_report_document
from skak.views.rating_reports import report_document_of
from tests.records.reports.helpers import (
    CLUB,
    LIST_DAY,
    MEMBERS,
    NAME,
    TODAY,
    club,
    federation,
    list_text,
)

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def document(path: Path, **options: object) -> dict[str, object]:
    """The club's report of its tournament (``skak report --send`` sends this)."""
    entries = options.pop("entries", ())
    s, tid = club(path, **options)  # type: ignore[arg-type]
    try:
        return report_document_of(
            s.tournaments.get(tid),
            s.discipline.get(),
            [],
            today=TODAY,
            club=CLUB,
            entries=entries,  # type: ignore[arg-type]
        )
    finally:
        s.close()


@pytest.fixture
def fed(tmp_path: Path) -> Iterator[Skak]:
    s = federation(tmp_path / "fed.db")
    yield s
    s.close()


def checks(s: Skak, ident: int) -> dict[str, tuple[bool, tuple[str, ...]]]:
    view = s.reports.status(ident).view()
    return {c.check: (c.passed, c.problems) for c in view.checks}


def test_a_report_comes_back_as_it_was_sent(tmp_path: Path) -> None:
    doc = document(tmp_path / "club.db")
    read = read_report_document(json.dumps(doc), "r.json")
    assert read.club == CLUB
    assert [p.dsu_id for p in read.tournament.players] == [m[0] for m in MEMBERS]
    assert read.tournament.arbiters == ("Inge Holm",)
    assert read.tournament.time_control == "90+30"
    assert len(read.tournament.rounds) == 3
    assert all(pg.result is not None for r in read.tournament.rounds for pg in r.pairings)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"format": "trf"}, "format"),
        ({"version": 2}, "version"),
        ({"players": "none"}, "players"),
        ({"tournament": {"system": "berger"}}, "tournament.name"),
    ],
)
def test_a_document_that_is_no_report_is_named(
    tmp_path: Path, change: dict[str, object], where: str
) -> None:
    doc = document(tmp_path / "club.db") | change
    with pytest.raises(InputError) as err:
        read_report_document(doc, "r.json")
    assert f"r.json: {where}" in str(err.value)


def test_a_board_with_a_start_number_no_player_has_is_refused(tmp_path: Path) -> None:
    doc = document(tmp_path / "club.db")
    doc["rounds"][0]["boards"][0]["black"] = 99  # type: ignore[index]
    with pytest.raises(
        InputError, match=r"rounds\[0\]\.boards\[0\]: no player has start number 99"
    ):
        read_report_document(doc, "r.json")


def test_a_sound_report_passes_every_check_and_is_applied(tmp_path: Path, fed: Skak) -> None:
    row = fed.reports.receive(document(tmp_path / "club.db"), today=TODAY, actor="vejle")
    (waiting,) = fed.reports.queue(today=TODAY)
    view = waiting.view()
    assert view.status == "received" and view.passed is True
    assert [c.check for c in view.checks] == [
        "complete",
        "players",
        "quarantine",
        "not_applied",
        "rating",
    ]
    assert view.edition == "dsu-2024"
    by_member = {line.dsu_id: line for line in view.changes}
    # the last round's board 1 drawn: Dahl (1600) took half a point from the field
    before = {m[0]: m[2] for m in MEMBERS}
    assert all(by_member[m].registered == before[m] for m in before)
    local = fed.registry.get()
    fed.reports.apply(row.id, today=TODAY, actor="registrar")
    after = fed.registry.get()
    assert after.applied - local.applied == {f"{fed.reports.get(row.id).key} (#{row.id})"}
    for member, line in by_member.items():
        card = after.players[member]
        assert card.rating("standard") == line.new  # the queue showed what was applied
        assert card.history[-1].reason == NAME
    assert fed.reports.status(row.id).view().status == "applied"
    assert fed.reports.queue(today=TODAY) == ()


def test_the_changes_are_those_of_applying_the_tournament_locally(tmp_path: Path) -> None:
    """The registry after a reported tournament is the registry after ``skak rating apply``
    of the same tournament in one database."""
    s, tid = club(tmp_path / "club.db")
    s.registry.import_text(list_text(), "liste.csv", LIST_DAY)
    s.registry.apply(tid, TODAY)
    local = {m[0]: s.registry.get().players[m[0]].rating("standard") for m in MEMBERS}
    fed = federation(tmp_path / "fed.db")
    doc = report_document_of(s.tournaments.get(tid), s.discipline.get(), [], today=TODAY)
    row = fed.reports.receive(doc, today=TODAY)
    fed.reports.apply(row.id, today=TODAY)
    assert {m: fed.registry.get().players[m].rating("standard") for m in local} == local


def test_an_incomplete_report_fails_the_first_check(tmp_path: Path, fed: Skak) -> None:
    doc = document(tmp_path / "club.db", time_control=None)
    doc["arbiters"] = []
    doc["tournament"]["end"] = None  # type: ignore[index]
    row = fed.reports.receive(doc, today=TODAY)
    passed, problems = checks(fed, row.id)["complete"]
    assert not passed
    text = " | ".join(problems)
    assert "arbiters' names are missing" in text
    assert "dates are missing" in text
    assert "time control is missing" in text
    with pytest.raises(StateError, match="cannot be applied"):
        fed.reports.apply(row.id, today=TODAY)
    assert fed.reports.get(row.id).status == "received"


def test_a_time_control_of_another_kind_fails(tmp_path: Path, fed: Skak) -> None:
    doc = document(tmp_path / "club.db")
    doc["tournament"]["time_control"] = "15+10"  # type: ignore[index]
    row = fed.reports.receive(doc, today=TODAY)
    passed, problems = checks(fed, row.id)["complete"]
    assert not passed
    assert problems == (
        "the time control 15+10 is rapid (003 §3.4.1 A1 (laws 2009)), but the report is rated "
        "as standard",
    )


def test_an_unknown_player_fails_and_an_entry_rating_admits_him(tmp_path: Path, fed: Skak) -> None:
    newcomer = ((555, "Nielsen, Niels", 1500),)
    doc = document(tmp_path / "a.db", extra=newcomer)
    row = fed.reports.receive(doc, today=TODAY)
    passed, problems = checks(fed, row.id)["players"]
    assert not passed
    assert problems == (
        "Nielsen, Niels (DSU member 555) is not in the rating registry and has no entry "
        "rating (001 §5.1)",
    )
    with pytest.raises(StateError):
        fed.reports.apply(row.id, today=TODAY)
    assert 555 not in fed.registry.get().players
    # a club chairman may give 1500 (001 §5.1, from 1200 since June 2024), not 1750
    bad = document(tmp_path / "b.db", extra=newcomer, entries=[(555, 1750, "club")])
    assert not checks(fed, fed.reports.receive(bad, today=TODAY).id)["players"][0]
    good = document(tmp_path / "c.db", extra=newcomer, entries=[(555, 1500, "club")])
    row = fed.reports.receive(good, today=TODAY)
    assert checks(fed, row.id)["players"][0]
    fed.reports.apply(row.id, today=TODAY)
    card = fed.registry.get().players[555]
    assert [(h.old, h.reason) for h in card.history] == [
        (None, "entered: entry by club"),
        (1500, NAME),
    ]


def test_a_player_in_quarantine_fails(tmp_path: Path, fed: Skak) -> None:
    fed.discipline.give(
        "quarantine",
        102,
        given=date(2026, 6, 1),
        event="Forårsturnering",
        last_day=date(2026, 6, 1),
        ground="4.5.4.2",
        months=6,
    )
    row = fed.reports.receive(document(tmp_path / "club.db"), today=TODAY)
    passed, problems = checks(fed, row.id)["quarantine"]
    assert not passed
    assert "Bruun, Bent (DSU member 102) was in quarantine" in problems[0]
    with pytest.raises(StateError, match="quarantine"):
        fed.reports.apply(row.id, today=TODAY)


def test_a_tournament_is_applied_once(tmp_path: Path, fed: Skak) -> None:
    doc = document(tmp_path / "club.db")
    first = fed.reports.receive(doc, today=TODAY)
    second = fed.reports.receive(doc, today=TODAY)
    assert checks(fed, second.id)["not_applied"][0]  # both wait; neither is applied yet
    fed.reports.apply(first.id, today=TODAY)
    passed, problems = checks(fed, second.id)["not_applied"]
    assert not passed
    assert "applied to the registry already" in problems[0]
    version = fed.registry.version()
    with pytest.raises(StateError):
        fed.reports.apply(second.id, today=TODAY)
    with pytest.raises(StateError, match="applied on 2026-09-20 already"):
        fed.reports.apply(first.id, today=TODAY)
    assert fed.registry.version() == version


def test_the_same_tournament_applied_by_hand_is_found_on_the_cards(
    tmp_path: Path, fed: Skak
) -> None:
    doc = document(tmp_path / "club.db")
    doc["rounds"][2]["boards"][0]["result"] = "1-0"  # type: ignore[index]
    row = fed.reports.receive(doc, today=TODAY)  # another key: other games
    fed.reports.apply(row.id, today=TODAY)
    again = fed.reports.receive(document(tmp_path / "club2.db"), today=TODAY)
    passed, problems = checks(fed, again.id)["not_applied"]
    assert not passed
    assert "already: the tournament was applied" in problems[0]


def test_a_returned_report_carries_the_note(tmp_path: Path, fed: Skak) -> None:
    row = fed.reports.receive(document(tmp_path / "club.db"), today=TODAY)
    with pytest.raises(InputError, match="carries a note"):
        fed.reports.send_back(row.id, "  ")
    fed.reports.send_back(row.id, "The second arbiter's name is missing.\nSend it again.")
    view = fed.reports.status(row.id).view()
    assert (view.status, view.note) == (
        "returned",
        "The second arbiter's name is missing. Send it again.",
    )
    assert view.checks == ()  # a decided report is not checked again
    with pytest.raises(StateError, match="returned to the club"):
        fed.reports.apply(row.id)


@pytest.fixture
def guarded(fed: Skak) -> Skak:
    accounts = fed.accounts
    accounts.add("vejle", "kodeord-vejle", roles=[Grant.parse("club", club=CLUB)], hasher=CHEAP)
    odense = Grant.parse("club", club="Odense Skakklub")
    accounts.add("odense", "kodeord-odense", roles=[odense], hasher=CHEAP)
    accounts.add("dommer", "kodeord-dommer", roles=["arbiter"], hasher=CHEAP)
    accounts.add("kartotek", "kodeord-kartotek", roles=["registrar"], hasher=CHEAP)
    return fed.guarded()


def test_who_may_send_see_and_decide(tmp_path: Path, guarded: Skak) -> None:
    doc = document(tmp_path / "club.db")
    with pytest.raises(PermissionDenied):
        guarded.reports.receive(doc, actor="odense")  # another club's report
    with pytest.raises(PermissionDenied):
        guarded.reports.receive(doc, actor="kartotek")  # the registrar sends none
    assert guarded.reports.rows() == []
    row = guarded.reports.receive(doc, actor="vejle")
    other = guarded.reports.receive(doc | {"club": None}, actor="dommer")
    assert [v.row.id for v in guarded.reports.visible(actor="vejle")] == [row.id]
    assert [v.row.id for v in guarded.reports.visible(actor="dommer")] == [other.id]
    assert len(guarded.reports.visible(actor="kartotek")) == 2
    with pytest.raises(NotFoundError):
        guarded.reports.status(row.id, actor="odense")
    for who in ("vejle", "dommer", "odense"):
        with pytest.raises(PermissionDenied):
            guarded.reports.apply(row.id, actor=who)
        with pytest.raises(PermissionDenied):
            guarded.reports.queue(actor=who)
    guarded.reports.apply(row.id, actor="kartotek")
    assert guarded.reports.status(row.id, actor="vejle").view().status == "applied"


def test_the_stored_report_reads_back(tmp_path: Path, fed: Skak) -> None:
    row = fed.reports.receive(document(tmp_path / "club.db"), today=TODAY)
    fed.reports.send_back(row.id, "Mend it", today=TODAY)
    assert fed.check() == []
    stored = fed.reports.get(row.id)
    assert (stored.status, stored.note, stored.received_on) == ("returned", "Mend it", TODAY)
    assert stored.document["tournament"]["name"] == NAME


def test_the_queue_is_backed_up_and_restored(tmp_path: Path, fed: Skak) -> None:
    """A federation's backup holds its reports too: restored, the queue is as it was."""
    row = fed.reports.receive(document(tmp_path / "club.db"), today=TODAY, actor="vejle")
    was = fed.reports.status(row.id).view()
    fed.backup(tmp_path / "kopi.json", logical=True)
    restored = Skak(tmp_path / "restored.db", create=True, actor="test")
    try:
        restored.restore(tmp_path / "kopi.json")
        (waiting,) = restored.reports.queue(today=TODAY)
        assert waiting.view() == was
    finally:
        restored.close()
