"""Forbidden pairings on random tournaments (issue 37, item 2): Dutch, Monrad and Dansk
Schweizer fields (and the Dutch of 1998 and Dubov, which read the same bans) of 5–14
players with forbidden pairs declared (some for a few rounds only) and clubmates kept apart
in the first rounds, played with random results. Whatever happens, no forbidden pair is
ever paired while its ban applies, every present player is paired exactly once, nobody
meets an opponent twice, and the explanation names the bans in force. A round no pairing
can keep the bans in is refused, never paired against them."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skak.errors import NoValidPairingError
from skak.model import GroupBan, PairingBan, Player, Ratings, Result, Tournament
from skak.model.games import opponents
from skak.pairing import get_system
from skak.pairing.engine import pair_next

CLUBS = ["Aarhus", "Odense", "Vejle", "Køge"]
RESULTS = [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]


@st.composite
def fields(draw: st.DrawFn, system: str) -> tuple[Tournament, int]:
    n = draw(st.integers(5, 14))
    rounds = draw(st.integers(2, min(5, n - 2)))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    players = tuple(
        Player(
            i,
            f"Spiller, {i}",
            ratings=Ratings(dsu=rng.randint(1200, 2400)),
            club=rng.choice(CLUBS) if rng.random() < 0.5 else None,
        )
        for i in range(1, n + 1)
    )
    pairs = draw(
        st.lists(
            st.tuples(st.integers(1, n), st.integers(1, n)).filter(lambda ab: ab[0] != ab[1]),
            max_size=n // 3,
        )
    )
    bans = []
    for a, b in pairs:
        first = rng.randint(1, rounds)
        last = rng.choice([None, rng.randint(first, rounds)])
        ban = PairingBan(frozenset({a, b}), first, last)
        if ban not in bans:
            bans.append(ban)
    groups = (GroupBan("club", 1, draw(st.integers(1, 2))),) if draw(st.booleans()) else ()
    t = Tournament(
        "Tilfældig",
        system,
        number_of_rounds=rounds,
        players=players,
        bans=tuple(bans),
        group_bans=groups,
    )
    return t, seed


def _check_round(t: Tournament, number: int) -> None:
    rnd = t.round(number)
    before = replace(t, rounds=t.rounds[: number - 1])
    present = {p.start_number for p in t.players if p.is_available(number)}
    paired = [n for p in rnd.pairings for n in p.players]
    assert sorted(paired) == sorted(present), "every present player exactly once"
    banned = [b.players for b in t.pairing_bans() if b.applies(number)]
    for p in rnd.pairings:
        if p.black is None:
            continue
        pair = frozenset({p.white, p.black})
        assert not any(pair <= group for group in banned), f"forbidden {sorted(pair)} paired"
        assert p.black not in opponents(before, p.white), f"rematch {sorted(pair)}"
    here = [b for b in banned if len(b & present) >= 2]
    named = [line for line in rnd.explanation if line.startswith("forbidden pairing")]
    assert bool(here) == bool(named), "the explanation names the bans in force"


def play(t: Tournament, seed: int) -> int:
    """Pair and play every round; :returns: how many rounds were paired."""
    rng = random.Random(seed)
    system = get_system(t.pairing_system)
    for number in range(1, (t.number_of_rounds or 0) + 1):
        try:
            rnd = pair_next(t, system)
        except NoValidPairingError:
            return number - 1
        played = tuple(
            p if p.black is None else replace(p, result=rng.choice(RESULTS)) for p in rnd.pairings
        )
        t = replace(t, rounds=(*t.rounds, replace(rnd, pairings=played)))
        _check_round(t, number)
    return len(t.rounds)


QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@QUICK
@given(fields("dutch"))
def test_dutch_keeps_every_ban(case: tuple[Tournament, int]) -> None:
    play(*case)


@QUICK
@given(fields("monrad"))
def test_monrad_keeps_every_ban(case: tuple[Tournament, int]) -> None:
    play(*case)


@QUICK
@given(fields("dansk"))
def test_dansk_keeps_every_ban(case: tuple[Tournament, int]) -> None:
    play(*case)


@QUICK
@given(fields("dutch-1998") | fields("dubov"))
def test_the_dutch_of_1998_and_dubov_keep_every_ban(case: tuple[Tournament, int]) -> None:
    play(*case)


def test_a_ban_that_leaves_no_pairing_refuses_the_round() -> None:
    """Four players, each forbidden to meet two of the others: no round is possible, and
    none is paired against a ban."""
    players = tuple(Player(i, f"Spiller, {i}") for i in range(1, 5))
    bans = (
        PairingBan(frozenset({1, 2})),
        PairingBan(frozenset({1, 3})),
        PairingBan(frozenset({1, 4})),
    )
    for system in ("dutch", "monrad", "dansk"):
        t = Tournament("Umulig", system, number_of_rounds=1, players=players, bans=bans)
        assert play(t, 0) == 0
