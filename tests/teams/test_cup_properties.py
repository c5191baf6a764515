"""Team Monrad on random cups (5.3 §2): nobody meets twice, a free round at most once a
team, every team in every round; board points conserved where every board is filled in."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from skak.teams.cup import Cup, CupBoard, CupCard, CupMatch
from skak.teams.cup_rounds import cup_standings, pair_cup_round
from tests.teams.cup_fixture import bredde


@st.composite
def cups(draw: st.DrawFn) -> Cup:
    n = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, min(5, n - 1 + n % 2)))
    cup = bredde("ABCDEFGHI"[:n], rounds=rounds)
    for _ in range(rounds):
        r = pair_cup_round(cup)
        byes = cup.byes + (((r.number, r.bye),) if r.bye else ())
        cup = replace(cup, pairings=(*cup.pairings, *r.matches), byes=byes)
        cards = []
        for m in r.matches:
            results = draw(st.lists(st.sampled_from(["1-0", "½-½", "0-1"]), min_size=4, max_size=4))
            cards.append(
                CupCard(
                    m.round,
                    m.first,
                    m.second,
                    tuple(CupBoard(b, x) for b, x in enumerate(results, 1)),
                )
            )
        cup = replace(cup, cards=(*cup.cards, *cards))
    return cup


@settings(max_examples=50)
@given(cups())
def test_team_monrad_never_repeats_a_match(cup: Cup) -> None:
    met = [frozenset(m.teams()) for m in cup.pairings]
    assert len(met) == len(set(met))
    byes = [t for _, t in cup.byes]
    assert len(byes) == len(set(byes))
    for r in range(1, cup.rounds + 1):
        playing = [t for m in cup.pairings if m.round == r for t in m.teams()]
        playing += [t for rr, t in cup.byes if rr == r]
        assert sorted(playing) == sorted(t.name for t in cup.teams)
    played = sum(1 for _ in cup.pairings)
    s = cup_standings(cup)
    total = sum(r.board_points for r in s.rows)
    bye_points, _ = cup.settings.bye_points(cup.boards)
    assert bye_points == 2  # a free round: half the boards (docs/interpretations.md, 5.3 §8)
    assert total == 4 * played + bye_points * len(cup.byes)
    assert [r.rank for r in s.rows] == sorted(r.rank for r in s.rows)


def test_colours_balance_over_rounds() -> None:
    cup = bredde("ABCD", rounds=3)
    for _ in range(3):
        r = pair_cup_round(cup)
        cup = replace(cup, pairings=(*cup.pairings, *r.matches))
        cup = replace(
            cup,
            cards=(
                *cup.cards,
                *(
                    CupCard(
                        m.round, m.first, m.second, tuple(CupBoard(b, "½-½") for b in range(1, 5))
                    )
                    for m in r.matches
                ),
            ),
        )
    whites = {t: sum(1 for m in cup.pairings if m.first == t) for t in "ABCD"}
    assert max(whites.values()) - min(whites.values()) <= 1
    assert isinstance(cup.pairings[0], CupMatch)
