"""The procedure of the FIDE Swiss system of 1998 (DSU 003 §4.9.5 C) on whole rounds: C10's
re-pairing of the moved-down players before a remainder pairs fewer, C12 and C13 as printed
(the group above paired again, the lowest groups joined), C14 with the moved-down player
who must take the bye, the searches' limits (never a relaxation), and each score group's
search against the text's lists (D1, D2, C4–C11, C14) read literally."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.io.trf import parse_trf
from skak.model import Colour
from skak.pairing import get_system
from skak.pairing.dutch1998 import Card, Float, exchanges, transpositions
from skak.pairing.dutch1998 import _procedure as procedure_module
from skak.pairing.dutch1998 import _search as search_module
from skak.pairing.dutch1998._procedure import Procedure
from skak.pairing.dutch1998._search import Finish, Level, Rules, ladder, x_of

SYSTEM = get_system("dutch-1998")
DATA = Path(__file__).resolve().parents[1] / "data" / "dutch1998"
W, B = Colour.WHITE, Colour.BLACK
FLOAT = {"down": Float.DOWN, "up": Float.UP, "none": Float.NONE}


def deck(table: str) -> list[Card]:
    """Round cards from lines ``number score colours met float-1 float-2 bye|no-bye`` (the
    colours of played games, W/B; ``met`` comma-separated, ``-`` for nobody; the floats of
    the last round and the round before), ranked (A2) in the order given."""
    cards = []
    for rank, line in enumerate(table.strip().splitlines()):
        number, score, colours, met, last, before, bye = line.split()
        cards.append(
            Card(
                int(number),
                f"P{number}",
                rank,
                Fraction(score),
                tuple(W if c == "W" else B for c in colours),
                (FLOAT[last], FLOAT[before]),
                bye == "bye",
                False,
                frozenset(int(n) for n in met.split(",")) if met != "-" else frozenset(),
            )
        )
    cards.sort(key=lambda c: (-c.score, c.rank))
    return cards


def pair(cards: list[Card]) -> tuple[set[frozenset[int]], list[int], Procedure]:
    procedure = Procedure(cards)
    pairs, bye = procedure.run()
    games = {frozenset((cards[a].number, cards[b].number)) for a, b in pairs}
    return games, [cards[v].number for v in bye], procedure


def games(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


# -- C14 with C1: the moved-down player nobody can meet takes the bye ------------------------


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (79, [(1, 4), (5, 2), (3, None)]),
        (295, [(7, 6), (3, 5), (2, 1), (4, None)]),
        (393, [(7, 6), (3, 1), (5, 2), (8, None)]),
    ],
)
def test_c14_c1_moved_down_player_with_no_opponent_takes_the_bye(
    seed: int, expected: list[tuple[int, int | None]]
) -> None:
    """Three rounds of a fuzz (withdrawals, late entries, half-point byes, forfeits) that the
    first version refused although they have pairings. Seed 79, round 5 of 6: on 3 points 3
    (WBWB) and 4 (WBW), on 2 points 1, 5 and 2; 3 has met everyone and only he may still have
    the bye. Both move down (C1); with S1 = 3-4 (and C12, C13 finding nothing), C14 leaves one
    of them out of S1: not 3, the highest, whom nobody can meet, but 4 (C1: 3 is the one who
    cannot be paired), so 4 meets 1 (white to 1, who had black twice), 5–2, and 3 is left
    over for the bye (A5)."""
    t = parse_trf((DATA / f"fuzz-{seed}.trf").read_text(encoding="utf-8"), "fuzz.trf").tournament
    rnd = SYSTEM.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings] == expected
    if seed == 79:
        assert any("S1 without P, 03 (3) (C14 with C1" in line for line in rnd.explanation)


# -- C10: the moved-down players' opponents change before the remainder pairs fewer ----------


def test_c10_relaxes_b5_for_upfloaters_before_a_remainder_pairs_fewer() -> None:
    """4 (2 points, white twice: must have black) moves down into the 1-point group of 1, 3
    and 2 (x = 1). With 4–3 (C6) the remainder 1–2 has met (B1); C10 undoes 4's pairing and
    looks for another opponent: 4–2 would float 2 up a second time in a row (B5), so after
    B6 and then B5 are dropped for upfloaters (C10), 4–2 and the remainder 1–3 (x = 1 allows
    their shared preference). The remainder never pairs fewer (C14) while C10 and C11 can
    still find a full pairing: 1 and 2 do not float down."""
    cards = deck(
        """
        4 2 WW 1,6 none none bye
        1 1 WB 2,4 none none bye
        3 1 WB 5,6 down none bye
        2 1 BB 1,5 up none bye
        6 1/2 BW 3,4 up none bye
        5 1/2 BW 2,3 down none bye
        """
    )
    got, bye, _ = pair(cards)
    assert got == games((4, 2), (1, 3), (6, 5))
    assert bye == []


# -- C12: the group above is paired again -----------------------------------------------------


def test_c12_pairs_the_group_above_again_for_another_floater() -> None:
    """5 (2½) and 2 (2) have nobody to meet in their groups and move down (C1) into the 1½
    group, where 4 has nobody either (C1). The group 5, 2, 1 pairs 5–1 (C6; 5–2 have met) and
    2 moves on into the 1-point group of 6, where 2 has met everyone: C1 sends him to C12.
    The 1½ group is paired again, its procedure going on: the exchange of 5 and 2 (D2) gives
    2–1 and sends 5 down instead, who meets 6; C12 accepts it. 4 meets 3 below."""
    cards = deck(
        """
        5 5/2 WBB 2,3,4 up none bye
        2 2 WBW 4,5,6 down down bye
        4 3/2 BWB 1,2,5 up up bye
        1 3/2 WBW 3,4,6 down down bye
        6 1 BWW 1,2,3 up up bye
        3 1/2 BWB 1,5,6 down none bye
        """
    )
    got, _, procedure = pair(cards)
    assert got == games((5, 6), (1, 2), (4, 3))
    redone = [n for n in procedure.notes if n.redone]
    assert [(n.score, n.redone) for n in redone] == [(Fraction(3, 2), "C12")]
    assert [cards[v].number for v in redone[0].replaced] == [2, 4]


# -- C13: the group above the lowest is paired again, or joined with it -----------------------


def test_c13_pairs_the_second_lowest_group_again() -> None:
    """The 1½ group (6 and 1 moved down into it, x = 0 at the start) is paired in full
    (6–5, 1–2 with x = 1, 4–7), which leaves 3 alone in the lowest group without the right to
    a bye (B1): C13 pairs the 1½ group again. None of its full pairings leaves players 3 can
    be paired with, so at its last step its remainder pairs fewer (C14): 6–4, 1–7, and 2 and
    5 move down, 2 to meet 3 and 5 to take the bye."""
    cards = deck(
        """
        6 5/2 BWB 1,2,7 none none bye
        1 5/2 BW 4,6 none none no-bye
        4 3/2 BWB 1,2,3 none down bye
        7 3/2 WB 5,6 none down no-bye
        2 3/2 WBW 4,5,6 none up bye
        5 3/2 BWW 2,3,7 none down bye
        3 1 WB 4,5 down up no-bye
        """
    )
    got, bye, procedure = pair(cards)
    assert got == games((6, 4), (7, 1), (3, 2))
    assert bye == [5]
    assert [n.redone for n in procedure.notes] == ["", "C13", ""]


def test_c13_joins_the_two_lowest_groups() -> None:
    """In the lowest group (1 point: 4 and 5, with 3 moved down) nobody may meet 3 and 4 may
    not have the bye, so it cannot be paired. C13 pairs the 1½ group (2–6) again: with p = 1
    it has no other pairing and with p = 0 it would move down whole, so the two groups are
    joined into one lowest group, which pairs 2–4 and 6–5 and gives 3 the bye (3 has had
    black twice like 5, and has met 2, 4 and 6)."""
    cards = deck(
        """
        7 3 WB 5,6 down none no-bye
        1 2 WBW 2,5,6 none up bye
        3 2 WBB 2,4,6 none up bye
        2 3/2 BW 1,3 down down no-bye
        6 3/2 BWW 1,3,7 up down bye
        4 1 BW 3,5 none down no-bye
        5 1 WBB 1,4,7 none none bye
        """
    )
    got, bye, procedure = pair(cards)
    assert got == games((7, 1), (2, 4), (6, 5))
    assert bye == [3]
    lowest = procedure.notes[-1]
    assert (lowest.score, lowest.joined) == (Fraction(3, 2), (Fraction(1),))


def test_c13_in_the_explanation() -> None:
    t = parse_trf((DATA / "fuzz-393.trf").read_text(encoding="utf-8"), "fuzz.trf").tournament
    text = "\n".join(SYSTEM.pair(t).explanation)
    assert "score groups 2, 1½ joined into one lowest score group (C13" in text


# -- the limits of the searches: never a relaxation ------------------------------------------


def _crowded(size: int, lonely: int, lower: int) -> list[Card]:
    """``size`` players on 1 point (white then black each), of whom ``lonely`` has met
    everyone on 1 point except player 1, and ``lower`` players on 0 points."""
    everyone = frozenset(range(1, size + 1))
    cards = []
    for n in range(1, size + 1):
        met = everyone - {1, lonely} if n == lonely else frozenset({lonely} - {1} if n > 1 else ())
        cards.append(Card(n, f"P{n}", n, Fraction(1), (W, B), (Float.NONE,) * 2, True, False, met))
    for n in range(size + 1, size + lower + 1):
        cards.append(
            Card(n, f"P{n}", n, Fraction(0), (W, B), (Float.NONE,) * 2, True, False, frozenset())
        )
    return cards


@pytest.mark.parametrize(("lonely", "lower"), [(5, 2), (2, 0)])
def test_d2_exchange_beyond_120_is_found(lonely: int, lower: int) -> None:
    """40 players on 1 point; player ``lonely`` may only meet player 1, also in S1. D2's first
    exchange that lets the group pair all 20 pairs takes him into S2: ``lonely`` ↔ 21 (the
    smallest difference that moves him, the highest S2 player), after more than 120
    exchanges of lower players that cannot help. The first version stopped reading after 120
    and paired fewer (C14), or (without a lower group) found nothing."""
    cards = _crowded(40, lonely, lower)
    got, _, procedure = pair(cards)
    assert frozenset((1, lonely)) in got
    stage = procedure.notes[0].stages[0]
    assert stage.p == 20
    assert stage.exchange is not None
    assert [[cards[v].number for v in side] for side in stage.exchange] == [[lonely], [21]]


def test_search_limits_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the plain searches cut to nothing (every search is finished by the exact test)
    the rounds of the fuzz and the crowded group are paired the same, and the explanation
    says where a limit was passed."""
    rounds = [
        parse_trf((DATA / f"fuzz-{s}.trf").read_text(encoding="utf-8"), "f.trf").tournament
        for s in (79, 295, 393)
    ]
    before = [SYSTEM.pair(t) for t in rounds]
    crowded = pair(_crowded(24, 5, 2))[0]
    monkeypatch.setattr(search_module, "NODE_LIMIT", 0)
    monkeypatch.setattr(procedure_module, "EXCHANGE_LIMIT", 0)
    after = [SYSTEM.pair(t) for t in rounds]
    assert [r.pairings for r in after] == [r.pairings for r in before]
    assert pair(_crowded(24, 5, 2))[0] == crowded
    text = "\n".join(after[0].explanation)
    assert "finished by an exact matching test (the same order; no criterion relaxed)" in text


# -- each group's search is the text's lists read literally ----------------------------------


def _literal_group(
    rules: Rules,
    players: Sequence[int],
    ps: Callable[[int], range],
    finished: Callable[[tuple[int, ...]], bool],
) -> tuple[int, Level, tuple[frozenset[int], ...]] | None:
    """C3–C9, C11, C14 for a homogeneous group by reading the lists: for each p, each step of
    the ladder, the untransposed S1/S2 and then every exchange of D2's list, every
    transposition of D1's list; the first whose pairs meet B1, B5, B6 and x, whose leftovers
    may float down, and whose leftovers end as ``finished`` says."""
    players = sorted(players)
    p_full = len(players) // 2
    x0 = x_of(rules, players)
    down = any(Float.DOWN in rules.cards[v].floats for v in players)
    up = len({rules.cards[v].score for v in players}) > 1 and any(
        Float.UP in rules.cards[v].floats for v in players
    )
    for p in ps(p_full):
        x_base = max(0, x0 - (p_full - p)) if x0 > 0 else 0
        s1, s2 = tuple(players[:p]), tuple(players[p:])
        for level in ladder(x_base, p, (down, up)):
            for exch in [None, *exchanges(s1, s2)]:
                t1, t2 = s1, s2
                if exch is not None:
                    t1 = tuple(sorted((*(v for v in s1 if v not in exch[0]), *exch[1])))
                    t2 = tuple(sorted((*(v for v in s2 if v not in exch[1]), *exch[0])))
                for order in transpositions(t2):
                    pairs = list(zip(t1, order[:p], strict=True))
                    if not all(rules.pair_ok(a, b, level) for a, b in pairs):
                        continue
                    if sum(rules.clash(a, b) for a, b in pairs) > level.x:
                        continue
                    if not all(rules.may_float_down(v, level) for v in order[p:]):
                        continue
                    if not finished(tuple(order[p:])):
                        continue
                    return p, level, tuple(frozenset(pr) for pr in pairs)
    return None


@st.composite
def group_cards(draw: st.DrawFn) -> tuple[list[Card], int]:
    n = draw(st.integers(2, 8))
    below = draw(st.integers(0, 3))
    histories = ["", "W", "B", "WB", "BW", "WW", "BB", "WBW", "BWB", "WBB"]
    met: dict[int, set[int]] = {i: set() for i in range(1, n + below + 1)}
    for a, b in draw(st.lists(st.tuples(st.integers(1, n + below), st.integers(1, n + below)))):
        if a != b:
            met[a].add(b)
            met[b].add(a)
    cards = []
    for i in range(1, n + below + 1):
        cards.append(
            Card(
                i,
                f"P{i}",
                i,
                Fraction(1 if i <= n else 0),
                tuple(W if c == "W" else B for c in draw(st.sampled_from(histories))),
                (draw(st.sampled_from(list(Float))), draw(st.sampled_from(list(Float)))),
                draw(st.booleans()),
                False,
                frozenset(met[i]),
            )
        )
    return cards, n


@settings(max_examples=150, deadline=None)
@given(data=group_cards(), mode=st.sampled_from(["float", "bye", "below"]))
def test_group_search_equals_the_lists_read_literally(
    data: tuple[list[Card], int], mode: str
) -> None:
    """A homogeneous group's procedure (the transposition search, the exact tests that skip
    steps and exchanges, C14) takes the pairing that reading D1's and D2's lists does, for
    leftovers that float, take the bye (the lowest group) or must be paired with the
    players below (C13)."""
    cards, n = data
    procedure = Procedure(cards)
    rules = procedure.rules
    players = list(range(n))
    below = sum(1 << v for v in range(n, len(cards)))
    finish = Finish(mode, below if mode == "below" else 0)  # type: ignore[arg-type]
    got = procedure._homogeneous(players, finish, "score group", None, procedure_module._all)
    literal = _literal_group(
        rules, players, procedure_module._all, lambda rest: rules.finished(finish, rest)
    )
    if literal is None:
        assert got is None
        return
    assert got is not None
    (stage,) = got.stages
    assert (stage.p, stage.level, tuple(frozenset(pr) for pr in stage.pairs)) == literal


def test_exchange_order_is_complete() -> None:
    """D2's list holds every exchange (any number of pairs) exactly once: with S1 = 1–5 and
    S2 = 6–10 all subsets of 2–5 with as many of 6–9."""
    got = list(exchanges((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)))
    expected = sum(len(list(itertools.combinations(range(4), k))) ** 2 for k in range(1, 5))
    assert len(got) == len({(tuple(sorted(a)), tuple(sorted(b))) for a, b in got}) == expected
