"""The Dubov system (DSU 003 §4.9.6): the printed example of 6.2, the colour preference as
meant (SPEC-MAP's misprint), the colour rules of §3, the bye of §4, round 1 of §5, the
improvements of 6.3, the balancing of 7.3/7.4 and the upfloat limits of 2.5."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from skak.errors import NoValidPairingError
from skak.io.trf import parse_trf, write_trf
from skak.model import Colour, MovedUp, Player, Ratings, Result, Tournament
from skak.pairing import get_system
from skak.pairing.dubov import Card, allocate, aro_table, cards_of, format_aro
from skak.pairing.dubov._procedure import DubovRound, GroupNote, _mask
from tests.dsl import build, game

SYSTEM = get_system("dubov")
W, B = Colour.WHITE, Colour.BLACK
RESULTS = [Result.WHITE_WIN] * 5 + [Result.DRAW] * 4 + [Result.BLACK_WIN] * 5


def card(
    number: int,
    rating: int,
    aro: str | None,
    colours: str,
    *,
    score: Fraction = Fraction(1),
    met: frozenset[int] = frozenset(),
    upfloats: tuple[int, ...] = (),
    eligible: bool = True,
) -> Card:
    """A player; ``colours`` in the text's letters H (hvid) and S (sort)."""
    return Card(
        number,
        f"P{number:02d}",
        rating,
        None if aro is None else Fraction(aro),
        score,
        tuple(W if c == "H" else B for c in colours),
        met,
        eligible,
        upfloats,
    )


def test_colour_preference_as_meant() -> None:
    """§1 (SPEC-MAP: the black preference is misprinted as the white one): white with more
    blacks, or equal and black last; black with more whites, or equal and white last."""
    assert card(1, 2000, None, "SHS").preference is W
    assert card(1, 2000, None, "HS").preference is W
    assert card(1, 2000, None, "HSH").preference is B
    assert card(1, 2000, None, "SH").preference is B
    assert card(1, 2000, None, "").preference is None


WHITE_AROS = ["2310.0", "2318.4", "2322.3", "2333.7", "2340.5", "2344.6"]
BLACK_RS = [2380, 2365, 2300, 2280, 2260, 2250]


def _example(met: dict[int, set[int]] | None = None) -> tuple[list[Card], DubovRound]:
    """6.2's printed example: six white-seekers by ARO and six black-seekers by R, given in
    a shuffled order (white-seekers 1–6, black-seekers 7–12)."""
    met = met or {}
    whites = [
        card(n, 2300, aro, "HS", met=frozenset(met.get(n, ())))
        for n, aro in zip([3, 1, 6, 2, 5, 4], WHITE_AROS[::-1], strict=True)
    ]
    blacks = [
        card(n, r, "2300", "SH", met=frozenset(met.get(n, ())))
        for n, r in zip([9, 12, 7, 11, 8, 10], BLACK_RS[::-1], strict=True)
    ]
    cards = sorted([*whites, *blacks], key=lambda c: c.number)
    return cards, DubovRound(cards, 2, False, False)


def test_6_2_printed_example() -> None:
    """6.2: "Hvid (ARO)" 2310,0 … 2344,6 against "Sort (R)" 2380 … 2250, row by row."""
    cards, rnd = _example()
    note = GroupNote(Fraction(1))
    pairs = rnd._pair_members(note, list(range(12)))
    rows = [(format_aro(cards[w].aro), cards[b].rating) for w, b in pairs]
    assert rows == [
        ("2310.0", 2380),
        ("2318.4", 2365),
        ("2322.3", 2300),
        ("2333.7", 2280),
        ("2340.5", 2260),
        ("2344.6", 2250),
    ]


def test_6_3_a_row_that_has_met_takes_the_next_black() -> None:
    """6.3: the white-seeker of row 1 has met the black-seeker of row 1: he takes the first
    black-seeker of a lower row he has not met (row 2's), and row 1's black-seeker moves
    down to row 2."""
    # Row 1: white 4 (ARO 2310.0) and black 10 (R 2380); row 2's black is 8 (R 2365).
    cards, rnd = _example({4: {10}, 10: {4}})
    note = GroupNote(Fraction(1))
    pairs = rnd._pair_members(note, list(range(12)))
    numbers = [(cards[w].number, cards[b].number) for w, b in pairs]
    assert numbers[:2] == [(4, 8), (5, 10)]
    assert note.improved == [1]


def test_6_3_the_last_row_changes_the_one_above() -> None:
    """6.3: a rematch in the last row changes the second-to-last row."""
    cards, rnd = _example({3: {9}, 9: {3}})  # row 6: white 3 (2344.6), black 9 (2250)
    pairs = rnd._pair_members(GroupNote(Fraction(1)), list(range(12)))
    numbers = [(cards[w].number, cards[b].number) for w, b in pairs]
    assert numbers[:4] == [(4, 10), (5, 8), (2, 11), (6, 7)]
    assert numbers[4:] == [(1, 9), (3, 12)]  # row 5 takes row 6's black, 12 moves down


def test_6_3_the_column_shifts_down() -> None:
    """6.3: "parres "hvid" spilleren med den første "sorte" spiller fra en lavere række, som
    han ikke har mødt": row 1's white-seeker 4 (ARO 2310,0) has met 10 (row 1, R 2380) and 8
    (row 2, R 2365), so he meets 11 (row 3, R 2300). The black-seekers he passed keep their
    order, each a row lower: row 2 (2318,4) meets 10 (2380) and row 3 (2322,3) meets 8
    (2365); rows 4–6 are as printed. (Swapping rows 1 and 3 would give row 2 8 and row 3
    10.)"""
    cards, rnd = _example({4: {10, 8}, 10: {4}, 8: {4}})
    note = GroupNote(Fraction(1))
    pairs = rnd._pair_members(note, list(range(12)))
    rows = [(format_aro(cards[w].aro), cards[b].rating) for w, b in pairs]
    assert rows == [
        ("2310.0", 2300),
        ("2318.4", 2380),
        ("2322.3", 2365),
        ("2333.7", 2280),
        ("2340.5", 2260),
        ("2344.6", 2250),
    ]
    assert note.improved == [1]


def test_6_3_a_white_seeker_who_has_met_every_black_seeker() -> None:
    """6.3, last paragraph: when "hvid" K has met all "sorte", his opponent is looked for
    among the white-seekers from K + 1 to the end of the column, then from K − 1 up to 1.
    The black-seekers 3 and 4 then meet, 4 (the lower R, equal ARO) seeking white (7.4)."""

    def group(k: int) -> DubovRound:
        """White-seekers 1 (ARO 2100, row 1) and 2 (ARO 2200, row 2); ``k`` has met both
        black-seekers 3 and 4."""
        return DubovRound(
            [
                card(1, 2000, "2100", "HS", met=frozenset({3, 4} if k == 1 else ())),
                card(2, 2000, "2200", "HS", met=frozenset({3, 4} if k == 2 else ())),
                card(3, 2100, "2000", "SH", met=frozenset({k})),
                card(4, 2050, "2000", "SH", met=frozenset({k})),
            ],
            3,
            False,
            False,
        )

    note = GroupNote(Fraction(1))
    assert group(1)._pair_members(note, [0, 1, 2, 3]) == [(0, 1), (3, 2)]
    assert note.same_colour == [(0, 1)]  # row 1: K + 1 is row 2
    note = GroupNote(Fraction(1))
    assert group(2)._pair_members(note, [0, 1, 2, 3]) == [(1, 0), (3, 2)]
    assert note.same_colour == [(1, 0)]  # row 2, the last: K − 1 is row 1


def test_6_3_the_row_where_the_columns_give_out() -> None:
    """6.3's last paragraph when no white-seeker has met every black-seeker: the rows are
    paired from the top, and the first row that cannot be paired with the rows above it
    paired (where changing rows K − 1, K − 2 … finds nothing) is "hvid" K. White-seekers 1, 2
    and 3 (6.2: ascending ARO), black-seekers 4, 5, 6 (descending R); 1 and 2 have met 5
    and 6, so both need 4: row 1 takes 4, row 2 finds nobody — 2 is K and meets 3 (K + 1),
    then 1 meets 4 and 6 meets 5 (7.4 moves 6, the lower R, to the white-seekers). (The
    first version took the first player an arbitrary maximum matching left out, here 1.)"""
    cards = [  # in R order, as the procedure numbers them: 3, 2, 1, then 4, 5, 6
        card(3, 2000, "2200", "HS"),
        card(2, 1950, "2100", "HS", met=frozenset({5, 6})),
        card(1, 1900, "2000", "HS", met=frozenset({5, 6})),
        card(4, 2100, "2000", "SH"),
        card(5, 2050, "2000", "SH", met=frozenset({1, 2})),
        card(6, 2000, "2000", "SH", met=frozenset({1, 2})),
    ]
    rnd = DubovRound(cards, 3, False, False)
    note = GroupNote(Fraction(1))
    pairs = rnd._pair_members(note, list(range(6)))
    numbers = [(cards[a].number, cards[b].number) for a, b in pairs]
    assert [(cards[a].number, cards[b].number) for a, b in note.same_colour] == [(2, 3)]
    assert {frozenset(p) for p in numbers} == {frozenset(p) for p in [(2, 3), (1, 4), (5, 6)]}
    assert [cards[v].number for v in note.cut_off] == [2]


def test_6_4_floaters_who_can_meet_the_next_group_go_first() -> None:
    """6.4: on 2 points 1, 3 and 4 have met each other and may meet only 2 here, so two of
    them float. None came down from a higher group; 1 and 4 "kan parres i den lavere
    pointgruppe" (5 and 6, on 1 point), 3 has met both and could meet only the players on 0
    points: 1 and 4 float and 3 meets 2 (the lowest R, 3's, would not decide before the
    characteristics). Below, §8 pairs the floaters first: 1 (white-seeker) with 6, 4 with 5."""
    two, one, zero = Fraction(2), Fraction(1), Fraction(0)
    cards = [
        card(2, 2100, "2000", "SH", score=two),
        card(4, 2010, "2000", "SH", score=two, met=frozenset({1, 3})),
        card(1, 2000, "2000", "HS", score=two, met=frozenset({3, 4})),
        card(3, 1900, "2000", "HS", score=two, met=frozenset({1, 4, 5, 6})),
        card(5, 2000, "2000", "HS", score=one, met=frozenset({3})),
        card(6, 1990, "2000", "SH", score=one, met=frozenset({3})),
        card(7, 1800, "2000", "HS", score=zero),
        card(8, 1700, "2000", "SH", score=zero),
    ]
    rnd = DubovRound(cards, 3, False, False)
    pairs = rnd.run(False)
    numbers = {frozenset((cards[a].number, cards[b].number)) for a, b in pairs}
    assert numbers == {frozenset(p) for p in [(2, 3), (1, 6), (4, 5), (7, 8)]}
    assert sorted(cards[v].number for v in rnd.notes[0].floaters_out) == [1, 4]


def test_6_4_the_fewest_players_float_not_the_whole_group() -> None:
    """6.4: "the aim is to pair all players in a score group; if that cannot be done, the
    remaining unpaired players move down". On 2 points 1–4 could all be paired, but 5 (on 1
    point) has met everyone below and can only meet a player from 2 points: two of them must
    float, not all four (the first version floated the whole group). No characteristic
    decides between them, so the two lowest R float (3 and 4) and 1 meets 2; below, §8 pairs
    the white-seeker 3 first (5, as 6 would leave the round unpairable), 4 floats on, 6 has
    met 5 and gets 7 moved up (7.1), and 4 meets 8."""
    two, one, zero = Fraction(2), Fraction(1), Fraction(0)
    cards = [
        card(1, 2400, "2000", "HS", score=two),
        card(2, 2300, "2000", "SH", score=two),
        card(3, 2200, "2000", "HS", score=two),
        card(4, 2100, "2000", "SH", score=two),
        card(5, 2000, "2000", "HS", score=one, met=frozenset({6, 7, 8})),
        card(6, 1900, "2000", "SH", score=one, met=frozenset({5})),
        card(7, 1800, "2000", "HS", score=zero, met=frozenset({5, 8})),
        card(8, 1700, "2000", "SH", score=zero, met=frozenset({5, 7})),
    ]
    rnd = DubovRound(cards, 3, False, False)
    pairs = rnd.run(False)
    numbers = {frozenset((cards[a].number, cards[b].number)) for a, b in pairs}
    assert numbers == {frozenset(p) for p in [(1, 2), (3, 5), (6, 7), (4, 8)]}
    assert sorted(cards[v].number for v in rnd.notes[0].floaters_out) == [3, 4]
    assert [cards[u].number for u, _ in rnd.notes[1].moved_up] == [7]


def _crowded(top: int) -> tuple[list[Card], DubovRound]:
    """``top`` players on 2 points who may all meet each other, and 6 on 1 point (101–106)
    who have all met each other: 101 may meet anyone on 2 points, 102–106 only the six with
    the highest R there (``top`` − 5 … ``top``)."""
    two = Fraction(2)
    high = range(top - 5, top + 1)
    low = range(101, 107)
    cards = [
        card(
            a,
            (2000 if a in high else 1500) + a,
            "2000",
            "HS",
            score=two,
            met=frozenset(() if a in high else range(102, 107)),
        )
        for a in range(1, top + 1)
    ]
    cards += [
        card(
            x,
            1400 + x,
            "2000",
            "SH",
            met=frozenset({*low, *(a for a in range(1, top + 1) if x != 101 and a not in high)})
            - {x},
        )
        for x in low
    ]
    cards.sort(key=lambda c: (-c.score, -c.rating, c.number))
    return cards, DubovRound(cards, 3, False, False)


@pytest.mark.parametrize("top", [20, 40])
def test_6_4_the_first_fewest_floaters_in_a_crowded_group(top: int) -> None:
    """6.4 in a large group (the review's case): the six on 1 point need six floaters, five
    of them from the six with the highest R. Six suffice, so the whole group does not float;
    by 6.4's order (all can meet the next group, then the lowest R) the first set of six is
    the lowest R, 1, with the five lowest of the six, ``top`` − 5 … ``top`` − 1. The search
    is exact and never goes back: at most one test per player of the group, plus one for the
    number of floaters (the first version gave up after 4 000 steps and floated all 20)."""
    cards, rnd = _crowded(top)
    pairs = rnd.run(False)
    out = [cards[v].number for v in rnd.notes[0].floaters_out]
    assert out == [1, *range(top - 5, top)]
    assert len(pairs) == (top + 6) // 2
    numbers = {frozenset((cards[a].number, cards[b].number)) for a, b in pairs}
    assert all(min(p) <= top < max(p) for p in numbers if max(p) > 100)
    assert sum(1 for p in numbers if max(p) > 100) == 6
    assert 0 < rnd.floater_tests <= top + 1


def test_6_4_floaters_are_the_fewest_in_generated_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """In generated tournaments, whenever a group sends players down, no smaller set of them
    (of the same parity) would have left the group and the rest of the round pairable: 6.4's
    "the remaining unpaired players" are as few as the round allows."""
    checked: list[int] = []
    floaters = DubovRound._floaters

    def fewest(
        self: DubovRound, members: list[int], down: list[int], still: list[int], left: int
    ) -> list[int]:
        out = floaters(self, members, down, still, left)
        if out and len(members) <= 10:
            mask, below = _mask(members), left & ~_mask(members) & ~_mask(still)
            for k in range(len(members) % 2, len(out), 2):
                for fewer in combinations(members, k):
                    rest = below | _mask(still) | _mask(fewer)
                    assert not (self.can_pair(mask & ~_mask(fewer)) and self.can_pair(rest))
            # Which of them: the first feasible set of that size in 6.4's order.
            order = self._floater_order(members, down, below)
            first = next(
                list(c)
                for c in combinations(order, len(out))
                if self.can_pair(mask & ~_mask(c))
                and self.can_pair(below | _mask(still) | _mask(c))
            )
            if len(out) < len(members):
                assert out == first
            else:
                assert sorted(out) == sorted(first)
            checked.append(len(out))
        return out

    monkeypatch.setattr(DubovRound, "_floaters", fewest)
    for seed in range(12):
        rng = random.Random(seed)
        players = tuple(
            Player(i, f"P, {i:03d}", ratings=Ratings(fide=2600 - 37 * i))
            for i in range(1, rng.randint(10, 20) + 1)
        )
        t = Tournament(
            f"Dubov {seed}",
            "dubov",
            number_of_rounds=7,
            players=players,
            initial_colour=W,
            pairing_settings=(("initial-ranking", "fide"),),
        )
        for _ in range(7):
            try:
                rnd = SYSTEM.pair(t)
            except NoValidPairingError:
                break
            games = tuple(
                p if p.black is None else replace(p, result=rng.choice(RESULTS))
                for p in rnd.pairings
            )
            t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=games)))
    assert checked  # some groups did send players down


def test_3_colour_rules_in_order() -> None:
    a = card(1, 2000, "2000", "HS")  # wants white
    assert allocate(a, card(2, 2000, "2000", "SH")) == (W, "1")
    b, c = card(1, 2000, "2000", "SSH"), card(2, 2000, "2000", "HS")  # both want white
    assert allocate(b, c) == (W, "2e")  # b is the more unbalanced
    d, e = card(1, 2000, "2000", "HSHS"), card(2, 2000, "2000", "SHHS")  # equal, both white
    assert allocate(d, e) == (W, "3")  # from the last: round 2 differs, d had black then
    f, g = card(1, 2000, "2100", "HS"), card(2, 2000, "2000", "HS")
    assert allocate(f, g) == (W, "4")  # the higher ARO
    h, i = card(1, 1900, "2000", "HS"), card(2, 2000, "2000", "HS")
    assert allocate(h, i) == (W, "5")  # the lower R
    j, k = card(1, 2000, "2000", "SS"), card(2, 2100, "2000", "HS")  # both want white
    assert allocate(j, k) == (W, "2")  # a third black would break 2.4
    assert allocate(k, j) == (B, "2")


def test_4_bye_to_the_lowest_rating_of_the_lowest_group() -> None:
    cards = [
        card(1, 2200, "2000", "HS", score=Fraction(1)),
        card(2, 2100, "2000", "HS", score=Fraction(0)),
        card(3, 1900, "2000", "SH", score=Fraction(0)),
        card(4, 1800, "2000", "HS", score=Fraction(0), eligible=False),
        card(5, 1900, "2100", "HS", score=Fraction(0)),
    ]
    rnd = DubovRound(cards, 2, False, False)
    rnd.run(False)
    # 4 may not (2.2); 3 and 5 share the lowest R: the dominant preference (white) first.
    assert cards[rnd.bye or 0].number == 5


def test_5_round_one() -> None:
    """§5: by descending rating, the halves row by row; the lot's colour on the first pair,
    the same on odd pairs, the other on even pairs; the last player sits out."""
    players = tuple(Player(i, f"P{i}", ratings=Ratings(fide=2400 - 10 * i)) for i in range(1, 8))
    t = Tournament("T", "dubov", number_of_rounds=5, players=players, initial_colour=B)
    rnd = SYSTEM.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings] == [(4, 1), (2, 5), (6, 3), (7, None)]


def test_7_3_balances_the_subgroups() -> None:
    """7.3: four white-seekers and no black-seekers: the two with the lowest ARO seek black."""
    cards = [
        card(1, 2000, "2100", "HS"),
        card(2, 2010, "2050", "HS"),
        card(3, 2020, "2200", "HS"),
        card(4, 2030, "2000", "HS"),
    ]
    rnd = DubovRound(cards, 2, False, False)
    note = GroupNote(Fraction(1))
    rnd._pair_members(note, [0, 1, 2, 3])
    assert sorted(cards[v].number for v, colour in note.switched if colour is B) == [2, 4]


def test_2_5_upfloat_limits() -> None:
    cards = [card(1, 2000, "2000", "HS", upfloats=(2, 3)), card(2, 2000, "2000", "HS")]
    assert not DubovRound(cards, 4, False, False)._may_rise(0)  # third in a row
    assert DubovRound(cards, 5, False, False)._may_rise(0)
    assert DubovRound(cards, 4, True, False)._may_rise(0)  # the last round: no limit
    three = [card(1, 2000, "2000", "HS", upfloats=(1, 3, 5)), cards[1]]
    assert not DubovRound(three, 7, False, False)._may_rise(0)
    assert DubovRound(three, 7, False, True)._may_rise(0)  # 10 or more rounds: four


def _two_rounds() -> Tournament:
    """Round 1: 1–2 1-0, 3–4 ½-½; round 2: 1 (1 point) meets 3 (½), 4 (½) meets 2 (0)."""
    return build(
        [Player(i, f"P{i}", ratings=Ratings(fide=2400 - 10 * i)) for i in range(1, 5)],
        game(1, 1, 2, "1-0"),
        game(1, 3, 4, "½-½"),
        game(2, 3, 1, "0-1"),
        game(2, 2, 4, "½-½"),
        system="dubov",
        number_of_rounds=5,
    )


def test_2_5_counts_the_rounds_a_player_was_moved_up() -> None:
    """2.5 counts transfers "til en højere pointgruppe" (7.1, 7.2), which a Dubov round
    records: in round 2, 3 and 2 each met a higher score, but only 3 was moved up (2 met 4,
    who had come down to him, §8). A round paired without the record (another program's)
    counts every game against a higher score."""
    t = _two_rounds()
    assert {c.number: c.upfloats for c in cards_of(t)} == {1: (), 2: (2,), 3: (2,), 4: ()}
    recorded = replace(t, rounds=(t.rounds[0], replace(t.rounds[1], record=MovedUp((3,)))))
    assert {c.number: c.upfloats for c in cards_of(recorded)} == {1: (), 2: (), 3: (2,), 4: ()}
    none = replace(t, rounds=(t.rounds[0], replace(t.rounds[1], record=MovedUp(()))))
    assert all(c.upfloats == () for c in cards_of(none))


def test_a_round_records_who_was_moved_up() -> None:
    """Round 2 after 1–5 1-0, 6–2 0-1, 3–7 1-0, 8–4 ½-½: the 1-point group (1, 2, 3) is odd
    and two of it seek black, so 7.2 moves up 4 from the ½-point group (he seeks white, the
    opposite of the dominant preference); 8, then alone on ½ point with nobody there to meet
    (7.1; he seeks black), gets 5 from the 0-point group (5 and 7 seek white, 5 has the
    higher R). The round records both for 2.5."""
    t = build(
        [Player(i, f"P{i}", ratings=Ratings(fide=2300 - 10 * i)) for i in range(1, 9)],
        game(1, 1, 5, "1-0"),
        game(1, 6, 2, "0-1"),
        game(1, 3, 7, "1-0"),
        game(1, 8, 4, "½-½"),
        system="dubov",
        number_of_rounds=5,
    )
    rnd = SYSTEM.pair(t)
    assert rnd.record == MovedUp((4, 5))
    assert "P4 (4) moved up: the group is odd (7.2; 2.5 respected)" in rnd.explanation
    assert "P5 (5) moved up: a player here has met everyone else (7.1; 2.5 respected)" in (
        rnd.explanation
    )
    assert {frozenset(p.players) for p in rnd.pairings} >= {frozenset((8, 5))}
    played = replace(t, rounds=(*t.rounds, rnd))
    assert parse_trf(write_trf(played), "t.trf").tournament.rounds[-1].record == MovedUp((4, 5))


def test_aro_after_each_round() -> None:
    t = build(
        [
            Player(1, "A", ratings=Ratings(fide=2000)),
            Player(2, "B", ratings=Ratings(fide=2100)),
            Player(3, "C", ratings=Ratings(fide=2200)),
            Player(4, "D", ratings=Ratings(fide=2300)),
        ],
        game(1, 1, 3, "1-0"),
        game(1, 2, 4, "0-1"),
        game(2, 4, 1, "½-½"),
        game(2, 3, 2, "1-0"),
        system="dubov",
    )
    assert aro_table(t, 1) == {1: 2200, 2: 2300, 3: 2000, 4: 2100}
    assert aro_table(t) == {1: 2250, 2: 2250, 3: 2050, 4: 2050}
    assert format_aro(Fraction(23184, 10)) == "2318.4"
    assert format_aro(Fraction(7, 3) + 2000) == "2002.3"


def test_explanation_names_the_rules() -> None:
    """Round 2 after 1–5 1-0, 6–2 0-1, 3–7 1-0, 8–4 ½-½: the 1-point group with 4 moved up
    (7.2) has white-seekers 4 (ARO 2220, his opponent 8) and 2 (ARO 2240) against
    black-seekers 1 (R 2290) and 3 (R 2270), row by row (6.2); 8 gets 5 moved up (7.1); on
    0 points 7 seeks white against 6. Every pair gets both preferences (§3)."""
    t = build(
        [Player(i, f"P{i}", ratings=Ratings(fide=2300 - 10 * i)) for i in range(1, 9)],
        game(1, 1, 5, "1-0"),
        game(1, 6, 2, "0-1"),
        game(1, 3, 7, "1-0"),
        game(1, 8, 4, "½-½"),
        system="dubov",
        number_of_rounds=5,
    )
    rnd = SYSTEM.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings] == [(2, 3), (4, 1), (5, 8), (7, 6)]
    lines = rnd.explanation
    assert lines[:4] == (
        "score group 1 (4.9.6 §6)",
        "P4 (4) moved up: the group is odd (7.2; 2.5 respected)",
        "white-seekers by ascending ARO (6.2): P4 (4) ARO 2220.0, P2 (2) ARO 2240.0",
        "black-seekers by descending R (6.2): P1 (1) R 2290, P3 (3) R 2270",
    )
    assert "white-seekers by ascending ARO (6.2): P7 (7) ARO 2270.0" in lines
    assert sum("(§3 first point: both preferences)" in line for line in lines) == 4
