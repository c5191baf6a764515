"""Issue 38: an id past the database's 64-bit integer in a URL answered 500 (SQLite's driver
cannot bind it, in ``store/streams.py`` ``head``); it names no record, so every page answers
404 "not found", for the public and for a logged-in arbiter or leader alike."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import log_in

#: One past SQLite's and PostgreSQL's largest integer (2**63 - 1), and the issue's number.
IDS = ["9223372036854775808", "99999999999999999999999"]

PUBLIC = [
    "/t/{id}",
    "/t/{id}/standings",
    "/t/{id}/rounds",
    "/t/{id}/rounds/1",
    "/t/{id}/crosstable",
    "/t/{id}/players",
    "/t/{id}/players/1",
    "/t/{id}/rating",
    "/t/{id}/screen",
    "/t/{id}/qr.svg",
    "/league/{id}",
    "/league/{id}/standings",
    "/league/{id}/schedule",
    "/league/{id}/rulings",
    "/league/{id}/team/1",
    "/league/{id}/match/1/1",
    "/cup/{id}",
    "/junior/{id}",
]

LOGGED_IN = [
    "/arbiter/t/{id}",
    "/arbiter/t/{id}/players",
    "/arbiter/t/{id}/rounds/1",
    "/arbiter/t/{id}/history",
    "/arbiter/t/{id}/export.trf",
    "/leader/league/{id}",
    "/leader/league/{id}/season-end",
    "/leader/cup/{id}",
    "/leader/junior/{id}",
]


@pytest.mark.parametrize("ident", IDS)
@pytest.mark.parametrize("page", PUBLIC)
def test_an_id_past_64_bits_is_not_found_on_a_public_page(
    client: TestClient, page: str, ident: str
) -> None:
    r = client.get(page.format(id=ident))
    assert r.status_code == 404, r.text


@pytest.mark.parametrize("page", LOGGED_IN)
def test_an_id_past_64_bits_is_not_found_behind_the_login(client: TestClient, page: str) -> None:
    log_in(client)
    r = client.get(page.format(id=IDS[1]), follow_redirects=False)
    assert r.status_code == 404, r.text
