"""CSV player lists (skak.io.players_csv)."""

from __future__ import annotations

from datetime import date

import pytest

from skak.errors import InputError
from skak.io.players_csv import decode_text, parse_players_csv
from skak.model import Round, Sex, Title, Tournament
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
