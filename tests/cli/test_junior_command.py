"""``skak junior standings FILE.json`` (5.5): standings and composition problems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from skak.errors import InputError
from skak.faces.cli import app


def _file(tmp: Path) -> Path:
    def players(t: str, cadets: int) -> list[dict[str, object]]:
        return [
            {
                "id": f"{t}{i}",
                "name": f"{t} {i}",
                "birth_date": "2011-05-05" if i <= cadets else "2007-05-05",
                "girl": i == 8,
            }
            for i in range(1, 9)
        ]

    data = {
        "day": "2025-10-04",
        "teams": [
            {"name": "1. HK", "players": players("a", 6)},
            {"name": "2. HK", "players": players("b", 5)},
            {"name": "3. HK", "players": players("c", 6)},
        ],
        "matches": [
            {"round": 1, "first": "1. HK", "second": "2. HK",
             "first_players": [f"a{i}" for i in range(1, 9)],
             "second_players": [f"b{i}" for i in range(1, 9)],
             "results": ["1-0"] * 5 + ["0-1"] * 3},
            {"round": 2, "first": "3. HK", "second": "1. HK",
             "results": ["=", "=", "=", "=", "1", "1", "0", "0"]},
            {"round": 3, "first": "2. HK", "second": "3. HK", "results": ["1-0"] * 8},
        ],
    }  # fmt: skip
    path = tmp / "junior.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_junior_standings(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["junior", "standings", str(_file(tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert [(r["team"], r["match_points"], r["board_points"]) for r in view["standings"]] == [
        ("1. HK", "3", "9"),
        ("2. HK", "2", "11"),
        ("3. HK", "1", "4"),
    ]
    assert view["problems"] == [
        "round 1: 2. HK: 5 cadets (not 16 on 1 January 2025) among the players; 5.5 §6 asks 6"
    ]
    text = runner.invoke(app, ["junior", "standings", str(_file(tmp_path))]).stdout
    assert "5.5 §6 asks 6" in text


def test_a_bad_file(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"day": "2025-10-04", "teams": []', encoding="utf-8")
    result = runner.invoke(app, ["junior", "standings", str(bad)])
    assert result.exit_code == 3
    assert "bad.json" in result.stderr


def _bad(tmp: Path, change: str) -> Path:
    """The good file with one thing wrong."""
    data = json.loads(_file(tmp).read_text(encoding="utf-8"))
    first = data["matches"][0]
    if change == "rating-text":
        data["teams"][0]["players"][7]["rating"] = "900"
    elif change == "not-on-the-team":
        first["second_players"][2] = "a3"
    elif change == "three-results":
        first["results"] = ["1-0", "0-1", "½-½"]
    elif change == "pairing-twice":
        data["matches"].append(dict(first, first_players=[], second_players=[]))
    elif change == "team-twice-a-round":
        data["matches"][1]["round"] = 1
    elif change == "round-beyond":
        data["matches"][2]["round"] = 4
    elif change == "result-type":
        first["results"][0] = 1.5
    elif change == "girl-text":
        data["teams"][1]["players"][0]["girl"] = "yes"
    elif change == "girl-misspelt":
        data["teams"][1]["players"][7]["grl"] = data["teams"][1]["players"][7].pop("girl")
    elif change == "team-key-misspelt":
        data["teams"][0]["no_gril"] = True
    elif change == "match-key-misspelt":
        first["result"] = first.pop("results")
        first["results"] = ["1-0"] * 8
    elif change == "top-key-misspelt":
        data["mathces"] = []
    path = tmp / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("rating-text", "team '1. HK', player 8 (a8): 'rating' is a whole number or null, "
         "not the text '900'"),
        ("not-on-the-team", "round 1, match 1 (1. HK–2. HK), board 3: 'a3' is not on 2. HK's"),
        ("three-results", "round 1, match 1 (1. HK–2. HK): 3 results for 8 boards"),
        ("pairing-twice", "round 1, match 4 (1. HK–2. HK): 1. HK plays match 1 of round 1"),
        ("team-twice-a-round", "round 1, match 2 (3. HK–1. HK): 1. HK plays match 1 of round 1"),
        ("round-beyond", "round 4, match 3: 3 teams play rounds 1–3 (5.5 §5)"),
        ("result-type", "round 1, match 1 (1. HK–2. HK), board 1: the result is text, not "
         "the number 1.5"),
        ("girl-text", "team '2. HK', player 1 (b1): 'girl' is true or false"),
        ("girl-misspelt", "team '2. HK', player 8 (b8): unknown key 'grl' (known: id, name, "
         "birth_date, girl, rating)"),
        ("team-key-misspelt", "team '1. HK': unknown key 'no_gril' (known: name, no_girl, "
         "dispensation, players)"),
        ("match-key-misspelt", "round 1, match 1 (1. HK–2. HK): unknown key 'result' (known: "
         "round, first, second, first_players, second_players, results)"),
        ("top-key-misspelt", "the file: unknown key 'mathces' (known: day, teams, matches)"),
    ],
    ids=[
        "5.5-rating-as-text",
        "5.5-§6-a-player-not-on-the-team",
        "5.5-§6-a-result-for-every-board",
        "5.5-§5-the-same-pairing-twice-in-a-round",
        "5.5-§5-a-team-twice-in-a-round",
        "5.5-§5-a-round-beyond-the-round-robin",
        "5.5-a-result-as-a-number",
        "5.5-§6-girl-as-text",
        "5.5-§6-girl-misspelt",
        "5.5-§6-no-girl-misspelt",
        "5.5-results-misspelt",
        "5.5-matches-misspelt",
    ],
)  # fmt: skip
def test_a_bad_junior_file_names_the_file_and_the_round(
    runner: CliRunner, tmp_path: Path, change: str, message: str
) -> None:
    result = runner.invoke(app, ["junior", "standings", str(_bad(tmp_path, change))])
    assert result.exit_code == 3, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    text = " ".join(result.stderr.split())
    assert "bad.json: " in text and message in text


def test_a_pair_meets_once(runner: CliRunner, tmp_path: Path) -> None:
    """5.5 §5, all against all: the same two teams again in another round is refused."""
    data = json.loads(_file(tmp_path).read_text(encoding="utf-8"))
    data["matches"][2] = {"round": 3, "first": "2. HK", "second": "1. HK",
                          "results": ["1-0"] * 8}  # fmt: skip
    path = tmp_path / "again.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(app, ["junior", "standings", str(path)])
    assert result.exit_code == 3
    assert "round 3, match 3 (2. HK–1. HK): the two teams met in match 1 already" in " ".join(
        result.stderr.split()
    )


_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 3000), st.floats(allow_nan=False),
    st.text(max_size=12), st.just([]), st.just({}),
)  # fmt: skip


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_changed_value_anywhere_is_bad_input_or_read(
    tmp_path_factory: object, data: object
) -> None:
    """Any one value of a good file replaced by any JSON value: read_junior and the view
    either work or raise InputError naming the file — never another exception."""
    from skak.io.junior_json import read_junior
    from skak.views import junior_view

    tmp = tmp_path_factory.mktemp("junior")  # type: ignore[attr-defined]
    good = json.loads(_file(tmp).read_text(encoding="utf-8"))
    paths = _paths(good)
    path = data.draw(st.sampled_from(paths[1:]))  # type: ignore[attr-defined]
    value = data.draw(_SCALARS)  # type: ignore[attr-defined]
    target = good
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    failed: InputError | None = None
    try:
        junior_view(*read_junior(json.dumps(good), "changed.json"))
    except InputError as err:
        failed = err
    assert failed is None or str(failed).startswith("changed.json: ")


def test_a_missing_match_is_named_and_the_standings_marked_incomplete(
    runner: CliRunner, tmp_path: Path
) -> None:
    """5.5 §5, all against all: a file without the match 2. HK–3. HK gives the standings
    so far, marked incomplete, with the pairing named (the rounds here are not Berger's)."""
    data = json.loads(_file(tmp_path).read_text(encoding="utf-8"))
    del data["matches"][2]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(app, ["junior", "standings", str(path), "--json"])
    assert result.exit_code == 0, result.output
    view = json.loads(result.stdout)
    assert view["complete"] is False
    assert view["missing"] == ["2. HK–3. HK not played"]
    text = runner.invoke(app, ["junior", "standings", str(path)]).stdout
    assert "incomplete: 1 match missing" in " ".join(text.split())
    assert "note: 2. HK–3. HK not played" in text
    full = json.loads(
        runner.invoke(app, ["junior", "standings", str(_file(tmp_path)), "--json"]).stdout
    )
    assert full["complete"] is True and full["missing"] == []


def test_a_dispensation_may_be_null(runner: CliRunner, tmp_path: Path) -> None:
    """null is JSON's "none": the same as no dispensation (5.5 §7)."""
    data = json.loads(_file(tmp_path).read_text(encoding="utf-8"))
    data["teams"][1]["dispensation"] = None
    path = tmp_path / "null.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(app, ["junior", "standings", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["problems"] == [
        "round 1: 2. HK: 5 cadets (not 16 on 1 January 2025) among the players; 5.5 §6 asks 6"
    ]


def test_a_championship_kept_in_the_database(runner: CliRunner, tmp_path: Path) -> None:
    """``skak junior import | list | match | standings`` without a file: the database's."""
    db = str(tmp_path / "j.db")
    said = runner.invoke(app, ["junior", "import", str(_file(tmp_path)), "--db", db])
    assert said.exit_code == 0 and "kept as #1" in said.stdout, said.output
    listed = json.loads(runner.invoke(app, ["junior", "list", "--db", db, "--json"]).stdout)
    assert [(x["name"], x["teams"], x["matches"]) for x in listed] == [("junior", 3, 3)]
    entered = runner.invoke(
        app,
        ["junior", "match", "3", "2. HK", "3. HK", *["0-1"] * 8, "--db", db,
         "--second-players", ",".join(f"c{i}" for i in range(1, 9))],
    )  # fmt: skip
    assert entered.exit_code == 0 and "Round 3: match entered" in entered.stdout, entered.output
    view = json.loads(runner.invoke(app, ["junior", "standings", "--db", db, "--json"]).stdout)
    # round 3 corrected: 3. HK wins 8-0 (it had lost 0-8) and passes 1. HK on board points
    assert [(r["team"], r["match_points"], r["board_points"]) for r in view["standings"]] == [
        ("3. HK", "3", "12"),
        ("1. HK", "3", "9"),
        ("2. HK", "0", "3"),
    ]
    bad = runner.invoke(app, ["junior", "match", "3", "2. HK", "3. HK", "1-0", "--db", db])
    assert bad.exit_code == 3 and "1 results for 8 boards" in bad.stderr
