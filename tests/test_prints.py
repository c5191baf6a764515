"""The prints as PDF (issue 37 item 5): every kind is a whole PDF file whose pages name the
tournament, the round and the day; the lists hold what their views hold, in their order;
Danish under ``--lang da``; ``skak print`` writes the file and names what is wrong."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest
from click.testing import Result as CliResult
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app, normalise_argv
from skak.faces.pdf import (
    PrintOptions,
    alphabetical_pdf,
    cards_pdf,
    crosstable_pdf,
    pairings_pdf,
    report_pdf,
    standings_pdf,
)
from skak.faces.pdf._sheet import printable
from skak.model import Player, Ratings, Result, Tournament
from skak.views import (
    crosstable_view,
    name_key,
    round_view,
    seats,
    standings_view,
)

DAY = date(2026, 11, 29)

#: Five players (one has the bye each round), with the letters a Danish list must print.
NAMES = ["Ærø, Åge", "Østergaard, Søren", "Andersen, Anna", "Bruun, Bent", "Wójcik, Łukasz"]


def pdf_texts(data: bytes) -> list[str]:
    """The strings an uncompressed PDF of Helvetica's shows (``(…) Tj``), in order."""
    assert data.startswith(b"%PDF-"), data[:20]
    assert data.rstrip().endswith(b"%%EOF")
    assert b"xref" in data and b"/Type /Catalog" in data
    found = re.findall(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", data)
    escapes = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"(": b"(", b")": b")", b"\\": b"\\"}

    def unescape(raw: bytes) -> str:
        out = re.sub(rb"\\(.)", lambda m: escapes.get(m.group(1), m.group(1)), raw)
        return out.decode("cp1252")

    return [unescape(t) for t in found]


def pages(data: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b", data))


@pytest.fixture
def tournament() -> Tournament:
    """A Monrad tournament of five after two rounds, the second without results."""
    s = Skak(":memory:", create=True, actor="test")
    t = Tournament("Efterårsturnering 2026", "monrad", number_of_rounds=5, place="Aarhus")
    tid = s.tournaments.create(t).id
    field = [Player(i, n, ratings=Ratings(dsu=2100 - 50 * i)) for i, n in enumerate(NAMES, 1)]
    s.tournaments.add_players(tid, lambda _t: field)
    s.tournaments.pair(tid)
    for board, result in enumerate((Result.WHITE_WIN, Result.DRAW), start=1):
        s.tournaments.enter_result(tid, 1, board, result)
    s.tournaments.pair(tid)
    done = s.tournaments.get(tid)
    s.close()
    return done


def options(lang: str = "en", **kw: object) -> PrintOptions:
    return PrintOptions(lang, DAY, compress=False, **kw)  # type: ignore[arg-type]


def test_the_pairing_list_holds_every_board_in_order(tournament: Tournament) -> None:
    view = round_view(tournament, 2)
    data = pairings_pdf(view, options())
    texts = pdf_texts(data)
    assert texts[0] == "Efterårsturnering 2026"  # the heading: tournament, round, day
    assert "Round 2: pairings by board" in texts and "2026-11-29" in texts
    assert any(
        "Efterårsturnering 2026 · Round 2: pairings by board · 2026-11-29" in t for t in texts
    )
    at = []
    for b in view.pairings:
        white = texts.index(printable(f"{b.white_name} ({b.white})"))
        if b.is_bye:
            at.append(white)
            continue
        black = texts.index(printable(f"{b.black_name} ({b.black})"))
        assert texts[white - 1] == str(b.board) and black == white + 1
        at.append(white)
    assert at == sorted(at)
    assert len(view.pairings) + len(view.byes) == 3
    # Danish letters as they are; Ł, outside Helvetica's letters, as its nearest one
    assert "Ærø, Åge (1)" in texts or any("Ærø, Åge" in t for t in texts)
    assert any("Wójcik, Lukasz" in t for t in texts)
    assert pages(data) == 1
    large = pairings_pdf(view, options(large=True))
    assert re.search(rb"/F\d+ 18(\.00)? Tf", large) and not re.search(rb"/F\d+ 18(\.00)? Tf", data)
    whole = " ".join(pdf_texts(large))  # a long name may wrap in large type: its words are there
    for b in view.pairings:
        assert all(word in whole for word in printable(b.white_name).split())


def test_the_alphabetical_list_has_every_player_once(tournament: Tournament) -> None:
    view = round_view(tournament, 1)
    rows = seats(view)
    assert [r.name for r in rows] == [
        "Andersen, Anna", "Bruun, Bent", "Wójcik, Łukasz", "Ærø, Åge", "Østergaard, Søren",
    ]  # fmt: skip
    assert sorted(r.start_number for r in rows) == [1, 2, 3, 4, 5]
    texts = pdf_texts(alphabetical_pdf(view, options()))
    names = [t for t in texts if t in {printable(n) for n in NAMES}]
    assert names == [printable(r.name) for r in rows]
    paired = [r for r in rows if r.colour is not None]
    assert len(paired) == 4 and {r.opponent for r in paired} == {r.start_number for r in paired}
    bye = next(r for r in rows if r.colour is None)
    i = texts.index(printable(bye.name))
    assert texts[i + 1] == str(bye.start_number)
    assert "Round 1: who plays where" in texts


def test_name_key_files_the_danish_letters_last() -> None:
    names = ["Åberg", "Zeuthen", "Ærø", "Øster", "Ebbe", "Élise", "ærlig"]
    assert sorted(names, key=name_key) == [
        "Ebbe",
        "Élise",
        "Zeuthen",
        "ærlig",
        "Ærø",
        "Øster",
        "Åberg",
    ]


def test_the_result_slips_one_for_each_game(tournament: Tournament) -> None:
    view = round_view(tournament, 2)
    data = cards_pdf(view, options())
    texts = pdf_texts(data)
    games = [b for b in view.pairings if not b.is_bye]
    for b in games:
        assert f"Round 2, board {b.board}" in texts
        assert printable(f"{b.white_name} ({b.white})") in texts
        assert printable(f"{b.black_name} ({b.black})") in texts
    assert texts.count("White's signature") == len(games) == 2
    assert texts.count("½–½") == len(games)
    assert pages(data) == 1


def test_eight_slips_to_a_page() -> None:
    s = Skak(":memory:", create=True, actor="test")
    tid = s.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=3)).id
    field = [Player(i, f"Spiller {i:02}", ratings=Ratings(dsu=2000 - i)) for i in range(1, 20)]
    s.tournaments.add_players(tid, lambda _t: field)
    s.tournaments.pair(tid)
    view = round_view(s.tournaments.get(tid), 1)
    s.close()
    data = cards_pdf(view, options())
    texts = pdf_texts(data)
    assert pages(data) == 2  # nine games
    assert [t for t in texts if t.startswith("Round 1, board")] == [
        f"Round 1, board {n}" for n in range(1, 10)
    ]
    footings = [t for t in texts if t.startswith("Lyn · Round 1: result slips · 2026-11-29")]
    assert len(footings) == 2


def test_standings_and_crosstable(tournament: Tournament) -> None:
    view = standings_view(tournament, after_round=1)
    texts = pdf_texts(standings_pdf(view, options()))
    assert "Standings after round 1" in texts
    order = [texts.index(printable(r.name)) for r in view.standings]
    assert order == sorted(order) and len(order) == 5
    cross = crosstable_view(tournament, after_round=1)
    texts = pdf_texts(crosstable_pdf(cross, options()))
    assert "Crosstable after round 1" in texts
    for row in cross.crosstable:
        assert printable(row.name) in texts
        cell = row.rounds[0]
        assert cell is not None and printable(cell.mark) in texts


def test_danish_texts_under_da(tournament: Tournament) -> None:
    view = round_view(tournament, 2)
    texts = pdf_texts(pairings_pdf(view, options("da")))
    assert "Runde 2: rundelægning efter bræt" in texts
    assert {"Bræt", "Hvid", "Sort", "Resultat"} <= set(texts)
    assert any(t.startswith("side 1/") for t in texts)
    slips = pdf_texts(cards_pdf(view, options("da")))
    assert "Hvids underskrift" in slips and "Runde 2, bræt 1" in slips
    alpha = pdf_texts(alphabetical_pdf(view, options("da")))
    assert {"Navn", "Farve", "Modstander"} <= set(alpha)


def test_the_qr_code_is_drawn_where_asked(tournament: Tournament) -> None:
    view = round_view(tournament, 2)
    plain = pairings_pdf(view, options())
    with_qr = pairings_pdf(view, options(qr_url="https://skak.example/t/1/rounds/2"))
    squares = len(re.findall(rb" re f\b", with_qr)) - len(re.findall(rb" re f\b", plain))
    assert squares > 150  # a version-2 code's dark modules, each a filled square


def test_printable_keeps_danish_and_replaces_the_rest() -> None:
    assert printable("Æblegrød ½ – ¼") == "Æblegrød ½ – ¼"
    assert printable("Łukasz Čech 3s−") == "Lukasz Cech 3s–"
    assert printable("Иван") == "????"


# -- skak print ----------------------------------------------------------------------------


def run(runner: CliRunner, *args: str, code: int = 0) -> CliResult:
    result = runner.invoke(app, normalise_argv(list(args)))
    assert result.exit_code == code, result.output + result.stderr
    return result


def said(result: CliResult) -> str:
    return " ".join((result.stdout + result.stderr).split())


def test_skak_print_writes_each_kind(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "demo")
    for kind in ("pairings", "alphabetical", "cards", "standings", "crosstable"):
        out = said(run(runner, "print", kind, "--round", "3", "-o", f"{kind}.pdf"))
        assert f"Wrote {kind}.pdf" in out
        data = (tmp_path / f"{kind}.pdf").read_bytes()
        assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    run(runner, "print", "pairings", "--large", "-o", "large.pdf")
    run(runner, "print", "report", "--arbiter", "Inge Holm", "-o", "report.pdf")
    assert (tmp_path / "report.pdf").read_bytes().startswith(b"%PDF-")
    assert "Skrev da.pdf" in said(run(runner, "--lang", "da", "print", "cards", "-o", "da.pdf"))


def test_skak_print_names_what_is_wrong(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "demo")
    out = said(run(runner, "print", "pairings", "--round", "12", "-o", "p.pdf", code=4))
    assert "has no round 12: rounds 1 to 9 are paired" in out
    out = said(
        run(runner, "--lang", "da", "print", "pairings", "--round", "12", "-o", "p.pdf", code=4)
    )
    assert "har ingen runde 12: runde 1 til 9 er lagt" in out
    out = said(run(runner, "print", "pairings", "-o", "missing/dir/p.pdf", code=3))
    assert "missing/dir/p.pdf" in out and "cannot write" in out
    assert "no print is called poster" in said(
        run(runner, "print", "poster", "-o", "p.pdf", code=3)
    )
    assert "ending in .pdf" in said(run(runner, "print", "cards", "-o", "p.txt", code=3))
    (tmp_path / "keep.pdf").write_bytes(b"mine")
    assert "the file exists already" in said(
        run(runner, "print", "cards", "-o", "keep.pdf", code=3)
    )
    assert (tmp_path / "keep.pdf").read_bytes() == b"mine"
    assert not (tmp_path / "p.pdf").exists()


def test_the_report_holds_what_section_6_asks_for(runner: CliRunner, tmp_path: Path) -> None:
    from skak.views.report import report_view

    run(runner, "demo")
    s = Skak(tmp_path / "skak.db", actor="test")
    try:
        t = s.tournaments.get(None)
        view = report_view(t, s.discipline.get(), ["Inge Holm", "Ole Olsen"], today=DAY)
    finally:
        s.close()
    texts = pdf_texts(report_pdf(view, options("da")))
    whole = " ".join(texts)
    for item in view.items:
        assert printable(item.item) in texts
    assert "Inge Holm (hoveddommer), Ole Olsen" in whole
    assert "Turneringsresultater" in texts and "Krydstabel" in texts
    for row in view.rating.players:
        assert printable(row.name) in texts
    assert texts[0] == printable(view.tournament)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
def test_pictures_of_the_prints(tournament: Tournament) -> None:
    """The README's pictures of two prints (``$SKAK_SCREENSHOTS``, default ``/tmp``):
    poppler's ``pdftoppm`` draws the first page of each as PNG."""
    folder = Path(os.environ.get("SKAK_SCREENSHOTS", "/tmp"))
    view = round_view(tournament, 2)
    qr = "https://skak.example/t/1/rounds/2"
    for name, data in (
        ("print-pairings", pairings_pdf(view, PrintOptions("da", DAY, large=True, qr_url=qr))),
        ("print-cards", cards_pdf(view, PrintOptions("da", DAY, qr_url=qr))),
    ):
        pdf = folder / f"{name}.pdf"
        pdf.write_bytes(data)
        subprocess.run(
            ["pdftoppm", "-r", "50", "-png", "-singlefile", "-f", "1", "-l", "1", str(pdf),
             str(folder / name)],
            check=True,
        )  # fmt: skip
        pdf.unlink()
        png = (folder / f"{name}.png").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 5000


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) missing")
def test_a_reader_reads_the_compressed_print(tournament: Tournament, tmp_path: Path) -> None:
    """The print as made for a user (compressed), read back by poppler: the Danish letters,
    the half point and the heading as a reader shows them."""
    path = tmp_path / "p.pdf"
    path.write_bytes(
        pairings_pdf(round_view(tournament, 1), PrintOptions("da", DAY, qr_url="https://x/t/1"))
    )
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    text = done.stdout
    expected = [
        "Efterårsturnering 2026",
        "Runde 1: rundelægning efter bræt",
        "2026-11-29",
        "Ærø, Åge (1)",
        "Østergaard, Søren (2)",
        "½-½",
        "oversidder",
        "side 1/1",
    ]
    assert [e for e in expected if e not in text] == [], text
