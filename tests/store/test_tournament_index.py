"""The list of tournaments as a federation needs it (issue 39, item 1): paged, newest first,
searched by name, place and organiser, filtered by days, kind and status, a club's own list
— read from the summaries kept beside the streams (``stream_summaries``), which every write
keeps right in its own transaction, never from the events."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import create_engine, delete

from skak.api import RatedKind, Skak, Tournament, database_url
from skak.errors import InputError, NotFoundError
from skak.model import Result
from skak.records.tournament.kind import tournament_summary
from skak.store import SummaryQuery, SummaryRow, select_summaries
from skak.store.schema import stream_summaries
from skak.store.streams import FAULTS

#: (name, place, organiser, first day, last day, kind, rated)
FIELD = (
    (
        "Aarhus Open 2025",
        "Aarhus",
        "Aarhus Skakklub",
        date(2025, 4, 12),
        date(2025, 4, 14),
        "standard",
        True,
    ),
    (
        "Klubmesterskab",
        "Århus",
        "Aarhus Skakklub",
        date(2025, 9, 1),
        date(2026, 3, 30),
        "standard",
        True,
    ),
    ("Lynturnering", "Odense", "Odense Skakklub", date(2026, 1, 10), None, "blitz", False),
    (
        "Påsketurnering",
        "Nørresundby",
        "Nørresundby Skakklub",
        date(2026, 4, 2),
        date(2026, 4, 5),
        "standard",
        True,
    ),
    ("Hurtigskak", None, None, date(2026, 2, 1), None, "rapid", True),
    ("Uden dato", "Vejle", "Vejle Skakklub", None, None, "standard", True),
    (
        "DM 2026",
        "Svendborg",
        "Dansk Skak Union",
        date(2026, 3, 28),
        date(2026, 4, 5),
        "standard",
        True,
    ),
)


def _make(api: Skak) -> dict[str, int]:
    ids = {}
    for name, place, organiser, first, last, kind, rated in FIELD:
        t = Tournament(
            name,
            "berger",
            place=place,
            organiser=organiser,
            start_date=first,
            end_date=last,
            rated_kind=RatedKind(kind),
            rated=rated,
        )
        ids[name] = api.tournaments.create(t).id
    return ids


def _names(api: Skak, **options: object) -> list[str]:
    return [line.name for line in api.tournaments.listing(**options).tournaments]  # type: ignore[arg-type]


def _play_out(api: Skak, tid: int) -> None:
    """Four players, a round robin of three rounds, every game drawn."""
    for name in ("Andersen, A", "Bruun, B", "Carlsen, C", "Dahl, D"):
        api.tournaments.add_player(tid, name)
    for r in (1, 2, 3):
        api.tournaments.pair(tid)
        for board in (1, 2):
            api.tournaments.enter_result(tid, r, board, Result.DRAW)


@pytest.fixture
def listed(api: Skak) -> tuple[Skak, dict[str, int]]:
    return api, _make(api)


def test_the_list_is_newest_first_a_page_at_a_time(listed: tuple[Skak, dict[str, int]]) -> None:
    api, ids = listed
    created = {r.id: r.created_at[:10] for r in api.tournaments.rows()}
    # Newest first: by the first day, a tournament without one by the day it was created.
    by_day = sorted(
        FIELD,
        key=lambda f: (f[3].isoformat() if f[3] else created[ids[f[0]]], ids[f[0]]),
        reverse=True,
    )
    expected = [f[0] for f in by_day]
    whole = api.tournaments.listing(limit=500)
    assert [line.name for line in whole.tournaments] == expected
    assert (whole.total, whole.pages) == (len(FIELD), 1)
    pages = [api.tournaments.listing(limit=3, page=n) for n in (1, 2, 3)]
    assert [len(p.tournaments) for p in pages] == [3, 3, 1]
    assert {(p.total, p.pages) for p in pages} == {(7, 3)}
    assert [line.name for p in pages for line in p.tournaments] == expected
    assert api.tournaments.listing(limit=3, page=4).tournaments == ()


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("aarhus", {"Aarhus Open 2025", "Klubmesterskab"}),  # the name, the place, the club
        ("ÅRHUS klubmesterskab", {"Klubmesterskab"}),  # every word, in any order and case
        ("noerresundby", {"Påsketurnering"}),  # æ, ø, å however they are spelled
        ("paaske", {"Påsketurnering"}),
        ("skak union", {"DM 2026"}),  # the organiser
        (
            "skakklub",
            {"Aarhus Open 2025", "Klubmesterskab", "Lynturnering", "Påsketurnering", "Uden dato"},
        ),
        ("100%_", set()),  # a search's wildcards are letters like any other
        ("", {f[0] for f in FIELD}),
    ],
)
def test_a_search_finds_the_name_place_and_organiser(
    listed: tuple[Skak, dict[str, int]], search: str, expected: set[str]
) -> None:
    api, _ = listed
    found = api.tournaments.listing(search=search)
    assert {line.name for line in found.tournaments} == expected
    assert found.total == len(expected)


def test_the_filters_narrow_the_list(listed: tuple[Skak, dict[str, int]]) -> None:
    api, ids = listed
    # A club's own list, its name in any case and spelling.
    assert _names(api, organiser="aarhus skakklub") == ["Klubmesterskab", "Aarhus Open 2025"]
    assert _names(api, organiser="Århus Skakklub") == ["Klubmesterskab", "Aarhus Open 2025"]
    assert _names(api, organiser="Aarhus") == []  # the whole name, not a part
    # The days: held on a day between them (a tournament running across them counts).
    assert _names(api, start=date(2026, 4, 1), end=date(2026, 4, 30)) == [
        "Påsketurnering",
        "DM 2026",
    ]
    assert "Klubmesterskab" in _names(api, start=date(2025, 12, 1), end=date(2025, 12, 31))
    assert "Aarhus Open 2025" not in _names(api, start=date(2025, 4, 15))
    assert _names(api, end=date(2025, 4, 12)) == ["Aarhus Open 2025"]
    assert _names(api, kind="blitz") == ["Lynturnering"]
    assert _names(api, kind="rapid") == ["Hurtigskak"]
    assert len(_names(api, status="planned")) == len(FIELD)
    _play_out(api, ids["Lynturnering"])  # not rated
    _play_out(api, ids["Hurtigskak"])
    for name in ("Eriksen, E", "Frost, F", "Gram, G"):
        api.tournaments.add_player(ids["DM 2026"], name)
    api.tournaments.pair(ids["DM 2026"])
    assert _names(api, status="running") == ["DM 2026"]
    assert _names(api, status="finished") == ["Hurtigskak", "Lynturnering"]
    assert _names(api, status="rated") == ["Hurtigskak"]
    assert _names(api, status="finished", kind="blitz", search="odense") == ["Lynturnering"]
    view = api.tournaments.listing(status="rated")
    assert (view.tournaments[0].status, view.tournaments[0].rated) == ("finished", True)


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"page": 0}, "the page must be 1 or more"),
        ({"limit": 0}, "must be 1–500"),
        ({"limit": 501}, "must be 1–500"),
        ({"kind": "bullet"}, "unknown kind 'bullet'"),
        ({"status": "paused"}, "unknown status 'paused'"),
        ({"start": date(2026, 2, 1), "end": date(2026, 1, 1)}, r"end \(2026-01-01\) before"),
    ],
)
def test_a_list_asked_for_wrong_is_refused(
    api: Skak, options: dict[str, object], refusal: str
) -> None:
    with pytest.raises(InputError, match=refusal):
        api.tournaments.listing(**options)  # type: ignore[arg-type]


def _summaries_are_the_records(api: Skak) -> None:
    """Every tournament's summary kept is what its record makes now, kept at the version of
    the last change that changed it."""
    for row in api.tournaments.all_rows():
        kept = api.store.summary("tournament", row.id)
        loaded = api.tournaments.read_any(row.id)
        assert kept is not None, row
        assert kept.summary == tournament_summary(loaded.state)
        assert 1 <= kept.version <= loaded.version


def test_the_summaries_follow_every_change(listed: tuple[Skak, dict[str, int]]) -> None:
    api, ids = listed
    _summaries_are_the_records(api)
    stamp = api.tournaments.list_stamp()
    tid = ids["Hurtigskak"]
    for name in ("Andersen, A", "Bruun, B", "Carlsen, C", "Dahl, D"):
        api.tournaments.add_player(tid, name)
    assert api.tournaments.list_stamp() == stamp  # nothing the list shows has changed
    api.tournaments.pair(tid)
    assert api.tournaments.list_stamp() > stamp  # planned → running
    stamp = api.tournaments.list_stamp()
    api.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    assert api.tournaments.list_stamp() == stamp
    api.tournaments.enter_result(tid, 1, 2, Result.DRAW)
    for r in (2, 3):
        api.tournaments.pair(tid)
        for board in (1, 2):
            api.tournaments.enter_result(tid, r, board, Result.DRAW)
    _summaries_are_the_records(api)
    assert api.tournaments.list_stamp() > stamp  # running → finished
    assert _names(api, status="finished") == ["Hurtigskak"]
    api.tournaments.undo(tid)  # the last result taken back: running again
    _summaries_are_the_records(api)
    assert _names(api, status="running") == ["Hurtigskak"]
    api.tournaments.enter_result(tid, 3, 2, Result.WHITE_WIN)
    assert _names(api, status="finished") == ["Hurtigskak"]
    # A deleted tournament leaves the list, its search and its club's list; undeleted, back.
    api.tournaments.delete(ids["Klubmesterskab"])
    _summaries_are_the_records(api)
    assert "Klubmesterskab" not in _names(api, limit=500)
    assert _names(api, organiser="aarhus skakklub") == ["Aarhus Open 2025"]
    assert api.tournaments.listing().total == len(FIELD) - 1
    assert [r.name for r in api.tournaments.deleted_rows()] == ["Klubmesterskab"]
    with pytest.raises(NotFoundError, match="is deleted"):
        api.tournaments.version(ids["Klubmesterskab"])
    api.tournaments.undelete("Klubmesterskab")
    _summaries_are_the_records(api)
    assert _names(api, organiser="aarhus skakklub") == ["Klubmesterskab", "Aarhus Open 2025"]
    # A new tournament is on the list at once.
    api.tournaments.create(Tournament("Nyeste", "dutch", start_date=date(2027, 1, 1)))
    assert _names(api, limit=1) == ["Nyeste"]


def test_a_write_that_fails_leaves_the_summary_as_it_was(
    listed: tuple[Skak, dict[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary is written in the transaction of the append: a write stopped after its
    events were inserted (and rolled back) leaves the summary of the version before."""
    api, ids = listed
    tid = ids["Hurtigskak"]
    before = api.store.summary("tournament", tid)

    def stop() -> None:
        raise RuntimeError("stopped inside the write")

    monkeypatch.setitem(FAULTS, "appended", stop)
    with pytest.raises(RuntimeError):
        api.tournaments.add_player(tid, "Andersen, A")
    monkeypatch.delitem(FAULTS, "appended")
    assert api.store.summary("tournament", tid) == before
    _summaries_are_the_records(api)


def test_missing_summaries_are_made_from_the_records(
    listed: tuple[Skak, dict[str, int]], database: str
) -> None:
    """A database that keeps none (written before schema 0005, or restored from a backup,
    which holds the events alone) gets them on the first list; none is read from events
    after that."""
    api, ids = listed
    api.tournaments.delete(ids["Lynturnering"])
    expected = api.tournaments.listing(limit=500)
    engine = create_engine(database_url(database))
    with engine.begin() as conn:
        conn.execute(delete(stream_summaries))
    engine.dispose()
    again = Skak(database)
    assert again.store.unsummarised("tournament")
    assert again.tournaments.listing(limit=500) == expected
    assert again.store.unsummarised("tournament") == []
    assert [r.name for r in again.tournaments.rows()] == [
        f[0] for f in FIELD if f[0] != "Lynturnering"
    ]
    _summaries_are_the_records(again)
    again.close()


QUERIES = [
    SummaryQuery(),
    SummaryQuery(words=("skakklub",), limit=2, offset=1),
    SummaryQuery(organiser="arhus skakklub"),
    SummaryQuery(first="2026-01-01", last="2026-03-31"),
    SummaryQuery(category="standard", status="planned", limit=3),
    SummaryQuery(status="rated"),
    SummaryQuery(listed=False),
]


@pytest.mark.parametrize("query", QUERIES, ids=range(len(QUERIES)))
def test_a_list_made_in_memory_is_the_list_the_database_gives(
    listed: tuple[Skak, dict[str, int]], query: SummaryQuery
) -> None:
    """A read-only database that keeps no summary of some tournaments lists them from the
    records: the same conditions and order as the query of the table."""
    api, ids = listed
    _play_out(api, ids["Hurtigskak"])
    api.tournaments.delete(ids["Uden dato"])
    made = []
    for row in api.tournaments.all_rows():
        loaded = api.tournaments.read_any(row.id)
        made.append(SummaryRow(row.id, row.created_at, 0, tournament_summary(loaded.state)))
    from_memory = select_summaries(made, query)
    from_table = api.store.summaries("tournament", query)
    assert from_memory.total == from_table.total
    assert [r.id for r in from_memory.rows] == [r.id for r in from_table.rows]
    assert [r.summary for r in from_memory.rows] == [r.summary for r in from_table.rows]
