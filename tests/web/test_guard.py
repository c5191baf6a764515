"""What every request passes first: bounded bodies (refused before they are read) and the
headers that keep the pages out of other sites' frames; FastAPI's own refusals as pages."""

from __future__ import annotations

from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.web._guard import FORM_LIMIT, MAX_UPLOAD
from tests.web.conftest import text_of


def test_a_large_form_is_refused_before_it_is_read(client: TestClient, skak: Skak) -> None:
    big = "x" * (FORM_LIMIT + 1)
    for url in ("/login", "/logout", "/arbiter/new"):
        r = client.post(url, data={"name": big})
        assert r.status_code == 413, url
        assert "too large" in r.text
    assert skak.tournaments.rows() == []


def test_a_large_upload_is_refused_even_in_chunks(client: TestClient, arbiter: str) -> None:
    boundary = "skakboundary"

    def chunks() -> object:  # a multipart upload sent without a Content-Length
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="big.trf"\r\nContent-Type: text/plain\r\n\r\n'
        ).encode()
        for _ in range(MAX_UPLOAD // (1024 * 1024) + 2):
            yield b"0" * (1024 * 1024)
        yield f"\r\n--{boundary}--\r\n".encode()

    r = client.post(
        "/arbiter/import",
        content=chunks(),  # type: ignore[arg-type]
        headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-CSRF-Token": arbiter,
        },
    )
    assert r.status_code == 413


def test_an_upload_of_a_few_megabytes_is_taken(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    padding = b"\n" * (2 * 1024 * 1024)
    trf = b"012 Stor fil\n001    1      Spiller, En" + b" " * 56 + b"0.0    1\n"
    r = client.post(
        "/arbiter/import",
        data={"csrf": arbiter, "system": "monrad"},
        files={"file": ("stor.trf", trf + padding, "text/plain")},
        follow_redirects=False,
    )
    assert r.status_code in (303, 400)  # read and judged, not refused for its size
    assert r.status_code != 413


def test_every_answer_refuses_to_be_framed(client: TestClient, tid: int) -> None:
    for url in (f"/t/{tid}/standings", "/login", "/nowhere"):
        r = client.get(url)
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["content-security-policy"] == "frame-ancestors 'none'"
        assert r.headers["x-content-type-options"] == "nosniff"


def test_fastapis_own_refusals_are_pages_in_the_pages_language(
    client: TestClient, tid: int
) -> None:
    missing = client.get("/nowhere")
    assert missing.status_code == 404 and "There is no such page." in text_of(missing.text)
    bad = client.get("/t/abc/standings")
    assert bad.status_code == 400 and "cannot be used: the tournament number 'abc'." in text_of(
        bad.text
    )
    post = client.post(f"/t/{tid}/standings")
    assert post.status_code == 405 and "can only be read" in text_of(post.text)
    assert "detail" not in post.text
    assert "Siden findes ikke." in client.get("/nowhere?lang=da").text
