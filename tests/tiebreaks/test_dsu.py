"""DSU 4.9.10 korrektionssystemer: Sonneborn-Berger, almindelig korrektion, middelkorrektion
(with the dropped opponents added back only among players still tied), and §24 defaults."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.model import Tournament
from skak.tiebreaks import (
    crosstable,
    default_tiebreaks,
    expand,
    parse_tiebreaks,
    rank,
    recommended,
    values,
)
from tests.dsl import build, game
from tests.tiebreaks.fields import controlled

F = Fraction
RESULTS = ["1", "1", "1", "½", "0"]  # 3.5 points each

#: Six players level on 3.5 points; their opponents' final scores, lowest first.
OPPONENTS = {
    "P": [1, 2, 3, 3, 4],  # BH 13, without the two lowest 10, without the lowest 12
    "T": [1, 2, 3, 3, 4],  # exactly as P: P and T share their place
    "U": [0, 2, 3, 3, 4],  # as P without the lowest; all opponents 12 (P: 13)
    "Q": [0, 2.5, 3, 3, 4],  # as P without the two lowest; without the lowest 12.5
    "R": [0, 3, 3, 3, 4],  # as P without the two lowest; without the lowest 13
    "S": [2, 2, 3, 3.5, 4],  # without the two lowest 10.5: first, whatever the rest says
}


def _field() -> tuple[Tournament, dict[str, int]]:
    keys = {
        k: [(F(str(s)), r) for s, r in zip(v, RESULTS, strict=True)] for k, v in OPPONENTS.items()
    }
    return controlled(keys)


def _order(code: str) -> list[list[str]]:
    t, n = _field()
    names = {v: k for k, v in n.items()}
    ranking = rank(crosstable(t, edition="c07-2024"), code, players=n.values())
    return [[names[p] for p in tier] for tier in ranking.tiers]


def test_almindelig_korrektion_adds_the_dropped_opponents_back_only_among_the_tied() -> None:
    """4.9.10.2: without the two lowest (S alone best); still tied: with the second-lowest
    (R 13, Q 12.5, then P, T, U on 12); still tied: with the lowest too (P and T 13, U 12)."""
    assert _order("almindelig-korrektion") == [["S"], ["R"], ["Q"], ["P", "T"], ["U"]]


def test_middelkorrektion_up_to_eight_rounds() -> None:
    """4.9.10.3: five rounds — without the highest and the lowest (R 9, Q and S 8.5, P, T and
    U 8); still tied: all opponents (S 14.5 before Q 12.5; P and T 13 before U 12)."""
    assert _order("middelkorrektion") == [["R"], ["S"], ["Q"], ["P", "T"], ["U"]]


def test_almindelig_korrektion_is_its_three_stages() -> None:
    t, _ = _field()
    steps = expand(crosstable(t), parse_tiebreaks("AK"))
    assert [str(s) for s in steps] == ["BH/C2", "BH/C1", "BH"]


@pytest.mark.parametrize(
    ("rounds", "stages"),
    [
        pytest.param(5, ["BH/M1", "BH"], id="4.9.10.3-8-rounds-or-fewer"),
        pytest.param(8, ["BH/M1", "BH"], id="4.9.10.3-8-rounds"),
        pytest.param(9, ["BH/M2", "BH/M1", "BH"], id="4.9.10.3-9-to-12-rounds"),
        pytest.param(12, ["BH/M2", "BH/M1", "BH"], id="4.9.10.3-12-rounds"),
        pytest.param(13, ["BH/M3", "BH/M2", "BH/M1", "BH"], id="4.9.10.3-13-rounds-or-more"),
    ],
)
def test_middelkorrektion_stages_by_number_of_rounds(rounds: int, stages: list[str]) -> None:
    t = build(["A", "B"], game(1, "A", "B", "1-0"), system="dutch", number_of_rounds=rounds)
    assert [str(s) for s in expand(crosstable(t), parse_tiebreaks("MK"))] == stages


def test_sonneborn_berger_as_dsu_defines_it() -> None:
    """4.9.10.1: the scores of the opponents beaten, half the scores of those drawn with;
    those one lost to count nothing."""
    t, n = controlled({"P": [(3, "1"), (2, "½"), (4, "0"), (1, "1")]})
    assert values(crosstable(t), "sonneborn-berger")[n["P"]] == 3 + 1 + 0 + 1


def test_dsu_defaults_by_section_24() -> None:
    rr = build(["A", "B"], game(1, "A", "B", "1-0"), system="berger")
    swiss = build(["A", "B"], game(1, "A", "B", "1-0"), system="monrad")
    assert [str(s) for s in default_tiebreaks(rr)] == ["SB"]
    assert [str(s) for s in default_tiebreaks(swiss)] == ["AK"]
    own = build(["A", "B"], system="monrad", tiebreaks=("BH/C1", "SB"))
    assert [str(s) for s in default_tiebreaks(own)] == ["BH/C1", "SB"]


def test_fide_1998_swiss_final_ranking() -> None:
    """4.9.5 F10: points; where it concerns first place, the games among the tied; then the
    highest average rating of the opponents (then lots, which skak leaves to the arbiter)."""
    t = build(["A", "B"], game(1, "A", "B", "1-0"), system="dutch")
    assert [str(s) for s in expand(crosstable(t), parse_tiebreaks("F10"))] == ["DE/TOP", "ARO"]


@pytest.mark.parametrize(
    ("name", "printed"),
    [
        pytest.param("fide-round-robin", "DE WIN SB BWG KS", id="004-annex3-G-a"),
        pytest.param("fide-swiss", "DE WIN BWG BH/C1 BH SB", id="004-annex3-G-c"),
        pytest.param("fide-swiss-rated", "DE WIN BWG ARO/C1 BH/C1 BH SB", id="004-annex3-G-d"),
        pytest.param("dsu-round-robin", "SB", id="DSU-24-round-robin"),
        pytest.param("dsu-other", "AK", id="DSU-24-other"),
    ],
)
def test_recommended_lists(name: str, printed: str) -> None:
    assert " ".join(str(s) for s in recommended(name)) == printed
