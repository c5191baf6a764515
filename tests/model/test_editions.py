"""The one edition mechanism (:mod:`skak.model.editions`): the edition in force on a day, an
edition by name, and every domain's editions as one kind of data."""

from __future__ import annotations

import doctest
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.eligibility.editions import EDITIONS as HANDBOOK
from skak.errors import InputError
from skak.games.timerules import LAWS
from skak.model import editions
from skak.model.editions import Edition, edition_for, get_edition, in_force
from skak.rating.fide import FIDE_EDITIONS
from skak.rating.rules import RULE_SETS
from skak.teams.league import LEAGUE_EDITIONS
from skak.tiebreaks._editions import BY_DATE
from skak.tiebreaks._editions import EDITIONS as TIEBREAK_EDITIONS


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    effective_from: date
    effective_to: date | None


D = date.fromisoformat
#: Two editions with a gap (March 2015), then one still in force.
RULES = (
    Rule("a", D("2011-02-01"), D("2015-01-31")),
    Rule("b", D("2015-04-01"), D("2024-05-31")),
    Rule("c", D("2024-06-01"), None),
)


@pytest.mark.parametrize(
    ("day", "name"),
    [
        ("2011-02-01", "a"),
        ("2015-01-31", "a"),
        ("2015-04-01", "b"),
        ("2024-05-31", "b"),
        ("2024-06-01", "c"),
        ("9999-12-31", "c"),
    ],
)
def test_the_edition_in_force_both_ends_counting(day: str, name: str) -> None:
    assert edition_for(D(day), RULES).name == name
    assert edition_for(D(day), tuple(reversed(RULES))).name == name


def test_a_day_before_the_oldest_names_the_first_day_covered() -> None:
    with pytest.raises(
        InputError,
        match=r"^no rule edition covers 2011-01-31 \(the oldest is in force from 2011-02-01\)$",
    ):
        edition_for(D("2011-01-31"), RULES, what="rule edition")
    assert edition_for(D("2011-01-31"), RULES, or_oldest=True).name == "a"
    assert edition_for(date.min, RULES, or_oldest=True).name == "a"


def test_a_day_in_a_gap_names_the_editions_around_it() -> None:
    with pytest.raises(
        InputError,
        match=r"^no edition covers 2015-02-01 \(a is in force until 2015-01-31, "
        r"b from 2015-04-01\)$",
    ):
        edition_for(D("2015-02-01"), RULES)
    # or_oldest is for a day before every edition, not for a gap
    with pytest.raises(InputError, match="2015-03-31"):
        edition_for(D("2015-03-31"), RULES, or_oldest=True)


def test_a_day_after_the_last_edition_ended() -> None:
    with pytest.raises(
        InputError,
        match=r"^no edition covers 2024-06-01 \(the newest, b, was in force until 2024-05-31\)$",
    ):
        edition_for(D("2024-06-01"), RULES[:2])


def test_no_editions_at_all() -> None:
    with pytest.raises(InputError, match=r"^no edition covers 2026-01-01 \(there is none\)$"):
        edition_for(D("2026-01-01"), ())


def test_an_edition_by_name() -> None:
    assert get_edition("b", RULES) is RULES[1]
    with pytest.raises(InputError, match=r"^unknown rule edition 'd'; known: a, b, c$"):
        get_edition("d", RULES, what="rule edition")
    with pytest.raises(InputError, match=r"^unknown edition 'A'"):
        get_edition("A", RULES)  # names are exact


def test_the_module_example() -> None:
    failed, attempted = doctest.testmod(editions)
    assert (failed, attempted > 0) == (0, True)


@st.composite
def dated_editions(draw: st.DrawFn) -> tuple[Rule, ...]:
    """Non-overlapping editions in any order: gaps, adjacent ranges and one-day ones, the
    newest maybe still in force."""
    points = sorted(draw(st.lists(st.integers(0, 60), min_size=2, max_size=10, unique=True)))
    pairs = list(zip(points[::2], points[1::2], strict=False))
    open_ended = draw(st.booleans())
    base = date(2000, 1, 1)
    rules = [
        Rule(
            f"e{i}",
            base + timedelta(days=start),
            None if open_ended and i == len(pairs) - 1 else base + timedelta(days=end - 1),
        )
        for i, (start, end) in enumerate(pairs)
    ]
    return tuple(draw(st.permutations(rules)))


@given(dated_editions(), st.integers(-5, 70), st.booleans())
def test_the_edition_found_is_the_one_whose_range_holds_the_day(
    rules: tuple[Rule, ...], offset: int, or_oldest: bool
) -> None:
    day = date(2000, 1, 1) + timedelta(days=offset)
    holding = [
        r
        for r in rules
        if r.effective_from <= day and (r.effective_to is None or day <= r.effective_to)
    ]
    oldest = min(rules, key=lambda r: r.effective_from)
    if holding:
        assert edition_for(day, rules, or_oldest=or_oldest) is holding[0]
        assert len(holding) == 1
    elif or_oldest and day < oldest.effective_from:
        assert edition_for(day, rules, or_oldest=True) is oldest
    else:
        with pytest.raises(InputError, match=f"^no edition covers {day.isoformat()} "):
            edition_for(day, rules, or_oldest=or_oldest)
    for r in rules:
        assert get_edition(r.name, rules) is r


#: Every domain's editions that a day chooses from, each a tuple of the domain's own class.
DOMAINS: dict[str, Collection[Edition]] = {
    "rating": tuple(RULE_SETS.values()),
    "fide": tuple(FIDE_EDITIONS.values()),
    "laws": tuple(LAWS.values()),
    "eligibility": tuple(HANDBOOK.values()),
    "league": LEAGUE_EDITIONS,
    "tie-breaks": BY_DATE,
}


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_domains_editions_follow_one_another(domain: str) -> None:
    """Oldest first, each ending the day before the next starts, the newest still in force:
    every day from the first is covered by exactly one edition."""
    chosen = list(DOMAINS[domain])
    assert [e.effective_from for e in chosen] == sorted(e.effective_from for e in chosen)
    for older, newer in pairwise(chosen):
        assert older.effective_to is not None
        assert older.effective_to + timedelta(days=1) == newer.effective_from, (older, newer)
    assert chosen[-1].effective_to is None
    assert len({e.name for e in chosen}) == len(chosen)
    for e in chosen:
        assert edition_for(e.effective_from, chosen) is e
        assert in_force(e, e.effective_from)


def test_the_tie_break_edition_only_named_is_an_edition_too() -> None:
    self_draw = get_edition("annex-2010-self", TIEBREAK_EDITIONS)
    assert self_draw.effective_to == date(2012, 7, 1)
    assert self_draw not in BY_DATE
    assert [e.name for e in TIEBREAK_EDITIONS] == [
        "annex-2010-self",
        "annex-2010",
        "c07-2024",
        "c07-2026",
    ]
