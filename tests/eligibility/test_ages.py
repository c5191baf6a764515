"""Age and sex classes (§37, §38, 4.3.2, 4.3.4, 4.3.5.1, 5.3 §4, 5.5 §6), each boundary day
a row citing its paragraph; the editions by date; §33's deadline."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.eligibility import (
    EDITIONS,
    age_on,
    birthday,
    classes_of,
    dm_deadline,
    easter_monday,
    edition_for,
    get_edition,
    has_turned,
)
from skak.eligibility.ages import Birth
from skak.errors import InputError
from skak.model.player import Sex

M, W = Sex.MALE, Sex.FEMALE
D = date.fromisoformat

#: (paragraph, class, edition, event's first day, birth, sex, belongs)
CASES: list[tuple[str, str, str, date, Birth | None, Sex | None, bool | None]] = [
    # §37: a junior is not 20 on 1 January of the year the tournament is played
    ("§37", "junior", "dsu-later", D("2026-04-02"), D("2006-01-01"), M, False),
    ("§37", "junior", "dsu-later", D("2026-04-02"), D("2006-01-02"), M, True),
    ("§37", "junior", "dsu-later", D("2026-04-02"), D("2005-12-31"), W, False),
    ("§37", "junior", "dsu-later", D("2026-04-02"), D("2010-05-17"), None, True),
    ("§37", "junior", "dsu-later", D("2026-04-02"), 2007, M, True),
    ("§37", "junior", "dsu-later", D("2026-04-02"), 2006, M, None),  # 1 January 2006?
    ("§37", "junior", "dsu-later", D("2026-04-02"), 2005, M, False),
    ("§37", "junior", "dsu-2011", D("2012-04-05"), D("1992-01-02"), M, True),
    ("§37", "junior", "dsu-later", D("2026-04-02"), None, M, None),
    # §38: a veteran is 60 at the latest on the day the first round starts
    ("§38", "veteran", "dsu-later", D("2026-03-28"), D("1966-03-28"), M, True),
    ("§38", "veteran", "dsu-later", D("2026-03-28"), D("1966-03-29"), M, False),
    ("§38", "veteran", "dsu-later", D("2026-03-28"), 1965, W, True),
    ("§38", "veteran", "dsu-later", D("2026-03-28"), 1966, W, None),
    ("§38", "veteran", "dsu-later", D("2026-03-28"), 1967, W, False),
    # 4.3.2 (003): men 60 and women 50 at the latest on 1 January of the year
    ("4.3.2", "senior-dm", "dsu-2011", D("2012-06-10"), D("1952-01-01"), M, True),
    ("4.3.2", "senior-dm", "dsu-2011", D("2012-06-10"), D("1952-01-02"), M, False),
    ("4.3.2", "senior-dm", "dsu-2011", D("2012-06-10"), D("1962-01-01"), W, True),
    ("4.3.2", "senior-dm", "dsu-2011", D("2012-06-10"), D("1962-01-02"), W, False),
    ("4.3.2", "senior-dm", "dsu-2011", D("2012-06-10"), D("1955-07-01"), None, None),
    ("4.3.2", "senior-dm", "dsu-2011", D("2012-06-10"), D("1951-07-01"), None, True),
    # 4.3.2 (000): men who turn 60 and women who turn 50 at the latest in the year
    ("4.3.2", "senior-dm", "dsu-later", D("2026-06-10"), D("1966-12-31"), M, True),
    ("4.3.2", "senior-dm", "dsu-later", D("2026-06-10"), D("1967-01-01"), M, False),
    ("4.3.2", "senior-dm", "dsu-later", D("2026-06-10"), 1976, W, True),
    ("4.3.2", "senior-dm", "dsu-later", D("2026-06-10"), D("1977-01-01"), W, False),
    ("4.3.2", "senior-dm", "dsu-later", D("2026-06-10"), 1970, M, False),
    # 4.3.4: every female player, no age
    ("4.3.4", "women-rapid-dm", "dsu-later", D("2026-05-01"), D("1950-02-03"), W, True),
    ("4.3.4", "women-rapid-dm", "dsu-later", D("2026-05-01"), None, W, True),
    ("4.3.4", "women-rapid-dm", "dsu-later", D("2026-05-01"), None, M, False),
    ("4.3.4", "women-rapid-dm", "dsu-later", D("2026-05-01"), None, None, None),
    # 4.3.5.1: U-xx for players who turn xx (or are younger) in the year of the event
    ("4.3.5.1", "U-10", "dsu-later", D("2026-10-02"), D("2016-12-31"), M, True),
    ("4.3.5.1", "U-10", "dsu-later", D("2026-10-02"), D("2016-01-01"), M, True),
    ("4.3.5.1", "U-10", "dsu-later", D("2026-10-02"), D("2015-12-31"), M, False),
    ("4.3.5.1", "U-08", "dsu-later", D("2026-10-02"), 2018, None, True),
    ("4.3.5.1", "U-08", "dsu-later", D("2026-10-02"), 2017, None, False),
    ("4.3.5.1", "U-18", "dsu-later", D("2026-10-02"), D("2008-01-01"), W, True),
    ("4.3.5.1", "U-18", "dsu-later", D("2026-10-02"), D("2007-12-31"), W, False),
    ("4.3.5.1", "U-12", "dsu-later", D("2026-10-02"), 2016, M, True),  # a U-10 may play U-12
    ("4.3.5.1", "P-10", "dsu-later", D("2026-10-02"), D("2016-12-31"), W, True),
    ("4.3.5.1", "P-10", "dsu-later", D("2026-10-02"), D("2016-12-31"), M, False),
    ("4.3.5.1", "P-10", "dsu-later", D("2026-10-02"), D("2016-12-31"), None, None),
    ("4.3.5.1", "P-14", "dsu-later", D("2026-10-02"), D("2011-06-30"), W, False),
    # 5.3 §4: the cup's junior row (not 20 on 1 January) and senior row (60 by 1 January)
    ("5.3 §4", "cup-junior", "dsu-2011", D("2012-05-27"), D("1992-01-01"), M, False),
    ("5.3 §4", "cup-junior", "dsu-later", D("2026-05-24"), D("2006-01-02"), M, True),
    ("5.3 §4", "cup-senior", "dsu-later", D("2026-05-24"), D("1966-01-01"), M, True),
    ("5.3 §4", "cup-senior", "dsu-later", D("2026-05-24"), D("1966-01-02"), M, False),
    # 5.5 §6: a kadet is not 16 at the start of the year
    ("5.5 §6", "kadet", "dsu-later", D("2026-10-03"), D("2010-01-01"), M, False),
    ("5.5 §6", "kadet", "dsu-later", D("2026-10-03"), D("2010-01-02"), W, True),
]


@pytest.mark.parametrize(
    ("paragraph", "code", "edition", "event", "birth", "sex", "belongs"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{c[2]}-{c[4]}-{c[5].value if c[5] else '?'}" for c in CASES],
)
def test_class_boundaries(
    paragraph: str,
    code: str,
    edition: str,
    event: date,
    birth: Birth | None,
    sex: Sex | None,
    belongs: bool | None,
) -> None:
    verdicts = {v.code: v for v in classes_of(birth, sex, event, get_edition(edition))}
    v = verdicts[code]
    assert v.paragraph == paragraph
    assert v.holds is belongs, v.reason
    if belongs is None:
        assert "not given" in v.reason or "needed" in v.reason


def test_the_edition_in_force_chooses_the_classes() -> None:
    """The youth groups and the women's rapid DM are the later text's (000 4.3.4–4.3.5);
    the edition changes on 1 January 2013 (an interpretation: 000 is not dated)."""
    assert edition_for(D("2011-02-01")).name == "dsu-2011"
    assert edition_for(D("2012-12-31")).name == "dsu-2011"
    assert edition_for(D("2013-01-01")).name == "dsu-later"
    with pytest.raises(InputError, match="no handbook edition covers 2011-01-31"):
        edition_for(D("2011-01-31"))
    assert edition_for(D("2011-01-31"), or_oldest=True).name == "dsu-2011"
    old = {v.code for v in classes_of(D("2000-01-01"), M, D("2012-10-06"))}
    new = {v.code for v in classes_of(D("2000-01-01"), M, D("2013-10-05"))}
    assert new - old == {"women-rapid-dm", *(f"{g}-{n:02d}" for g in "UP" for n in range(8, 19, 2))}
    with pytest.raises(InputError, match="dsu-2011 has no class 'U-10'"):
        EDITIONS["dsu-2011"].age_class("U-10")
    with pytest.raises(InputError, match="known: dsu-2011, dsu-later"):
        get_edition("dsu-1999")


def test_the_same_player_at_the_senior_dm_under_each_edition() -> None:
    """4.3.2: a man born 2 January 1952 is not 60 on 1 January 2012 (003), but turns 60 in
    2012 (000) — the editions disagree, and the date chooses."""
    born = D("1952-01-02")
    rule_2011 = EDITIONS["dsu-2011"].age_class("senior-dm")
    rule_later = EDITIONS["dsu-later"].age_class("senior-dm")
    assert rule_2011.verdict(born, M, D("2012-06-10")).holds is False
    assert rule_later.verdict(born, M, D("2012-06-10")).holds is True


@pytest.mark.parametrize(
    ("year", "monday", "deadline", "edition"),
    [
        (2012, "2012-04-09", "2012-03-05", "dsu-2011"),  # 003 §33: 5 weeks before
        (2026, "2026-04-06", "2026-03-16", "dsu-later"),  # 000 §33: 3 weeks before
        (2025, "2025-04-21", "2025-03-31", "dsu-later"),
    ],
    ids=lambda v: f"§33-{v}",
)
def test_the_dm_deadline_is_weeks_before_easter_monday(
    year: int, monday: str, deadline: str, edition: str
) -> None:
    assert easter_monday(year) == D(monday)
    assert dm_deadline(year) == D(deadline)
    assert dm_deadline(year, get_edition(edition)) == D(deadline)


@pytest.mark.parametrize(
    ("born", "day", "age"),
    [
        ("2008-02-29", "2026-02-28", 17),
        ("2008-02-29", "2026-03-01", 18),  # 29 February: a year older on 1 March
        ("2008-02-29", "2028-02-29", 20),
        ("1966-03-28", "2026-03-27", 59),
        ("1966-03-28", "2026-03-28", 60),  # the birthday itself counts ("er fyldt")
    ],
)
def test_age_on_a_day(born: str, day: str, age: int) -> None:
    assert age_on(D(born), D(day)) == age


def test_no_age_before_the_birth() -> None:
    with pytest.raises(InputError, match="before the birth date"):
        age_on(D("2010-05-05"), D("2010-05-04"))


@given(
    st.dates(min_value=date(1900, 1, 1), max_value=date(2030, 12, 31)),
    st.integers(min_value=0, max_value=40_000),
)
def test_age_is_the_number_of_birthdays_passed(born: date, days: int) -> None:
    day = born + timedelta(days=days)
    age = age_on(born, day)
    assert has_turned(born, age, day)
    assert not has_turned(born, age + 1, day)
    assert birthday(born, age) <= day < birthday(born, age + 1)
    assert age_on(born, day + timedelta(days=1)) in (age, age + 1)


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2020, 12, 31)))
def test_a_birth_year_agrees_with_every_birth_date_in_it(born: date) -> None:
    """Where a birth year decides a class, every birth date in that year decides it alike."""
    event = date(2026, 4, 2)
    by_year = {v.code: v.holds for v in classes_of(born.year, M, event)}
    by_date = {v.code: v.holds for v in classes_of(born, M, event)}
    for code, holds in by_year.items():
        if holds is not None:
            assert by_date[code] is holds, code
