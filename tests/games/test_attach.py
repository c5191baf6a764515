"""Games attached to boards (``skak game``): a round's PGN attached, exported and
re-imported equal; wrong players, results and moves refused with the game and move named;
the board's result guarded once a game is on it."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.errors import InputError, NotFoundError, StateError
from skak.faces.cli import app
from skak.model import Player, Ratings, Result, Title, Tournament

PLAYERS = [
    Player(1, "Hansen, Jens", ratings=Ratings(dsu=2210, fide=2250), fide_id=1401234, dsu_id=12345,
           title=Title.FM),
    Player(2, "Nielsen, Per", ratings=Ratings(dsu=2105)),
    Player(3, "Østergård, Åse", ratings=Ratings(dsu=1990, fide=2003), dsu_id=23456),
    Player(4, "Jensen, Bo", ratings=Ratings(dsu=1850)),
    Player(5, "Larsen, Ib", ratings=Ratings(dsu=1700)),
    Player(6, "Berg, Mads", ratings=Ratings(dsu=1650)),
]  # fmt: skip
#: One game for each result, every one legal (mates where a result says so).
MOVES = {
    "1-0": "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#",
    "0-1": "1. f3 e5 2. g4 Qh4#",
    "1/2-1/2": (
        "1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6 7. Lg5 Sc6 "
        "8. De3+ Le7 9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1"
    ),
}
RESULTS = {"1-0": Result.WHITE_WIN, "0-1": Result.BLACK_WIN, "1/2-1/2": Result.DRAW}


def _game(
    white: str, black: str, result: str, *, round_tag: str = "1", date_tag: str = "2026.09.01"
) -> str:
    return (
        f'[Event "Klubmesterskab"]\n[Date "{date_tag}"]\n[Round "{round_tag}"]\n'
        f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n[ECO "C42"]\n\n'
        f"{MOVES[result]} {result}\n"
    )


def _tournament(api: Skak, name: str = "Klubmesterskab") -> tuple[int, Tournament]:
    tid = api.tournaments.create(
        Tournament(name, "berger", place="Aarhus", start_date=date(2026, 9, 1),
                   time_control="90+30")
    ).id  # fmt: skip
    api.tournaments.add_players(tid, lambda _t: PLAYERS)
    t = api.tournaments.pair(tid).after
    for p, result in zip(t.round(1).pairings, RESULTS.values(), strict=True):
        api.tournaments.enter_result(tid, 1, p.board, result)
    return tid, api.tournaments.get(tid)


def _round_pgn(t: Tournament) -> str:
    """The round as a DGT board's file: names written "First Last" for some players."""
    games = []
    for p, result in zip(t.round(1).pairings, RESULTS, strict=True):
        assert p.black is not None
        w, b = t.player(p.white), t.player(p.black)
        white = w.name if p.board != 2 else f"{w.first_name} {w.last_name}"
        games.append(_game(white, b.name.upper(), result))
    return "\n".join(reversed(games))  # not in board order


def test_a_round_attached_exported_and_reimported_equal(api: Skak) -> None:
    tid, t = _tournament(api)
    done = api.tournaments.import_games(tid, 1, _round_pgn(t), source="runde1.pgn")
    t = done.after
    assert [(g.round, g.board, g.result) for g in t.games] == [
        (1, 1, Result.WHITE_WIN), (1, 2, Result.BLACK_WIN), (1, 3, Result.DRAW),
    ]  # fmt: skip
    exported = api.tournaments.games_pgn(tid)
    first = exported.split("\n\n")[0].splitlines()
    pairing = t.round(1).board(1)
    white = t.player(pairing.white)
    assert first[:7] == [
        '[Event "Klubmesterskab"]', '[Site "Aarhus"]', '[Date "2026.09.01"]', '[Round "1.1"]',
        f'[White "{white.name}"]', f'[Black "{t.player(pairing.black or 0).name}"]',
        '[Result "1-0"]',
    ]  # fmt: skip
    assert '[TimeControl "5400+30"]' in exported and '[ECO "C42"]' in exported
    assert '[WhiteElo "2250"]' in exported or '[BlackElo "2250"]' in exported
    assert '"1401234"' in exported and 'DsuId "12345"]' in exported
    # re-imported into a second tournament with the same players: the same games
    tid2, _ = _tournament(api, "Kopi")
    again = api.tournaments.import_games(tid2, 1, exported, source="export.pgn").after
    assert again.games == t.games
    assert api.tournaments.games_pgn(tid2).replace("Kopi", "Klubmesterskab") == exported


def test_danish_export_reads_back(api: Skak) -> None:
    tid, t = _tournament(api)
    api.tournaments.import_games(tid, 1, _round_pgn(t))
    danish = api.tournaments.games_pgn(tid, danish=True)
    assert "2. Sf3 Sf6" in danish and "5. Dxd4" in danish and "10. 0-0-0 Te8" in danish
    assert "Nf3" not in danish
    tid2, _ = _tournament(api, "Kopi")
    assert (
        api.tournaments.import_games(tid2, 1, danish).after.games == api.tournaments.get(tid).games
    )


def test_one_game_on_its_board_and_the_guards(api: Skak) -> None:
    tid, t = _tournament(api)
    p = t.round(1).board(3)
    w, b = t.player(p.white), t.player(p.black or 0)
    api.tournaments.attach_game(tid, 1, 3, _game(w.name, b.name, "1/2-1/2"))
    with pytest.raises(StateError, match="has a game attached already"):
        api.tournaments.attach_game(tid, 1, 3, _game(w.name, b.name, "1/2-1/2"))
    api.tournaments.attach_game(
        tid, 1, 3, _game(w.name, b.name, "1/2-1/2", date_tag="2026.09.02"), replace=True
    )
    # --replace on a board that had a game, and on one that had none: the history says which
    p2 = t.round(1).board(2)
    w2, b2 = t.player(p2.white), t.player(p2.black or 0)
    api.tournaments.attach_game(
        tid, 1, 2, _game(w2.name, b2.name, "0-1"), replace=True, source="b2.pgn"
    )
    lines = [line.text for line in api.tournaments.history(tid)[-2:]]
    assert lines == [
        "1 game attached from game.pgn: 1.3 (replacing the game of 1.3)",
        "1 game attached from b2.pgn: 1.2",
    ]
    replaced = api.tournaments.get(tid).game(1, 3)
    assert replaced is not None
    assert '[Date "2026.09.02"]' in replaced.pgn
    # the board's result cannot change under its game
    with pytest.raises(StateError, match="has a game attached with the result ½-½"):
        api.tournaments.enter_result(tid, 1, 3, Result.WHITE_WIN)
    api.tournaments.remove_game(tid, 1, 3)
    api.tournaments.enter_result(tid, 1, 3, Result.WHITE_WIN)
    with pytest.raises(NotFoundError, match="has no game attached"):
        api.tournaments.remove_game(tid, 1, 3)


@pytest.mark.parametrize(
    ("white", "black", "result", "message"),
    [
        (
            "Nobody, X", "B", "1/2-1/2",
            r"parti\.pgn line 1: game 1 \(Nobody, X – .*\): White is 'Nobody, X', but round 1 "
            r"board 3 has .* \(\d\) with white and .* with black",
        ),
        ("B", "W", "1/2-1/2", "the colours are the other way round"),
        ("W", "B", "1-0", r"the game's result is 1-0, but round 1 board 3 has ½-½"),
    ],
)  # fmt: skip
def test_a_wrong_game_is_named(
    api: Skak, white: str, black: str, result: str, message: str
) -> None:
    tid, t = _tournament(api)
    p = t.round(1).board(3)
    names = {"W": t.player(p.white).name, "B": t.player(p.black or 0).name}
    text = _game(names.get(white, white), names.get(black, black), result)
    with pytest.raises(InputError, match=message):
        api.tournaments.attach_game(tid, 1, 3, text, source="parti.pgn")
    assert api.tournaments.get(tid).games == ()


def test_an_illegal_move_is_refused_with_game_and_move(api: Skak) -> None:
    tid, t = _tournament(api)
    text = _round_pgn(t).replace("3. Qh5 Nf6", "3. Qh5 Nf4")
    with pytest.raises(InputError, match=r"runde\.pgn line \d+: game 3 \(.*\): move 3\.\.\. Nf4"):
        api.tournaments.import_games(tid, 1, text, source="runde.pgn")
    assert api.tournaments.get(tid).games == ()


def test_a_round_import_is_all_or_nothing(api: Skak) -> None:
    tid, t = _tournament(api)
    text = _round_pgn(t) + "\n" + _game("Nobody, X", "Somebody, Y", "1-0")
    with pytest.raises(InputError) as caught:
        api.tournaments.import_games(tid, 1, text, source="runde.pgn")
    assert "1 of the 4 games cannot be attached to round 1; nothing was attached" in str(
        caught.value
    )
    assert "game 4 (Nobody, X – Somebody, Y): its players meet on no board of round 1" in str(
        caught.value
    )
    assert api.tournaments.get(tid).games == ()
    wrong_round = _round_pgn(t).replace('[Round "1"]', '[Round "2"]')
    with pytest.raises(InputError, match="its Round tag says round 2, not 1"):
        api.tournaments.import_games(tid, 1, wrong_round, source="runde.pgn")


def test_undo_and_history(api: Skak) -> None:
    tid, t = _tournament(api)
    api.tournaments.import_games(tid, 1, _round_pgn(t), source="runde1.pgn")
    lines = api.tournaments.history(tid)
    assert lines[-1].text == "3 games attached from runde1.pgn: 1.1, 1.2, 1.3"
    api.tournaments.undo(tid)
    assert api.tournaments.get(tid).games == ()


def test_the_cli(runner: CliRunner) -> None:
    api = Skak("skak.db", create=True)
    _, t = _tournament(api)
    api.close()
    Path("runde1.pgn").write_text(_round_pgn(t), encoding="utf-8")
    done = runner.invoke(app, ["game", "import", "1", "runde1.pgn"])
    assert done.exit_code == 0, done.output
    assert "3 games attached" in done.output
    done = runner.invoke(app, ["game", "export", "-o", "ud.pgn", "--danish"])
    assert done.exit_code == 0, done.output
    assert "Sf3" in Path("ud.pgn").read_text(encoding="utf-8")
    Path("bad.pgn").write_text(_game("A", "B", "1-0").replace("Qxf7#", "Qxf8#"), encoding="utf-8")
    done = runner.invoke(app, ["game", "add", "1", "1", "bad.pgn"])
    assert done.exit_code == 3
    assert "bad.pgn line 9: game 1 (A – B): move 4. Qxf8# is illegal" in done.output
    done = runner.invoke(app, ["game", "remove", "1", "1"])
    assert done.exit_code == 0, done.output


def _board_game(t: Tournament, board: int, extra: str = "", date_line: bool = False) -> str:
    p = t.round(1).board(board)
    w, b = t.player(p.white), t.player(p.black or 0)
    result = list(RESULTS)[board - 1]
    day = '[Date "2026.09.03"]\n' if date_line else ""
    return (
        f'[White "{w.name}"]\n[Black "{b.name}"]\n[Result "{result}"]\n{day}{extra}\n'
        f"{MOVES[result]} {result}\n"
    )


@pytest.mark.parametrize("date_tag", [None, "????.??.??", "2026.??.??"])
def test_an_unknown_date_exports_the_tournaments_first_day(api: Skak, date_tag: str | None) -> None:
    """A game's date that is unknown (no Date tag, or one with '?') is not kept; the export
    writes the tournament's first day."""
    tid, t = _tournament(api)
    extra = f'[Date "{date_tag}"]\n' if date_tag else ""
    api.tournaments.attach_game(tid, 1, 1, _board_game(t, 1, extra))
    stored = api.tournaments.get(tid).game(1, 1)
    assert stored is not None and "Date" not in stored.pgn
    exported = api.tournaments.games_pgn(tid)
    assert '[Date "2026.09.01"]' in exported and "????" not in exported


def test_a_known_date_is_kept(api: Skak) -> None:
    tid, t = _tournament(api)
    api.tournaments.attach_game(tid, 1, 1, _board_game(t, 1, date_line=True))
    assert '[Date "2026.09.03"]' in api.tournaments.games_pgn(tid)


def test_tags_are_escaped_and_read_back(api: Skak) -> None:
    """PGN escapes a tag's quote and backslash (python-chess writes them bare)."""
    tid, t = _tournament(api, 'Klub "Springeren" \\ Cup')
    text = _board_game(t, 1, '[Annotator "Jens \\"JH\\" Hansen"]\n', date_line=True)
    api.tournaments.attach_game(tid, 1, 1, text)
    exported = api.tournaments.games_pgn(tid)
    assert '[Event "Klub \\"Springeren\\" \\\\ Cup"]' in exported
    assert '[Annotator "Jens \\"JH\\" Hansen"]' in exported
    stored = api.tournaments.get(tid).game(1, 1)
    tid2, _ = _tournament(api, "Kopi")
    again = api.tournaments.import_games(tid2, 1, exported).after.game(1, 1)
    assert again is not None and stored is not None and again.pgn == stored.pgn


def test_the_tournaments_time_control_is_not_kept_with_the_game(api: Skak) -> None:
    """A TimeControl tag that is the tournament's (90+30, however written) is left out; one
    that differs is the game's own and kept."""
    tid, t = _tournament(api)
    api.tournaments.attach_game(tid, 1, 1, _board_game(t, 1, '[TimeControl "5400+30"]\n'))
    api.tournaments.attach_game(tid, 1, 2, _board_game(t, 2, '[TimeControl "5400 + 30"]\n'))
    api.tournaments.attach_game(
        tid, 1, 3, _board_game(t, 3, '[TimeControl "40/5400+30:1800+30"]\n')
    )
    games = api.tournaments.get(tid).games
    assert ["TimeControl" in g.pgn for g in games] == [False, False, True]


def test_danish_export_leaves_comments_alone(api: Skak) -> None:
    tid, t = _tournament(api)
    text = _board_game(t, 1).replace("2. Bc4", "2. Bc4 {Nf3 is the main line} (2. Nf3 Nc6)")
    api.tournaments.attach_game(tid, 1, 1, text)
    danish = api.tournaments.games_pgn(tid, danish=True)
    assert "{ Nf3 is the main line } ( 2. Sf3 Sc6 )" in danish and "2. Lc4" in danish
    assert "[Event" in danish and "Dxf7# 1-0" in danish


def test_a_name_the_list_does_not_know_is_shown_with_the_board(api: Skak) -> None:
    """A scoresheet's "J. Hansen" is refused with the board his opponent sits on and its
    names; a game of two strangers says that neither is a player of the round."""
    tid, t = _tournament(api)
    p = t.round(1).board(1)
    w, b = t.player(p.white), t.player(p.black or 0)
    text = _round_pgn(t).replace(f'[White "{w.name}"]', '[White "J. Hansen"]')
    with pytest.raises(InputError) as caught:
        api.tournaments.import_games(tid, 1, text, source="runde.pgn")
    assert (
        f"its players meet on no board of round 1: White is 'J. Hansen', but round 1 board 1 "
        f"has {w.name} ({w.start_number}) with white and {b.name} ({b.start_number}) with black"
    ) in str(caught.value)
    strangers = _round_pgn(t) + "\n" + _game("Nobody, X", "Somebody, Y", "1-0")
    with pytest.raises(InputError, match="neither 'Nobody, X' nor 'Somebody, Y' is a name"):
        api.tournaments.import_games(tid, 1, strangers, source="runde.pgn")
