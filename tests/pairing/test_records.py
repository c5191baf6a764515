"""What the knock-out and Dansk Schweizer remember between rounds is a typed record on the
round (:mod:`skak.model.records`), not explanation text: rewording or translating the
explanation changes no tournament, and rounds stored before records are read back once, by
``recover_record``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from skak.errors import NoValidPairingError
from skak.io.trf import parse_trf, write_trf
from skak.model import (
    KnockoutDraw,
    Pairing,
    Player,
    Ratings,
    Result,
    Round,
    StartOrder,
    Tournament,
)
from skak.pairing import get_system, system_names
from skak.pairing.dansk import seeding_order
from skak.pairing.knockout import bracket_state
from skak.records.tournament.events import PlayerEdited, ResultEntered, RoundPaired
from skak.records.tournament.evolve import evolve

KNOCKOUT = get_system("knockout")
DANSK = get_system("dansk")

#: The lines in which skak kept these records before rounds had a record, word for word.
OLD_SEEDS = "seeds (seedning by DSU rating, title, FIDE rating, lot): "
OLD_DRAW = "draw numbers (lodtrækningsnumre) by lot within the seed groups: "
OLD_ORDER = "start order (3.1, kept for the whole tournament; place: player (rating)): "


def _field(n: int, system: str, *settings: tuple[str, int]) -> Tournament:
    players = tuple(
        Player(i, f"Player, {i}", ratings=Ratings(dsu=2500 - 10 * i)) for i in range(1, n + 1)
    )
    return Tournament("Records", system, players=players, pairing_settings=settings)


def _decide(rnd: Round, p: Pairing) -> Result:
    """Varied results that still decide every knock-out game: the lower number wins, except
    that every third board is drawn."""
    if p.board % 3 == 0 and rnd.number > 1:
        return Result.DRAW
    return Result.WHITE_WIN if p.white < (p.black or 0) else Result.BLACK_WIN


def _play(t: Tournament) -> Tournament:
    rnd = get_system(t.pairing_system).pair(t)
    t = evolve(t, RoundPaired(rnd))
    for p in rnd.pairings:
        if p.result is None:
            t = evolve(t, ResultEntered(rnd.number, p.board, _decide(rnd, p)))
    return t


def _reverse_ratings(t: Tournament) -> Tournament:
    """Every rating corrected after round 1, so that a draw or start order made now differs."""
    for p in t.players:
        t = evolve(t, PlayerEdited(p, replace(p, ratings=Ratings(dsu=1500 + 10 * p.start_number))))
    return t


def _translated(line: str) -> str:
    return "oversat: " + line.upper()[::-1]


def _reworded(t: Tournament, reword: Callable[[str], str] = _translated) -> Tournament:
    return replace(
        t,
        rounds=tuple(
            replace(r, explanation=tuple(reword(x) for x in r.explanation)) for r in t.rounds
        ),
    )


def _state_or_error(t: Tournament) -> object:
    try:
        return bracket_state(t)
    except NoValidPairingError as err:
        return str(err)


def _boards(rnd: Round) -> list[tuple[int, int | None, Result | None]]:
    return [(p.white, p.black, p.result) for p in rnd.pairings]


# -- rewording the explanation changes no stored tournament ----------------------------------


@pytest.mark.parametrize(
    ("system", "players", "rounds"),
    [("knockout", 6, 2), ("knockout", 11, 3), ("dansk", 9, 2), ("dansk", 12, 4)],
)
def test_renaming_an_explanation_lines_words_changes_no_stored_tournament(
    system: str, players: int, rounds: int
) -> None:
    settings = (("games", 1), ("seed", 3)) if system == "knockout" else ()
    t = _play(_field(players, system, *settings))
    t = _reverse_ratings(t)
    for _ in range(rounds - 1):
        t = _play(t)
    pairer = get_system(system)
    expected = pairer.pair(t)
    for reword in (_translated, lambda line: "", str.swapcase):
        other = pairer.pair(_reworded(t, reword))
        assert _boards(other) == _boards(expected)
        assert other.record == expected.record
    # The records carry it: without them, the corrected ratings would decide (so this test
    # can fail).
    bare = replace(t, rounds=tuple(replace(r, record=None) for r in t.rounds))
    if system == "knockout":
        assert _state_or_error(bare) != _state_or_error(t)
    else:
        assert seeding_order(bare) != seeding_order(t)


def test_the_knockout_and_dansk_write_their_records() -> None:
    t = _field(6, "knockout", ("seed", 1))
    r1 = KNOCKOUT.pair(t)
    state = bracket_state(t)
    where = {s["draw_number"]: s["player"] for s in state["seeds"]}
    assert r1.record == KnockoutDraw(
        tuple(s["player"] for s in state["seeds"]), tuple(where.get(d) for d in range(1, 9))
    )
    assert KNOCKOUT.pair(_play(t)).record is None  # the draw is round 1's alone
    d = _field(5, "dansk")
    order = StartOrder(tuple((n, 2500 - 10 * n) for n in range(1, 6)))
    assert DANSK.pair(d).record == order
    assert DANSK.pair(_play(d)).record == order  # every round records the order it used


# -- rounds stored before records: recover_record reads the old wording once ----------------


def _old_knockout_round_1(r1: Round) -> Round:
    """Round 1 as skak stored it before records: the draw in two lines of its explanation."""
    assert isinstance(r1.record, KnockoutDraw)
    seeds = ", ".join(f"{i}: {n}" for i, n in enumerate(r1.record.seeded, start=1))
    draw = ", ".join(
        f"{d}: {'bye' if n is None else n}" for d, n in enumerate(r1.record.draw, start=1)
    )
    lines = (
        r1.explanation[0],
        OLD_SEEDS + seeds,
        OLD_DRAW + draw,
        "the draw numbers fix the whole knock-out (003 §4.9.7): later rounds follow the two "
        "lines above, whatever ratings or players are corrected after this round",
        *r1.explanation[4:],
    )
    return replace(r1, explanation=lines, record=None)


def _old_dansk_round(rnd: Round) -> Round:
    """A Dansk round as skak stored it before records: the start order in its explanation."""
    assert isinstance(rnd.record, StartOrder)
    order = ", ".join(
        f"{i}: {n} ({'-' if r is None else r})" for i, (n, r) in enumerate(rnd.record.order, 1)
    )
    lines = tuple(x for x in rnd.explanation if not x.startswith("start order"))
    return replace(rnd, explanation=(*lines[:1], OLD_ORDER + order, *lines[1:]), record=None)


@pytest.mark.parametrize("players", [4, 6, 11, 16])
def test_recover_record_reads_the_knockouts_old_round_1(players: int) -> None:
    before = _field(players, "knockout", ("seed", 5))
    r1 = KNOCKOUT.pair(before)
    assert KNOCKOUT.recover_record(before, _old_knockout_round_1(r1)).record == r1.record
    assert KNOCKOUT.recover_record(before, r1) is r1  # a round with its record stays as it is
    bare = replace(r1, explanation=(), record=None)  # another program's round 1: no record
    assert KNOCKOUT.recover_record(before, bare) is bare


def test_recover_record_reads_every_old_dansk_round() -> None:
    t = _field(7, "dansk")
    late = Player(8, "Late, Entry", ratings=Ratings(dsu=2475), late_from=2)
    for number in (1, 2, 3):
        if number == 2:
            t = replace(t, players=(*t.players, late))
        rnd = DANSK.pair(t)
        assert DANSK.recover_record(t, _old_dansk_round(rnd)).record == rnd.record
        t = evolve(t, RoundPaired(rnd))
        for p in rnd.pairings:
            if p.result is None:
                t = evolve(t, ResultEntered(rnd.number, p.board, _decide(rnd, p)))
    assert isinstance(t.rounds[-1].record, StartOrder)
    assert t.rounds[-1].record.players[:3] == (1, 2, 8)  # the late entry slotted in by rating


@pytest.mark.parametrize("system", ["knockout", "dansk"])
def test_a_tournament_loaded_from_old_rounds_pairs_as_it_did(system: str) -> None:
    """What loading stored events does: each round without a record is recovered against the
    tournament before it; the next pairing is the same as from the rounds with records."""
    settings = (("games", 1),) if system == "knockout" else ()
    t = _play(_field(8, system, *settings))
    t = _play(_reverse_ratings(t))
    pairer = get_system(system)
    old_round = _old_knockout_round_1 if system == "knockout" else _old_dansk_round
    old = [r if r.record is None else old_round(r) for r in t.rounds]
    loaded = replace(t, rounds=())
    for rnd in old:
        loaded = replace(loaded, rounds=(*loaded.rounds, pairer.recover_record(loaded, rnd)))
    assert [r.record for r in loaded.rounds] == [r.record for r in t.rounds]
    assert _boards(pairer.pair(loaded)) == _boards(pairer.pair(t))


@pytest.mark.parametrize("name", sorted(set(system_names()) - {"knockout", "dansk"}))
def test_other_systems_recover_nothing(name: str) -> None:
    rnd = Round(1, (Pairing(1, 1, 2),), explanation=(OLD_SEEDS + "1: 1, 2: 2",))
    assert get_system(name).recover_record(_field(2, name), rnd) is rnd


# -- TRF keeps the records -----------------------------------------------------------------


@pytest.mark.parametrize("system", ["knockout", "dansk"])
def test_trf_keeps_the_records_and_recovers_old_files(system: str) -> None:
    t = _play(_field(6, system, ("games", 1)) if system == "knockout" else _field(6, system))
    t = _play(t)
    assert parse_trf(write_trf(t), "t.trf").tournament.rounds == t.rounds
    old_round = _old_knockout_round_1 if system == "knockout" else _old_dansk_round
    old = replace(t, rounds=tuple(r if r.record is None else old_round(r) for r in t.rounds))
    read = parse_trf(write_trf(old), "old.trf").tournament
    assert [r.record for r in read.rounds] == [r.record for r in t.rounds]
