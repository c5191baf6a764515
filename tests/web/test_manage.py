"""The arbiter's preparations on the web: a new tournament with any system and its settings,
TRF files in and out, players one by one and from CSV, edits, withdrawals and absences —
each refused with the CLI's words when it is wrong, and then nothing is written."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.io.trf import TrfVersion, write_trf
from skak.model import Result
from skak.views import system_names
from tests.web.conftest import register, text_of

CSV = (
    "navn;ratingtal;klub\n"
    + "".join(f"Spiller, Nummer {i};{2300 - 37 * i};Skakklub {i % 3}\n" for i in range(1, 13))
).encode("utf-8")


def _new(client: TestClient, token: str, **fields: str) -> object:
    return client.post("/arbiter/new", data={"csrf": token, **fields}, follow_redirects=False)


# -- a new tournament ----------------------------------------------------------------------


def test_the_new_tournament_form_offers_every_system_and_its_settings(
    client: TestClient, arbiter: str
) -> None:
    page = client.get("/arbiter/new").text
    for name in system_names():
        assert f'<option value="{name}"' in page
    for key in ("cycles", "look-ahead", "acceleration-groups", "initial-ranking", "games"):
        assert f"<code>{key}</code>" in page


def test_a_tournament_is_created_with_its_system_settings_and_tiebreaks(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    r = _new(
        client,
        arbiter,
        name="Efterårsturnering",
        system="monrad",
        rounds="7",
        place="Odense",
        organiser="Odense Skakklub",
        start="2026-09-01",
        end="2026-10-13",
        kind="rapid",
        time_control="15 min + 10 s",
        tiebreaks="BH, SB",
        settings="lot-seed=4711\nlook-ahead=no",
        scoring="bye=1",
    )
    assert r.status_code == 303  # type: ignore[attr-defined]
    (row,) = skak.tournaments.rows()
    assert r.headers["location"] == f"/arbiter/t/{row.id}/players"  # type: ignore[attr-defined]
    t = skak.tournaments.get(row.id)
    assert (t.name, t.pairing_system, t.number_of_rounds, t.place) == (
        "Efterårsturnering",
        "monrad",
        7,
        "Odense",
    )
    assert t.rated_kind.value == "rapid" and t.tiebreaks == ("BH", "SB")
    assert dict(t.pairing_settings) == {"lot-seed": 4711, "look-ahead": False}
    assert str(t.start_date) == "2026-09-01" and t.time_control == "15 min + 10 s"
    assert t.organiser == "Odense Skakklub"  # the club's own list finds it
    assert [
        line.id for line in skak.tournaments.listing(organiser="odense skakklub").tournaments
    ] == [row.id]
    assert skak.tournaments.history(row.id)[0].actor == "Inge Holm"


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"name": "", "system": "monrad"}, "needs a name"),
        ({"name": "X", "system": "monrad", "settings": "colour=blue"}, "has no setting 'colour'"),
        ({"name": "X", "system": "dansk", "settings": "seeding=maybe"}, "seeding"),
        ({"name": "X", "system": "monrad", "tiebreaks": "BH, XYZ"}, "XYZ"),
        ({"name": "X", "system": "monrad", "start": "1. september"}, "is not a date"),
        ({"name": "X", "system": "monrad", "rounds": "syv"}, "is not a whole number"),
        ({"name": "X", "system": "monrad", "scoring": "win=many"}, "scoring"),
        ({"name": "X", "system": "ukendt"}, "ukendt"),
    ],
)
def test_a_wrong_field_is_named_and_nothing_is_created(
    client: TestClient, skak: Skak, arbiter: str, fields: dict[str, str], says: str
) -> None:
    r = _new(client, arbiter, **fields)
    assert r.status_code == 400  # type: ignore[attr-defined]
    page = r.text  # type: ignore[attr-defined]
    assert says in text_of(page)
    assert f'value="{fields["name"]}"' in page  # what was typed comes back
    assert skak.tournaments.rows() == []


# -- TRF files -----------------------------------------------------------------------------


def _finished(skak: Skak, tid: int) -> None:
    for number in (1, 2, 3):
        skak.tournaments.pair(tid)
        for board in range(1, 4):
            skak.tournaments.enter_result(
                tid, number, board, (Result.WHITE_WIN, Result.DRAW)[board % 2]
            )


def test_the_trf_export_is_the_file_skak_export_trf_writes(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    _finished(skak, tid)
    t = skak.tournaments.get(tid)
    for query, version, extensions in (
        ("", TrfVersion.TRF16, True),
        ("?format=trf26", TrfVersion.TRF26, True),
        ("?plain=true", TrfVersion.TRF16, False),
    ):
        r = client.get(f"/arbiter/t/{tid}/export.trf{query}")
        assert r.status_code == 200
        assert r.headers["content-disposition"] == (
            'attachment; filename="Klubturnering-2026.trf"; '
            "filename*=UTF-8''Klubturnering-2026.trf"
        )
        assert r.text == write_trf(t, version=version, extensions=extensions)
    assert client.get(f"/arbiter/t/{tid}/export.trf?format=pgn").status_code == 400


def test_the_trf_download_records_each_change_as_a_comment_line(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    """Issue 38 item 2: a correction is a ``###`` line of the file to download, as of
    ``skak export trf``."""
    _finished(skak, tid)
    skak.tournaments.enter_result(tid, 3, 1, Result.WHITE_WIN)  # a correction
    text = client.get(f"/arbiter/t/{tid}/export.trf?format=trf26").text
    (line,) = [x for x in text.splitlines() if x.startswith("###")]
    assert line.endswith(" after round 3 correction: round 3 board 1: 1-0 (corrected from ½-½)")
    assert text == write_trf(skak.tournaments.for_trf(tid), version=TrfVersion.TRF26)


def test_a_trf_file_imports_as_a_new_tournament_equal_to_the_exported_one(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    _finished(skak, tid)
    data = client.get(f"/arbiter/t/{tid}/export.trf").content
    r = client.post(
        "/arbiter/import",
        data={"csrf": arbiter},
        files={"file": ("klub.trf", data, "text/plain")},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    new = max(row.id for row in skak.tournaments.rows())
    assert r.headers["location"] == f"/arbiter/t/{new}"
    assert skak.tournaments.standings(new).standings == skak.tournaments.standings(tid).standings
    assert skak.tournaments.history(new)[0].actor == "Inge Holm"


def test_a_bad_trf_file_is_refused_with_every_problem_and_nothing_imported(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    _finished(skak, tid)
    lines = client.get(f"/arbiter/t/{tid}/export.trf").text.splitlines()
    broken = [  # an unknown result code in the last round of two players' lines
        line[:-1] + "?" if line.startswith(("001    1 ", "001    2 ")) else line for line in lines
    ]
    r = client.post(
        "/arbiter/import",
        data={"csrf": arbiter, "lenient": "yes"},
        files={"file": ("broken.trf", "\n".join(broken).encode(), "text/plain")},
    )
    assert r.status_code == 400
    text = text_of(r.text)
    assert "nothing imported" in text and "broken.trf" in text
    assert r.text.count("<li>broken.trf line") >= 2  # every problem, each with its line
    assert len(skak.tournaments.rows()) == 1


def test_an_import_without_a_file_says_so(client: TestClient, arbiter: str) -> None:
    r = client.post("/arbiter/import", data={"csrf": arbiter})
    assert r.status_code == 400
    assert "choose a TRF file" in r.text


# -- players ------------------------------------------------------------------------------


@pytest.fixture
def empty(skak: Skak) -> int:
    return register(skak, "Forårsturnering", players=0)


def test_a_player_is_added_with_the_details_typed(
    client: TestClient, skak: Skak, empty: int, arbiter: str
) -> None:
    r = client.post(
        f"/arbiter/t/{empty}/players/add",
        data={
            "csrf": arbiter,
            "name": "Hansen, Jens",
            "rating": "1850",
            "fide_rating": "1901",
            "club": "Aarhus Skakklub",
            "federation": "den",
            "sex": "m",
            "born": "1990-05-17",
            "dsu_id": "12345",
            "title": "FM",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    (p,) = skak.tournaments.get(empty).players
    assert (p.start_number, p.name, p.ratings.dsu, p.ratings.fide, p.federation) == (
        1,
        "Hansen, Jens",
        1850,
        1901,
        "DEN",
    )
    assert (p.club, str(p.birth_date), p.dsu_id, p.title.value if p.title else None) == (
        "Aarhus Skakklub",
        "1990-05-17",
        12345,
        "FM",
    )
    assert "Added Hansen, Jens as start number 1." in client.get(r.headers["location"]).text


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"name": "Hansen, Jens", "rating": "18x0"}, "rating '18x0' is not a whole number"),
        ({"name": "Hansen, Jens", "rating": "5000"}, "outside 1–3999"),
        ({"name": "Hansen, Jens", "born": "17/5/1990"}, "is not a date"),
        ({"name": "Hansen, Jens", "title": "XM"}, "unknown title"),
        ({"name": "Hansen, Jens", "sex": "q"}, "is not m or w"),
        ({"name": "", "rating": "1500"}, "name"),
    ],
)
def test_a_wrong_detail_is_named_and_nobody_is_added(
    client: TestClient, skak: Skak, empty: int, arbiter: str, fields: dict[str, str], says: str
) -> None:
    r = client.post(f"/arbiter/t/{empty}/players/add", data={"csrf": arbiter, **fields})
    assert r.status_code == 400
    assert says in text_of(r.text)
    assert skak.tournaments.get(empty).players == ()


def test_a_csv_list_is_imported_all_at_once(
    client: TestClient, skak: Skak, empty: int, arbiter: str
) -> None:
    r = client.post(
        f"/arbiter/t/{empty}/players/import",
        data={"csrf": arbiter},
        files={"file": ("spillere.csv", CSV, "text/csv")},
        follow_redirects=False,
    )
    assert r.status_code == 303
    players = skak.tournaments.get(empty).players
    assert [p.start_number for p in players] == list(range(1, 13))
    assert players[0].ratings.dsu == 2263 and players[11].club == "Skakklub 0"
    assert "Imported 12 players from spillere.csv." in client.get(r.headers["location"]).text


def test_a_bad_csv_list_lists_every_bad_line_and_imports_nothing(
    client: TestClient, skak: Skak, empty: int, arbiter: str
) -> None:
    bad = CSV.replace(b"Nummer 3;2189", b"Nummer 3;abc").replace(
        b"Nummer 7;2041", b"Nummer 7;99999"
    )
    r = client.post(
        f"/arbiter/t/{empty}/players/import",
        data={"csrf": arbiter},
        files={"file": ("spillere.csv", bad, "text/csv")},
    )
    assert r.status_code == 400
    assert "spillere.csv line 4" in r.text and "spillere.csv line 8" in r.text
    assert skak.tournaments.get(empty).players == ()


def _form(html: str, action: str) -> dict[str, str]:
    """The fields of the form posting to ``action`` as a browser would send them: each
    input's value, each select's chosen option."""
    start = html.index(f'action="{action}"')
    body = html[start : html.index("</form>", start)]
    fields = dict(re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', body))
    for name, options in re.findall(r'<select name="([^"]+)">(.*?)</select>', body, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', options)
        fields[name] = chosen.group(1) if chosen else ""
    return {k: unescape(v) for k, v in fields.items()}


def test_a_player_is_edited_and_a_cleared_field_is_cleared(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    url = f"/arbiter/t/{tid}/players/3"
    form = _form(client.get(url).text, url)
    assert form["name"] == form["was_name"] == "Carlsen, Clara" and form["rating"] == "1990"
    form |= {"name": "Carlsen, Clara Marie", "rating": "1995", "club": "", "title": "WIM"}
    r = client.post(url, data=form, follow_redirects=False)
    assert r.status_code == 303
    p = skak.tournaments.get(tid).player(3)
    assert (p.name, p.ratings.dsu, p.club, p.title.value if p.title else None) == (
        "Carlsen, Clara Marie",
        1995,
        None,
        "WIM",
    )
    again = client.post(url, data=_form(client.get(url).text, url), follow_redirects=False)
    assert "Nothing changed." in client.get(again.headers["location"]).text


def test_two_arbiters_editing_one_player_lose_nothing(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    """The form sends what it showed: a field the other arbiter changed meanwhile is a
    conflict, and a field this one left alone keeps the other's change."""
    url = f"/arbiter/t/{tid}/players/4"
    shown = _form(client.get(url).text, url)
    skak.tournaments.edit_player(tid, 4, rating_changes={"dsu": 1901}, actor="Ole Olsen")
    r = client.post(url, data=shown | {"club": "Skakforeningen Sydøst"}, follow_redirects=False)
    assert r.status_code == 303
    p = skak.tournaments.get(tid).player(4)
    assert (p.club, p.ratings.dsu) == ("Skakforeningen Sydøst", 1901)  # both changes kept
    clash = client.post(url, data=shown | {"rating": "1880"})
    assert clash.status_code == 409
    assert "changed by someone else" in text_of(clash.text)
    assert "ratings.dsu" in text_of(clash.text)
    assert skak.tournaments.get(tid).player(4).ratings.dsu == 1901
    other = client.post(url, data=shown | {"fide_rating": "1920"}, follow_redirects=False)
    assert other.status_code == 303  # another rating than the one changed meanwhile
    p = skak.tournaments.get(tid).player(4)
    assert (p.ratings.dsu, p.ratings.fide) == (1901, 1920)


def test_a_player_withdraws_and_announces_absences(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid)
    for board in (1, 2, 3):
        skak.tournaments.enter_result(tid, 1, board, Result.DRAW)
    r = client.post(
        f"/arbiter/t/{tid}/players/4/absence",
        data={"csrf": arbiter, "rounds": "3", "kind": "half"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert skak.tournaments.get(tid).player(4).half_bye_rounds == frozenset({3})
    r = client.post(
        f"/arbiter/t/{tid}/players/5/withdraw", data={"csrf": arbiter}, follow_redirects=False
    )
    assert r.status_code == 303
    assert skak.tournaments.get(tid).player(5).withdrawn_from == 2
    assert "Eriksen, Emil withdraws (udgår) from round 2." in client.get(r.headers["location"]).text
    refused = client.post(
        f"/arbiter/t/{tid}/players/6/absence",
        data={"csrf": arbiter, "rounds": "9", "kind": "absent"},
    )
    assert refused.status_code == 400
    assert "9" in text_of(refused.text)
    assert skak.tournaments.get(tid).player(6).absent_rounds == frozenset()


def test_the_preparations_need_a_login_and_a_csrf_token(
    client: TestClient, skak: Skak, tid: int
) -> None:
    for url in ("/arbiter/new", "/arbiter/import", f"/arbiter/t/{tid}/players"):
        assert client.get(url, follow_redirects=False).status_code == 303
    assert client.get(f"/arbiter/t/{tid}/export.trf", follow_redirects=False).status_code == 303
    before = skak.tournaments.history(tid)
    r = client.post(f"/arbiter/t/{tid}/players/add", data={"name": "Snig, Snog"})
    assert r.status_code == 401
    assert skak.tournaments.history(tid) == before


def test_a_danish_name_is_the_downloads_name(client: TestClient, skak: Skak, arbiter: str) -> None:
    tid = register(skak, "Åbent DM Ærø")
    r = client.get(f"/arbiter/t/{tid}/export.trf")
    assert r.headers["content-disposition"] == (
        'attachment; filename="_bent-DM-_r_.trf"; '
        "filename*=UTF-8''%C3%85bent-DM-%C3%86r%C3%B8.trf"
    )


def test_the_time_control_decides_the_kind_unless_a_kind_is_chosen(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    r = _new(client, arbiter, name="Hurtigskak", system="monrad", time_control="15+10", kind="")
    assert r.status_code == 303  # type: ignore[attr-defined]
    assert skak.tournaments.get(skak.tournaments.rows()[0].id).rated_kind.value == "rapid"
    clash = _new(client, arbiter, name="Lyn?", system="monrad", time_control="15+10", kind="blitz")
    assert clash.status_code == 400  # type: ignore[attr-defined]
    assert len(skak.tournaments.rows()) == 1


def test_a_player_registered_by_mistake_is_removed_once_confirmed(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    """Before round 1 the player page offers the removal; the box must be ticked."""
    page = client.get(f"/arbiter/t/{tid}/players/2").text
    assert f'action="/arbiter/t/{tid}/players/2/remove"' in page
    unticked = client.post(f"/arbiter/t/{tid}/players/2/remove", data={"csrf": arbiter})
    assert unticked.status_code == 400 and len(skak.tournaments.get(tid).players) == 6
    r = client.post(
        f"/arbiter/t/{tid}/players/2/remove",
        data={"csrf": arbiter, "confirmed": "yes", "reason": "tilmeldt to gange"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    numbers = [p.start_number for p in skak.tournaments.get(tid).players]
    assert numbers == [1, 2, 3, 4, 5]
