"""The rating registry (ratingkartotek): §4.5.4.1's order of calculation, the 2024
compression, DSU's list."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError, StateError
from skak.io.dsu_list import parse_dsu_list
from skak.rating import RatingSettings
from skak.rating.registry import (
    PlayerEntered,
    RatingsCompressed,
    Registry,
    TournamentApplied,
    TournamentChange,
    entry_rating_allowed,
    rapid_blitz_corrections,
)
from skak.records.registry.evolve import fold

DAY = date(2026, 3, 1)


def entered(dsu_id: int, rating: int) -> PlayerEntered:
    return PlayerEntered(dsu_id, f"P{dsu_id}", (("standard", rating),), DAY, "list")


def applied(key: str, *changes: tuple[int, int, str]) -> TournamentApplied:
    return TournamentApplied(
        key,
        key,
        DAY,
        "standard",
        "dsu-2024",
        tuple(TournamentChange(i, f"P{i}", start, Fraction(raw)) for i, start, raw in changes),
    )


def test_change_from_the_start_rating_is_added_to_the_registered_rating() -> None:
    """§4.5.4.1: a tournament played on an older start rating adds its change."""
    r = fold([entered(1, 1800), applied("a", (1, 1800, "12")), applied("b", (1, 1800, "-4"))])
    assert r.players[1].rating("standard") == 1808
    assert [h.new for h in r.players[1].history] == [1800, 1812, 1808]


def test_the_limit_correction_is_redone_from_the_registered_rating() -> None:
    # registered 1990 after tournament a; b was played on 1980 and gains 30 → 2020 uncorrected,
    # past 2000 by 20 → 2000 + ⅔ × 20 = 2013⅓ → 2013
    r = fold([entered(1, 1980), applied("a", (1, 1980, "10")), applied("b", (1, 1980, "30"))])
    assert r.players[1].rating("standard") == 2013


def test_compression_1400_becomes_1700() -> None:
    r = fold([entered(1, 1400), entered(2, 2100), RatingsCompressed(date(2024, 6, 1))])
    assert r.players[1].rating("standard") == 1700
    assert r.players[2].rating("standard") == 2100
    with pytest.raises(StateError, match="compressed already"):
        fold([entered(1, 1400), RatingsCompressed(DAY), RatingsCompressed(DAY)])


def test_a_tournament_is_applied_once() -> None:
    with pytest.raises(StateError, match="applied to the registry already"):
        fold([entered(1, 1500), applied("a", (1, 1500, "3")), applied("a", (1, 1500, "3"))])


def test_new_players_enter_with_their_start_rating_and_the_floor_holds() -> None:
    r = fold([applied("a", (7, 1210, "-40"))])
    assert r.players[7].rating("standard") == 1200


@given(
    st.lists(st.tuples(st.integers(1, 4), st.integers(-60, 60)), min_size=1, max_size=6),
)
def test_order_of_non_interacting_tournaments_does_not_matter(
    changes: list[tuple[int, int]],
) -> None:
    """Tournaments of different players, reported in any order, give the same registry."""
    events = [applied(f"t{i}", (pid, 2100, str(raw))) for i, (pid, raw) in enumerate(changes)]
    start = [entered(pid, 2100) for pid in range(1, 5)]
    by_player: dict[int, list[TournamentApplied]] = {}
    for e in events:
        by_player.setdefault(e.changes[0].dsu_id, []).append(e)
    interleaved = [e for group in by_player.values() for e in group]
    a = fold([*start, *events])
    b = fold([*start, *interleaved])
    assert {k: v.ratings for k, v in a.players.items()} == {
        k: v.ratings for k, v in b.players.items()
    }


LIST = (
    '"Nummer";"Født år";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";"Elo";"Fide";"K-factor"\n'
    '"101";"1980";"Hansen, Jens";"Aarhus Skakklub";"";"1850";"1800";"0";"1870";"1400001";"20"\n'
    '"102";"2001";"Berg, Anna";"K41";"WFM";"2010";"";"1990";"2040";"1400002";"20"\n'
)


def test_dsu_list() -> None:
    entries = parse_dsu_list(LIST, "liste.csv", DAY)
    assert [(e.dsu_id, e.name, e.ratings) for e in entries] == [
        (101, "Hansen, Jens", (("standard", 1850), ("rapid", 1800))),
        (102, "Berg, Anna", (("standard", 2010), ("blitz", 1990))),
    ]
    assert [(e.born, e.fide_id, e.fide_rating) for e in entries] == [
        (1980, 1400001, 1870),
        (2001, 1400002, 2040),
    ]


def test_the_registry_keeps_birth_year_and_fide_from_the_list() -> None:
    """DSU's list gives the birth year, the FIDE id and the FIDE rating (Født år, Fide, Elo):
    the registry keeps them for a tournament's registration; a later entry without them
    keeps those known."""
    from skak.model.stream import Recorded
    from skak.records.registry.codec import dump_event, load_event
    from skak.records.registry.evolve import fold

    entries = parse_dsu_list(LIST, "liste.csv", DAY)
    assert load_event(dump_event(entries[0])) == entries[0]
    again = PlayerEntered(101, "Hansen, Jens", (("standard", 1860),), DAY, "officer")
    assert "born" not in dump_event(again)
    events = [*entries, again]
    registry = fold([Recorded(i, e, "", "") for i, e in enumerate(events, start=1)])
    assert registry is not None
    hansen = registry.players[101]
    assert (hansen.born, hansen.fide_id, hansen.fide_rating) == (1980, 1400001, 1870)
    assert hansen.rating("standard") == 1860


def test_dsu_list_reports_every_bad_line() -> None:
    bad = (
        LIST
        + '"x";"1990";"A";"";"";"1500";"";"";"";"";""\n'
        + '"101";"1990";"B";"";"";"15OO";"";"";"";"";""\n'
    )
    with pytest.raises(InputError) as info:
        parse_dsu_list(bad, "liste.csv", DAY)
    assert info.value.problems == (
        "liste.csv line 4: member number 'x' is not a number",
        "liste.csv line 5: member number 101 is listed twice",
    )
    with pytest.raises(InputError, match="the first line must name the columns"):
        parse_dsu_list("Nummer,Navn\n1,A\n", "x.csv", DAY)


def _player(history: list[tuple[date, str, int]], club: str | None = "K41") -> Registry:
    from skak.rating.registry import HistoryEntry, RegistryPlayer

    ratings = {}
    entries = []
    for day, kind, value in history:
        entries.append(HistoryEntry(day, kind, ratings.get(kind), value, "T"))
        ratings[kind] = value
    return Registry(
        {1: RegistryPlayer(1, "P", tuple(sorted(ratings.items())), tuple(entries), club)}
    )


def test_rapid_blitz_correction_needs_all_four_conditions() -> None:
    """001 §2.7: > 200 below standard, > 100 days apart, standard changed last, in a club."""
    base = [(date(2026, 1, 1), "rapid", 1500), (date(2026, 5, 1), "standard", 1800)]
    assert rapid_blitz_corrections(_player(base), DAY) == ((1, "rapid", 1500, 1600),)
    to_standard = RatingSettings(rapid_blitz_target="standard")
    assert rapid_blitz_corrections(_player(base), DAY, to_standard) == ((1, "rapid", 1500, 1800),)
    near = [(date(2026, 1, 1), "rapid", 1600), (date(2026, 5, 1), "standard", 1800)]
    assert rapid_blitz_corrections(_player(near), DAY) == ()  # exactly 200: not more
    soon = [(date(2026, 3, 1), "rapid", 1500), (date(2026, 5, 1), "standard", 1800)]
    assert rapid_blitz_corrections(_player(soon), DAY) == ()  # 61 days
    later = [(date(2026, 5, 1), "standard", 1800), (date(2026, 9, 1), "rapid", 1500)]
    assert rapid_blitz_corrections(_player(later), DAY) == ()  # rapid changed last
    assert rapid_blitz_corrections(_player(base, club=None), DAY) == ()  # not in a club
    above = [(date(2026, 1, 1), "blitz", 2100), (date(2026, 5, 1), "standard", 1800)]
    assert rapid_blitz_corrections(_player(above), DAY) == ()  # only upwards


@pytest.mark.parametrize(
    ("rating", "authority", "edition", "allowed"),
    [
        (1000, "club", "dsu-2011", True), (1050, "club", "dsu-2011", False),
        (1000, "club", "dsu-2024", False), (1200, "club", "dsu-2024", True),
        (1700, "club", "dsu-2024", True), (1800, "club", "dsu-2024", False),
        (1850, "district", "dsu-2024", True), (2000, "district", "dsu-2024", False),
        (2000, "rk", "dsu-2024", True),
    ],
)  # fmt: skip
def test_entry_ratings(rating: int, authority: str, edition: str, allowed: bool) -> None:
    assert entry_rating_allowed(rating, authority, edition) is allowed


def test_archived_after_three_years_without_a_result() -> None:
    p = _player([(date(2022, 1, 1), "standard", 1800)]).players[1]
    assert p.archived(date(2025, 1, 2))
    assert not p.archived(date(2024, 12, 30))
