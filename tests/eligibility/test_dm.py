"""The DM's classes (§33–39): a fixture-built selection against a hand-checked expectation,
and each rule on its own."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from skak.eligibility.dm import (
    Application,
    CandidateResultAt,
    DmPlayer,
    DmRequest,
    DmSelection,
    DmSettings,
    LastYear,
    select,
)
from skak.errors import InputError
from skak.io.dm_json import parse_dm_request, read_dm_request

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "eligibility" / "dm-2026.json"


def _rows(selection: DmSelection, name: str) -> list[tuple[int, str]]:
    (c,) = (c for c in selection.classes if c.name == name)
    return [(p.member, p.rule) for p in c.players]


def _reason(selection: DmSelection, member: int) -> str:
    for c in selection.classes:
        for p in c.players:
            if p.member == member:
                return p.reason
    raise AssertionError(member)


@pytest.fixture(scope="module")
def dm_2026() -> DmSelection:
    return select(read_dm_request(FIXTURE))


def test_the_fixture_dm_2026_as_checked_by_hand(dm_2026: DmSelection) -> None:
    """DM 2026 (Easter Monday 6 April; 000 §33: applications until 16 March; candidate
    results after last year's deadline, 31 March 2025). Worked out by hand:

    §36: 101 won last year's landsholdsklasse (1), 102 the kandidatklasse (2); 103 and 104
    are rated 2500 or more (3) — 105 too, but is registered with FIDE for Sweden; 106 has a
    candidate result in the period (4) — 107's (31 March 2025, the deadline itself) is
    last year's, 124 is not FIDE-registered; then the mesterspillere by rating (5): 108,
    109 (Faroe Islands), 113, 114, and for the tenth place 110 and 111 at 2400 — 110 has 33
    rated games since last year's DM, 111 27 (6). 111 is the first reserve.

    §37: 111 and 115 played last year's landsholdsklasse (1; 116 did not apply); 117 is
    the junior champion (2); the juniors rated 2000+ (3): 118, 119 (born 2 January 2006)
    and 122 (born 2009) — 121 was born 1 January 2006 and is 20 on 1 January 2026; 123 is
    qualified under §39 (4), applying on the deadline day itself; 124's candidate result
    (5); 105 and 107 are rated 2200+ (6); 126 is the wildcard (8); eleven, so 127, the
    highest rated under 2200 left, makes the number even (7).

    §38: 130 has played the veteran class before, 128 is 60 on the first round's day; 129,
    a day younger, asked too but is not entitled and plays in the other groups. §39: the
    rest by rating, 4 in group 1, the other two in a group 2. 120 applied a day late."""
    s = dm_2026
    assert (s.year, s.edition) == (2026, "dsu-later")
    assert s.deadline == date(2026, 3, 16)
    assert s.previous_deadline == date(2025, 3, 31)
    assert _rows(s, "landsholdsklasse") == [
        (101, "§36 (1)"), (102, "§36 (2)"), (103, "§36 (3)"), (104, "§36 (3)"),
        (106, "§36 (4)"), (108, "§36 (5)"), (109, "§36 (5)"), (113, "§36 (5)"),
        (114, "§36 (5)"), (110, "§36 (5)"),
    ]  # fmt: skip
    lh = s.classes[0]
    assert lh.free_places == 0
    assert [p.member for p in lh.reserves] == [
        111, 115, 107, 118, 117, 127, 119, 121, 122, 123, 131,
    ]  # fmt: skip
    assert "won the tie for the last place with Kjær, Karsten" in _reason(s, 110)
    assert "(§36 (6)): 33 against 27" in _reason(s, 110)
    assert lh.reserves[0].reason.startswith("reserve 1: ")
    assert "lost the tie for the last place to Juhl, Jakob" in lh.reserves[0].reason
    assert _rows(s, "kandidatklasse") == [
        (111, "§37 (1)"), (115, "§37 (1)"), (117, "§37 (2)"), (118, "§37 (3)"),
        (119, "§37 (3)"), (122, "§37 (3)"), (123, "§37 (4)"), (124, "§37 (5)"),
        (105, "§37 (6)"), (107, "§37 (6)"), (126, "§37 (8)"), (127, "§37 (7)"),
    ]  # fmt: skip
    kk = s.classes[1]
    assert (kk.free_places, kk.notes) == (0, ())
    assert [p.member for p in kk.reserves] == [121, 131, 129, 132]
    assert "for an even number" in _reason(s, 127)
    assert "federation SWE; §36" in _reason(s, 105)
    assert "federation none given; §36" in _reason(s, 124)
    assert "born 2006-01-02" in _reason(s, 119)
    assert "candidate" not in _reason(s, 107)
    assert _rows(s, "veteranklasse") == [(130, "§38"), (128, "§38")]
    assert "played the veteran class before" in _reason(s, 130)
    assert "born 1966-03-28" in _reason(s, 128)
    assert _rows(s, "øvrige grupper 1") == [(121, "§39"), (131, "§39"), (129, "§39"), (132, "§39")]
    assert _rows(s, "øvrige grupper 2") == [(133, "§39"), (134, "§39")]
    assert "asked for the veteran class but is not entitled to it (§38)" in _reason(s, 129)
    assert [(p.member, p.rule) for p in s.refused] == [(120, "§33")]
    assert "after the deadline 2026-03-16" in s.refused[0].reason
    placed = [p.member for c in s.classes for p in c.players]
    assert len(placed) == len(set(placed)) == 30  # every applicant in time, once


def _player(member: int, rating: int, **kw: object) -> DmPlayer:
    fields: dict[str, object] = {"federation": "DEN", "birth": 1980, **kw}
    return DmPlayer(member, f"Spiller {member}", rating, **fields)  # type: ignore[arg-type]


def _request(players: list[DmPlayer], **kw: object) -> DmRequest:
    return DmRequest(
        2026,
        date(2026, 3, 28),
        tuple(players),
        tuple(Application(p.member) for p in players),
        **kw,  # type: ignore[arg-type]
    )


def test_a_landsholdsklasse_short_of_entitled_players_has_free_places() -> None:
    """§36 names only mesterspillere (1900+): 1850 is not entitled; the places stay free."""
    s = select(_request([_player(1, 2300), _player(2, 1950), _player(3, 1850)]))
    lh = s.classes[0]
    assert [p.member for p in lh.players] == [1, 2]
    assert lh.free_places == 8
    assert "FU decides" in lh.notes[0]


def test_the_kandidatklasse_is_made_up_to_eight_from_below_2200() -> None:
    """§37 (7): with the landsholdsklasse full, the kandidatklasse takes the highest rated
    under 2200 until it has 8."""
    players = [_player(i, 2600 - i) for i in range(1, 11)]  # the landsholdsklasse
    players += [_player(20, 2250), _player(21, 2150), _player(22, 1500, federation=None)]
    players += [_player(23, 1700), _player(24, 1600), _player(25, 1400)]
    s = select(_request(players, settings=DmSettings(kandidat_reserves=1)))
    kk = s.classes[1]
    assert [(p.member, p.rule) for p in kk.players] == [
        (20, "§37 (6)"), (21, "§37 (7)"), (23, "§37 (7)"), (24, "§37 (7)"),
        (22, "§37 (7)"), (25, "§37 (7)"),
    ]  # fmt: skip
    assert kk.free_places == 2
    assert kk.notes == ("2 short of the 8 players §37 asks for",)
    assert kk.reserves == ()


def test_only_eight_juniors_by_rule_3_and_a_tie_at_the_eighth() -> None:
    """§37 (3): the eight highest-rated juniors; the ninth and tenth tie at 2050, decided by
    the rated games (§36 (6) by analogy); the tenth is left for the later rules."""
    juniors = [_player(100 + i, 2200 - 10 * i, birth=2008) for i in range(1, 8)]
    juniors += [
        _player(108, 2050, birth=2008, rated_games=12),
        _player(109, 2050, birth=2008, rated_games=30),
    ]
    lh = [_player(i, 2600 - i) for i in range(1, 11)]
    s = select(_request(lh + juniors, settings=DmSettings(junior_places=8)))
    kk = s.classes[1]
    rule_3 = [p.member for p in kk.players if p.rule == "§37 (3)"]
    assert rule_3 == [101, 102, 103, 104, 105, 106, 107, 109]
    assert "won the tie for the last place with Spiller 108" in _reason(s, 109)
    assert len(kk.players) == 8  # eight and even: no one is added by §37 (7)
    assert [(p.member, p.rule) for p in s.classes[3].players] == [(108, "§39")]


def test_a_candidate_result_counts_in_the_period_after_last_years_deadline() -> None:
    """§36 (4): after last year's deadline (31 March 2025) up to this year's (16 March
    2026), both ends as the deadlines' expiry counts."""
    players = [_player(1, 2100), _player(2, 2090), _player(3, 2080)]
    results = (
        CandidateResultAt(1, date(2025, 3, 31)),
        CandidateResultAt(2, date(2025, 4, 1)),
        CandidateResultAt(3, date(2026, 3, 17)),
    )
    lh = select(_request(players, candidate_results=results)).classes[0]
    assert [(p.member, p.rule) for p in lh.players] == [
        (2, "§36 (4)"), (1, "§36 (5)"), (3, "§36 (5)"),
    ]  # fmt: skip


def test_a_tie_without_rated_games_goes_to_a_seeded_lot() -> None:
    players = [_player(i, 2500 + i) for i in range(1, 10)]
    players += [_player(10, 2000), _player(11, 2000)]
    first = select(_request(players, settings=DmSettings(lot_seed="DM 2026")))
    again = select(_request(players, settings=DmSettings(lot_seed="DM 2026")))
    assert first == again
    last = first.classes[0].players[-1]
    assert last.member in (10, 11)
    assert "the rated games are not given for both; the lot (lodtrækning) decides" in last.reason


def test_veterans_by_choice_or_by_section_34_read_literally() -> None:
    """§34: a veteran may choose the veteran class; read literally (setting), a veteran not
    entitled to a higher class is placed there without asking."""
    full = [_player(100 + i, 2600 - i) for i in range(10)]  # the landsholdsklasse
    full += [_player(200 + i, 2300 - i, federation=None) for i in range(8)]  # kandidat
    old = _player(1, 1500, birth=date(1950, 1, 1))
    young = _player(2, 1400, birth=date(1990, 1, 1))
    request = _request([*full, old, young])
    assert select(request).classes[2].players == ()
    assert [p.member for p in select(request).classes[3].players] == [1, 2]
    literal = select(replace(request, settings=DmSettings(veteran_by_choice=False)))
    assert [p.member for p in literal.classes[2].players] == [1]
    assert "the highest class he is entitled to (§34)" in literal.classes[2].players[0].reason
    assert [p.member for p in literal.classes[3].players] == [2]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"applications": (Application(99),)},
            "member 99 applied but is not on the players' list",
        ),
        (
            {"applications": (Application(1), Application(1))},
            r"Spiller 1 \(member 1\) applied twice",
        ),
        (
            {"players": (_player(1, 2100), DmPlayer(2, "Ny, Nina", None))},
            r"Ny, Nina \(member 2\) has no rating",
        ),
        (
            {"players": (_player(1, 2100), _player(2, 2100, birth=2006, federation=None))},
            r"Spiller 2 \(member 2\): §37's junior rule needs more: .*the birth date is needed",
        ),
        (
            {"wildcard": 99},
            "the wildcard, member 99, is not on the players' list",
        ),
    ],
    ids=["unknown-member", "twice", "no-rating", "junior-boundary-year", "wildcard"],
)
def test_bad_requests_name_the_player(change: dict[str, object], message: str) -> None:
    players = (_player(1, 2100), _player(2, 2000))
    request = DmRequest(
        2026, date(2026, 3, 28), players, tuple(Application(p.member) for p in players)
    )
    if "players" in change and "applications" not in change:
        change = {**change, "applications": tuple(Application(p.member) for p in change["players"])}  # type: ignore[attr-defined]
    with pytest.raises(InputError, match=message):
        select(replace(request, **change))  # type: ignore[arg-type]


def test_a_veteran_on_the_boundary_year_needs_the_birth_date() -> None:
    players = (_player(1, 1800, birth=1966),)
    request = DmRequest(2026, date(2026, 3, 28), players, (Application(1, veteran=True),))
    with pytest.raises(InputError, match="§38 turns on the first round's day"):
        select(request)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON: .*line 1 column 2"),
        ("[]", "the file: must be a JSON object"),
        ('{"year": 2026, "first_round": "2025-03-28"}', "'first_round' 2025-03-28 is not in 2026"),
        (
            '{"year": 2026, "first_round": "2026-03-28", "players": [{"member": 5}], '
            '"applications": []}',
            r"players\[0\] \(member 5\): 'name' must be text",
        ),
        (
            '{"year": 2026, "first_round": "2026-03-28", "players": [{"member": 5, "name": '
            '"A", "born": "1.1.2000"}], "applications": []}',
            r"players\[0\] \(member 5\): 'born' must be a date like 2026-03-28",
        ),
        (
            '{"year": 2026, "first_round": "2026-03-28", "players": [], '
            '"applications": [{"member": 5, "veteran": "ja"}]}',
            r"applications\[0\]: 'veteran' must be true or false",
        ),
        (
            '{"year": 2026, "first_round": "2026-03-28", "players": [], "applications": [], '
            '"settings": {"places": 12}}',
            "unknown setting 'places'",
        ),
        (
            '{"year": 2026, "first_round": "2026-03-28", "edition": "dsu-1999", '
            '"players": [], "applications": []}',
            "unknown handbook edition 'dsu-1999'",
        ),
    ],
    ids=["syntax", "not-object", "first-round-year", "no-name", "born", "veteran", "setting",
         "edition"],
)  # fmt: skip
def test_bad_files_name_the_file_and_entry(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        parse_dm_request(text, "dm.json")
    assert str(caught.value).startswith("dm.json: ")


def test_the_fixture_file_is_what_the_json_says() -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    request = read_dm_request(FIXTURE)
    assert len(request.players) == len(data["players"])
    assert request.last_year == LastYear(101, 102, frozenset(data["last_year"]["landshold"]), 117,
                                         frozenset({130}))  # fmt: skip
    assert request.applications[17] == Application(
        120, date(2026, 3, 17), False, f"{FIXTURE} applications[17]"
    )
