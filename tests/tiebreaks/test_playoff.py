"""Play-offs and lots for tied players: FIDE 004 annex 3 §1 (with its two printed examples)
and the tie-break ``LOT`` (annex 3, "dann wird durch ein Los entschieden"; DSU 4.9.10)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.model import Player, Result, Tournament
from skak.standings import Standing, apply_playoff, share_prizes, standings
from skak.tiebreaks import (
    Playoff,
    PlayoffFormat,
    TieBreakSpec,
    crosstable,
    draw_lots,
    get_tiebreak,
    parse_tiebreak,
    playoff,
    rank,
    values,
)
from tests.dsl import build, game

W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN


def play(
    tied: tuple[int, ...], seed: int, winner: Callable[[int, int], int | None]
) -> tuple[Playoff, list[tuple[int, int, Result]]]:
    """Play the play-off to its end: ``winner(white, black)`` says who wins each game
    (``None``: a draw)."""
    games: list[tuple[int, int, Result]] = []
    state = playoff(tied, seed=seed)
    while not state.decided:
        assert state.pending
        for g in state.pending:
            who = winner(g.white, g.black)
            games.append((g.white, g.black, D if who is None else W if who == g.white else B))
        state = playoff(tied, seed=seed, results=games)
    return state, games


def level(*numbers: int, points: int = 5) -> list[Standing]:
    """Standings rows of players level on points, sharing their places."""
    n = len(numbers)
    return [Standing(1, n, Player(x, f"Player, {x}"), Fraction(points), 7, 0) for x in numbers]


def better(order: tuple[int, ...]) -> Callable[[int, int], int]:
    """The player earlier in ``order`` wins every game."""
    return lambda a, b: a if order.index(a) < order.index(b) else b


@pytest.mark.parametrize("seed", [pytest.param(1, id="annex3-1e-three-tied")])
def test_three_tied_are_placed_by_their_playoff_result(seed: int) -> None:
    """004 annex 3 §1 e: "3 Spieler sind punktegleich. In den Entscheidungspartien wird
    Nummer 1 Erster, Nummer zwei Zweiter und Nummer 3 Dritter. Nummer 2 sollte auch den
    zweiten Preis erhalten." (k.2: three tied players play a single round robin.)"""
    state, _ = play((1, 2, 3), seed, better((1, 2, 3)))
    assert state.format is PlayoffFormat.ROUND_ROBIN
    assert len(state.games) == 3  # one round robin, nothing more
    assert {frozenset((g.white, g.black)) for g in state.games} == {
        frozenset(p) for p in ((1, 2), (1, 3), (2, 3))
    }
    assert state.order == ((1,), (2,), (3,))
    rows = apply_playoff(level(3, 1, 2), state.order)
    assert [(s.player.start_number, s.place) for s in rows] == [(1, "1"), (2, "2"), (3, "3")]
    assert share_prizes(rows, [3000, 2000, 1000]) == {1: 3000, 2: 2000, 3: 1000}


def _seed_keeping_apart(a: int, b: int) -> int:
    """A seed whose knock-out lot puts ``a`` and ``b`` in different semi-finals."""
    for seed in range(100):
        d = draw_lots(seed, "playoff:knock-out", (1, 2, 3, 4))
        if {a, b} not in ({d[0], d[1]}, {d[2], d[3]}):
            return seed
    raise AssertionError("no such seed")  # pragma: no cover


@pytest.mark.parametrize("seed", [pytest.param(_seed_keeping_apart(3, 4), id="annex3-1f-ko")])
def test_four_tied_semi_final_losers_share_third_and_fourth(seed: int) -> None:
    """004 annex 3 §1 f: "4 Spieler sind punktegleich. Es wird eine KO-Turnier gespielt. Die
    Nummern 3 und 4 verlieren im Semifinale und sollten dann auch den dritten und vierten
    Platz teilen." (k.3: a knock-out, pairings by lot, two-game matches.)"""
    state, _ = play((1, 2, 3, 4), seed, better((1, 2, 3, 4)))
    assert state.format is PlayoffFormat.KNOCKOUT
    stages = [g.stage for g in state.games]
    assert stages == [
        "semi-final 1, game 1",
        "semi-final 1, game 2",
        "semi-final 2, game 1",
        "semi-final 2, game 2",
        "final, game 1",
        "final, game 2",
    ]
    assert state.order == ((1,), (2,), (3, 4))
    rows = apply_playoff(level(4, 3, 2, 1), state.order)
    assert [(s.player.start_number, s.place) for s in rows] == [
        (1, "1"),
        (2, "2"),
        (3, "3–4"),
        (4, "3–4"),
    ]
    assert share_prizes(rows, [4000, 2000, 1000, 600]) == {1: 4000, 2: 2000, 3: 800, 4: 800}
    assert any("share 3rd and 4th place" in s and "(1 f)" in s for s in state.steps)


@pytest.mark.parametrize("seed", [pytest.param(5, id="annex3-1k1-match-sudden-death")])
def test_two_players_match_then_sudden_death_colours(seed: int) -> None:
    """004 annex 3 §1 k.1: two games; if level, "findet eine neue Auslosung der Farben statt.
    Der Sieger des Wettkampes ist der erste Gewinner einer Partie. Nach jeder ungeraden Partie
    werden die Farben getauscht." """
    state = playoff((7, 9), seed=seed)
    assert state.format is PlayoffFormat.MATCH
    g1, g2 = state.pending
    assert (g2.white, g2.black) == (g1.black, g1.white)  # game 2: colours changed
    assert (g1.white, g1.black) == draw_lots(seed, "playoff:match", (7, 9))
    games = [(g1.white, g1.black, D), (g2.white, g2.black, D)]
    first = draw_lots(seed, "playoff:match, sudden death", (7, 9))  # drawn again
    colours = []
    for _ in range(5):
        state = playoff((7, 9), seed=seed, results=games)
        (g,) = state.pending
        colours.append((g.white, g.black))
        games.append((g.white, g.black, D))
    x, y = first
    # Changed after games 1, 3, 5 (the odd ones), kept after 2 and 4.
    assert colours == [(x, y), (y, x), (y, x), (x, y), (x, y)]
    g = playoff((7, 9), seed=seed, results=games).pending[0]
    games.append((g.white, g.black, B))
    state = playoff((7, 9), seed=seed, results=games)
    assert state.order == ((g.black,), (g.white,))


@pytest.mark.parametrize("seed", [pytest.param(3, id="annex3-1k2b-all-level-again")])
def test_three_level_again_the_last_by_tiebreak_is_out(seed: int) -> None:
    """004 annex 3 §1 k.2 b: "Wenn alle 3 Spieler erneut punktegleich sind, dann wird die
    Feinwertung herangezogen (siehe G.) und der letztgereihte Spieler ausgeschieden. Dann
    wird wie in 1.a fortgesetzt." """
    tied = (5, 2, 8)  # in tie-break order: 8 is the last

    def cycle(a: int, b: int) -> int | None:
        if {a, b} == {5, 2}:
            return 5
        if {a, b} == {2, 8}:
            return 2
        if {a, b} == {5, 8}:
            return 8
        return None

    state = playoff(tied, seed=seed)
    games = [(g.white, g.black, W if cycle(g.white, g.black) == g.white else B)
             for g in state.pending]  # fmt: skip
    state = playoff(tied, seed=seed, results=games)
    assert not state.decided
    assert {frozenset((g.white, g.black)) for g in state.pending} == {frozenset((5, 2))}
    assert any("put out the last of them, 8" in s for s in state.steps)
    for g in state.pending:
        games.append((g.white, g.black, W if g.black == 5 else B))  # 2 wins both decider games
    state = playoff(tied, seed=seed, results=games)
    assert state.order == ((2,), (5,), (8,))


@pytest.mark.parametrize("seed", [pytest.param(11, id="annex3-1k4-five-or-more")])
def test_five_or_more_keep_the_first_four_by_tiebreak(seed: int) -> None:
    """004 annex 3 §1 k.4: "Wenn 5 oder mehr Spieler punktegleich sind dann werden sie nach der
    Feinwertung gereiht und alle außer den ersten 4 Spielern ausgeschieden." """
    tied = (6, 1, 4, 3, 9, 2)
    state, _ = play(tied, seed, better(tied))
    assert state.eliminated == (9, 2)
    assert state.playing == (6, 1, 4, 3)
    assert not {9, 2} & {n for g in state.games for n in (g.white, g.black)}
    assert state.order is not None
    assert state.order[0] == (6,)
    assert state.order[-2:] == ((9,), (2,))


def test_the_schedule_is_reproducible_and_colours_are_checked() -> None:
    """1 j: "Die Farben werden in allen nachfolgenden Fällen durch das Los entschieden": the
    lot is seeded, so the same seed always draws the same schedule."""
    one = playoff((1, 2, 3, 4), seed=42)
    assert one.pending == playoff((1, 2, 3, 4), seed=42).pending
    g = one.pending[0]
    with pytest.raises(InputError, match="colours by lot"):
        playoff((1, 2, 3, 4), seed=42, results=[(g.black, g.white, W)])
    a, b = draw_lots(1, "playoff:match", (1, 2))
    with pytest.raises(InputError, match="does not have"):
        playoff((1, 2), seed=1, results=[(a, b, W), (b, a, D), (a, b, W)])
    with pytest.raises(InputError, match="at least two"):
        playoff((1,), seed=1)
    with pytest.raises(InputError, match="no game result"):
        playoff((1, 2), seed=1, results=[(1, 2, Result.WHITE_FORFEIT_WIN)])


def test_apply_playoff_refuses_players_not_level() -> None:
    rows = [
        Standing(1, 1, Player(1, "A, A"), Fraction(5), 7, 0),
        Standing(2, 2, Player(2, "B, B"), Fraction(4), 7, 0),
    ]
    with pytest.raises(InputError, match="not level on points"):
        apply_playoff(rows, ((2,), (1,)))
    with pytest.raises(InputError, match="no place"):
        apply_playoff(rows, ((3,), (1,)))


# -- LOT ---------------------------------------------------------------------------------------


def twins() -> Tournament:
    """Four players, 1–2 and 3–4 equal on everything (a round robin of two draws each)."""
    return build(
        4,
        game(1, 1, 2, "½-½"),
        game(1, 3, 4, "½-½"),
        game(2, 1, 3, "½-½"),
        game(2, 2, 4, "½-½"),
        game(3, 1, 4, "½-½"),
        game(3, 2, 3, "½-½"),
        system="berger",
    )


@pytest.mark.parametrize("seed", [pytest.param(4711, id="annex3-lot-last-tiebreak")])
def test_lot_is_the_last_tiebreak_seeded_and_explainable(seed: int) -> None:
    """004 annex 3: "Wenn alle Feinwertungen zu keiner Entscheidung führen, dann wird durch
    ein Los entschieden"; DSU 4.9.10: "derefter kan anvendes omkamp, lodtrækning"."""
    tb = get_tiebreak("LOT")
    assert "004 annex 3" in tb.article and "4.9.10" in tb.article
    ct = crosstable(twins())
    spec = f"SB,LOT/{seed}"
    ranking = rank(ct, spec)
    assert all(len(t) == 1 for t in ranking.tiers)  # nobody shares a place any more
    assert rank(crosstable(twins()), spec).tiers == ranking.tiers  # replay: the same lot
    # The order as the docstring explains it: SHA-256 of "skak-lot:SEED:LOT:N", smallest first.
    digest = {
        n: hashlib.sha256(f"skak-lot:{seed}:LOT:{n}".encode()).hexdigest() for n in range(1, 5)
    }
    expected = sorted(range(1, 5), key=digest.__getitem__)
    assert [p for tier in ranking.tiers for p in tier] == expected
    lots = values(ct, f"LOT/{seed}")
    assert sorted(lots.values()) == [1, 2, 3, 4]
    orders = {tuple(p for t in rank(ct, f"LOT/{s}").tiers for p in t) for s in range(20)}
    assert len(orders) > 1  # the seed matters
    rows = standings(twins(), tiebreaks=spec)
    assert [s.place for s in rows] == ["1", "2", "3", "4"]
    assert rows[0].tiebreaks[-1][0] == f"LOT/{seed}"


def test_lot_without_a_seed_uses_the_tournament_name() -> None:
    ct = crosstable(twins())
    assert values(ct, "LOT") == values(crosstable(twins()), "LOT")
    name = ct.tournament.name
    assert values(ct, "LOT") == {
        p: Fraction(i)
        for i, p in enumerate(draw_lots(f"tournament {name}", "LOT", ct.players), start=1)
    }


@pytest.mark.parametrize(
    ("written", "spec"),
    [("LOT/4711", TieBreakSpec("LOT", seed=4711)), ("lot#0", TieBreakSpec("LOT", seed=0))],
)
def test_lot_seed_is_written_in_the_list(written: str, spec: TieBreakSpec) -> None:
    assert parse_tiebreak(written) == spec
    assert parse_tiebreak(str(spec)) == spec


def test_lot_seed_is_bounded() -> None:
    with pytest.raises(InputError, match="at most 18 digits"):
        parse_tiebreak("LOT/" + "9" * 5000)
    with pytest.raises(InputError, match="takes no modifier"):
        parse_tiebreak("BH/4711")
