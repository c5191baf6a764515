"""The rating calculation's JSON (skak.io.rating_json): errors that name the file and the
player or game, and time linear in the size of the file (issue 23 item 12)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skak.errors import InputError
from skak.io.rating_json import (
    parse_calc_request,
    parse_fide_request,
    read_calc_request,
    read_fide_request,
)
from skak.model import Result


def _request(players: int, games: int) -> dict[str, Any]:
    return {
        "date": "2026-03-01",
        "players": [{"id": f"P{i}", "rating": 1200 + i % 1000} for i in range(players)],
        "games": [
            {"white": f"P{i % players}", "black": f"P{(i + 1) % players}", "result": "1-0"}
            for i in range(games)
        ],
    }


def test_reads_players_and_games(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    data = {
        "players": [{"id": "A", "rating": 1850}, {"id": 7, "fide": 2000}],
        "games": [{"white": "A", "black": 7, "result": "+-", "unexcused_no_show": True}],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    players, games, raw = read_calc_request(path)
    assert [(p.id, p.rating, p.note) for p in players] == [
        ("A", 1850, None),
        ("7", 2000, "FIDE rating used (§4.5.5.2)"),
    ]
    assert [(g.white, g.black, g.result, g.unexcused_no_show) for g in games] == [
        ("A", "7", Result.WHITE_FORFEIT_WIN, True)
    ]
    assert raw == data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"players": [{"id": "A"}, {"id": "B"}, {"id": "A"}], "games": []},
            "t.json: players[2]: player id 'A' is listed twice",
        ),
        (
            {"players": [{"id": "A"}], "games": [{"white": "A", "black": "Z", "result": "1-0"}]},
            "t.json: games[0]: player 'Z' is not listed",
        ),
        ({"players": [{"id": "A"}], "games": [{"white": "A"}]}, "games[0]: 'result' is missing"),
        ([], "t.json: the file must hold a JSON object"),
    ],
    ids=["duplicate-id", "unknown-id", "missing-field", "not-an-object"],
)
def test_errors_name_the_file_and_the_entry(data: Any, message: str) -> None:
    with pytest.raises(InputError) as err:
        parse_calc_request(json.dumps(data), "t.json")
    assert message in str(err.value)
    assert err.value.location == "t.json"


@pytest.mark.parametrize("earlier", [5, "2100", {"opponent": 2100}, True, 0, "", {}, False])
def test_earlier_games_that_are_no_list_are_named(tmp_path: Path, earlier: Any) -> None:
    """Issue 38: ``"earlier": 5`` ended in a TypeError (the fuzz's one crash); 0, "", {} and
    false were taken for no earlier games."""
    data = {
        "date": "2026-03-01",
        "players": [{"id": "A", "rating": None, "earlier": earlier}, {"id": "B", "rating": 2100}],
        "games": [{"white": "A", "black": "B", "result": "1-0"}],
    }
    path = tmp_path / "f.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputError, match=r"players\[0\]: 'earlier' is a list of games") as err:
        read_fide_request(path)
    assert err.value.location == str(path)


@pytest.mark.parametrize("opponent", [True, False, 0, -1, 4000, 10**30])
def test_an_earlier_opponent_that_is_no_rating_is_named(opponent: Any) -> None:
    """Issue 38: an earlier game's ``opponent`` true (Python's 1) or 10**30 was rated as a
    rating; it is a rating 1–3999, like a player's."""
    data = {
        "date": "2026-03-01",
        "players": [
            {"id": "A", "rating": None, "earlier": [{"opponent": opponent, "score": "1"}]},
            {"id": "B", "rating": 2100},
        ],
        "games": [{"white": "A", "black": "B", "result": "1-0"}],
    }
    with pytest.raises(InputError) as err:
        parse_fide_request(json.dumps(data), "f.json")
    assert str(err.value) == (
        "f.json: players[0].earlier[0]: 'opponent' is the opponent's rating 1–3999, "
        f"not {json.dumps(opponent)}"
    )
    assert err.value.exit_code == 3


def test_a_file_that_is_not_utf8_or_not_there(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"players":\n "\xff"}')
    for read in (read_calc_request, read_fide_request):
        with pytest.raises(InputError, match=r"bad\.json: line 2: byte 0xff is not UTF-8"):
            read(bad)
    with pytest.raises(InputError, match="cannot read the file"):
        read_calc_request(tmp_path / "missing.json")


def test_ten_thousand_players_and_games_read() -> None:
    """Duplicate and unknown ids are looked up in a set, not by a scan of the players read
    so far (10 000 players and 10 000 games took 12 s with the scans). The time is measured
    by ``benchmarks/linear_inputs.py``, not here: a test asserts no wall-clock limit."""
    text = json.dumps(_request(10_000, 10_000))
    players, games, _ = parse_calc_request(text, "big.json")
    assert (len(players), len(games)) == (10_000, 10_000)
    assert players[-1].id == "P9999" and games[-1].black == "P0"
