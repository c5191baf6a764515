"""A round's system record through the event log and ``export json`` (the cattrs codec)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError, StorageError
from skak.model import (
    KnockoutDraw,
    MovedUp,
    Pairing,
    Round,
    StartOrder,
    SystemRecord,
    Tournament,
)
from skak.model.records import record_from_json, record_to_json
from skak.records.tournament.codec import dump_event, dump_tournament, load_event, load_tournament
from skak.records.tournament.events import RoundPaired

NUMBERS = st.integers(1, 10**6)
RECORDS: st.SearchStrategy[SystemRecord] = st.one_of(
    st.builds(
        KnockoutDraw,
        st.lists(NUMBERS, max_size=8).map(tuple),
        st.lists(st.one_of(st.none(), NUMBERS), max_size=8).map(tuple),
    ),
    st.builds(
        StartOrder,
        st.lists(st.tuples(NUMBERS, st.one_of(st.none(), st.integers(0, 3000))), max_size=8).map(
            tuple
        ),
    ),
    st.builds(MovedUp, st.lists(NUMBERS, max_size=8).map(tuple)),
)


def _round(record: SystemRecord | None) -> Round:
    return Round(1, (Pairing(1, 1, 2),), explanation=("why",), record=record)


@given(st.one_of(st.none(), RECORDS))
def test_a_record_round_trips_through_the_event_log(record: SystemRecord | None) -> None:
    event = RoundPaired(_round(record))
    stored = json.loads(json.dumps(dump_event(event)))  # as the database keeps it
    assert load_event(stored) == event


@given(RECORDS)
def test_a_record_round_trips_through_export_json_and_trf_json(record: SystemRecord) -> None:
    t = Tournament("T", "knockout", rounds=(_round(record),))
    assert load_tournament(json.loads(json.dumps(dump_tournament(t)))) == t
    assert record_from_json(json.loads(json.dumps(record_to_json(record)))) == record


def test_records_are_tagged_by_kind_and_omitted_when_absent() -> None:
    draw = dump_event(RoundPaired(_round(KnockoutDraw((1, 2), (1, 2)))))
    assert draw["round"]["record"] == {"type": "knockout_draw", "seeded": [1, 2], "draw": [1, 2]}
    order = dump_tournament(Tournament("T", "dansk", rounds=(_round(StartOrder(((3, None),))),)))
    assert order["rounds"][0]["record"]["type"] == "start_order"
    assert "record" not in dump_event(RoundPaired(_round(None)))["round"]


def test_an_event_stored_before_records_reads_without_one() -> None:
    old = {
        "type": "round_paired",
        "round": {"number": 1, "pairings": [{"board": 1, "white": 1, "black": 2}]},
    }
    event = load_event(old)
    assert isinstance(event, RoundPaired)
    assert event.round.record is None


def test_an_unknown_record_is_a_storage_error() -> None:
    bad = {
        "type": "round_paired",
        "round": {"number": 1, "pairings": [], "record": {"type": "lottery"}},
    }
    with pytest.raises(StorageError):
        load_event(bad)


@pytest.mark.parametrize(
    "data",
    [[], {"type": "lottery"}, {"type": "knockout_draw", "seeded": [1]}, {"type": "start_order"}],
)
def test_record_json_refuses_what_is_no_record(data: object) -> None:
    with pytest.raises(InputError):
        record_from_json(data)
