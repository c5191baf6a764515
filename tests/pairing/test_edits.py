"""The absolute criteria an edited round is checked against (:mod:`skak.pairing.edits`):
the bye rule counts a forfeit win, the colour limits spare the topscorers in the last round,
and only the FIDE systems hold the colour limits."""

from __future__ import annotations

from skak.model import Pairing, Player, Result, Round, Tournament
from skak.pairing import get_system
from skak.pairing.edits import Breach, round_breaches

W, FW = Result.WHITE_WIN, Result.WHITE_FORFEIT_WIN


def _played(
    system: str, rounds: int | None, games: list[list[tuple[int, int, Result]]]
) -> Tournament:
    players = tuple(Player(i, f"Spiller, {i}") for i in range(1, 5))
    done = tuple(
        Round(n, tuple(Pairing(b, w, bl, r) for b, (w, bl, r) in enumerate(g, 1)))
        for n, g in enumerate(games, 1)
    )
    return Tournament("K", system, number_of_rounds=rounds, players=players, rounds=done)


def test_a_forfeit_win_counts_as_the_bye() -> None:
    t = _played("dutch", 5, [[(1, 2, FW), (3, 4, W)]])
    rnd = Round(
        2, (Pairing(1, 2, 3), Pairing(2, 4, 1, None), Pairing(3, 1, None, Result.PAIRING_BYE))
    )
    assert Breach("bye-again", (1,)) in round_breaches(
        t, get_system("dutch"), rnd, rnd.pairings[2:]
    )
    other = Round(2, (Pairing(1, 2, 3), Pairing(2, 3, None, Result.PAIRING_BYE)))
    assert round_breaches(t, get_system("dutch"), other, other.pairings[1:]) == ()


def test_the_colour_limits_spare_the_topscorers_of_the_last_round() -> None:
    # Player 1 had white twice and won both (a topscorer); player 4 had black twice, 1 point.
    games = [[(1, 2, W), (3, 4, Result.BLACK_WIN)], [(1, 4, W), (3, 2, Result.BLACK_WIN)]]
    third = Round(3, (Pairing(1, 1, 3), Pairing(2, 2, 4)))
    last = _played("dutch", 3, games)
    assert round_breaches(last, get_system("dutch"), third) == (Breach("colour-difference", (4,)),)
    longer = _played("dutch", 5, games)  # round 3 is not the last: nobody is spared
    assert round_breaches(longer, get_system("dutch"), third) == (
        Breach("colour-difference", (1,)),
        Breach("colour-difference", (4,)),
    )
    assert round_breaches(longer, get_system("monrad"), third) == ()
