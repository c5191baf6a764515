"""The registry's cards (skak.rating.cards): a replay changes cards in place, yet every
registry handed out stays as it was, and the players it shows are those a plain fold of
frozen values gives (a reference written here from the rules of skak.rating.registry)."""

from __future__ import annotations

import datetime
import pickle
from datetime import date, timedelta
from fractions import Fraction
from math import floor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.errors import StateError
from skak.rating import RatingSettings, get_rule_set
from skak.rating.cards import HistoryEntry, Players, RegistryPlayer
from skak.rating.hundredths import limit_correction
from skak.rating.registry import (
    FideAligned,
    PlayerEntered,
    RapidBlitzCorrected,
    RatingsCompressed,
    Registry,
    RegistryBuilder,
    RegistryEvent,
    TournamentApplied,
    TournamentChange,
)
from skak.records.registry.evolve import evolve, fold

DAY = date(2026, 1, 1)
IDS = st.integers(1, 6)
KINDS = st.sampled_from(["standard", "rapid", "blitz"])
RATINGS = st.integers(1000, 2700)


@st.composite
def events(draw: st.DrawFn) -> list[RegistryEvent]:
    """A registry's log: players entered and updated, tournaments (some with players not
    entered), at most one compression, FIDE alignments and rapid/blitz corrections of
    players entered with the kinds they have."""
    out: list[RegistryEvent] = []
    kinds: dict[int, set[str]] = {}
    compressed = False
    for i in range(draw(st.integers(1, 14))):
        day = DAY + timedelta(days=i)
        what = draw(st.sampled_from(["enter", "enter", "tournament", "tournament", "other"]))
        if what == "enter" or not kinds:
            pid = draw(IDS)
            ratings = draw(st.lists(st.tuples(KINDS, RATINGS), min_size=1, max_size=3))
            name = draw(st.sampled_from(["", "Ane", "Bo"]))
            club = draw(st.sampled_from([None, "K41"]))
            out.append(PlayerEntered(pid, name, tuple(ratings), day, "list", club))
            kinds.setdefault(pid, set()).update(k for k, _ in ratings)
        elif what == "tournament":
            pids = draw(st.lists(IDS, min_size=1, max_size=4, unique=True))
            kind = draw(KINDS)
            changes = tuple(
                TournamentChange(
                    pid,
                    f"P{pid}",
                    draw(RATINGS),
                    Fraction(draw(st.integers(-9000, 9000)), draw(st.sampled_from([1, 2, 20]))),
                )
                for pid in pids
            )
            out.append(TournamentApplied(f"t{i}", f"T{i}", day, kind, "dsu-2024", changes))
            for pid in pids:
                kinds.setdefault(pid, set()).add(kind)
        else:
            known = sorted(kinds)
            choice = draw(st.sampled_from(["compress", "fide", "rapid"]))
            if choice == "compress" and not compressed:
                out.append(RatingsCompressed(day))
                compressed = True
            elif choice == "fide":
                pid = draw(st.sampled_from(known))
                out.append(FideAligned(day, 1, ((pid, draw(RATINGS), draw(RATINGS)),)))
            else:
                pid = draw(st.sampled_from(known))
                which = draw(st.sampled_from(sorted(kinds[pid])))
                out.append(RapidBlitzCorrected(day, ((pid, which, 0, draw(RATINGS)),)))
    return out


def _reference(log: list[RegistryEvent]) -> dict[int, RegistryPlayer]:
    """The players the log makes, as frozen values remade at every change, the new rating
    of a tournament by §2.4 on Fractions and rounded half up, floor 1000 (standard) or 100
    (rapid, blitz) as in DSU's 2024 rules."""
    rules = get_rule_set("dsu-2024")
    players: dict[int, RegistryPlayer] = {}

    def rerate(pid: int, name: str, kind: str, new: int, day: date, why: str) -> None:
        p = players.get(pid) or RegistryPlayer(pid, name)
        ratings = dict(p.ratings)
        entry = HistoryEntry(day, kind, ratings.get(kind), new, why)
        ratings[kind] = new
        players[pid] = RegistryPlayer(
            pid, p.name, tuple(sorted(ratings.items())), (*p.history, entry), p.club
        )

    for e in log:
        match e:
            case PlayerEntered():
                old = players.get(e.dsu_id)
                name = e.name or (old.name if old else "")
                club = e.club if e.club is not None or old is None else old.club
                players[e.dsu_id] = RegistryPlayer(
                    e.dsu_id, name, () if old is None else old.ratings,
                    () if old is None else old.history, club,
                )  # fmt: skip
                for kind, value in e.ratings:
                    if players[e.dsu_id].rating(kind) != value:
                        rerate(e.dsu_id, name, kind, value, e.day, "entered: list")
            case TournamentApplied():
                floor_ = rules.floor if e.rating_kind == "standard" else rules.rapid_blitz_floor
                for ch in e.changes:
                    p = players.get(ch.dsu_id)
                    registered = None if p is None else p.rating(e.rating_kind)
                    base = ch.start if registered is None else registered
                    value = limit_correction(base, base + ch.raw_change, rules, RatingSettings())
                    new = max(floor(value + Fraction(1, 2)), floor_)
                    rerate(ch.dsu_id, ch.name, e.rating_kind, new, e.day, e.name)
            case RatingsCompressed():
                for pid, p in list(players.items()):
                    for kind, value in p.ratings:
                        if value < 2000:
                            new = floor(value + Fraction(2000 - value, 2) + Fraction(1, 2))
                            rerate(pid, p.name, kind, new, e.day, "compression")
            case FideAligned():
                for pid, before, after in e.changes:
                    current = players[pid].rating("standard") or before
                    moved = max(current + after - before, 2100) if current >= 2100 else current
                    rerate(pid, "", "standard", moved, e.day, "FIDE alignment")
            case RapidBlitzCorrected():
                for pid, which, _, becomes in e.changes:
                    rerate(pid, "", which, becomes, e.day, "rapid/blitz correction")
    return players


def _seen(registry: Registry) -> dict[int, RegistryPlayer]:
    return {pid: registry.players[pid] for pid in registry.players}


@settings(max_examples=150, deadline=None)
@given(events())
def test_the_cards_show_the_players_a_fold_of_values_makes(log: list[RegistryEvent]) -> None:
    registry = fold(log)
    assert _seen(registry) == _reference(log)
    assert registry.players == _reference(log)  # a table equals a plain mapping
    aligned = [e.day for e in log if isinstance(e, FideAligned)]
    assert registry.aligned_on == (aligned[-1] if aligned else None)
    assert registry == Registry(
        _reference(log), registry.applied, registry.compressed_on, registry.aligned_on
    )


@settings(max_examples=100, deadline=None)
@given(events(), st.data())
def test_a_registry_handed_out_stays_as_it_was(
    log: list[RegistryEvent], data: st.DataObject
) -> None:
    """Folded event by event through the pure evolve, and through one builder whose state
    is taken between events: every registry taken shows the players of its prefix of the
    log, however the later events changed the cards it shares."""
    cut = data.draw(st.integers(0, len(log)))
    builder = RegistryBuilder()
    taken = []
    for e in log[:cut]:
        builder.apply(e)
    taken.append((cut, builder.state))
    if data.draw(st.booleans()):  # some players made before the cards change
        for pid in list(builder.state.players)[:2]:
            builder.state.players[pid]
    for i, e in enumerate(log[cut:], cut + 1):
        builder.apply(e)
        taken.append((i, builder.state))
    state = Registry()
    for i, e in enumerate(log, 1):
        before = _seen(state)
        after = evolve(state, e)
        assert _seen(state) == before  # the pure evolve left its input as it was
        state = after
        assert _seen(state) == _reference(log[:i])
    for i, registry in taken:
        assert _seen(registry) == _reference(log[:i])
        assert len(registry.applied) == sum(isinstance(e, TournamentApplied) for e in log[:i])
    start = dict(taken)[cut]
    shown = _seen(start)
    assert _seen(fold(log[cut:], start=start)) == _reference(log)
    assert _seen(start) == shown  # at once, too, the input is left as it was
    assert RegistryBuilder(start=start).state is start  # nothing applied: the same value


def test_a_live_table_forgets_a_player_whose_card_changed() -> None:
    builder = RegistryBuilder()
    builder.apply(PlayerEntered(7, "Ane", (("standard", 1500),), DAY, "list"))
    live = builder.players
    assert live[7].rating("standard") == 1500
    change = TournamentChange(7, "Ane", 1500, Fraction(40))
    builder.apply(TournamentApplied("t", "T", DAY, "standard", "dsu-2024", (change,)))
    assert live[7].rating("standard") == 1540
    assert [h.new for h in live[7].history] == [1500, 1540]
    assert builder.name_of(7) == "Ane"


def test_a_table_of_players_rebuilds_from_its_repr() -> None:
    ane = RegistryPlayer(
        1, "Ane", (("standard", 1500),), (HistoryEntry(DAY, "standard", None, 1500, "x"),)
    )
    table = Players({1: ane})
    names = {"Players": Players, "RegistryPlayer": RegistryPlayer, "HistoryEntry": HistoryEntry}
    assert eval(repr(table), {"datetime": datetime, **names}) == table
    assert table == {1: ane} and table != {1: RegistryPlayer(1, "Bo")}
    assert 1 in table and 2 not in table and len(table) == 1 and table.get(2) is None


def test_a_registry_read_back_from_a_pickle_belongs_to_no_builder() -> None:
    """Generations are counted per process: a card pickled in one process could carry the
    generation a builder in another process has, and be changed in place there. So a card
    is pickled without one (0, never given out) and copied before any change."""
    builder = RegistryBuilder()
    builder.apply(PlayerEntered(7, "Ane", (("standard", 1500),), DAY, "list"))
    loaded = pickle.loads(pickle.dumps(builder.state))
    assert loaded == builder.state
    assert isinstance(loaded.players, Players)
    cards, _ = loaded.players.tables()
    assert {card.generation for card in cards.values()} == {0}
    change = TournamentChange(7, "Ane", 1500, Fraction(40))
    after = evolve(loaded, TournamentApplied("t", "T", DAY, "standard", "dsu-2024", (change,)))
    assert after.players[7].rating("standard") == 1540
    assert loaded.players[7].rating("standard") == 1500
    assert cards[7].ratings == {"standard": 1500}


def test_tables_of_players_given_compare_as_the_players_they_show() -> None:
    """A table made from values shows those values, so it equals what they equal (not what
    their cards would make: ratings out of the order of their kinds, say)."""
    ane = RegistryPlayer(1, "Ane", (("standard", 1500), ("blitz", 1400)))
    in_order = RegistryPlayer(1, "Ane", (("blitz", 1400), ("standard", 1500)))
    assert (Players({1: ane}) == Players({1: in_order})) is (ane == in_order) is False
    assert Players({1: ane}) == Players({1: ane}) == {1: ane}
    builder = RegistryBuilder(start=Registry(Players({1: ane})))
    assert builder.players[1] == in_order  # a builder shows each as its card makes it


def test_an_alignment_naming_a_player_not_registered_changes_no_one() -> None:
    builder = RegistryBuilder()
    builder.apply(PlayerEntered(7, "Ane", (("standard", 2300),), DAY, "list"))
    table = builder.ratings_of("standard")
    for event in (
        FideAligned(DAY, 2, ((7, 2300, 2320), (99, 2000, 2010))),
        RapidBlitzCorrected(DAY, ((7, "standard", 2300, 2350), (99, "rapid", 1, 2))),
    ):
        with pytest.raises(StateError, match="DSU member 99 is not in the rating registry"):
            builder.apply(event)
        assert builder.players[7].rating("standard") == 2300 == table[7]
        assert len(builder.players[7].history) == 1
