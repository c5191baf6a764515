"""CSV player lists (skak.io.players_csv)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.errors import InputError
from skak.io.players_csv import decode_text, parse_players_csv
from skak.model import Player, Round, Sex, Title, Tournament
from tests.dsl import build, game


def _empty() -> Tournament:
    return Tournament("T", "berger")


def test_danish_spreadsheet_export() -> None:
    text = decode_text(
        "Navn;Køn;Født;Klub;Ratingtal;Elo;Titel;Medlemsnummer;FIDE_ID;Land\r\n"
        "Kjær, Søren;m;17-05-1970;Århus Skakklub;2210;2230;FM;123456;1400000;den\r\n"
        "Ærø, Åse;k;2001-01-02;Brønshøj;1705;;;;;\r\n".encode("cp1252")
    )
    a, b = parse_players_csv(text, "liste.csv", _empty())
    assert a.name == "Kjær, Søren"
    assert a.sex is Sex.MALE
    assert a.birth_date == date(1970, 5, 17)
    assert a.club == "Århus Skakklub"
    assert (a.ratings.dsu, a.ratings.fide) == (2210, 2230)
    assert a.title is Title.FM
    assert (a.dsu_id, a.fide_id, a.federation) == (123456, 1400000, "DEN")
    assert (b.start_number, b.sex, b.ratings.fide, b.federation) == (2, Sex.FEMALE, None, None)


def test_utf8_with_bom_and_commas() -> None:
    text = decode_text('\ufeffname,rating,start_number\n"Berg, Anna",1720,7\nOle,1600,\n'.encode())
    a, b = parse_players_csv(text, "x.csv", _empty())
    assert (a.start_number, a.name, b.start_number, b.name) == (7, "Berg, Anna", 8, "Ole")


def test_last_and_first_name_columns() -> None:
    (p,) = parse_players_csv("efternavn,fornavn\nHansen,Jens\n", "x.csv", _empty())
    assert p.name == "Hansen, Jens"


def test_numbering_continues_and_late_entries_after_round_one() -> None:
    t = build(4, game(1, 1, 4, "1-0"), game(1, 2, 3, "0-1"))
    (p,) = parse_players_csv("name\nNy, Spiller\n", "x.csv", t)
    assert p.start_number == 5
    assert p.late_from == 2
    assert isinstance(t.rounds[0], Round)


def test_duplicate_start_numbers_in_file_and_against_the_tournament() -> None:
    t = build(2)
    with pytest.raises(InputError) as info:
        parse_players_csv("nr,name\n2,A\n5,B\n5,C\n", "x.csv", t)
    assert info.value.problems == (
        "x.csv line 2: start number (startnummer) 2 is taken by Player, 2",
        "x.csv line 4: start number (startnummer) 5 is taken by B",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("navn,hobby\nA,skak\n", "unknown column 'hobby'"),
        ("klub\nAarhus\n", "no 'name' (navn) column"),
        ("name\n\n\n", "lists no players"),
    ],
)
def test_unusable_files(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_players_csv(text, "x.csv", _empty())
    assert message in str(info.value)
    assert info.value.location == "x.csv"


# -- issue 23 item 6: every malformed file an InputError, CR line ends, linear time ----------


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_every_kind_of_line_end(newline: str) -> None:
    """Excel's "CSV (Macintosh)" ends lines with CR alone."""
    text = newline.join(["name;rating", "Berg, Anna;1720", "Ole;x", ""])
    with pytest.raises(InputError) as info:
        parse_players_csv(decode_text(text.encode("cp1252")), "mac.csv", _empty())
    assert info.value.problems == ("mac.csv line 3: DSU rating 'x' is not a whole number",)
    fixed = text.replace(";x", ";1600")
    a, b = parse_players_csv(fixed, "mac.csv", _empty())
    assert (a.name, a.ratings.dsu, b.name, b.ratings.dsu) == ("Berg, Anna", 1720, "Ole", 1600)


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b'\r"\n', "x.csv"),  # the smallest crash the fuzzer found: an empty header
        (b'"' + b"x" * 200_000 + b'"\n', "x.csv line 1"),  # a header cell beyond csv's limit
        (b'name\n"' + b"x" * 200_000 + b'"\n', "x.csv line 2"),  # and a player's cell
    ],
    ids=["cr-quote-lf", "huge-header-cell", "huge-cell"],
)
def test_malformed_csv_is_an_input_error_naming_the_line(data: bytes, where: str) -> None:
    with pytest.raises(InputError) as info:
        parse_players_csv(decode_text(data), "x.csv", _empty())
    named = {info.value.location, *(p.split(":")[0] for p in info.value.problems)}
    assert where in named


_CSV_TOKENS = [
    b"name", b"navn", b"rating", b"nr", b"klub", b"f\xf8dt", b"titel", b"k\xf8n", b",", b";",
    b"\t", b'"', b"\r", b"\n", b"\r\n", b"\x00", b"\xff\xfe", b"A", b"1500",
    b"99999999999999999999", b"2001-02-30", b"GM", b"m", b" ", b"-1",
]  # fmt: skip


def _players_or_error(text: str, source: str) -> tuple[Player, ...] | InputError:
    try:
        return parse_players_csv(text, source, _empty())
    except InputError as err:
        return err


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.binary(max_size=200),
        st.lists(st.sampled_from(_CSV_TOKENS), max_size=40).map(b"".join),
    )
)
def test_fuzzed_bytes_give_players_or_an_input_error(data: bytes) -> None:
    """Any bytes: players, or an InputError naming the file; never another exception."""
    got = _players_or_error(decode_text(data), "fuzz.csv")
    if isinstance(got, InputError):
        assert got.location is not None and got.location.startswith("fuzz.csv")
    else:
        assert got


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,rating\nAnna,1500" + "," * 160_000 + "\n", None),  # empty trailing fields
        ("name," * 40_000 + "\nA\n", "says the same as an earlier column"),
    ],
    ids=["160000-trailing-commas", "40000-header-columns"],
)
def test_long_lines_are_read(text: str, message: str | None) -> None:
    """Trailing empty fields were cut one at a time (160 000 commas took 16 s), and each
    header cell was looked for among the columns before it. The time is measured by
    ``benchmarks/linear_inputs.py``, not here: a test asserts no wall-clock limit."""
    got = _players_or_error(text, "x.csv")
    if message is None:
        assert not isinstance(got, InputError) and [p.name for p in got] == ["Anna"]
    else:
        assert isinstance(got, InputError) and message in str(got)
