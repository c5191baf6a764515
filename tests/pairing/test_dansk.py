"""Dansk Schweizer, DSU 003 §4.9.3: the rules one by one (start numbers, X, round 1 colours,
preferences, 7.2–7.4, the strong-preference exception, 5.2's colour choice, the note to 6.3,
acceleration, withdrawals, unfinished games, settings and errors), and the search behind
5.2 checked against brute force."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from fractions import Fraction
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError, NoValidPairingError
from skak.model import Colour, Pairing, Player, Ratings, Result, Round, Tournament, parse_points
from skak.pairing import get_system
from skak.pairing._graphs.pairability import MatchGraph, bits
from skak.pairing.dansk import (
    ORDER_LINE,
    ColourCard,
    _compose,
    acceleration_points,
    allocate,
    colour_history,
    colour_preference,
    configurations,
    floater_sets,
    seeding_order,
)
from skak.pairing.dansk._compose import Composer
from tests.dsl import build, game, pairing_bye, player

DANSK = get_system("dansk")
W, B = Colour.WHITE, Colour.BLACK


def pairs(rnd: Round) -> list[tuple[int, int | None]]:
    return [(p.white, p.black) for p in rnd.pairings]


def rated(n: int, **kw: object) -> Tournament:
    """``n`` players whose start numbers are already by strength."""
    return build([player(i, rating=2400 - 10 * i) for i in range(1, n + 1)], system="dansk", **kw)


def from_cards(cards: list[tuple[str, str]], **kw: object) -> tuple[Tournament, list[int]]:
    """Players 1… with the given points and colour histories ("HSH": hvid, sort, hvid), all
    games against filler players who then withdrew; ratings by the list's order."""
    field = [
        Player(i, f"P, {i}", ratings=Ratings(dsu=2400 - 10 * i)) for i in range(1, 1 + len(cards))
    ]
    fillers: list[Player] = []
    rounds = max(len(h) for _, h in cards)
    boards: dict[int, list[Pairing]] = {r: [] for r in range(1, rounds + 1)}
    for i, (pts, history) in enumerate(cards, start=1):
        need = parse_points(pts)
        for r, c in enumerate(history, start=1):
            f = 1000 + len(fillers)
            fillers.append(Player(f, f"Filler, {f}", withdrawn_from=rounds + 1))
            if need >= 1:
                mine, need = "win", need - 1
            elif need == Fraction(1, 2):
                mine, need = "draw", Fraction(0)
            else:
                mine = "loss"
            white = c == "H"
            result = {
                ("win", True): Result.WHITE_WIN,
                ("win", False): Result.BLACK_WIN,
                ("loss", True): Result.BLACK_WIN,
                ("loss", False): Result.WHITE_WIN,
            }.get((mine, white), Result.DRAW)
            w, b = (i, f) if white else (f, i)
            boards[r].append(Pairing(len(boards[r]) + 1, w, b, result))
        assert need == 0
    t = Tournament(
        "Kort",
        "dansk",
        players=(*field, *fillers),
        rounds=tuple(Round(r, tuple(bs)) for r, bs in boards.items()),
        **kw,  # type: ignore[arg-type]
    )
    return t, [p.start_number for p in field]


# -- 3.1 start numbers, 7.1 round one, 2.1–2.2 X ------------------------------------------


def test_round_one_halves_and_colours() -> None:
    """5.1: a (1–4) meets b (5–8) in order; 7.1: "I første runde har svageste spiller i gruppe b
    hvid, næstsvageste sort osv." (8 white, 7 black, 6 white, 5 black)."""
    assert pairs(DANSK.pair(rated(8))) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_a_drawn_colour_for_the_top_player_turns_round_one() -> None:
    """7.1 gives the top player black when gruppe b is odd (6 players: 6 white, 5 black, 4
    white, so 1 has black against 4); a colour drawn for him beforehand turns every board."""
    assert pairs(DANSK.pair(rated(6))) == [(4, 1), (2, 5), (6, 3)]
    drawn = DANSK.pair(rated(6, initial_colour=W))
    assert pairs(drawn) == [(1, 4), (5, 2), (3, 6)]
    assert any("drawn" in line for line in drawn.explanation)


def test_start_numbers_by_strength() -> None:
    """3.1: "den stærkeste får nr. 1": players entered in another order are seeded by rating
    (the tournament's DSU rating, unrated last); ``seeding=start-number`` keeps skak's."""
    ratings = [1500, 2100, None, 1800]
    t = build([player(i + 1, rating=r) for i, r in enumerate(ratings)], system="dansk")
    assert seeding_order(t) == (2, 4, 1, 3)
    assert set(pairs(DANSK.pair(t))) == {(2, 1), (3, 4)}
    plain = build(
        [player(i + 1, rating=r) for i, r in enumerate(ratings)],
        system="dansk",
        pairing_settings=(("seeding", "start-number"),),
    )
    assert seeding_order(plain) == (1, 2, 3, 4)


def test_odd_field_gets_x_as_the_weakest_player() -> None:
    """2.1: X joins as the weakest: 7 players, a = 1–4, b = 5, 6, 7, X, so 4 meets X; 2.2: he
    scores 1 and counts as having had white."""
    t = rated(7)
    rnd = DANSK.pair(t)
    assert rnd.pairings[-1] == Pairing(4, 4, None, Result.PAIRING_BYE)
    assert "X joins as the weakest player (2.1)" in rnd.explanation[0]
    played = build(
        [player(i, rating=2400 - 10 * i) for i in range(1, 8)],
        *[game(1, p.white, p.black, "½-½") for p in rnd.pairings if p.black],
        pairing_bye(1, 4),
        system="dansk",
    )
    assert colour_history(played, 4) == (W,)
    nxt = DANSK.pair(played)
    assert 4 not in [p.white for p in nxt.pairings if p.black is None]  # nobody meets X twice


def test_x_is_not_given_to_a_player_who_must_have_black() -> None:
    """X counts as white (2.2), so a player with a strong preference for black cannot meet
    him: the strong preference must be met."""
    t, nums = from_cards([("0", "SH"), ("0", "HH"), ("0", "HS")])
    rnd = DANSK.pair(t)
    bye = [p.white for p in rnd.pairings if p.black is None]
    assert bye == [nums[0]]  # the rule's first composition gives X to the second player


# -- preferences and 7.2–7.4 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("history", "colour", "strong"),
    [
        pytest.param("", None, False, id="før-1.-runde-ingen"),
        pytest.param("HHSH", B, True, id="3-hvide-1-sort-stærk-sort"),
        pytest.param("SS", W, True, id="2-sorte-i-træk-stærk-hvid"),
        pytest.param("HSHHS", B, False, id="5-runder-3-hvide-svag-sort"),
        pytest.param("HSHS", W, False, id="hsh-s-svag-hvid"),
        pytest.param("HSHSS", W, True, id="sidste-to-ens-stærk"),
    ],
)
def test_colour_preferences(history: str, colour: Colour | None, strong: bool) -> None:
    """The supplementary colour rules, with the text's own examples: after 4 rounds 3 white
    and 1 black: strong for black; black in both of the first 2 rounds: strong for white;
    after 5 rounds 3 whites and 2 blacks: weak for black; white, black, white, black: weak
    for white."""
    pref = colour_preference([W if c == "H" else B for c in history])
    assert (pref.colour, pref.strong) == (colour, strong)


def card(name: str, history: str, points: str = "1", rank: int = 1) -> ColourCard:
    return ColourCard.of(name, [W if c == "H" else B for c in history], Fraction(points), rank)


def test_a_strong_preference_goes_before_7_2_to_7_4() -> None:
    """x (black, black: strong for white) against the higher-placed y (black: weak for white):
    7.2–7.4 would give y white (7.4), but a strong preference must be met."""
    x, y = card("x", "SS", rank=2), card("y", "S", points="2", rank=1)
    colour, why = allocate(x, y)
    assert colour is W
    assert "stærk præference" in why


def test_both_strong_for_one_colour_needs_the_exception() -> None:
    with pytest.raises(ValueError, match="strong preference"):
        allocate(card("x", "SS"), card("y", "HSS"))
    colour, why = allocate(card("x", "SS"), card("y", "HSS"), exception=True)
    assert "exception" in why
    assert colour is W  # 7.2: x has had white fewer times


def _last_round_case(rounds: int) -> Tournament:
    """After 2 rounds 1 and 2 have 2 points, both with black twice (strong for white)."""
    results = [
        game(1, 3, 1, "0-1"),
        game(1, 5, 2, "0-1"),
        game(1, 4, 6, "½-½"),
        game(1, 7, 8, "½-½"),
        game(2, 4, 1, "0-1"),
        game(2, 6, 2, "0-1"),
        game(2, 3, 7, "½-½"),
        game(2, 8, 5, "½-½"),
    ]
    players = [player(i, rating=2400 - 10 * i) for i in range(1, 9)]
    return build(players, *results, system="dansk", number_of_rounds=rounds)


def test_last_round_two_players_above_half_may_meet_despite_strong_preferences() -> None:
    """ "I sidste runde må to spillere med over 50 % score mødes selv om en stærk præference
    derved ikke imødekommes" — only in the last round."""
    last = DANSK.pair(_last_round_case(3))
    assert {1, 2} in [set(p.players) for p in last.pairings]
    assert any("exception" in line for line in last.explanation)
    earlier = DANSK.pair(_last_round_case(5))
    assert {1, 2} not in [set(p.players) for p in earlier.pairings]


# -- 5.2 colour choice, 5.4 and the note to 6.3 ---------------------------------------------


def test_the_composition_meeting_most_colour_preferences_wins() -> None:
    """5.2: 1 and 3 want black, 2 and 4 white; 1–3, 2–4 meets 2 preferences, 1–4, 2–3 all
    4, so exchanges in gruppe b give 1–4 and 2–3."""
    t, (p1, p2, p3, p4) = from_cards([("1", "HSH"), ("1", "SHS"), ("1", "HSH"), ("1", "SHS")])
    rnd = DANSK.pair(t)
    assert {frozenset(p.players) for p in rnd.pairings} == {
        frozenset((p1, p4)),
        frozenset((p2, p3)),
    }
    assert any(line.startswith("5.2:") for line in rnd.explanation)
    assert (p4, p1) in pairs(rnd)  # 1 wants black and gets it


def test_equal_colour_counts_keep_the_rules_first_composition() -> None:
    """Ties go to the earlier composition: everyone wants white, so a1–b1, a2–b2."""
    t, (p1, p2, p3, p4) = from_cards([("1", "SHS")] * 4)
    assert {frozenset(p.players) for p in DANSK.pair(t).pairings} == {
        frozenset((p1, p3)),
        frozenset((p2, p4)),
    }


@pytest.mark.parametrize(
    ("second", "expected"),
    [
        pytest.param("SHH", 2, id="6.3-bemærk-stærk-frem-for-svag"),
        pytest.param("HSH", 1, id="5.4-ellers-nærmeste"),
    ],
)
def test_floater_prefers_a_strong_colour_preference(second: str, expected: int) -> None:
    """Note to 6.3: "Har flyderen præference for hvid og kan møde flere spillere fra
    pointpuljen med præference for sort, så vælges en spiller med stærk præference frem for
    en spiller med svag præference." The floater wants white; the next pulje's two top
    players want black, the second strongly (or both weakly: then the nearest)."""
    t, (f, q1, q2, _) = from_cards([("3", "SHS"), ("2", "HSH"), ("2", second), ("2", "HSH")])
    rnd = DANSK.pair(t)
    opponent = next((set(p.players) - {f}).pop() for p in rnd.pairings if f in p.players)
    assert opponent == (q1, q2)[expected - 1]
    assert (f, opponent) in pairs(rnd)  # the floater has white


# -- 1.1, 1.3, 10 ---------------------------------------------------------------------------


def test_unfinished_games_count_as_draws() -> None:
    """1.1: "Uafgjorte partier regnes indtil de er færdigspillede for remis." """
    t = build(
        [player(i, rating=2400 - 10 * i) for i in range(1, 5)],
        game(1, 1, 3, "unfinished"),
        game(1, 4, 2, "½-½"),
        system="dansk",
    )
    rnd = DANSK.pair(t)
    assert "pulje ½ (pointpulje, 4.1): 1, 2, 3, 4" in rnd.explanation
    assert any("(1.1)" in line for line in rnd.explanation)


def test_withdrawn_players_leave_the_pairing() -> None:
    """1.3: "Udtræder en spiller af turneringen udgår han af rundelægningen." """
    t = build(
        [
            player(i, rating=2400 - 10 * i, withdrawn_from=2 if i == 2 else None)
            for i in range(1, 6)
        ],
        game(1, 1, 4, "1-0"),
        game(1, 5, 2, "0-1"),
        pairing_bye(1, 3),
        system="dansk",
    )
    rnd = DANSK.pair(t)
    assert sorted(n for p in rnd.pairings for n in p.players) == [1, 3, 4, 5]


def test_acceleration_gives_the_strong_groups_points() -> None:
    """10: weakest group 0 points, the next 1, …; in the first rounds only when asked."""
    t = rated(8, pairing_settings=(("acceleration-groups", 2), ("acceleration-rounds", 1)))
    assert acceleration_points(t, 1) == {i: Fraction(1 if i <= 4 else 0) for i in range(1, 9)}
    assert set(acceleration_points(t, 2).values()) == {Fraction(0)}
    assert {frozenset(p.players) for p in DANSK.pair(t).pairings} == {
        frozenset(s) for s in [(1, 3), (2, 4), (5, 7), (6, 8)]
    }
    four = rated(10, pairing_settings=(("acceleration-groups", 4),))
    assert [acceleration_points(four, 7)[i] for i in range(1, 11)] == [3, 3, 3, 2, 2, 2, 1, 1, 0, 0]


def test_a_players_own_acceleration_points_count() -> None:
    players = [player(i, rating=2400 - 10 * i) for i in range(1, 5)]
    players[3] = Player(4, "P, 4", ratings=Ratings(dsu=2360), accelerations=((1, Fraction(1)),))
    t = build(players, system="dansk")
    assert (1, 4) in [tuple(sorted(p.players)) for p in DANSK.pair(t).pairings]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"colour-choice": "most"}, "colour-choice"),
        ({"forfeits-count-as-met": "yes"}, "must be yes or no"),
        ({"acceleration-groups": 1}, "2 or more"),
        ({"acceleration-rounds": -1}, "round count"),
        ({"seeding": "lot"}, "seeding"),
        ({"look-ahead": True}, "no setting"),
        ({"acceleration-groups": "2"}, "must be a whole number"),
    ],
)
def test_settings_are_checked(settings: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        DANSK.check_settings(settings)  # type: ignore[arg-type]


def test_more_than_four_groups_kept_all_tournament_get_a_note() -> None:
    """10: "Fastholdes rundelægningspointene i hele turneringen bør der højst anvendes 4
    grupper" — "bør" (should), so more groups are allowed and the explanation says so."""
    DANSK.check_settings({"acceleration-groups": 6, "acceleration-rounds": 2})
    DANSK.check_settings({"acceleration-groups": 5})
    t = rated(10, pairing_settings=(("acceleration-groups", 5),))
    assert [acceleration_points(t, 3)[i] for i in range(1, 11)] == [4, 4, 3, 3, 2, 2, 1, 1, 0, 0]
    assert any("advises at most 4" in line for line in DANSK.pair(t).explanation)
    few = rated(10, pairing_settings=(("acceleration-groups", 4),))
    assert not any("advises at most 4" in line for line in DANSK.pair(few).explanation)


# -- 3.1 start numbers for the whole tournament, 1.2 forfeits, the colour-choice setting -------


def _play_round(t: Tournament, result: str = "1-0") -> Tournament:
    rnd = DANSK.pair(t)
    boards = tuple(
        p if p.black is None else replace(p, result=Result.parse(result)) for p in rnd.pairings
    )
    return replace(t, rounds=(*t.rounds, replace(rnd, pairings=boards)))


def test_start_numbers_hold_for_the_whole_tournament() -> None:
    """3.1 gives the start numbers once; 4.9.4: "spillerens startnummer benyttes til
    rundelægningen under hele turneringen". A rating corrected after round 1 changes nothing;
    the order is read back from the round's record."""
    t = _play_round(rated(6))
    assert any(line.startswith(ORDER_LINE) for line in t.rounds[0].explanation)
    raised = replace(
        t,
        players=tuple(
            replace(p, ratings=Ratings(dsu=2500)) if p.start_number == 6 else p for p in t.players
        ),
    )
    assert seeding_order(raised) == (1, 2, 3, 4, 5, 6)
    record = next(x for x in DANSK.pair(raised).explanation if x.startswith(ORDER_LINE))
    assert record.removeprefix(ORDER_LINE).startswith("1: 1 (2390), 2: 2 (2380)")
    # Without a record (rounds paired by another program) the current ratings decide.
    bare = replace(
        raised, rounds=tuple(replace(r, explanation=(), record=None) for r in raised.rounds)
    )
    assert seeding_order(bare)[0] == 6


def test_a_late_entry_is_slotted_in_by_his_rating_at_entry() -> None:
    """A late entry (sen tilmelding) takes the place his rating gives him when he is first
    paired, among the recorded ratings, and keeps it."""
    t = _play_round(rated(6))
    late = Player(7, "P, 7", ratings=Ratings(dsu=2375), late_from=2)
    t = replace(t, players=(*t.players, late))
    assert seeding_order(t) == (1, 2, 7, 3, 4, 5, 6)
    t = _play_round(t)
    fallen = replace(
        t,
        players=tuple(
            replace(p, ratings=Ratings(dsu=1000)) if p.start_number == 7 else p for p in t.players
        ),
    )
    assert seeding_order(fallen) == (1, 2, 7, 3, 4, 5, 6)


def test_a_broken_start_order_record_is_refused() -> None:
    """A round stored before rounds had records, its start order line damaged: reading the
    old text back (``recover_record``) reports it."""
    t = _play_round(rated(4))
    broken = replace(t.rounds[0], explanation=(ORDER_LINE + "1: 1 (2390), 3: 2 (x)",), record=None)
    with pytest.raises(NoValidPairingError, match="start order"):
        DANSK.recover_record(replace(t, rounds=()), broken)


def _forfeit_case(**kw: object) -> Tournament:
    """Round 1: 1–5 forfeited by both, 2–3 0-1 (2 white), 4–6 1-0 (6 black); in round 2 the
    0-pulje is 1, 2 | 5, 6 and 1–5, 2–6 and 1–6, 2–5 meet equally many colour preferences."""
    return build(
        [player(i, rating=2400 - 10 * i) for i in range(1, 7)],
        game(1, 1, 5, "--"),
        game(1, 2, 3, "0-1"),
        game(1, 4, 6, "1-0"),
        system="dansk",
        **kw,
    )


def test_forfeits_count_as_met_is_a_setting() -> None:
    """1.2 "Ingen spiller må møde den samme spiller to gange": a forfeited game was not played,
    so by default 1 and 5 may meet; ``forfeits-count-as-met`` counts it as met (as Monrad)."""
    plain = {frozenset(p.players) for p in DANSK.pair(_forfeit_case()).pairings}
    assert frozenset((1, 5)) in plain
    counted = DANSK.pair(_forfeit_case(pairing_settings=(("forfeits-count-as-met", True),)))
    assert {frozenset(p.players) for p in counted.pairings} == {
        frozenset(s) for s in [(3, 4), (1, 6), (2, 5)]
    }
    assert any("forfeits-count-as-met" in line for line in counted.explanation)


def test_colour_choice_straight_keeps_the_strongest_b_player() -> None:
    """4.9.4: "skal spillerne i gruppe a … møde den stærkeste spiller i gruppe b som de ikke
    tidligere har mødt": with ``colour-choice=straight`` the colours do not reorder gruppe b
    (the default, 5.2's most colour preferences, gives 1–4 and 2–3 here)."""
    cards = [("1", "HSH"), ("1", "SHS"), ("1", "HSH"), ("1", "SHS")]
    t, (p1, p2, p3, p4) = from_cards(cards, pairing_settings=(("colour-choice", "straight"),))
    rnd = DANSK.pair(t)
    assert {frozenset(p.players) for p in rnd.pairings} == {
        frozenset((p1, p3)),
        frozenset((p2, p4)),
    }
    assert not any(line.startswith("5.2:") for line in rnd.explanation)


def test_no_legal_pairing_names_the_stuck_players() -> None:
    """1.2 "Ingen spiller må møde den samme spiller to gange": after a full round robin of
    four there is nobody left to meet."""
    results = [
        game(1, 1, 2, "½-½"),
        game(1, 3, 4, "½-½"),
        game(2, 3, 1, "½-½"),
        game(2, 2, 4, "½-½"),
        game(3, 1, 4, "½-½"),
        game(3, 2, 3, "½-½"),
    ]
    t = build([player(i, rating=2400 - 10 * i) for i in range(1, 5)], *results, system="dansk")
    with pytest.raises(NoValidPairingError, match="rematch") as err:
        DANSK.pair(t)
    assert set(err.value.players) == {1, 2, 3, 4}


def test_fewer_than_two_players() -> None:
    with pytest.raises(NoValidPairingError, match="fewer than two"):
        DANSK.pair(rated(1))


# -- the orders of 5.3 and 6.3 --------------------------------------------------------------


def test_floater_sets_follow_6_1_to_6_3() -> None:
    """Even pulje of 6: none, 6.2 the middle two (C, D), 6.3 nr. 1 upwards (B–D, A–D, then
    the second floater: B–C, A–C), nr. 2 downwards, nr. 3 one more on each side, then all."""
    assert [f for f, _ in floater_sets(6)] == [
        (),
        (2, 3),
        (1, 3),
        (0, 3),
        (1, 2),
        (0, 2),
        (2, 4),
        (2, 5),
        (3, 4),
        (3, 5),
        (1, 2, 3, 4),
        (0, 1, 2, 3, 4, 5),
    ]
    assert [rule[:3] for _, rule in floater_sets(3)] == ["6.1", "6.3", "6.3", "6.3"]


def test_splits_follow_5_3() -> None:
    """5.3 nr. 4: the lowest of a goes to b with the highest of b, then the next of b, …; then
    the next lowest of a (4a); nr. 5: two or more exchanged."""
    splits = [(s.a, s.b, s.rule) for s in configurations([0, 1, 2, 3, 4, 5])]
    assert splits[0] == ([0, 1, 2], [3, 4, 5], None)
    assert splits[1] == ([0, 1, 3], [2, 4, 5], "5.3 nr. 4")
    assert splits[2] == ([0, 1, 4], [2, 3, 5], "5.3 nr. 4")
    assert splits[4] == ([0, 2, 3], [1, 4, 5], "5.3 nr. 4")
    assert splits[10][2] == "5.3 nr. 5"
    assert len(splits) == 20  # every split of 6 into two halves, once


# -- 5.2's search against brute force ------------------------------------------------------


@given(st.integers(2, 7), st.integers(0, 10**6))
def test_colour_search_finds_the_rules_best_composition(m: int, seed: int) -> None:
    """Among the orders of gruppe b (5.3 nr. 1–2) the composition meeting most colour
    preferences, the first in the rule's order among equals: the exact method for small
    halves, the bound-driven search and the Hungarian method all agree with brute force."""
    rng = random.Random(seed)
    n = 2 * m
    adj = [0] * n
    for i in range(m):
        for j in range(m, n):
            if rng.random() < 0.8:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    kinds = [rng.choice([0, 1, 2]) for _ in range(n)]
    weights = {
        (i, j): (rng.choice([1, 1, 2]) if kinds[i] and kinds[j] and kinds[i] != kinds[j] else
                 rng.choice([0, 1]) if kinds[i] or kinds[j] else 0, 0, 0)
        for i in range(m) for j in range(m, n)
    }  # fmt: skip
    composer = Composer(MatchGraph(adj), lambda i, j: weights[i, j], kinds)
    a, b = list(range(m)), list(range(m, n))
    brute = None
    best = -1
    for perm in itertools.permutations(b):
        if all(adj[i] >> j & 1 for i, j in zip(a, perm, strict=True)):
            value = sum(weights[i, j][0] for i, j in zip(a, perm, strict=True))
            if value > best:
                best, brute = value, list(zip(a, perm, strict=True))
    if brute is None:
        return

    def score(i: int, j: int) -> int:
        return weights[i, j][0]

    assert composer._exact(a, b, score) == brute
    assert composer._optimal(a, b, score) == brute
    for exact_half, hungarian_half in [(0, 99), (0, 0)]:  # the search, then each fallback
        with (
            patch.object(_compose, "_EXACT_HALF", exact_half),
            patch.object(_compose, "_HUNGARIAN_HALF", hungarian_half),
        ):
            found, complete = composer.best(a, b)
        assert complete
        assert found == brute


def _brute_matching(adj: list[int], mask: int) -> int:
    """The size of a maximum matching of ``mask``, by trying everything."""
    if not mask:
        return 0
    v = (mask & -mask).bit_length() - 1
    rest = mask & ~(1 << v)
    best = _brute_matching(adj, rest)
    others = adj[v] & rest
    while others:
        low = others & -others
        others ^= low
        best = max(best, 1 + _brute_matching(adj, rest & ~low))
    return best


@given(st.integers(1, 11), st.floats(0.1, 0.9), st.integers(0, 10**6))
def test_pairability_is_exact(n: int, density: float, seed: int) -> None:
    """The "can everyone left be paired?" test behind every "indtil løsning" agrees with brute
    force, blossoms (odd cycles) and floaters kept apart included."""
    rng = random.Random(seed)
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    apart = sum(1 << i for i in range(n) if rng.random() < 0.3)
    kept = [a & ~apart if apart >> i & 1 else a for i, a in enumerate(adj)]
    graph = MatchGraph(adj)
    everyone = (1 << n) - 1
    size = _brute_matching(kept, everyone)
    assert len(graph.maximum_matching(everyone, apart)) == 2 * size
    assert graph.can_pair(everyone, apart) == (2 * size == n)
    # Later searches start from earlier matchings and counting pre-checks: still exact.
    for _ in range(6):
        mask = sum(1 << i for i in range(n) if rng.random() < 0.8)
        expected = 2 * _brute_matching(kept, mask) == mask.bit_count()
        assert graph.can_pair(mask, apart) == expected
        must = sum(1 << i for i in bits(mask) if rng.random() < 0.5)
        assert graph.can_cover(mask, must, apart) == _brute_cover(kept, mask, must)


def _brute_cover(adj: list[int], mask: int, must: int) -> bool:
    """Whether some matching of ``mask`` gives every player of ``must`` a partner."""
    if not must:
        return True
    v = (must & -must).bit_length() - 1
    rest = mask & ~(1 << v)
    return any(
        _brute_cover(adj, rest & ~(1 << u), must & ~(1 << v) & ~(1 << u))
        for u in bits(adj[v] & rest)
    )
