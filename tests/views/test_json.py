"""The read side's one JSON codec (:mod:`skak.views._json`): its rules, and the shapes the
README documents come out of it unchanged."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from skak.model import Player, Tournament
from skak.model.results import Colour, Result
from skak.views import (
    OMITTED,
    Omittable,
    face_only,
    from_data,
    json_schema,
    number_column,
    players_view,
    quarters,
    round_json,
    to_json,
)


@dataclass(frozen=True, slots=True)
class Row:
    points: Fraction
    day: date | None
    colour: Colour
    seen: frozenset[int]
    values: Mapping[str, Fraction | None]
    games: tuple[tuple[int, int], ...]
    prize: Omittable[Fraction | None] = OMITTED
    club: str = face_only("")


def test_the_rules() -> None:
    row = Row(
        Fraction(149, 4), date(2026, 3, 1), Colour.WHITE, frozenset({3, 1}),
        {"SB": Fraction(31, 3), "BH": None}, ((1, 2),), club="Aarhus",
    )  # fmt: skip
    assert to_json(row) == {
        "points": "37.25",
        "day": "2026-03-01",
        "colour": "white",
        "seen": [1, 3],
        "values": {"SB": "31/3", "BH": None},
        "games": [[1, 2]],
    }
    assert list(to_json(row)) == ["points", "day", "colour", "seen", "values", "games"]


def test_the_schema_says_what_the_rules_write() -> None:
    """json_schema describes to_json's output of a class by the same rules: the face's field
    left out, the omittable key not required, exact decimals and dates as strings, an enum
    by its values, a set and a tuple as arrays, a mapping as an object."""
    schema = json_schema(Row)
    fraction = {"type": "string", "description": "an exact decimal (7.5), or a fraction (7/3)"}
    assert schema["properties"] == {
        "points": fraction,
        "day": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]},
        "colour": {"enum": [c.value for c in Colour]},
        "seen": {"type": "array", "items": {"type": "integer"}},
        "values": {
            "type": "object",
            "additionalProperties": {"anyOf": [fraction, {"type": "null"}]},
        },
        "games": {
            "type": "array",
            "items": {
                "type": "array",
                "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                "minItems": 2,
                "maxItems": 2,
            },
        },
        "prize": {"anyOf": [fraction, {"type": "null"}]},
    }
    assert schema["required"] == ["points", "day", "colour", "seen", "values", "games"]
    assert json_schema(tuple[Row, ...]) == {"type": "array", "items": schema}


@pytest.mark.parametrize(("prize", "shown"), [(None, None), (Fraction(1, 2), "0.5")])
def test_an_omittable_key_is_written_once_it_holds_a_value(
    prize: Fraction | None, shown: str | None
) -> None:
    row = Row(Fraction(1), None, Colour.BLACK, frozenset(), {}, (), prize)
    assert to_json(row)["prize"] == shown


def test_a_list_of_views_and_json_dumps() -> None:
    t = Tournament("T", "berger", players=(Player(1, "A, A"), Player(2, "B, B")))
    data = to_json(players_view(t).players)
    assert [p["name"] for p in data] == ["A, A", "B, B"]
    assert data[0]["ratings"] == {"dsu": None, "dsu_rapid": None, "dsu_blitz": None, "fide": None}
    assert json.loads(json.dumps(data)) == data


def test_from_data_reads_the_cores_data_back() -> None:
    data = {"points": "7/2", "day": None, "colour": "black", "seen": [2], "values": {},
            "games": [[3, 4]], "prize": "5"}  # fmt: skip
    row = from_data(data, Row)
    assert row == Row(Fraction(7, 2), None, Colour.BLACK, frozenset({2}), {}, ((3, 4),), 5)
    assert to_json(row) == {**data, "points": "3.5"}


def test_round_json_is_the_codecs() -> None:
    from skak.model.tournament import Pairing, Round

    rnd = Round(1, (Pairing(1, 1, 2, Result.DRAW),), explanation=("why",))
    assert round_json(rnd) == {
        "round": 1,
        "pairings": [{"board": 1, "white": 1, "black": 2, "result": "½-½"}],
        "byes": [],
        "explanation": ["why"],
    }


@pytest.mark.parametrize(
    ("values", "texts"),
    [
        ([Fraction(73, 4), Fraction(13, 2), Fraction(6)], ["18¼", "6½", "6"]),
        ([Fraction(3, 4), Fraction(-11, 4), None], ["¾", "-2¾", ""]),
        ([Fraction(73, 4), Fraction(5531, 3)], ["18.25", "1843.67"]),
    ],
)
def test_one_number_format_per_column(values: list[Fraction | None], texts: list[str]) -> None:
    assert number_column(values) == texts


def test_amounts_are_whole_or_two_decimals() -> None:
    assert number_column([Fraction(500), Fraction(250)], fractions=False) == ["500", "250"]
    assert number_column([Fraction(1001, 2), None], fractions=False) == ["500.50", ""]
    with pytest.raises(ValueError, match="quarters"):
        quarters(Fraction(1, 3))


@pytest.mark.parametrize("name", ["fide_example1_2005.trf", "san_viator_2018.trf"])
def test_to_json_writes_what_the_converter_writes(name: str) -> None:
    """``to_json`` walks the values itself; cattrs' converter (``from_data``'s) writes the
    same data of real views: the standings with tie-breaks of every kind, the crosstable,
    the players."""
    from skak.api import tournament_from_trf
    from skak.views import crosstable_view, standings_view
    from skak.views._json import _converter

    path = Path(__file__).parents[1] / "data" / "trf" / name
    t = replace(
        tournament_from_trf(path.read_bytes(), name, to_import=False), pairing_system="dutch"
    )
    views: list[object] = [
        standings_view(
            t, tiebreaks="BH/C1,BH,BH/M1,SB,FB,ARO/U1000,AOB,DE,WIN,BWG,BPG,KS,TPR/U1000"
        ),
        standings_view(t, tiebreaks="BH", prizes=["1000", "600"], after_round=2),
        crosstable_view(t),
        players_view(t),
        Row(Fraction(-7, 4), date(2026, 3, 1), Colour.WHITE, frozenset({3, 1}), {}, ()),
    ]
    for view in views:
        assert to_json(view) == _converter().unstructure(view)
        assert json.dumps(to_json(view)) == json.dumps(_converter().unstructure(view))
