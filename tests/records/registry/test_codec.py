"""The rating registry's events through the event log's codec: every kind round-trips, the
codec's own tuple hooks give what cattrs' stock hooks give, rating changes are exact
whatever their value, and what is no registry event is refused."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction
from typing import Any

import pytest
from cattrs.preconf.json import make_converter
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import StorageError
from skak.model import Result
from skak.rating.registry import (
    FideAligned,
    KeptGame,
    KeptGames,
    KeptPlayer,
    PlayerEntered,
    PlayersMerged,
    RapidBlitzCorrected,
    RatingsCompressed,
    RegistryChangeUndone,
    RegistryEvent,
    TournamentApplied,
    TournamentChange,
    TournamentsReRated,
)
from skak.records.registry import codec
from skak.records.registry.codec import dump_event, load_event
from skak.store import codec as store_codec

IDS = st.integers(1, 10**7)
RATINGS = st.integers(0, 3000)
TEXT = st.text(max_size=12)
DAYS = st.dates(date(1990, 1, 1), date(2040, 12, 31))
KINDS = st.sampled_from(["standard", "rapid", "blitz"])
#: Rating changes as skak writes them (whole hundredths), and any other exact value.
RAW = st.one_of(
    st.integers(-(10**5), 10**5).map(lambda h: Fraction(h, 100)),
    st.fractions(max_denominator=10**6),
    st.integers(-(10**30), 10**30).map(Fraction),
)

CHANGES = st.builds(TournamentChange, IDS, TEXT, RATINGS, RAW)
#: A tournament's games as the registry keeps them (since the correction cascade).
KEPT = st.builds(
    KeptGames,
    st.lists(
        st.builds(KeptPlayer, TEXT, st.none() | IDS, TEXT, st.none() | RATINGS), max_size=4
    ).map(tuple),
    st.lists(
        st.builds(
            KeptGame,
            st.integers(1, 11),
            TEXT,
            TEXT,
            st.sampled_from([r for r in Result if r.is_game]),
            st.booleans(),
            st.booleans(),
        ),
        max_size=4,
    ).map(tuple),
    st.booleans(),
    st.booleans(),
    st.lists(TEXT, max_size=2).map(tuple),
)
APPLIED_WITH_GAMES = st.builds(
    TournamentApplied,
    TEXT,
    TEXT,
    DAYS,
    KINDS,
    st.sampled_from(["dsu-2024", "dsu-2019"]),
    st.lists(CHANGES, max_size=4).map(tuple),
    st.none() | KEPT,
)
EVENTS: st.SearchStrategy[RegistryEvent] = st.one_of(
    APPLIED_WITH_GAMES,
    st.builds(
        TournamentsReRated,
        TEXT,
        DAYS,
        TEXT,
        st.lists(APPLIED_WITH_GAMES, max_size=2).map(tuple),
        st.lists(st.tuples(IDS, KINDS, RATINGS, RATINGS), max_size=3).map(tuple),
    ),
    st.builds(PlayersMerged, IDS, IDS, DAYS),
    st.builds(RegistryChangeUndone, st.integers(1, 10**6)),
    st.builds(
        PlayerEntered,
        IDS,
        TEXT,
        st.lists(st.tuples(KINDS, RATINGS), max_size=3).map(tuple),
        DAYS,
        TEXT,
        st.one_of(st.none(), TEXT),
    ),
    st.builds(
        TournamentApplied,
        TEXT,
        TEXT,
        DAYS,
        KINDS,
        st.sampled_from(["dsu-2024", "dsu-2019"]),
        st.lists(CHANGES, max_size=12).map(tuple),
    ),
    st.builds(RatingsCompressed, DAYS),
    st.builds(
        FideAligned,
        DAYS,
        st.integers(0, 500),
        st.lists(st.tuples(IDS, RATINGS, RATINGS), max_size=5).map(tuple),
    ),
    st.builds(
        RapidBlitzCorrected,
        DAYS,
        st.lists(st.tuples(IDS, KINDS, RATINGS, RATINGS), max_size=5).map(tuple),
    ),
)


def _stored(event: RegistryEvent) -> dict[str, Any]:
    """The event's payload as the database gives it back."""
    payload: dict[str, Any] = json.loads(json.dumps(dump_event(event)))
    return payload


@given(EVENTS)
def test_every_registry_event_round_trips_through_the_event_log(event: RegistryEvent) -> None:
    loaded = load_event(_stored(event))
    assert loaded == event
    assert type(loaded) is type(event)
    if isinstance(loaded, TournamentApplied):
        assert all(type(c.raw_change) is Fraction for c in loaded.changes)


def _stock() -> Any:
    """cattrs' converter with the codec's scalar hooks and none of its tuple hooks."""
    converter = make_converter(omit_if_default=True, detailed_validation=False)
    converter.register_structure_hook(Fraction, lambda v, _: Fraction(v))
    converter.register_structure_hook(date, lambda v, _: date.fromisoformat(v))
    return converter


STOCK = _stock()


@given(EVENTS)
def test_the_codec_structures_each_event_as_cattrs_does(event: RegistryEvent) -> None:
    payload = _stored(event)
    del payload["type"]
    assert codec.converter().structure(payload, type(event)) == STOCK.structure(
        payload, type(event)
    )


def test_the_hot_kinds_are_read_by_the_codec_s_own_hooks() -> None:
    """Should a field be added to either, its hook falls back to cattrs' (slower): then
    add the field to ``codec._registry_readers`` and to this module's strategies."""
    converter = codec.converter()
    assert converter.get_structure_hook(TournamentApplied).__name__ == "tournament_applied"
    assert converter.get_structure_hook(PlayerEntered).__name__ == "player_entered"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
#: Where in a payload a damaged value may sit: a field, a change's or a rating's part.
APPLIED_PLACES: list[tuple[Any, ...]] = [
    *[(f,) for f in ("key", "name", "day", "rating_kind", "edition", "changes", "games")],
    *[("changes", 0, f) for f in ("dsu_id", "name", "start", "raw_change")],
    ("changes", 0),
]
ENTERED_PLACES: list[tuple[Any, ...]] = [
    *[(f,) for f in ("dsu_id", "name", "ratings", "day", "source", "club")],
    ("ratings", 0, 0),
    ("ratings", 0, 1),
    ("ratings", 0),
]
ENTERED = st.builds(
    PlayerEntered,
    IDS,
    TEXT,
    st.lists(st.tuples(KINDS, RATINGS), min_size=1, max_size=2).map(tuple),
    DAYS,
    TEXT,
    st.one_of(st.none(), TEXT),
)
APPLIED = st.builds(
    TournamentApplied,
    TEXT,
    TEXT,
    DAYS,
    KINDS,
    TEXT,
    st.lists(CHANGES, min_size=1).map(tuple),
    st.none() | KEPT,
)


def _outcome(read: Any, payload: Any, cl: type) -> tuple[str, Any]:
    try:
        return "read", read(payload, cl)
    except (ValueError, KeyError, TypeError, AttributeError, ArithmeticError) as err:
        return "refused", type(err)


#: A value taken out of the payload.
MISSING = object()


@pytest.mark.parametrize(
    ("kind", "place"),
    [
        *((PlayerEntered, p) for p in ENTERED_PLACES),
        *((TournamentApplied, p) for p in APPLIED_PLACES),
    ],
)
@given(data=st.data(), value=st.one_of(st.just(MISSING), JSON))
def test_a_damaged_payload_is_read_or_refused_as_cattrs_does(
    kind: type, place: tuple[Any, ...], data: st.DataObject, value: Any
) -> None:
    """One value in the payload replaced by any JSON value, or taken out: the codec reads
    the same event as cattrs' own hooks, or refuses it with the same error."""
    _read_as_cattrs_does(data.draw(ENTERED if kind is PlayerEntered else APPLIED), place, value)


@pytest.mark.parametrize("value", ["", 0, None, "Skakklubben Nordkap", MISSING, 1.5, [1]])
def test_a_club_reads_as_cattrs_reads_it(value: object) -> None:
    entered = PlayerEntered(1, "A", (("standard", 1500),), date(2025, 1, 1), "list", "K")
    _read_as_cattrs_does(entered, ("club",), value)


def _read_as_cattrs_does(event: RegistryEvent, place: tuple[Any, ...], value: Any) -> None:
    payload = _stored(event)
    del payload["type"]
    inner: Any = payload
    for step in place[:-1]:
        inner = inner[step]
    if value is not MISSING:
        inner[place[-1]] = value
    elif isinstance(inner, dict):
        inner.pop(place[-1], None)
    else:
        del inner[place[-1]]
    ours = _outcome(codec.converter().structure, payload, type(event))
    assert ours == _outcome(STOCK.structure, payload, type(event))


def _applied(*raw: object) -> dict[str, Any]:
    return {
        "type": "tournament_applied",
        "key": "k",
        "name": "T",
        "day": "2025-01-01",
        "rating_kind": "standard",
        "edition": "dsu-2024",
        "changes": [
            {"dsu_id": i, "name": f"P{i}", "start": 1500, "raw_change": r}
            for i, r in enumerate(raw, 1)
        ],
    }


def test_rating_changes_read_exactly_whatever_their_text() -> None:
    """The Fractions read from text are kept for the next event, not confused with others."""
    texts = ["24", "-34", "111/2", "1/3", "-0", "0.25", " 3/4 ", "12e2", "24"]
    for _ in range(2):  # once made, once from what was kept
        event = load_event(_applied(*texts))
        assert isinstance(event, TournamentApplied)
        assert [c.raw_change for c in event.changes] == [Fraction(t) for t in texts]
    # numbers in the payload (no skak writes them, JSON allows them) read as before
    event = load_event(_applied(5, -2, 0.5))
    assert isinstance(event, TournamentApplied)
    assert [c.raw_change for c in event.changes] == [Fraction(5), Fraction(-2), Fraction(1, 2)]


def test_the_fractions_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_codec, "FRACTIONS", {})
    monkeypatch.setattr(store_codec, "_FRACTIONS_KEPT", 10)
    texts = [f"{n}/7" for n in range(25)]
    event = load_event(_applied(*texts))
    assert isinstance(event, TournamentApplied)
    assert [c.raw_change for c in event.changes] == [Fraction(n, 7) for n in range(25)]
    assert len(store_codec.FRACTIONS) == 10


@pytest.mark.parametrize(
    "payload",
    [
        [1, 2],
        "tournament_applied",
        None,
        {"type": "no_such_event"},
        {"day": "2025-01-01"},
        _applied("1/0"),
        _applied("x"),
        _applied(None),
        _applied([1]),
        {**_applied("1"), "changes": 5},
        {**_applied("1"), "day": "1. januar"},
        {"type": "player_entered", "dsu_id": 1, "name": "A", "ratings": [["standard"]],
         "day": "2025-01-01", "source": "list"},
        {"type": "player_entered", "dsu_id": "én", "name": "A", "ratings": [],
         "day": "2025-01-01", "source": "list"},
        {"type": "fide_aligned", "day": "2025-01-01", "n": 1, "changes": [[1, 2]]},
    ],
)  # fmt: skip
def test_what_is_no_registry_event_is_a_storage_error(payload: Any) -> None:
    with pytest.raises(StorageError, match="a stored event cannot be read"):
        load_event(payload)
