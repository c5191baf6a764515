"""Issue #39 items 3–4 on the web: while the database is out of reach (its server
restarting) a page answers 503 with ``Retry-After`` and says so in the reader's language,
and serves again by itself once the database is back; the statuses tell the error to retry
(503) from those no retry mends (500)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from skak.api import Skak
from skak.errors import (
    DatabaseBusyError,
    ForeignDatabaseError,
    MissingDatabaseError,
    StorageError,
)
from skak.faces.web._render import LANGUAGE_COOKIE, status_of


def _cut(skak: Skak, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new connection fails as a server that went away does."""

    def connect(*_args: Any, **_kwargs: Any) -> Any:
        raise OperationalError(
            "SELECT 1", {}, Exception("server closed the connection"), connection_invalidated=True
        )

    monkeypatch.setattr(skak.db.engine, "connect", connect)


def test_a_page_answers_503_in_danish_while_the_database_is_away(
    client: TestClient, skak: Skak, tid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert client.get(f"/t/{tid}").status_code == 200
    _cut(skak, monkeypatch)
    client.cookies.set(LANGUAGE_COOKIE, "da")
    away = client.get(f"/t/{tid}")
    assert away.status_code == 503
    assert away.headers["Retry-After"] == "5"
    text = " ".join(away.text.split())
    assert "Tilbage om et øjeblik" in text
    assert "forbindelsen til databasen" in text and "blev afbrudt" in text
    assert "Databasen er optaget eller genstarter. Intet er ændret" in text
    assert "server closed the connection" not in text  # the driver's words stay out
    fragment = client.get(f"/t/{tid}", headers={"HX-Request": "true"})
    assert fragment.status_code == 503 and fragment.headers["Retry-After"] == "5"
    monkeypatch.undo()  # the server is back: the page serves again by itself
    assert client.get(f"/t/{tid}").status_code == 200


def test_the_statuses_say_which_error_to_retry() -> None:
    busy = DatabaseBusyError("busy", location="skak.db", locked=True)
    assert status_of(busy) == 503
    for error in (
        StorageError("damaged"),
        MissingDatabaseError("missing"),
        ForeignDatabaseError("too new"),
    ):
        assert status_of(error) == 500
    assert (busy.exit_code, StorageError("x").exit_code) == (9, 7)
    assert (MissingDatabaseError("x").exit_code, ForeignDatabaseError("x").exit_code) == (10, 11)
