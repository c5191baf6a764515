"""Colour history, opponents and scores, derived from the rounds."""

from __future__ import annotations

from fractions import Fraction

from skak.model import (
    HALF,
    Colour,
    Result,
    colour_history,
    entries_by_player,
    have_met,
    opponents,
    pairing_score,
    round_entries,
    score,
    score_table,
)
from tests.dsl import build, bye, game, pairing_bye

W, B = Colour.WHITE, Colour.BLACK


def sample():  # type: ignore[no-untyped-def]
    return build(
        ["A", "B", "C", "D", "E"],
        game(1, "A", "B", "1-0"),
        game(1, "C", "D", "½-½"),
        pairing_bye(1, "E"),
        game(2, "B", "C", "+-"),  # forfeit: not a game played, not a meeting
        game(2, "E", "A", "unfinished"),
        bye(2, "D", Result.HALF_BYE),
        game(3, "A", "C", "0-1"),
        game(3, "D", "E"),  # pending
        bye(3, "B", Result.ZERO_BYE),
    )


def test_colour_history_skips_forfeits_and_byes() -> None:
    t = sample()
    assert colour_history(t, 1) == (W, B, W)
    assert colour_history(t, 2) == (B,)
    assert colour_history(t, 2, played_only=False) == (B, W)
    assert colour_history(t, 3) == (W, B)
    assert colour_history(t, 4) == (B, W)


def test_forfeit_is_not_a_meeting() -> None:
    t = sample()
    assert opponents(t, 2) == frozenset({1})
    assert opponents(t, 2, include_forfeits=True) == frozenset({1, 3})
    assert have_met(t, 5, 4)  # a pending game is a meeting: they are paired
    assert not have_met(t, 2, 3)


def test_scores() -> None:
    t = sample()
    assert score(t, 1) == 1  # win, unfinished (0 so far), loss
    assert pairing_score(t, 1) == Fraction(3, 2)  # unfinished counts as a draw
    assert score(t, 5) == 1  # pairing bye
    assert score(t, 4) == 1  # draw + half-point bye + pending
    assert pairing_score(t, 4, pending_as_draw=True) == Fraction(3, 2)
    assert score(t, 2) == 1  # loss, forfeit win, zero bye
    assert score(t, 1, after_round=1) == 1
    assert score_table(t)[3] == (HALF, HALF, Fraction(3, 2))


def test_entries_cover_every_player_once_per_round() -> None:
    t = sample()
    for r in (1, 2, 3):
        assert sorted(round_entries(t, r)) == [1, 2, 3, 4, 5]
    assert all(len(v) == 3 for v in entries_by_player(t).values())


def test_every_score_at_once_is_each_entry_added_up() -> None:
    """:func:`skak.model.games.scores` reads the rounds in one pass; each player's score is
    still his entries' points added up, after each round as after the last."""
    from skak.model.games import scores

    t = sample()
    by_player = entries_by_player(t)
    expected = {
        n: sum((e.points(t.scoring) for e in es), Fraction(0)) for n, es in by_player.items()
    }
    assert scores(t) == expected == {1: 1, 2: 1, 3: Fraction(3, 2), 4: 1, 5: 1}
    for after in range(t.current_round + 1):
        assert [score(t, n, after_round=after) for n in sorted(by_player)] == [
            sum((e.points(t.scoring) for e in by_player[n] if e.round <= after), Fraction(0))
            for n in sorted(by_player)
        ]
