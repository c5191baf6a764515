"""Malformed TRF files: strict mode stops at the first problem with line and column; lenient
mode reports them all; nothing but SkakError ever comes out."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.errors import InputError, SkakError
from skak.io.trf import TrfVersion, decode_trf, parse_trf, write_trf
from skak.model import (
    HALF,
    Colour,
    Pairing,
    PairingBan,
    Player,
    Ratings,
    Result,
    Round,
    Tournament,
)
from tests.conftest import shared_path

BASE = Tournament(
    "Problem Open",
    "berger",
    number_of_rounds=3,
    players=tuple(
        Player(i, f"Player, {'ABCDE'[i - 1]}", ratings=Ratings(fide=2000 - i)) for i in range(1, 6)
    ),
    rounds=(
        Round(
            1,
            (
                Pairing(1, 1, 2, Result.WHITE_WIN),
                Pairing(2, 3, 4, Result.DRAW),
                Pairing(3, 5, None, Result.PAIRING_BYE),
            ),
        ),
        Round(
            2,
            (
                Pairing(1, 4, 1, Result.BLACK_WIN),
                Pairing(2, 2, 5, Result.DRAW),
                Pairing(3, 3, None, Result.PAIRING_BYE),
            ),
        ),
    ),
)
TEXT = write_trf(BASE, extensions=False)
LINES = TEXT.splitlines()
ROW = {int(line[4:8]): i for i, line in enumerate(LINES) if line.startswith("001")}


def cell_column(round_number: int) -> int:
    return 92 + 10 * (round_number - 1)


def with_cell(lines: list[str], player: int, round_number: int, cell: str) -> list[str]:
    out = list(lines)
    i = ROW[player]
    start = cell_column(round_number) - 1
    line = out[i].ljust(start + 10)
    out[i] = (line[:start] + cell.ljust(10) + line[start + 10 :]).rstrip()
    return out


def with_text(lines: list[str], player: int, column: int, text: str) -> list[str]:
    out = list(lines)
    i = ROW[player]
    out[i] = out[i][: column - 1] + text + out[i][column - 1 + len(text) :]
    return out


def test_base_file_is_clean() -> None:
    parsed = parse_trf(TEXT, "ok.trf").tournament
    assert parsed.pairing_system == "unknown"  # a plain TRF16 file does not say
    assert replace(parsed, pairing_system="berger") == BASE


MUTATIONS = {
    "columns out of place": (
        lambda ls: [*ls[: ROW[1]], ls[ROW[1]][:20] + " " + ls[ROW[1]][20:], *ls[ROW[1] + 1 :]],
        (1, 53),
        "out of place",
    ),
    "unknown opponent": (
        lambda ls: with_cell(ls, 1, 1, "  99 w 1"),
        (1, cell_column(1)),
        "opponent 99 does not exist",
    ),
    "opponent does not name the player back": (
        lambda ls: with_cell(ls, 1, 1, "   3 w 1"),
        (1, cell_column(1)),
        "names opponent 3, whose line names player 4",
    ),
    "inconsistent colours": (
        lambda ls: with_cell(ls, 2, 1, "   1 w 0"),
        (1, cell_column(1) + 5),
        "both have colour w",
    ),
    "inconsistent results": (
        lambda ls: with_cell(ls, 2, 1, "   1 b 1"),
        (1, cell_column(1) + 7),
        "do not fit together",
    ),
    "points that do not add up": (
        lambda ls: with_text(ls, 1, 81, " 5.0"),
        (1, 81),
        "player 1's points 5 do not add up: the results give 2",
    ),
    "two pairing-allocated byes": (
        # players 2 and 5 played each other in round 2; player 3 had the bye
        lambda ls: with_cell(with_cell(ls, 2, 2, "0000 - U"), 5, 2, "0000 - U"),
        (3, cell_column(2)),
        "round 2 has two pairing-allocated byes (players 2 and 3)",
    ),
}


@pytest.mark.parametrize("case", sorted(MUTATIONS))
def test_strict_mode_names_line_and_column(case: str) -> None:
    mutate, (player, column), message = MUTATIONS[case]
    text = "\n".join(mutate(LINES)) + "\n"
    with pytest.raises(InputError) as info:
        parse_trf(text, "bad.trf")
    where = f"bad.trf line {ROW[player] + 1} column {column}"
    assert str(info.value).startswith(where), str(info.value)
    assert message in str(info.value)


def test_lenient_mode_reports_every_problem() -> None:
    lines = with_cell(LINES, 3, 1, "  99 w =")
    lines = with_cell(lines, 2, 1, "   1 b 1")
    lines = with_text(lines, 5, 81, " 9.0")
    read = parse_trf("\n".join(lines), "bad.trf", strict=False)
    assert len(read.problems) >= 3
    assert any("opponent 99 does not exist" in p for p in read.problems)
    assert any("do not fit together" in p for p in read.problems)
    assert any("player 5's points 9" in p for p in read.problems)
    assert all(p.startswith("bad.trf line ") for p in read.problems)


def test_line_ends_and_encodings() -> None:
    t = Tournament("Ærø Åben", "berger", players=(Player(1, "Søgaard, Øjvind"), Player(2, "Bø, Å")))
    text = write_trf(t)
    for newline in ("\r\n", "\r", "\n"):
        again = text.replace("\n", newline)
        for encoding in ("utf-8", "utf-8-sig", "latin-1"):
            parsed = parse_trf(decode_trf(again.encode(encoding)), "x.trf").tournament
            assert parsed == t, (newline, encoding)


def test_unknown_records_are_kept_and_written_back() -> None:
    extra = ["102 Hans Hansen (IA)", "### a comment", "172 DEN OTHER", "999 something new"]
    text = "\n".join([LINES[0], *extra, *LINES[1:]]) + "\n"
    t = parse_trf(text, "x.trf").tournament
    assert t.imported_records == tuple(extra)
    written = write_trf(t)
    assert all(line in written.splitlines() for line in extra)


def _oracle_lines() -> list[str]:
    folder = shared_path("oracles/dutch-2026/full")
    if not folder.exists():
        pytest.skip("the oracles are not beside the project")
    return decode_trf(sorted(folder.glob("*.trf"))[0].read_bytes()).splitlines()


@settings(max_examples=300)
@given(st.data())
def test_garbage_in_gives_skak_errors_only(data: st.DataObject) -> None:
    lines = _oracle_lines()
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(1, 6))):
        i = rng.randrange(len(lines))
        line = lines[i]
        kind = data.draw(st.sampled_from(["char", "delete", "insert", "swap", "truncate", "dup"]))
        pos = rng.randrange(max(len(line), 1))
        junk = data.draw(st.sampled_from(list("0123456789 wb-+=WDLHFUZX.,/\t\x00éabc")))
        if kind == "char":
            lines[i] = line[:pos] + junk + line[pos + 1 :]
        elif kind == "delete":
            lines[i] = line[:pos] + line[pos + 1 :]
        elif kind == "insert":
            lines[i] = line[:pos] + junk + line[pos:]
        elif kind == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "truncate":
            lines[i] = line[:pos]
        else:
            lines.insert(i, line)
    text = "\n".join(lines)
    for strict in (True, False):
        try:
            read = parse_trf(text, "fuzz.trf", strict=strict)
        except SkakError:
            continue
        write_trf(read.tournament)  # whatever was read can be written


def test_player_lines_are_needed(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no player lines"):
        parse_trf("012 Empty\n", "empty.trf")


def test_xxz_declares_absences_for_the_next_round() -> None:
    text = "\n".join([LINES[0], "XXZ 2 4", *LINES[1:]]) + "\n"
    t = parse_trf(text, "x.trf").tournament
    assert [p.start_number for p in t.players if p.declared_bye(3)] == [2, 4]
    with pytest.raises(InputError, match="XXZ: 'x' is not a start number"):
        parse_trf("\n".join([LINES[0], "XXZ 2 x", *LINES[1:]]), "x.trf")


ADVERSARIAL = [
    "BB",
    "XXR ²",
    "XXR 0",
    "XXZ ٣",
    "240 H 00² 0001",
    "SKT " + '{"a": ' + "1" * 5000 + "}",
    "SKT " + "[" * 100_000,
    'SKP    1 {"dsu_id": Infinity}',
    'SKP    1 {"dsu_id": 1e400}',
    'SKP    1 {"absent_rounds": [1e400]}',
    'SKP    1 {"dsu": "x", "club": 5}',
    'SKR   1 {"explanation": ["\\ud800"]}',
    'SKR   1 {"unfinished": [3], "boards": "x"}',
    'SKR   1 {"unfinished": [[1]], "boards": [1, "a"]}',
    'SKT {"scoring": {"win": "1e400"}}',
    'SKT {"scoring": {"win": "1e999999999"}}',
    'SKT {"tiebreaks": [1, 2], "settings": [1], "kind": "fast"}',
    'SKT {"number_of_rounds": "x"}',
    "042 2020/01/99999999999999999999",
    "042 24/09/10",
    "BBW 1e400",
    "BBW 1e999999999",
    "XXS W=1e400 D=1_0",
    "162  W1e40    D 0.5",
    "012 \tTab",
]


@pytest.mark.parametrize("extra", ADVERSARIAL, ids=lambda s: s[:30])
def test_adversarial_lines_give_skak_errors_only(extra: str) -> None:
    text = "\n".join([LINES[0], extra, *LINES[1:]]) + "\n"
    for strict in (True, False):
        try:
            read = parse_trf(text, "evil.trf", strict=strict)
        except SkakError as err:
            message = str(err)
            if not message.startswith("evil.trf"):
                pytest.fail(f"the error does not name the file: {message}")
            continue
        again = parse_trf(write_trf(read.tournament), "again.trf").tournament
        assert again == read.tournament


def test_two_digit_years_are_not_dates() -> None:
    t = parse_trf("\n".join([LINES[0], "042 24/09/10", *LINES[1:]]), "x.trf").tournament
    assert t.start_date is None
    assert "042 24/09/10" in t.imported_records


def test_quarter_points_survive_the_points_column() -> None:
    scoring = replace(BASE.scoring, draw=Fraction(1, 4), half_bye=Fraction(1, 4))
    t = replace(BASE, scoring=scoring)
    for extensions in (True, False):
        text = write_trf(t, extensions=extensions)
        assert " 0.25 " in text or "0.25" in text
        parse_trf(text, "q.trf")


def test_engine_records_initial_colour_bans_and_accelerations() -> None:
    extra = [
        "XXC black1",
        "XXP 1 2",
        "260 002 003    3    4    5",
        "XXA    1  1.0  1.0",
        "250      0.5 002 003 0004 0005",
    ]
    t = parse_trf("\n".join([LINES[0], *extra, *LINES[1:]]), "x.trf").tournament
    assert t.initial_colour is Colour.BLACK
    assert t.bans == (PairingBan(frozenset({1, 2})), PairingBan(frozenset({3, 4, 5}), 2, 3))
    assert t.player(1).accelerations == ((1, Fraction(1)), (2, Fraction(1)))
    assert t.player(5).accelerations == ((2, HALF), (3, HALF))
    assert t.imported_records == ()
    for version in TrfVersion:
        assert parse_trf(write_trf(t, version=version), "x.trf").tournament == t
    with pytest.raises(InputError, match="given twice, differently"):
        parse_trf("\n".join([LINES[0], "XXC white1", "152 B", *LINES[1:]]), "x.trf")
    with pytest.raises(InputError, match="do not exist: \\[77\\]"):
        parse_trf("\n".join([LINES[0], "XXP 1 77", *LINES[1:]]), "x.trf")
    kept = parse_trf("\n".join([LINES[0], "XXC rank white1", *LINES[1:]]), "x.trf").tournament
    assert kept.imported_records == ("XXC rank white1",)
    assert kept.initial_colour is Colour.WHITE
