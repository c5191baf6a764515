"""The hall screen (``/t/{id}/screen``): the current round and the standings in large type
with a QR code to the public pages; its small address answers 204 while nothing changed and
the new parts once the tournament moved; the QR code as a file of its own (``qr.svg``)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak, qr_svg
from skak.faces.web import screen
from skak.model import Result
from tests.web.conftest import text_of
from tests.web.test_language import ENGLISH


def test_the_screen_shows_the_round_the_standings_and_the_qr_code(
    client: TestClient, skak: Skak, tid: int
) -> None:
    skak.tournaments.pair(tid)
    skak.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
    html = client.get(f"/t/{tid}/screen").text
    # the QR code leads to the public pages, on the address the reader used
    assert qr_svg(f"http://testserver/t/{tid}") in html
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html
    text = text_of(html)
    assert "Round 1: pairings and results" in text
    assert "Standings after round 1" in text
    board = skak.tournaments.get(tid).round(1).pairings[0]
    white = skak.tournaments.get(tid).player(board.white).name
    assert re.search(rf"1 {re.escape(white)} 1-0 ", text)
    version = skak.tournaments.version(tid)
    assert f'data-version="{version}"' in html
    assert 'src="/static/screen.js"' in html


def test_the_qr_code_is_made_of_the_public_address(
    client: TestClient, tid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def fake(url: str) -> str:
        asked.append(url)
        return "<svg>fake</svg>"

    monkeypatch.setattr(screen, "qr_svg", fake)
    assert "<svg>fake</svg>" in client.get(f"/t/{tid}/screen").text
    assert client.get(f"/t/{tid}/qr.svg").text == "<svg>fake</svg>"
    assert asked == [f"http://testserver/t/{tid}"] * 2
    assert client.get(f"/t/{tid}", follow_redirects=False).status_code == 302  # it leads on


def test_the_qr_svg_file(client: TestClient, tid: int) -> None:
    answer = client.get(f"/t/{tid}/qr.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.text == qr_svg(f"http://testserver/t/{tid}")
    assert client.get("/t/99/qr.svg").status_code == 404


def test_the_poll_says_unchanged_until_a_result_is_entered(
    client: TestClient, skak: Skak, tid: int
) -> None:
    skak.tournaments.pair(tid)
    version = skak.tournaments.version(tid)
    html = client.get(f"/t/{tid}/screen").text
    assert f'data-version="{version}"' in html
    same = client.get(f"/t/{tid}/screen/changes?since={version}")
    assert same.status_code == 204 and same.content == b""
    skak.tournaments.enter_result(tid, 1, 2, Result.DRAW)
    changed = client.get(f"/t/{tid}/screen/changes?since={version}")
    assert changed.status_code == 200
    newer = int(changed.headers[screen.VERSION_HEADER])
    assert newer == skak.tournaments.version(tid) > version
    assert "½-½" in changed.text and "<html" not in changed.text  # the parts, not a page
    assert client.get(f"/t/{tid}/screen/changes?since={newer}").status_code == 204
    # every screen in the hall is given the parts built once for the version
    again = client.get(f"/t/{tid}/screen/changes?since={version}")
    assert again.content == changed.content


def test_the_screen_before_any_round_and_in_danish(client: TestClient, tid: int) -> None:
    html = client.get(f"/t/{tid}/screen?lang=da").text
    main = re.search(r'<main id="screen"[^>]*>(.*)</main>', html, re.S)
    assert main and not ENGLISH.findall(text_of(main.group(1)))
    text = text_of(html)
    assert "Ingen runde er parret endnu." in text
    assert "Stilling efter runde 0" in text and "på din telefon" in text
    assert client.get(f"/t/{tid}/screen?poll=0").status_code == 400
    assert client.get("/t/99/screen").status_code == 404
    assert client.get("/t/99/screen/changes?since=0").status_code == 404


def test_the_servers_public_address_is_in_the_qr_code(skak: Skak, tid: int) -> None:
    """A hall screen opened at http://localhost still leads phones to the address players
    reach the server at (``skak serve --public-url``)."""
    from skak.faces.web import create_app

    app = create_app(skak, public_url="https://skak.klub.dk/")
    with TestClient(app, base_url="http://localhost:8000") as c:
        assert qr_svg(f"https://skak.klub.dk/t/{tid}") in c.get(f"/t/{tid}/screen").text
        assert c.get(f"/t/{tid}/qr.svg").text == qr_svg(f"https://skak.klub.dk/t/{tid}")


@pytest.mark.parametrize("url", ["skak.klub.dk", "ftp://skak.klub.dk", "https://", "http://a b"])
def test_a_public_address_that_is_none_is_refused(skak: Skak, url: str) -> None:
    from skak.errors import InputError
    from skak.faces.web import create_app

    with pytest.raises(InputError, match=re.escape("no address like https://skak.klub.dk")):
        create_app(skak, public_url=url)
