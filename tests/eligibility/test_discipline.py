"""Warnings and quarantines (§7, §19, 4.5.4.2): §19's escalation, each boundary day a row
citing its paragraph; the quarantine's last day; what a registration is told."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.eligibility.discipline import (
    NO_QUARANTINES,
    DisciplineRegistry,
    Quarantines,
    SanctionKind,
    SanctionRequest,
    months_later,
    playing_days,
    registration_check,
)
from skak.errors import InputError, NotFoundError, StateError, StorageError
from skak.records.discipline.codec import dump_event, load_event
from skak.records.discipline.commands import GiveSanction, LiftSanction, decide
from skak.records.discipline.events import SanctionLifted, SanctionRecorded
from skak.records.discipline.evolve import evolve

D = date.fromisoformat
W, Q = SanctionKind.WARNING, SanctionKind.QUARANTINE
MEMBER = 12345


def _give(
    registry: DisciplineRegistry,
    kind: SanctionKind,
    given: str,
    *,
    last_day: str | None = None,
    ground: str = "§7",
    months: int | None = None,
    until: str | None = None,
    start: str | None = None,
    member: int = MEMBER,
    tournament: str = "Turnering",
) -> DisciplineRegistry:
    request = SanctionRequest(
        kind,
        member,
        "Hansen, Jens",
        D(given),
        tournament,
        D(last_day or given),
        ground,
        "",
        D(start) if start else None,
        months,
        D(until) if until else None,
    )
    for event in decide(registry, GiveSanction(request)):
        registry = evolve(registry, event)
    return registry


def test_the_issues_case_a_second_warning_within_the_year() -> None:
    """§19: a warning is valid for a year after the last playing day of its tournament; a
    second in that year becomes a quarantine of 3 months. Given on 4 October 2026, it runs
    to 3 January 2027; the player may register for a rated tournament again from 4 January."""
    r = _give(DisciplineRegistry(), W, "2026-03-15", tournament="Vejle EMT 2026")
    r = _give(r, W, "2026-10-04", tournament="Efterårsturneringen 2026")
    first, second = r.sanctions
    assert (first.kind, first.valid_until()) == (W, D("2027-03-15"))
    assert (second.kind, second.months, second.rule) == (Q, 3, "§19")
    assert (second.start, second.end) == (D("2026-10-04"), D("2027-01-03"))
    assert "a second warning within the year of the warning of 2026-03-15" in second.escalation
    assert r.quarantine_on(MEMBER, D("2027-01-03")) == second
    assert r.quarantine_on(MEMBER, D("2027-01-04")) is None
    refused, _ = registration_check(
        r, [("Hansen, Jens", MEMBER)], D("2027-01-03"), D("2027-01-10"), rated=True
    )
    assert refused == [
        "Hansen, Jens (DSU member 12345) is in quarantine (karantæne) from 2026-10-04 to "
        "2027-01-03 (§19, given in Efterårsturneringen 2026) and may not play in a rated "
        "tournament (§7; Skaknævnet's ruling 97); he may play again from 2027-01-04"
    ]
    refused, notes = registration_check(
        r, [("Hansen, Jens", MEMBER)], D("2027-01-04"), D("2027-01-10"), rated=True
    )
    assert refused == []
    assert notes == [
        "Hansen, Jens (DSU member 12345) has a warning (advarsel) from Vejle EMT 2026, valid "
        "until 2027-03-15: another warning before then becomes a quarantine of 3 months (§19)"
    ]


#: (paragraph, the entries before, the new one, what is registered: kind, months, days, and
#: whether §19 changed it)
W_MARCH = (W, "2026-03-15", {})
Q_JANUARY = (Q, "2026-01-10", {"months": 6})  # 10 January – 9 July 2026
NO_SHOW = {"ground": "4.5.4.2"}
ESCALATION = [
    # §19: a warning's year runs from the last playing day to the same day a year later
    ("§19", [W_MARCH], (W, "2027-03-15", {}), (Q, 3, None, True)),
    ("§19", [W_MARCH], (W, "2027-03-16", {}), (W, None, None, False)),
    ("§19", [(W, "2026-03-20", {"last_day": "2026-03-15"})], (W, "2027-03-16", {}),
     (W, None, None, False)),
    # a warning within a year after a quarantine's end becomes 3 months
    ("§19", [Q_JANUARY], (W, "2027-07-09", {}), (Q, 3, None, True)),
    ("§19", [Q_JANUARY], (W, "2027-07-10", {}), (W, None, None, False)),
    ("§19", [Q_JANUARY], (W, "2026-03-01", {}), (Q, 3, None, True)),
    # a new quarantine within a year after one's end is doubled
    ("§19", [Q_JANUARY], (Q, "2027-07-09", {"months": 6}), (Q, 12, None, True)),
    ("§19", [Q_JANUARY], (Q, "2027-07-10", {"months": 6}), (Q, 6, None, False)),
    ("§19", [(Q, "2026-01-10", {"until": "2026-01-19"})],
     (Q, "2026-06-01", {"until": "2026-06-05"}), (Q, None, 10, True)),
    # 4.5.4.2: at least 6 months, doubled like any other within the year
    ("4.5.4.2", [], (Q, "2026-06-08", {"months": 12, **NO_SHOW}), (Q, 12, None, False)),
    ("4.5.4.2", [(W, "2026-01-10", {})], (Q, "2026-06-08", {"months": 6, **NO_SHOW}),
     (Q, 6, None, False)),
    # a warning converted into a quarantine stays 3 months, not doubled
    ("§19", [(Q, "2026-01-10", {"months": 3}), (W, "2026-05-01", {})], (W, "2026-06-01", {}),
     (Q, 3, None, True)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("paragraph", "before", "new", "registered"),
    ESCALATION,
    ids=[f"{c[0]}-{c[2][0].value}-{c[2][1]}-{i}" for i, c in enumerate(ESCALATION)],
)
def test_escalation(
    paragraph: str,
    before: list[tuple[SanctionKind, str, dict[str, object]]],
    new: tuple[SanctionKind, str, dict[str, object]],
    registered: tuple[SanctionKind, int | None, int | None, bool],
) -> None:
    r = DisciplineRegistry()
    for kind, day, extra in before:
        r = _give(r, kind, day, **extra)  # type: ignore[arg-type]
    kind, day, extra = new
    r = _give(r, kind, day, **extra)  # type: ignore[arg-type]
    entry = r.sanctions[-1]
    *what, escalated = registered
    assert [entry.kind, entry.months, entry.days] == what
    assert bool(entry.escalation) is escalated, entry.escalation
    assert entry.rule == ("§19" if escalated else entry.ground)
    assert paragraph in (entry.rule, entry.ground, "§19")


@pytest.mark.parametrize(
    ("start", "months", "last", "free"),
    [
        ("2026-10-04", 3, "2027-01-03", "2027-01-04"),
        ("2026-11-30", 3, "2027-02-28", "2027-03-01"),  # no 30 February: to month's end
        ("2026-12-01", 3, "2027-02-28", "2027-03-01"),
        ("2026-11-28", 3, "2027-02-27", "2027-02-28"),
        ("2027-08-31", 6, "2028-02-29", "2028-03-01"),
        ("1993-06-08", 12, "1994-06-07", "1994-06-08"),  # ruling 139: 12 months from 8/6 1993
    ],
)
def test_a_quarantine_ends_on_the_day_before_its_months_are_up(
    start: str, months: int, last: str, free: str
) -> None:
    r = _give(DisciplineRegistry(), Q, start, months=months)
    (q,) = r.sanctions
    assert q.end == D(last)
    assert r.quarantine_on(MEMBER, D(last)) == q
    assert r.quarantine_on(MEMBER, D(free)) is None
    assert r.quarantine_on(MEMBER, D(start) - timedelta(days=1)) is None


def test_a_quarantine_until_a_day_and_from_a_day() -> None:
    """Ruling 118: "karantæne indtil den 30. juni 1989" — a last day instead of months."""
    r = _give(DisciplineRegistry(), Q, "1988-08-10", until="1989-06-30", start="1988-08-11")
    (q,) = r.sanctions
    assert (q.start, q.end, q.days) == (D("1988-08-11"), D("1989-06-30"), 324)


@pytest.mark.parametrize(
    ("kind", "extra", "message"),
    [
        (Q, {"months": 5, "ground": "4.5.4.2"}, "4.5.4.2 gives at least 6 months"),
        (Q, {"until": "2026-12-06", "ground": "4.5.4.2"}, "until 2026-12-07 at least"),
        (Q, {}, "give a quarantine's length in months or its last day"),
        (Q, {"months": 3, "until": "2026-09-01"}, "one of them"),
        (Q, {"until": "2026-06-07"}, "is before its first"),
        (W, {"months": 3}, "a warning has no length"),
        (W, {"ground": "4.5.4.2"}, "4.5.4.2 gives a quarantine, not a warning"),
        (W, {"ground": "§99"}, "not '§99'"),
        (Q, {"months": 0}, "give 1–120"),
        (W, {"member": 0}, "a DSU member number is a positive number"),
    ],
)
def test_requests_the_rules_refuse(
    kind: SanctionKind, extra: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        _give(DisciplineRegistry(), kind, "2026-06-08", **extra)  # type: ignore[arg-type]


def test_entries_are_kept_in_date_order_per_player() -> None:
    r = _give(DisciplineRegistry(), W, "2026-06-08")
    with pytest.raises(StateError, match="latest entry is dated 2026-06-08"):
        _give(r, W, "2026-06-07")
    _give(r, W, "2026-06-07", member=999)  # another player's entries do not count


def test_the_registry_shows_warnings_until_they_expire_and_quarantines_a_year_more() -> None:
    """§19: "Advarsler slettes af kartoteket, når de er udløbet. Karantæner forbliver i
    kartoteket i 1 år efter udløbet." The history keeps them all."""
    r = _give(DisciplineRegistry(), W, "2026-03-15")
    r = _give(r, Q, "2026-04-01", member=2, months=3)
    w, q = r.sanctions
    assert w.valid_until() == D("2027-03-15")
    assert [s.id for s in r.standing(D("2027-03-15"))] == [1, 2]
    assert [s.id for s in r.standing(D("2027-03-16"))] == [2]
    assert q.kept_until() == D("2027-06-30")
    assert r.standing(D("2027-07-01")) == ()
    assert len(r) == 2


def test_a_lifted_entry_neither_bars_nor_escalates() -> None:
    """Skaknævnet may set a quarantine aside (rulings 42, 135); lifted from a day, it bars
    no more and counts for nothing in §19."""
    r = _give(DisciplineRegistry(), Q, "2026-06-01", months=6)
    (event,) = decide(r, LiftSanction(1, D("2026-07-01"), "Skaknævnets kendelse"))
    r = evolve(r, event)
    assert r.quarantine_on(MEMBER, D("2026-06-30")) is not None
    assert r.quarantine_on(MEMBER, D("2026-07-01")) is None
    assert r.quarantine_during(MEMBER, D("2026-07-01"), D("2026-12-01")) is None
    assert r.quarantine_during(MEMBER, D("2026-06-20"), D("2026-12-01")) is not None
    r = _give(r, W, "2026-08-01")
    assert r.sanctions[-1].kind is W  # not changed: the lifted quarantine does not count
    with pytest.raises(StateError, match="lifted on 2026-07-01 already"):
        decide(r, LiftSanction(1, D("2026-08-01"), "again"))
    with pytest.raises(NotFoundError, match="no entry 9"):
        decide(r, LiftSanction(9, D("2026-08-01"), "x"))
    with pytest.raises(InputError, match="say why"):
        decide(r, LiftSanction(2, D("2026-08-01"), " "))


def test_the_quarantines_protocol_by_member_number() -> None:
    """What a team line-up asks (skak.teams' ``Quarantines``): by the member number as
    text, on a day, with the rule."""
    r = _give(DisciplineRegistry(), Q, "2026-06-08", months=6, ground="4.5.4.2")
    registry: Quarantines = r
    assert registry.quarantine("12345", D("2026-12-07")) == (
        "in quarantine (karantæne) 2026-06-08–2026-12-07 (4.5.4.2; given in Turnering)"
    )
    assert registry.quarantine("12345", D("2026-12-08")) is None
    assert registry.quarantine("Hansen", D("2026-07-01")) is None
    assert NO_QUARANTINES.quarantine("12345", D("2026-07-01")) is None


def test_a_tournament_not_rated_is_told_not_barred() -> None:
    r = _give(DisciplineRegistry(), Q, "2026-06-08", months=6)
    refused, notes = registration_check(
        r, [("Hansen, Jens", MEMBER), ("Udlænding, Ulla", None)], D("2026-07-01"),
        D("2026-07-02"), rated=False,
    )  # fmt: skip
    assert refused == []
    assert len(notes) == 1
    assert "the tournament is not rated, so the quarantine does not bar him" in notes[0]


def test_the_days_a_registration_covers() -> None:
    today = D("2026-11-25")
    assert playing_days(D("2026-12-01"), D("2026-12-20"), today) == (
        D("2026-12-01"),
        D("2026-12-20"),
    )
    assert playing_days(D("2026-11-01"), D("2026-12-20"), today) == (today, D("2026-12-20"))
    assert playing_days(None, None, today) == (today, today)
    assert playing_days(D("2026-10-01"), D("2026-10-04"), today) == (today, today)


def test_events_survive_the_store_s_encoding() -> None:
    r = _give(DisciplineRegistry(), W, "2026-03-15")
    r = _give(r, W, "2026-10-04", last_day="2026-10-03")
    recorded = SanctionRecorded(r.sanctions[-1])
    lifted = SanctionLifted(2, D("2026-11-01"), "Skaknævnet")
    for event in (SanctionRecorded(r.sanctions[0]), recorded, lifted):
        assert load_event(dump_event(event)) == event
    with pytest.raises(StorageError, match="cannot be read"):
        load_event({"type": "sanction_recorded", "id": "x"})
    with pytest.raises(StorageError, match="cannot be read"):
        load_event({"type": "else"})


@given(
    st.dates(min_value=date(2000, 1, 1), max_value=date(2040, 12, 31)),
    st.integers(min_value=1, max_value=36),
)
def test_months_are_whole_calendar_months(start: date, months: int) -> None:
    """A quarantine of N months covers at least N whole months and never reaches the same
    day N months later; a later start never ends earlier."""
    end = months_later(start, months)
    assert end > start
    assert (end.year - start.year) * 12 + end.month - start.month in (months, months + 1)
    assert months_later(start + timedelta(days=1), months) >= end
