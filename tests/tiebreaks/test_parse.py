"""Tie-break codes as written in TRF-2026 lists, on the command line and in DSU's rules."""

from __future__ import annotations

import pytest

from skak.errors import InputError
from skak.tiebreaks import TieBreakSpec, codes, get_tiebreak, parse_tiebreak, parse_tiebreaks


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("BH", "BH"),
        ("bh/c1", "BH/C1"),
        ("BH-M1", "BH/M1"),
        ("BH/M2", "BH/M2"),
        ("BH/C1/P", "BH/C1/P"),
        ("SB/C2", "SB/C2"),
        ("KS/L+1", "KS/L+1"),
        ("KS/L-2", "KS/L-2"),
        ("ARO/U1000", "ARO/U1000"),
        ("ARO/M1", "ARO/M1"),
        ("AOB/F", "AOB/F"),
        ("DE/P", "DE/P"),
        ("DE/TOP", "DE/TOP"),
        ("TPN/R", "TPN/R"),
        ("RTNG/R/U1200", "RTNG/R/U1200"),
        ("GE", "REP"),
        # 004 annex 3 (2010) names
        ("ARCO", "ARO/C1"),
        ("ARCO/U1200", "ARO/C1/U1200"),
        ("median", "BH/M1"),
        ("Median-2", "BH/M2"),
        ("buchholz sum", "BHS"),
        ("extended-koya", "KSX"),
        # DSU 4.9.10
        ("sonneborn-berger", "SB"),
        ("almindelig-korrektion", "AK"),
        ("Almindelig korrektion", "AK"),
        ("middelkorrektion", "MK"),
    ],
)
def test_codes_read_and_write_back(written: str, canonical: str) -> None:
    spec = parse_tiebreak(written)
    assert str(spec) == canonical
    assert parse_tiebreak(str(spec)) == spec


def test_modifiers_become_fields() -> None:
    assert parse_tiebreak("BH/M2/P") == TieBreakSpec(
        "BH", cut_low=2, cut_high=2, forfeits_as_played=True
    )
    assert parse_tiebreak("KS/L-1").limit == -1
    assert parse_tiebreak("ARO/C1/U1000") == TieBreakSpec("ARO", cut_low=1, unrated=1000)


def test_lists_by_comma_or_space_skip_points() -> None:
    assert [str(s) for s in parse_tiebreaks("PTS, BH/C1,BH  SB;DE")] == [
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]
    assert parse_tiebreaks(["BH", TieBreakSpec("SB")]) == (TieBreakSpec("BH"), TieBreakSpec("SB"))


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("XYZ", r"unknown tie-break code 'XYZ'"),
        ("BH/Q1", r"tie-break BH: unknown modifier '/Q1'"),
        ("WIN/C1", r"tie-break WIN \(number of wins\) takes no modifier '/C1'"),
        ("BH/C1/C2", r"tie-break BH: modifier '/C2' given twice"),
        ("BH/C1/M1", r"tie-break BH: modifier '/M1' given twice"),
        ("BH:MP", r"tie-break BH: ':MP' names a team score"),
        ("ARO/U99999", r"tie-break ARO: rating 99999 is outside"),
        ("", r"an empty tie-break code"),
    ],
)
def test_bad_codes_name_the_code(written: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_tiebreak(written)


def test_a_bad_code_in_a_list_is_named() -> None:
    with pytest.raises(InputError, match="'BHX'"):
        parse_tiebreaks("BH,BHX,SB")


def test_every_code_cites_its_article() -> None:
    for code in codes():
        tb = get_tiebreak(code)
        assert tb.article and tb.title
        assert sum(x is not None for x in (tb.values, tb.group, tb.stages)) == 1
        fn = tb.values or tb.group or tb.stages
        assert fn is not None and fn.__doc__
        assert any(source in fn.__doc__ for source in ("C.07", "004 annex", "DSU")), code


def test_names_with_spaces_in_a_list() -> None:
    """DSU's names as arbiters write them: "almindelig korrektion, Sonneborn-Berger"."""
    assert [str(s) for s in parse_tiebreaks("almindelig korrektion, SB")] == ["AK", "SB"]
    assert [str(s) for s in parse_tiebreaks("middelkorrektion")] == ["MK"]
