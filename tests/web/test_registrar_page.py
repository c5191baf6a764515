"""The registrar's page (issue: the registrar's office, item 4): DSU's list imported from an
upload (all or nothing), the alignment with FIDE's list (001 §6) and the compression run from
the web as `skak rating import|align|compress` run them; only the registrar may (403)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from tests.web.conftest import CHEAP, log_in, text_of
from tests.web.test_ratings_pages import _list

PASSWORD = "register-12"


def test_the_registrar_imports_aligns_and_compresses(
    client: TestClient, skak: Skak, tmp_path: Path
) -> None:
    skak.accounts.add("Rita Rating", PASSWORD, roles=[Grant(Role.REGISTRAR)], hasher=CHEAP)
    skak.accounts.add("Kim Klub", PASSWORD, roles=[Grant(Role.CLUB, club="Vejle")], hasher=CHEAP)
    listed = _list(tmp_path, [(101, "Hansen, Bo", 1850, "Vejle"), (102, "Berg, Ole", 1500, "")])
    csrf = log_in(client, "Kim Klub", PASSWORD)
    files = {"file": ("liste.csv", listed.read_bytes(), "text/csv")}
    r = client.post("/registrar/import", data={"csrf": csrf, "day": "2024-05-01"}, files=files)
    assert r.status_code == 403 and skak.registry.version() == 0
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Rita Rating", PASSWORD)
    bad = {"file": ("liste.csv", b'"Nummer";"Navn"\n"1";"x"\n', "text/csv")}
    r = client.post("/registrar/import", data={"csrf": csrf, "day": "2024-05-01"}, files=bad)
    assert r.status_code == 400 and "liste.csv" in r.text and skak.registry.version() == 0
    r = client.post("/registrar/import", data={"csrf": csrf, "day": "2024-05-01"}, files=files,
                    follow_redirects=False)  # fmt: skip
    assert r.status_code == 303 and len(skak.registry.get().players) == 2
    r = client.post("/registrar/compress", data={"csrf": csrf, "day": "2024-06-01"},
                    follow_redirects=False)  # fmt: skip
    assert r.status_code == 303 and skak.registry.get().compressed_on == date(2024, 6, 1)
    fide = json.dumps([{"dsu_id": 101, "fide": 1900, "games": 40}]).encode()
    r = client.post(
        "/registrar/align", data={"csrf": csrf, "day": "2024-08-10"},
        files={"file": ("fide.json", fide, "application/json")}, follow_redirects=False,
    )  # fmt: skip
    assert r.status_code == 303 and skak.registry.get().aligned_on == date(2024, 8, 10)
    page = text_of(client.get("/registrar").text)
    assert "2 players" in page and "compressed 2024-06-01" in page
    assert "Ratingkartoteket" in text_of(client.get("/registrar?lang=da").text)


def test_dsus_whole_list_is_uploaded(client: TestClient, skak: Skak, tmp_path: Path) -> None:
    """DSU's list is megabytes (40 000 players): the registrar's upload takes files as the
    arbiter's imports do, not only a form's 64 KB."""
    skak.accounts.add("Rita Rating", PASSWORD, roles=[Grant(Role.REGISTRAR)], hasher=CHEAP)
    members = [(1000 + i, f"Spiller, Nummer {i}", 1200 + i % 900, "Vejle") for i in range(2000)]
    listed = _list(tmp_path, members).read_bytes()
    assert len(listed) > 64 * 1024
    csrf = log_in(client, "Rita Rating", PASSWORD)
    files = {"file": ("liste.csv", listed, "text/csv")}
    r = client.post("/registrar/import", data={"csrf": csrf, "day": "2024-05-01"}, files=files,
                    follow_redirects=False)  # fmt: skip
    assert r.status_code == 303 and len(skak.registry.get().players) == 2000
