"""An evening in Danish (issue #23 item 22): ``--lang da``, ``$SKAK_LANG`` or a Danish locale
make ``skak pair``, ``result``, ``results``, ``standings``, ``round show`` and their errors
speak the arbiters' Danish; English stays exactly as it was."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from skak.faces.cli import app, normalise_argv
from skak.store import database


def run(runner: CliRunner, *args: str, code: int = 0, env: dict[str, str] | None = None) -> Result:
    result = runner.invoke(app, normalise_argv(list(args)), env=env)
    assert result.exit_code == code, result.output + result.stderr
    return result


def said(result: Result) -> str:
    """Standard output and standard error, as one line of words (tables left as they are)."""
    return " ".join((result.stdout + result.stderr).split())


@pytest.fixture
def club(runner: CliRunner) -> Path:
    """A 5-player round robin, not paired yet (round 1: boards 1 and 2, player 1's bye on
    board 3)."""
    run(runner, "new", "Klub")
    for i in range(1, 6):
        run(runner, "players", "add", f"Spiller, {i}", "--rating", str(2000 - 10 * i))
    return Path("skak.db")


@pytest.fixture
def paired(runner: CliRunner, club: Path) -> Path:
    run(runner, "pair")
    return club


def test_pair_in_danish(runner: CliRunner, club: Path) -> None:
    text = said(run(runner, "--lang", "da", "pair", "--explain"))
    for words in ("Klub: runde 1", "Bræt", "Hvid", "Sort", "Resultat", "oversidder"):
        assert words in text
    assert "Begrundelse:" in text
    assert "round (runde)" not in text
    assert "White (hvid)" not in text


def test_round_show_in_danish(runner: CliRunner, paired: Path) -> None:
    text = said(run(runner, "--lang", "da", "round", "show", "1", "--explain"))
    assert "Klub: runde 1" in text
    assert "Begrundelse:" in text
    assert "Why (begrundelse)" not in text


def test_results_in_danish(runner: CliRunner, paired: Path) -> None:
    da = ("--lang", "da")
    entered = said(run(runner, *da, "result", "1", "1", "½-½"))
    assert entered.startswith("Runde 1 bræt 1: ")
    assert entered.endswith(" ½-½ (remis)")
    again = said(run(runner, *da, "result", "1", "1", "½-½"))
    assert again.endswith("har allerede ½-½; intet er ændret")
    corrected = said(run(runner, *da, "result", "1", "1", "1-0"))
    assert corrected.endswith(" 1-0 (hvid vandt, rettet fra ½-½)")
    forfeit = said(run(runner, *da, "result", "1", "2", "-+"))
    assert forfeit.endswith(" -+ (sort vandt, hvid udeblev)")
    batch = said(run(runner, *da, "results", "1", "1", "0"))
    assert "Runde 1: 1 resultat indtastet (1 uden ændring)" in batch
    assert "bemærk: runde 1 bræt 1 har allerede 1-0; intet er ændret" in batch


def test_standings_in_danish(runner: CliRunner, paired: Path) -> None:
    run(runner, "results", "1", "1", "½")
    result = run(runner, "--lang", "da", "standings", "--prizes", "100,50")
    table = said(result)
    assert "Klub: stilling efter runde 1" in table
    for header in ("Plads", "Nr.", "Navn", "Klub", "Rating", "Point", "Partier", "Præmie"):
        assert header in table
    notes = " ".join(result.stderr.split())
    assert "korrektion: SB (standard efter DSU §24); vælg andre med --tiebreaks" in notes
    assert "Kontante præmier: pointlige spillere deler præmierne" in notes
    assert "tie-breaks" not in notes


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["pair"], 5, "der mangler resultater (runde 1 bræt 1, 2); indtast dem med"),
        (["result", "1", "1", "2-0"], 3, "ukendt resultat '2-0'; brug et af"),
        (["result", "1", "9", "1-0"], 4, "runde 1 har intet bræt 9 (den har bræt 1–3)"),
        (["result", "1", "3", "1-0"], 3, "bræt 3 i runde 1 er oversidderen (spiller 1)"),
        (["round", "show", "7"], 4, "runde 7 findes ikke: kun runde 1 er lagt"),
        (["players", "withdraw", "9"], 4, "ingen spiller har startnummer 9"),
        (["players", "add", "Sen, Ib"], 5, "runde 1 er lagt, og"),
        (["standings", "--tiebreaks", "XX"], 3, "ukendt korrektionskode 'XX'"),
    ],
)
def test_errors_in_danish(
    runner: CliRunner, paired: Path, args: list[str], code: int, message: str
) -> None:
    result = run(runner, "--lang", "da", *args, code=code)
    assert result.stderr.startswith("fejl: "), result.stderr
    assert message in " ".join(result.stderr.split())


def test_all_rounds_paired_in_danish(runner: CliRunner, paired: Path) -> None:
    for _ in range(4):
        run(runner, "pair", "--allow-unfinished")
    result = run(runner, "--lang", "da", "pair", "--allow-unfinished", code=5)
    assert said(result) == "fejl: alle 5 runder er lagt; turneringen er slut"


def test_a_file_of_results_in_danish(runner: CliRunner, paired: Path) -> None:
    Path("r.txt").write_text("1 ½-½\nx\n2 9-9\n", encoding="utf-8")
    result = run(runner, "--lang", "da", "results", "1", "--file", "r.txt", code=3)
    assert result.stderr.splitlines() == [
        "fejl: r.txt: 2 forkerte linjer; intet er indtastet",
        "  r.txt linje 2: skriv et brætnummer og et resultat, f.eks. '3 ½-½'",
        "  r.txt linje 3: ukendt resultat '9-9'; brug et af +-, -+, --, 0-1, 1-0, unfinished, "
        "½-½ (remis også ½, =, 1/2-1/2 eller remis; udeblivelse: +- hvid vinder, -+ sort "
        "vinder, -- begge taber; korte taster: 1, 0, ½ eller =, + og -)",
    ]


@pytest.mark.parametrize(
    "env",
    [{"LANG": "da_DK.UTF-8"}, {"LC_ALL": "da_DK.UTF-8"}, {"SKAK_LANG": "da"}],
    ids=["LANG", "LC_ALL", "SKAK_LANG"],
)
def test_a_danish_locale_speaks_danish(
    runner: CliRunner, paired: Path, env: dict[str, str]
) -> None:
    assert "Klub: runde 1" in said(run(runner, "round", "show", "1", env=env))
    failed = run(runner, "result", "1", "9", "1-0", code=4, env=env)
    assert failed.stderr.startswith("fejl: runde 1 har intet bræt 9")


def test_lang_may_follow_the_command(runner: CliRunner, paired: Path) -> None:
    assert "Klub: runde 1" in said(run(runner, "round", "show", "1", "--lang", "da"))
    assert "Klub: runde 1" in said(run(runner, "round", "show", "1", "--lang=da"))
    assert normalise_argv(["result", "1", "2", "-+", "--lang", "da"]) == [
        "--lang",
        "da",
        "result",
        "1",
        "2",
        "0f-1f",
    ]


def test_a_language_skak_does_not_speak_is_a_usage_error(runner: CliRunner, club: Path) -> None:
    result = run(runner, "--lang", "de", "pair", code=2)
    assert "skak speaks da or en" in result.output + result.stderr


# -- the explanations, the crosstable, §6's report and the rating notes ("The arbiter's hall") --

#: English words of the explanations, the crosstable and the report that a Danish page or
#: table must not show (whole words).
ENGLISH_WORDS = re.compile(
    r"(?<![\w-])(bracket|players?|points|rounds?|board|floats|meets|placed|bye|white|black|"
    r"colour|preference|missing|Item|Results|Crosstable|Forfeits|Warnings|Candidate|yes|"
    r"chief|Made|warning|reached|checked|method|performance)(?![\w-])"
)


@pytest.mark.parametrize(
    ("system", "words"),
    [
        ("dutch", "pointgruppe 0: 6 spillere med 0 point"),
        ("monrad", "bræt 1: 1 (placeret 1) møder 2 (placeret 2), den nærmest følgende spiller"),
        ("dansk", "pulje 0 (pointpulje, 4.1): 1, 2, 3, 4, 5, 6"),
        ("berger", "Berger-tabel for 6 (FIDE C.06 bilag 1), runde 1"),
        ("dutch-1998", "pointgruppe 0 (A3, homogen): 6 spillere med 0 point"),
        ("dubov", "runde 1 (§5): feltet efter faldende rating i to halvdele"),
        ("knockout", "DSU Knock Out (003 §4.9.7): kvartfinale, partiplads 1"),
    ],
)
def test_pair_explains_in_danish(runner: CliRunner, system: str, words: str) -> None:
    run(runner, "new", "Hal", "--system", system)
    for i in range(1, 7):
        run(runner, "players", "add", f"Spiller, {i}", "--rating", str(2000 - 10 * i))
    text = said(run(runner, "--lang", "da", "pair", "--explain"))
    why = text.split("Begrundelse:", 1)[1]
    assert words in why
    assert not ENGLISH_WORDS.findall(why), ENGLISH_WORDS.findall(why)


@pytest.mark.parametrize(
    ("system", "words"),
    [
        ("dutch", "pointgruppe 0: 6 spillere med 0 point"),
        ("monrad", "den nærmest følgende spiller"),
        ("dansk", "pulje 0 (pointpulje, 4.1): 1, 2, 3, 4, 5, 6"),
        ("dutch-1998", "Spiller, 1 (1) – Spiller, 4 (4): hvid til 1, farveønsker"),
        ("dubov", "Spiller, 1 (1) – Spiller, 4 (4): hvid til 1 (§5: lodtrækningens farve"),
        ("knockout", "seedet 1, spiller 1 (Spiller, 1), går videre uden parti (oversidder)"),
    ],
)
def test_a_stored_round_explains_itself_in_either_language(
    runner: CliRunner, system: str, words: str
) -> None:
    """The round is paired in English and read back from the database: its explanation is
    kept as messages, so ``round show --explain`` says it in Danish too, and in English as
    it was paired."""
    run(runner, "new", "Hal", "--system", system)
    for i in range(1, 7):
        run(runner, "players", "add", f"Spiller, {i}", "--rating", str(2000 - 10 * i))
    english = said(run(runner, "pair", "--explain")).split("Why (begrundelse):", 1)[1]
    why = said(run(runner, "--lang", "da", "round", "show", "1", "--explain"))
    why = why.split("Begrundelse:", 1)[1]
    assert words in why
    assert not ENGLISH_WORDS.findall(why), ENGLISH_WORDS.findall(why)
    again = said(run(runner, "round", "show", "1", "--explain")).split("Why (begrundelse):", 1)[1]
    assert again == english


def test_a_round_stored_as_english_text_is_still_read() -> None:
    """Rounds paired before the explanation was kept as messages hold plain English lines:
    they are read as they are."""
    from skak.model.tournament import Pairing, Round
    from skak.records.tournament.codec import dump_event, load_event
    from skak.records.tournament.events import RoundPaired

    data = dump_event(RoundPaired(Round(1, (Pairing(1, 1, 2),), explanation=("old line",))))
    assert data["round"]["explanation"] == ["old line"]
    assert load_event(data).round.explanation == ("old line",)


def test_varma_draws_in_danish(runner: CliRunner) -> None:
    run(runner, "new", "Lukket", "--system", "berger")
    for i in range(1, 11):
        run(runner, "players", "add", f"Spiller, {i}", "--club", "ABC" if i < 4 else f"K{i}")
    text = said(
        run(runner, "--lang", "da", "varma", "--from-tournament", "--by", "club", "--seed", "7")
    )
    assert "Varma-lodtrækning for de 10 spillere i Lukket" in text
    assert "trækkerækkefølge (FIDE C.06 annex 2 punkt 2): klubben med flest spillere først" in text
    assert "ABC (3 spillere) trækker fra gruppe" in text
    assert "Intet er gemt" in text
    assert not ENGLISH_WORDS.findall(text), ENGLISH_WORDS.findall(text)


def test_the_crosstable_says_oversidder_in_danish(runner: CliRunner, paired: Path) -> None:
    run(runner, "results", "1", "1", "0")
    danish = said(run(runner, "--lang", "da", "crosstable", "--html", "k.html"))
    assert "Klub: krydstabel efter runde 1" in danish
    assert "oversidder" in danish and "Plads" in danish and "Navn" in danish
    assert not ENGLISH_WORDS.findall(danish), ENGLISH_WORDS.findall(danish)
    page = Path("k.html").read_text(encoding="utf-8")
    assert '<td class="cell">oversidder</td>' in page and ">bye<" not in page
    english = said(run(runner, "crosstable", "--html", "e.html", "--force"))
    assert "bye" in english and "oversidder" not in english
    assert '<td class="cell">bye</td>' in Path("e.html").read_text(encoding="utf-8")
    data = json.loads(run(runner, "--lang", "da", "crosstable", "--json").stdout)
    assert {c["mark"] for row in data["crosstable"] for c in row["rounds"] if c} >= {"bye"}


def test_the_report_in_danish(runner: CliRunner) -> None:
    from tests.cli.test_report import ITEMS, demo_with_a_warning

    demo_with_a_warning(runner)
    summary = said(run(runner, "--lang", "da", "report", "--arbiter", "Inge Holm"))
    for text in (*ITEMS, "indberetning til ratingkartoteket (§6)", "I indberetningen",
                 "stillingen og krydstabellen for 10 spillere, 9 runder; partierne i TRF-filen",
                 "nye ratingtal for 10 spillere", "1 i disciplinærregistret",
                 "Skriv filerne med --trf FIL og --html FIL."):  # fmt: skip
        assert text in summary, text
    assert not ENGLISH_WORDS.findall(summary), ENGLISH_WORDS.findall(summary)
    sent = said(run(runner, "--lang", "da", "report", "--arbiter", "Inge Holm", "--html", "r.html"))
    assert sent == "Skrev r.html Send dem til kartotek@skak.dk senest 2026-12-01"
    page = Path("r.html").read_text(encoding="utf-8")
    assert '<html lang="da">' in page
    text = " ".join(re.sub(r"<[^>]+>", " ", page.split("<body>", 1)[1]).split())
    for heading in ("Hvad §6 kræver", "Turneringsresultater", "Slutstilling", "Krydstabel",
                    "Beregnede nye ratingtal", "Opnåede kandidatresultater (§26)",
                    "Uddelte advarsler og karantæner (§7, §19)", "Udeblivelser (4.5.4.2)",
                    "Inge Holm (hoveddommer)", "advarsel i "):  # fmt: skip
        assert heading in text, heading
    assert not ENGLISH_WORDS.findall(text), ENGLISH_WORDS.findall(text)
    english = said(run(runner, "report", "--arbiter", "Inge Holm"))
    assert "report to the rating registrar (§6)" in english and "Item" in english
    data = json.loads(
        run(runner, "--lang", "da", "report", "--arbiter", "Inge Holm", "--json").stdout
    )
    assert data["items"][0]["content"].startswith("the standings and the crosstable of 10 players")
    assert data["kind"] == "standard" and data["rating"]["method"] == "difference"


def test_the_rating_notes_in_danish(runner: CliRunner) -> None:
    Path("t.json").write_text(
        json.dumps(
            {
                "edition": "dsu-2024",
                "players": [
                    {"id": "A", "rating": 1850},
                    {"id": "B", "rating": 1700},
                    {"id": "C", "rating": None},
                ],
                "games": [
                    {"white": "A", "black": "B", "result": "1-0"},
                    {"white": "C", "black": "A", "result": "0-1"},
                    {"white": "B", "black": "C", "result": "1/2-1/2"},
                ],
            }
        ),
        encoding="utf-8",
    )
    danish = said(run(runner, "--lang", "da", "rating", "calc", "t.json"))
    assert "Rating (dsu-2024, differensmetoden)" in danish
    assert "C: præstationsrating " in danish
    assert "performance" not in danish and "method" not in danish
    english = said(run(runner, "rating", "calc", "t.json"))
    assert "Rating (dsu-2024, difference method)" in english
    assert "C: performance rating " in english


# -- English is unchanged -------------------------------------------------------------------


def test_english_is_the_default_and_lang_en_changes_nothing(runner: CliRunner, club: Path) -> None:
    paired = run(runner, "pair")
    assert "Klub: round (runde) 1" in paired.stdout
    assert "White (hvid)" in paired.stdout
    assert "bye (oversidder)" in paired.stdout
    entered = said(run(runner, "result", "1", "1", "½-½"))
    assert entered == "Round 1 board 1: Spiller, 2 – Spiller, 5 ½-½ (draw (remis))"
    batch = said(run(runner, "results", "1", "½", "0"))
    assert batch == (
        "Round 1: 1 result entered (1 unchanged) "
        "note: round 1 board 1 has ½-½ already; nothing changed"
    )
    standings = run(runner, "standings", "--prizes", "100,50")
    assert "Klub: standings (stilling) after round 1" in standings.stdout
    assert "tie-breaks: SB (DSU §24 default); choose others with --tiebreaks" in standings.stderr
    # Commands that change nothing say exactly the same with --lang en, also in a Danish locale.
    for args in (
        ["round", "show", "1", "--explain"],
        ["standings", "--prizes", "100,50"],
        ["result", "1", "9", "1-0"],
        ["result", "1", "1", "2-0"],
        ["round", "show", "7"],
        ["players", "withdraw", "9"],
    ):
        english = runner.invoke(app, args)
        chosen = runner.invoke(app, ["--lang", "en", *args])
        in_danish = runner.invoke(app, ["--lang", "en", *args], env={"LANG": "da_DK.UTF-8"})
        assert (chosen.stdout, chosen.stderr) == (english.stdout, english.stderr), args
        assert (in_danish.stdout, in_danish.stderr) == (english.stdout, english.stderr), args
    run(runner, "pair")
    missing = run(runner, "pair", code=5)
    assert missing.stderr.startswith("error: results are missing (round 2 boards 1, 2)")


# -- a busy database ------------------------------------------------------------------------


@pytest.fixture
def writer_holding(club: Path) -> Iterator[None]:
    """Another process holding the write lock (see test_database_safety)."""
    script = (
        "import sqlite3, sys\n"
        f"conn = sqlite3.connect({str(club.resolve())!r}, isolation_level=None)\n"
        "conn.execute('BEGIN IMMEDIATE')\n"
        "print('holding', flush=True)\n"
        "sys.stdin.read()\n"
        "conn.rollback()\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "holding"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)


@pytest.mark.sqlite_only  # SQLite's file lock
def test_a_busy_database_in_danish(
    runner: CliRunner, writer_holding: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 200)
    result = run(runner, "--lang", "da", "--wait", "0", "pair", code=9)
    text = " ".join(result.stderr.split())
    assert text.startswith("fejl: databasen ")
    assert text.endswith(
        "er optaget: en anden skak-kommando skriver i den. Intet er skrevet; prøv igen om et "
        "øjeblik"
    )
