"""Correspondence chess on the web (issue 36 item 6): a group's public page — standings by
6.5.4.1, its games and players, the classes it leads to once finished (6.5.3.2); its leader
(the ``correspondence`` role on the group) enters a card and a result, and a non-leader is
refused (403, nothing written); the overdue report lists the silent opponent (6.3.4) and the
overstep (6.3.3.1) as of a day, with the letters they call for, as a page and as PDF; the
pages in Danish."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from tests.records.correspondence.helpers import enter_results
from tests.web.conftest import CHEAP, log_in, text_of

D = dt.date
GROUP = "EMT K 2011/3"
SEVEN = "ABCDEFG"
PASSWORD = "korrespondance-6"
LEADER = "Tove Turneringsleder"
OTHER = "Lars Ligaleder"
#: 6.5.4.1's case (tests/records/correspondence): A and C on 4 points, B third.
WINS = {("A", "B"): "1-0", ("A", "D"): "1-0", ("C", "E"): "1-0", ("C", "F"): "1-0",
        ("B", "G"): "1-0"}  # fmt: skip


def make_group(skak: Skak) -> int:
    """A postal EMT group of seven in class K, every game finished but F–G, which has had
    three cards (F's 1. e4 on 1/9, G's 1... c5 on 5/9, F's 2. Nf3 on Thursday 8/9, which G
    received on Friday 9/9); :returns: its id."""
    from skak.records.correspondence.commands import Entrant

    row = skak.correspondence.new(GROUP, "emt", D(2011, 9, 1), emt_class="K")
    skak.correspondence.enter_players(
        GROUP, [Entrant(n, 1000 + i, 1900 + 10 * i) for i, n in enumerate(SEVEN, 1)]
    )
    results = {}
    for i, a in enumerate(SEVEN):
        for b in SEVEN[i + 1 :]:
            if (a, b) != ("F", "G"):
                results[(a, b)] = WINS.get((a, b), "1/2-1/2")
    enter_results(skak, GROUP, results)
    skak.correspondence.card(GROUP, "6-7", "1. e4", sent=D(2011, 9, 1))
    skak.correspondence.card(GROUP, "6-7", "1... c5", received=D(2011, 9, 3), sent=D(2011, 9, 5))
    skak.correspondence.card(GROUP, "6-7", "2. Nf3", received=D(2011, 9, 7), sent=D(2011, 9, 8))
    return row.id


@pytest.fixture
def gid(skak: Skak) -> int:
    """:func:`make_group`'s group, its leader's account and a league leader's, who leads no
    correspondence group."""
    gid = make_group(skak)
    skak.accounts.add(LEADER, PASSWORD, roles=[Grant(Role.CORRESPONDENCE, gid)], hasher=CHEAP)
    skak.accounts.add(OTHER, PASSWORD, roles=[Grant(Role.LEADER, gid)], hasher=CHEAP)
    return gid


def _game(skak: Skak, gid: int, label: str) -> int:
    return next(g.number for g in skak.correspondence.players(gid).games if g.game == label)


def test_the_public_page_shows_the_standings_games_and_players(
    client: TestClient, skak: Skak, gid: int
) -> None:
    listed = text_of(client.get("/corr").text)
    assert GROUP in listed and "20 of 21 games finished" in listed
    html = client.get(f"/corr/{gid}").text
    text = text_of(html)
    assert "class K" in text and "by post" in text
    places = re.findall(r'<th scope="row">([A-G])', html)
    assert places[:3] == ["A", "C", "B"]  # 6.5.4.1: A before C on Sonneborn-Berger
    assert "6-7 F G" in text  # the game being played, without a result
    assert "not every game is finished" in text and "Next season" not in text
    assert client.post(f"/corr/{gid}").status_code == 405
    number = _game(skak, gid, "6-7")
    assert f'href="/corr/{gid}/game/{number}"' in html
    game = text_of(client.get(f"/corr/{gid}/game/{number}").text)
    assert "Game 6-7: F – G" in game and "1. e4 c5 2. Nf3" in game
    # G's 1... c5: received Saturday 3/9, sent Monday 5/9: 2 days (6.3.2's weekend rule)
    assert "2 1... c5 2011-09-05 2 2" in game
    assert client.get(f"/corr/{gid}/game/99").status_code == 404


def test_the_leader_enters_a_card_and_the_result_and_the_classes_follow(
    client: TestClient, skak: Skak, gid: int
) -> None:
    csrf = log_in(client, LEADER, PASSWORD)
    number = _game(skak, gid, "6-7")
    page = client.get(f"/leader/corr/{gid}").text
    assert f'id="game-{number}"' in page and 'name="moves"' in page
    assert 'name="players"' not in page  # the play has begun: the list stands
    card = client.post(
        f"/leader/corr/{gid}/card",
        data={
            "csrf": csrf,
            "game": str(number),
            "moves": "2... Nc6",
            "received": "2011-09-09",
            "sent": "2011-09-12",
        },
        follow_redirects=False,
    )
    assert card.status_code == 303, card.text
    assert skak.correspondence.game(gid, "6-7").san == "1. e4 c5 2. Nf3 Nc6"
    version = skak.correspondence.version(gid)
    bad = client.post(
        f"/leader/corr/{gid}/card",
        data={
            "csrf": csrf,
            "game": str(number),
            "moves": "3. Ke3",
            "received": "2011-09-14",
            "sent": "2011-09-15",
        },
    )
    assert bad.status_code == 400 and "is illegal" in text_of(bad.text)
    assert skak.correspondence.version(gid) == version  # refused: nothing written
    done = client.post(
        f"/leader/corr/{gid}/result",
        data={"csrf": csrf, "game": str(number), "result": "1/2-1/2"},
        follow_redirects=False,
    )
    assert done.status_code == 303, done.text
    assert skak.correspondence.get(gid).game(number).result == "1/2-1/2"
    assert "Result entered" in client.get(f"/leader/corr/{gid}").text
    public = text_of(client.get(f"/corr/{gid}").text)
    # 6.5.3.2 a: the first places (A and C, equal on points) go up to M; B stays in K
    assert "A: promoted to M" in public and "C: promoted to M" in public
    assert "B: stays in K" in public


def test_a_non_leader_is_refused_and_nothing_is_written(
    client: TestClient, skak: Skak, gid: int
) -> None:
    number = _game(skak, gid, "6-7")
    version = skak.correspondence.version(gid)
    csrf = log_in(client, OTHER, PASSWORD)
    refused = client.post(
        f"/leader/corr/{gid}/result",
        data={"csrf": csrf, "game": str(number), "result": "1-0"},
    )
    assert refused.status_code == 403 and OTHER in text_of(refused.text)
    card = client.post(
        f"/leader/corr/{gid}/card",
        data={
            "csrf": csrf,
            "game": str(number),
            "moves": "2... Nc6",
            "received": "2011-09-09",
            "sent": "2011-09-12",
        },
    )
    assert card.status_code == 403
    new = client.post(
        "/leader/corr/new", data={"csrf": csrf, "name": "EMT M 2012/1", "detail": "M"}
    )
    assert new.status_code == 403
    assert skak.correspondence.version(gid) == version
    assert skak.correspondence.get(gid).game(number).result is None
    assert [g.name for g in skak.correspondence.lines()] == [GROUP]
    client.post("/logout", data={"csrf": csrf})
    # without a login, the leader's pages ask for one and nothing is written
    assert client.post(f"/leader/corr/{gid}/result", data={"game": "1"}).status_code == 401
    assert skak.correspondence.version(gid) == version


def test_a_leader_creates_a_group_and_enters_its_players(client: TestClient, skak: Skak) -> None:
    skak.accounts.add(LEADER, PASSWORD, roles=[Grant(Role.CORRESPONDENCE)], hasher=CHEAP)
    csrf = log_in(client, LEADER, PASSWORD)
    made = client.post(
        "/leader/corr/new",
        data={
            "csrf": csrf,
            "name": "EMT M 2026/1",
            "event": "emt",
            "detail": "M",
            "start": "2026-03-01",
            "mode": "email",
        },
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    gid = int(made.headers["location"].rsplit("/", 1)[1])
    csv = (
        "name;member;rating;club\n"
        "Hansen, Ib;101;1850;Skovlunde\n"
        "Lund, Eva;102;1900;\n"
        "Møller, Jo;;;\n"
    )
    entered = client.post(
        f"/leader/corr/{gid}/players", data={"csrf": csrf, "players": csv}, follow_redirects=False
    )
    assert entered.status_code == 303, entered.text
    view = skak.correspondence.players(gid)
    assert [(p.name, p.member, p.rating) for p in view.players] == [
        ("Hansen, Ib", 101, 1850), ("Lund, Eva", 102, 1900), ("Møller, Jo", None, None),
    ]  # fmt: skip
    assert len(view.games) == 3 and view.mode == "email"
    bad = client.post(f"/leader/corr/{gid}/players", data={"csrf": csrf, "players": "name\nSolo\n"})
    assert bad.status_code == 400 and "at least 2 players" in text_of(bad.text)
    assert len(skak.correspondence.players(gid).players) == 3


def test_the_overdue_report_and_its_letters(client: TestClient, skak: Skak, gid: int) -> None:
    log_in(client, LEADER, PASSWORD)
    # 6.3.4: F has not heard from G since 5/9 (received 9/9): he repeats from 24/9 and the
    # TL is told from 1/10
    report = text_of(client.get(f"/leader/corr/{gid}/overdue?as_of=2011-10-03").text)
    assert "Due on 2011-10-03" in report
    assert "game 6-7 (F – G): G is silent after the repetition" in report
    assert "1 letter to print" in report
    letters = text_of(client.get(f"/leader/corr/{gid}/letters?as_of=2011-10-03").text)
    assert "To G" in letters and "F has repeated his last move in game 6-7" in letters
    quiet = text_of(client.get(f"/leader/corr/{gid}/overdue?as_of=2011-09-23").text)
    assert "Nothing is due on 2011-09-23" in quiet and "2011-09-24" in quiet
    # by 20/10 G has used 43 days on his move: more than 30 before his 10th (6.3.3.1)
    late = text_of(client.get(f"/leader/corr/{gid}/overdue?as_of=2011-10-20").text)
    assert "G overstepped the time on his move 2 (43 days, more than 30 by move 10" in late
    assert "2 letters to print" in late  # to G and to F
    pdf = client.get(f"/leader/corr/{gid}/letters.pdf?as_of=2011-10-20")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert (
        pdf.content.startswith(b"%PDF")
        and "letters-2011-10-20.pdf" in pdf.headers["content-disposition"]
    )
    early = client.get(f"/leader/corr/{gid}/overdue?as_of=2011-08-01")
    assert early.status_code == 400 and "before the group's start" in text_of(early.text)


def test_the_pages_in_danish(client: TestClient, skak: Skak, gid: int) -> None:
    public = text_of(client.get(f"/corr/{gid}?lang=da").text)
    assert "Korrespondanceskak" in text_of(client.get("/corr?lang=da").text)
    assert "Stilling" in public and "klasse K" in public and "pr. post" in public
    log_in(client, LEADER, PASSWORD)
    report = text_of(client.get(f"/leader/corr/{gid}/overdue?as_of=2011-10-03&lang=da").text)
    assert "G er tavs efter gentagelsen" in report and "Forfaldne frister" in report
    letters = text_of(client.get(f"/leader/corr/{gid}/letters?as_of=2011-10-03&lang=da").text)
    assert "Til G" in letters and "Turneringslederen (TL)" in letters


def test_the_letters_pdf_has_the_list_then_a_page_a_letter() -> None:
    from skak.faces.pdf import Letter, PrintOptions, letters_pdf
    from tests.test_prints import pages, pdf_texts

    letters = [
        Letter("G", "game 6-7 (F – G)", "In game 6-7 (F – G) G overstepped the time."),
        Letter("F", "game 6-7 (F – G)", "In game 6-7 (F – G) G overstepped the time."),
    ]
    options = PrintOptions("da", D(2011, 10, 20), compress=False)
    data = letters_pdf(GROUP, "Breve efter fristlisten, 2011-10-20", letters, options)
    texts = pdf_texts(data)
    assert pages(data) == 3  # the list, and each letter on a page of its own
    assert "Til G" in texts and "Til F" in texts and "Turneringslederen (TL)" in texts
    assert "Brev 2 af 2" in texts
    assert texts.index("Til G") < texts.index("Til F")
    empty = pdf_texts(
        letters_pdf(GROUP, "Letters", [], PrintOptions("en", D(2011, 10, 20), compress=False))
    )
    assert "No letter is due." in empty
