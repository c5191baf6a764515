"""Merging players (issue 36, item 3): two DSU member numbers found to be one person. Both
histories are kept on the kept number's card, in date order, with the merge on it; each
kind's rating is that of the number rated last (docs/interpretations.md); the gone number
names the kept player from then on; the merge is undone as a correction is."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from skak.api import Skak
from skak.errors import InputError, StateError
from skak.rating.registry import (
    PlayerEntered,
    PlayersMerged,
    RegistryBuilder,
    RegistryEvent,
    TournamentApplied,
    TournamentChange,
)
from skak.records.registry import commands as rules
from skak.records.registry.evolve import fold


def entered(pid: int, name: str, rating: int, club: str | None = None) -> PlayerEntered:
    return PlayerEntered(pid, name, (("standard", rating),), date(2020, 1, 1), "list", club)


def tournament(key: str, day: date, pid: int, start: int, raw: int) -> TournamentApplied:
    return TournamentApplied(
        key, key, day, "standard", "dsu-2024", (TournamentChange(pid, "x", start, Fraction(raw)),)
    )


@pytest.mark.parametrize(
    ("keep_day", "gone_day", "stands"),
    [
        (date(2024, 3, 1), date(2025, 3, 1), 1710),  # the gone number was rated last
        (date(2025, 3, 1), date(2024, 3, 1), 1520),  # the kept one was
        (date(2025, 3, 1), date(2025, 3, 1), 1520),  # the same day: the kept number's
    ],
)
def test_the_rating_of_the_number_rated_last_stands(
    keep_day: date, gone_day: date, stands: int
) -> None:
    events: list[RegistryEvent] = [
        entered(101, "Hansen, Bo", 1500, "Vejle"),
        entered(202, "Hansen, Bo Ib", 1700),
        tournament("a", keep_day, 101, 1500, 20),
        tournament("b", gone_day, 202, 1700, 10),
        PlayersMerged(101, 202, date(2025, 6, 1)),
    ]
    registry = fold(events)
    assert 202 not in registry.players and registry.merged == {202: 101}
    card = registry.players[101]
    assert card.rating("standard") == stands
    assert (card.name, card.club) == ("Hansen, Bo", "Vejle")
    reasons = [h.reason for h in card.history]
    # both histories kept, in date order, the merge last
    assert sorted(reasons[:-1]) == sorted(["entered: list", "entered: list", "a", "b"])
    assert [h.day for h in card.history] == sorted(h.day for h in card.history)
    last = card.history[-1]
    assert (last.reason, last.old, last.new) == ("merged: DSU 202 (Hansen, Bo Ib)", 1520, stands)
    # a merge is no rated result (§5.1's three years count from the last tournament)
    assert card.last_result() == max(keep_day, gone_day)


def test_a_kind_only_the_gone_number_has_comes_over() -> None:
    events: list[RegistryEvent] = [
        entered(101, "A", 1500),
        PlayerEntered(202, "A", (("blitz", 1400),), date(2020, 1, 1), "list"),
        PlayersMerged(101, 202, date(2025, 6, 1)),
    ]
    card = fold(events).players[101]
    assert dict(card.ratings) == {"standard": 1500, "blitz": 1400}


def test_a_tournament_reported_under_the_gone_number_rates_the_kept_player() -> None:
    builder = RegistryBuilder()
    for e in (
        entered(101, "A", 1500),
        entered(202, "A", 1600),
        PlayersMerged(101, 202, date(2025, 1, 1)),
    ):
        builder.apply(e)
    builder.apply(tournament("late", date(2025, 2, 1), 202, 1600, 10))
    assert builder.state.players[101].rating("standard") == 1510  # 1500 stood at the merge
    assert 202 not in builder.state.players


def test_a_chain_of_merges_ends_at_the_last_kept_number() -> None:
    events: list[RegistryEvent] = [
        entered(1, "A", 1500),
        entered(2, "A", 1500),
        entered(3, "A", 1500),
        PlayersMerged(2, 1, date(2025, 1, 1)),
        PlayersMerged(3, 2, date(2025, 2, 1)),
    ]
    registry = fold(events)
    assert registry.member(1) == registry.member(2) == 3 and list(registry.players) == [3]


def test_a_merge_is_refused_where_it_makes_no_sense() -> None:
    registry = fold([entered(101, "A", 1500), entered(202, "B", 1600)])
    with pytest.raises(InputError, match="cannot be merged with himself"):
        rules.decide(registry, rules.MergePlayers(101, 101, date(2025, 1, 1)))
    with pytest.raises(StateError, match="DSU member 303 is not in the rating registry"):
        rules.decide(registry, rules.MergePlayers(101, 303, date(2025, 1, 1)))
    merged = fold([PlayersMerged(101, 202, date(2025, 1, 1))], start=registry)
    with pytest.raises(StateError, match="was merged into 101 already"):
        rules.decide(merged, rules.MergePlayers(101, 202, date(2025, 2, 1)))


@pytest.fixture
def skak(tmp_path: Path) -> Iterator[Skak]:
    s = Skak(tmp_path / "skak.db", create=True, actor="test")
    s.registry.change(
        rules.ImportList((entered(101, "Hansen, Bo", 1500), entered(202, "Hansen, Bo", 1700)))
    )
    s.registry.change(rules.ApplyTournament(tournament("b", date(2025, 3, 1), 202, 1700, 10)))
    yield s
    s.close()


def test_merged_through_the_api_shown_under_both_numbers_and_undone(skak: Skak) -> None:
    card = skak.registry.merge(101, 202, date(2025, 6, 1))
    assert (card.dsu_id, card.ratings["standard"]) == (101, 1710)
    assert skak.registry.member(202).dsu_id == 101  # a registration by the old number
    assert skak.registry.member(101).ratings["standard"] == 1710
    assert [m.dsu_id for m in skak.registry.search("202").matches] == [101]
    assert isinstance(skak.registry.undo(), PlayersMerged)
    players = skak.registry.get().players
    assert players[101].rating("standard") == 1500 and players[202].rating("standard") == 1710
