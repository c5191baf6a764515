"""The FIDE Swiss system of 1998 (DSU 003 §4.9.5): every order and example the text prints,
the procedure's steps on small fields, and the search against D1's list read literally."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.model import Colour, Player, Ratings, Result, Title, Tournament
from skak.pairing import get_system
from skak.pairing.dutch1998 import (
    Card,
    Float,
    Strength,
    allocate,
    board_order,
    e3_history,
    exchanges,
    round_cards,
    transpositions,
)
from skak.pairing.dutch1998._search import Level, Rules, first_transposition, ladder, x_of
from tests.dsl import build, game, pairing_bye

SYSTEM = get_system("dutch-1998")
W, B = Colour.WHITE, Colour.BLACK


def card(
    number: int,
    colours: str = "",
    *,
    score: Fraction = Fraction(0),
    floats: tuple[Float, Float] = (Float.NONE, Float.NONE),
    met: frozenset[int] = frozenset(),
    exempt: bool = False,
    eligible: bool = True,
) -> Card:
    """A round card; ``colours`` in the text's letters, H (hvid) and S (sort)."""
    return Card(
        number,
        f"P{number}",
        number,
        score,
        tuple(W if c == "H" else B for c in colours),
        floats,
        eligible,
        exempt,
        met,
    )


# -- D1: the order of transpositions ---------------------------------------------------------


def test_d1_transposition_order_as_printed() -> None:
    """4.9.5 D1: 5-6-8-7, 5-7-6-8, 5-7-8-6, 5-8-6-7, 5-8-7-6, 6-5-7-8, 6-5-8-7 after the
    untransposed 5-6-7-8 ("arrange all numbers … in ascending order")."""
    got = ["-".join(map(str, t)) for t in itertools.islice(transpositions((5, 6, 7, 8)), 8)]
    assert got == [
        "5-6-7-8",
        "5-6-8-7",
        "5-7-6-8",
        "5-7-8-6",
        "5-8-6-7",
        "5-8-7-6",
        "6-5-7-8",
        "6-5-8-7",
    ]
    # The tip: "all numbers made of the digits 5, 6, 7 and 8, in ascending order".
    assert list(transpositions((5, 6, 7, 8))) == sorted(itertools.permutations((5, 6, 7, 8)))


# -- D2: the exchange tables -----------------------------------------------------------------

ONE = dict(zip("abcdefghi", [(4, 5), (4, 6), (3, 5), (4, 7), (3, 6), (2, 5), (3, 7), (2, 6),
                             (2, 7)], strict=True))  # fmt: skip
TWO = dict(
    zip(
        "jklmnopqr",
        [((3, 4), (5, 6)), ((3, 4), (5, 7)), ((2, 4), (5, 6)), ((3, 4), (6, 7)), ((2, 4), (5, 7)),
         ((2, 3), (5, 6)), ((2, 4), (6, 7)), ((2, 3), (5, 7)), ((2, 3), (6, 7))],
        strict=True,
    )
)  # fmt: skip


def test_d2_one_pair_table_as_printed() -> None:
    """4.9.5 D2, "ombyt ét par": a) 4↔5, b) 4↔6, c) 3↔5 … i) 2↔7, in the table's order."""
    got = [(a[0], b[0]) for a, b in exchanges((1, 2, 3, 4), (5, 6, 7, 8)) if len(a) == 1]
    assert got == list(ONE.values())


def test_d2_two_pair_table_as_printed() -> None:
    """4.9.5 D2, "ombyt to par": j) 3+4↔5+6, k) 3+4↔5+7, l) 2+4↔5+6 … r) 2+3↔6+7, after
    all one-pair exchanges."""
    order = list(exchanges((1, 2, 3, 4), (5, 6, 7, 8)))
    sizes = [len(a) for a, _ in order]
    assert sizes == sorted(sizes)
    got = [(tuple(sorted(a)), tuple(sorted(b))) for a, b in order if len(a) == 2]
    assert got == list(TWO.values())


def test_d2_odd_group_subtracts_one() -> None:
    """4.9.5 D2, note: with 7 players S1 is 1-3 and S2 4-7; the tables hold with 1 taken from
    every number, and the second table's last column (2+3, now 1+2) is left out."""
    order = list(exchanges((1, 2, 3), (4, 5, 6, 7)))
    one = [(a[0], b[0]) for a, b in order if len(a) == 1]
    assert one == [(s - 1, t - 1) for s, t in ONE.values()]
    two = [(tuple(sorted(a)), tuple(sorted(b))) for a, b in order if len(a) == 2]
    shifted = [
        (tuple(s - 1 for s in a), tuple(t - 1 for t in b)) for a, b in TWO.values() if a != (2, 3)
    ]
    assert two == shifted


# -- A7 and A8: colour preferences and x -----------------------------------------------------


@pytest.mark.parametrize(
    ("history", "preference", "strength", "mark"),
    [
        ("HSH", B, Strength.STRONG, "b"),  # difference +1: strong, black
        ("SHS", W, Strength.STRONG, "w"),
        ("HS", W, Strength.WEAK, "-0"),  # difference 0, black last: "-0" wants white
        ("SH", B, Strength.WEAK, "+0"),
        ("HH", B, Strength.ABSOLUTE, "B"),  # the same colour twice: absolute
        ("SHSS", W, Strength.ABSOLUTE, "W"),  # difference −2 and black twice
        ("HHSHS", B, Strength.STRONG, "b"),
        ("", None, Strength.NONE, "·"),
    ],
)
def test_a7_colour_preferences(
    history: str, preference: Colour | None, strength: Strength, mark: str
) -> None:
    c = card(1, history)
    assert (c.preference, c.strength, c.preference_mark) == (preference, strength, mark)


def test_a7_last_round_exception() -> None:
    """A7: the absolute preference does not apply to a player above 50 % in the last round."""
    c = card(1, "HH", exempt=True)
    assert c.strength is Strength.STRONG
    assert c.allowed(W)


def test_b1_colour_limits() -> None:
    assert not card(1, "HH").allowed(W)  # three in a row
    assert not card(1, "HSHH").allowed(W)
    assert not card(1, "HHSH").allowed(W)  # difference +3
    assert card(1, "HSH").allowed(W)


def test_a8_x() -> None:
    """A8: h white-, s black-preferring, q half the group rounded up; x = s − q if s > h,
    else h − q."""
    cards = [card(1, "S"), card(2, "S"), card(3, "S"), card(4, "S"), card(5, "H"), card(6, "H")]
    rules = Rules(cards)
    assert x_of(rules, range(6)) == 1  # h = 4, s = 2, q = 3
    assert x_of(rules, range(5)) == 1  # h = 4, s = 1, q = 3
    assert x_of(rules, [0, 4]) == 0


# -- E and F3: colours -----------------------------------------------------------------------


def test_f3_histories_under_e3() -> None:
    """4.9.5 F3: SHH-S counts as -SHHS, HS-HS as -HSHS, SHH-S-H as --SHHSH."""
    assert e3_history("SHH-S") == "SHHS"
    assert e3_history("HS-HS") == "HSHS"
    assert e3_history("SHH-S-H") == "SHHSH"


def test_e1_to_e4() -> None:
    hi = card(1, "HS")  # weak, wants white
    assert allocate(hi, card(2, "SH"), W, hi) == (W, "E1")
    assert allocate(hi, card(2, "SHS"), W, hi) == (B, "E2")  # strong beats weak
    # Both weak for white: F3's E3 — the latest round in which they differed.
    a, b = card(1, "SHHS"), card(2, "HSHS")
    assert allocate(a, b, W, a) == (B, "E3")  # round 2: a had white, b black
    c, d = card(1, "HS"), card(2, "HS")
    assert allocate(c, d, W, c) == (W, "E4")  # identical histories: the higher-ranked
    assert allocate(c, d, W, d) == (B, "E4")
    e, f = card(1, "HH"), card(2, "SHS")  # e must not have white a third time (B1)
    assert allocate(e, f, W, e) == (B, "B1")


def test_e4_round_one_alternates_in_s1() -> None:
    """E4: in round 1 S1's players with even start numbers get the other colour than those
    with odd ones; the lot gave number 1 white. F4: 1 meets the top of S2."""
    t = build(8, system="dutch-1998", number_of_rounds=5, initial_colour=W)
    rnd = SYSTEM.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_f4_odd_field_lowest_gets_the_bye() -> None:
    t = build(7, system="dutch-1998", number_of_rounds=5, initial_colour=B)
    rnd = SYSTEM.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings] == [(4, 1), (2, 5), (6, 3), (7, None)]
    assert rnd.pairings[-1].result is Result.PAIRING_BYE


def test_f1_board_order() -> None:
    """F1: the higher player's score, then the sum of scores, then the higher's ranking."""
    one, half = Fraction(1), Fraction(1, 2)
    a, b = card(1, score=one), card(5, score=Fraction(0))
    c, d = card(2, score=half), card(3, score=half)
    e, f = card(4, score=one), card(6, score=one)
    got = board_order([(a, b), (c, d), (f, e)])
    assert [(x.number, y.number) for x, y in got] == [(6, 4), (1, 5), (2, 3)]


# -- the procedure ---------------------------------------------------------------------------


def _round2(results: list[str]) -> Tournament:
    """Eight players (1 strongest), round 1 paired as F4 prescribes with the given results."""
    boards = [(1, 5), (6, 2), (3, 7), (8, 4)]
    return build(
        8,
        *(game(1, w, b, r) for (w, b), r in zip(boards, results, strict=True)),
        system="dutch-1998",
        number_of_rounds=5,
        initial_colour=W,
    )


def test_colour_clashes_lead_to_a_transposition() -> None:
    """Winners 1 (white), 2 (black), 3 (white), 4 (black): 1–3 would give neither his
    preference with both weak for black, x = 0, so D1's next order 4-3 is taken: 1–4, 2–3."""
    t = _round2(["1-0", "0-1", "1-0", "0-1"])
    rnd = SYSTEM.pair(t)
    games = {frozenset(p.players) for p in rnd.pairings}
    assert frozenset((1, 4)) in games
    assert frozenset((2, 3)) in games
    assert any("S2 transposed (D1, C7) to 4-3" in line for line in rnd.explanation)


def test_no_rematch_and_bye_rules() -> None:
    """B1: no second game between two players; a player with a bye gets no second one."""
    t = build(
        3,
        game(1, 1, 2, "1-0"),
        pairing_bye(1, 3),
        system="dutch-1998",
        number_of_rounds=3,
    )
    rnd = SYSTEM.pair(t)
    assert {frozenset(p.players) for p in rnd.pairings if p.black} == {frozenset((1, 3))}
    assert [p.white for p in rnd.pairings if p.black is None] == [2]


def test_b5_keeps_a_downfloater_from_floating_again() -> None:
    """B5: of three players with 1 point, the one who floated down last round is paired and
    another floats, although A2 would leave the lowest (C6: the untransposed order)."""
    cards = [
        card(1, "H", score=Fraction(1)),
        card(2, "S", score=Fraction(1)),
        card(3, "S", score=Fraction(1), floats=(Float.DOWN, Float.NONE)),
        card(4, "S"),
    ]
    rules = Rules(cards)

    def first(level: Level) -> tuple[int, ...] | None:
        return first_transposition(
            rules, (0,), (1, 2), level, lambda v: rules.may_float_down(v, level), lambda r: True
        )

    assert first(Level(0)) == (2, 1)  # 1–3, and 2 floats
    assert first(Level(0, 1)) == (2, 1)  # B6 dropped: B5 still holds
    assert first(Level(0, 2)) == (1, 2)  # C9 dropped B5 too: the untransposed order


def test_ladder_order() -> None:
    """C9 (B6, then B5 for downfloaters), C10 (the same for upfloaters), then C11 (x + 1)."""
    assert ladder(0, 2, (True, True)) == [
        Level(0),
        Level(0, 1),
        Level(0, 2),
        Level(0, 2, 1),
        Level(0, 2, 2),
        Level(1, 2, 2),
        Level(2, 2, 2),
    ]
    assert ladder(1, 1, (False, False)) == [Level(1)]


def test_b2_note_last_round_topscorers_may_break_colour_limits() -> None:
    """B2's note (F6: the absolute criteria are "B1 og B2", B2 the colour limits) and A7: in
    the last round 1 and 2, both above 50 % with white twice, must meet (they have met 3 and
    4, who have had black twice and must meet 5 and 6); without the waiver no pairing would
    exist. Neither has an absolute preference: both prefer black (strong), so E4 gives the
    higher-ranked 1 his preference."""
    t = build(
        6,
        game(1, 1, 3, "1-0"),
        game(1, 2, 4, "1-0"),
        game(1, 5, 6, "½-½"),
        game(2, 1, 4, "1-0"),
        game(2, 2, 3, "1-0"),
        game(2, 6, 5, "½-½"),
        system="dutch-1998",
        number_of_rounds=3,
    )
    cards = {c.number: c for c in round_cards(t)}
    assert cards[1].exempt and cards[2].exempt and not cards[3].exempt
    assert cards[1].strength is Strength.STRONG
    rnd = SYSTEM.pair(t)
    first = rnd.pairings[0]
    assert (first.white, first.black) == (2, 1)


def _last_round_top_four() -> Tournament:
    """Round 3 of 3: players 1–4 have won both games, 1 and 3 with white then black, 2 and 4
    with black then white; 5–12 have ½ point each."""
    return build(
        12,
        game(1, 1, 5, "1-0"),
        game(1, 6, 2, "0-1"),
        game(1, 3, 7, "1-0"),
        game(1, 8, 4, "0-1"),
        game(1, 9, 10, "½-½"),
        game(1, 11, 12, "½-½"),
        game(2, 9, 1, "0-1"),
        game(2, 2, 10, "1-0"),
        game(2, 11, 3, "0-1"),
        game(2, 4, 12, "1-0"),
        game(2, 5, 6, "½-½"),
        game(2, 7, 8, "½-½"),
        system="dutch-1998",
        number_of_rounds=3,
    )


def test_b4_still_applies_to_last_round_topscorers() -> None:
    """B2's note waives the colour limits, B5 and B6 for players above 50 % in the last round,
    not B4: 1 and 3 prefer white, 2 and 4 black, x = 0, so 1–3 and 2–4 (S1 against S2 as they
    stand) would deny two preferences; D1's next order gives 1–4 and 2–3, everyone his
    colour (E1)."""
    t = _last_round_top_four()
    cards = {c.number: c for c in round_cards(t)}
    assert all(cards[n].exempt for n in (1, 2, 3, 4))
    rnd = SYSTEM.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings[:2]] == [(1, 4), (3, 2)]
    assert any("S2 transposed (D1, C7) to 4-3" in line for line in rnd.explanation)


def test_a2_ranking_by_rating_then_title() -> None:
    """A2: rating, then title in the order GM, WGM, IM, WIM, FM, WFM, then name."""
    players = (
        Player(1, "Berg, A", ratings=Ratings(dsu=2000), title=Title.IM),
        Player(2, "Ahl, B", ratings=Ratings(dsu=2000), title=Title.WGM),
        Player(3, "Ahl, A", ratings=Ratings(dsu=2000)),
        Player(4, "Cruz, C", ratings=Ratings(dsu=2100)),
    )
    t = Tournament(
        "T", "dutch-1998", players=players, pairing_settings=(("initial-ranking", "dsu"),)
    )
    assert [c.number for c in round_cards(t)] == [4, 2, 1, 3]


def test_the_procedure_step_by_step() -> None:
    """Round 2 after 1–5 1-0, 6–2 0-1, 3–7 1-0, 8–4 ½-½, by the text: on 1 point 1, 2, 3
    (homogeneous, S1 = 1, S2 = 2-3, x = 0): 1 (+0, black) meets 2 (-0, white) untransposed
    (C6) and 3 floats (A4). On ½ point 8 and 4 with 3 moved down, less than half the group:
    heterogeneous (A3), S1 = 3 against S2 = 4-8 gives 3–4, and the remainder 8 floats. On 0
    points 5, 6, 7 with 8: S1 = 8 against 5-6-7 gives 8–5, the remainder 6–7. Every pair
    gets both preferences (E1), and the floats are marked (A4)."""
    rnd = SYSTEM.pair(_round2(["1-0", "0-1", "1-0", "½-½"]))
    assert [(p.white, p.black) for p in rnd.pairings] == [(2, 1), (4, 3), (5, 8), (7, 6)]
    steps = [line for line in rnd.explanation if line.startswith(("score group", "moved-d", "rem"))]
    assert steps == [
        "score group 1 (A3, homogeneous): 3 players with 1 point",
        "score group: S1 1, S2 2-3, p = 1; x = 0 (A8: x = 0 at the start)",
        "score group ½ (A3, heterogeneous): 2 players with ½ point; moved down into it: "
        "Player, 3 (3) with 1",
        "moved-down players: S1 3, S2 4-8, p = 1; x = 0 (A8: x = 0 at the start)",
        "remainder: S1 –, S2 8, p = 0; x = 0 (A8: x = 0 at the start)",
        "score group 0 (A3, heterogeneous): 3 players with 0 points; moved down into it: "
        "Player, 8 (8) with ½",
        "moved-down players: S1 8, S2 5-6-7, p = 1; x = 0 (A8: x = 0 at the start)",
        "remainder: S1 6, S2 7, p = 1; x = 0 (A8: x = 0 at the start)",
    ]
    floats = [line for line in rnd.explanation if line.startswith("floaters moved down")]
    assert floats == [
        "floaters moved down (A4 ↓): Player, 3 (3)",
        "floaters moved down (A4 ↓): Player, 8 (8)",
    ]
    assert sum("(E1: both preferences granted)" in line for line in rnd.explanation) == 4


# -- the search is D1's list read literally ----------------------------------------------------


def _literal(
    rules: Rules, s1: tuple[int, ...], s2: tuple[int, ...], level: Level
) -> tuple[int, ...] | None:
    """The first transposition of D1's list that meets the criteria, by reading the list."""
    p = len(s1)
    for order in transpositions(s2):
        pairs = list(zip(s1, order[:p], strict=True))
        if not all(rules.pair_ok(a, b, level) for a, b in pairs):
            continue
        if sum(rules.clash(a, b) for a, b in pairs) > level.x:
            continue
        if not all(rules.may_float_down(v, level) for v in order[p:]):
            continue
        return order
    return None


@settings(max_examples=300, deadline=None)
@given(
    n=st.integers(2, 8),
    data=st.data(),
)
def test_search_equals_the_literal_list(n: int, data: st.DataObject) -> None:
    histories = ["", "H", "S", "HS", "SH", "HH", "SS", "HSH", "SHS", "HSS"]
    cards = []
    for i in range(n):
        met = data.draw(st.frozensets(st.integers(0, n - 1).filter(lambda j, i=i: j != i)))
        cards.append(
            card(
                i,
                data.draw(st.sampled_from(histories)),
                score=Fraction(data.draw(st.integers(0, 1))),
                floats=(
                    data.draw(st.sampled_from(list(Float))),
                    data.draw(st.sampled_from(list(Float))),
                ),
                met=frozenset(met),
            )
        )
    # symmetric meetings
    met = {c.number: set(c.met) for c in cards}
    for a in list(met):
        for b in list(met[a]):
            met[b].add(a)
    cards = [card_with(c, frozenset(met[c.number])) for c in cards]
    cards.sort(key=lambda c: (-c.score, c.rank))
    rules = Rules(cards)
    p = data.draw(st.integers(0, n // 2))
    s1, s2 = tuple(range(p)), tuple(range(p, n))
    level = Level(
        data.draw(st.integers(0, p)), data.draw(st.integers(0, 2)), data.draw(st.integers(0, 2))
    )
    got = first_transposition(
        rules, s1, s2, level, lambda v: rules.may_float_down(v, level), lambda r: True
    )
    assert got == _literal(rules, s1, s2, level)


def card_with(c: Card, met: frozenset[int]) -> Card:
    return Card(
        c.number, c.name, c.rank, c.score, c.colours, c.floats, c.bye_eligible, c.exempt, met
    )
