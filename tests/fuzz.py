"""What the fuzz tests share: the budget, the seed files, mutations of them, and the count.

A fuzz case is a valid file of the kind a parser reads (a seed) broken in a few places, or
any bytes at all; for the web, a form of a page or a command of the HTTP API with its fields
broken the same way. The default run tries :data:`CASES` cases per parser and
:data:`FORM_CASES` per route (a short budget, so the README's test command stays quick);
``SKAK_TEST_LONG=1`` raises them so that the run tries 100 000 cases in all (the parsers'
and the forms' budgets below add up to it), and ``$SKAK_FUZZ_CASES`` sets the parsers'
outright. Each case is counted (:func:`count`); the run's summary lists the counts by
parser and form, and ``$SKAK_FUZZ_REPORT`` names a JSON file to write them to.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

__all__ = ["CASES", "COUNTS", "FORM_CASES", "LONG", "SEEDS", "count", "fuzz_settings", "inputs"]

LONG = bool(os.environ.get("SKAK_TEST_LONG"))

#: Cases per parser: 4 400 in the long run (21 parser tests, 3 commands on a fifth each).
CASES = int(os.environ.get("SKAK_FUZZ_CASES") or (4_400 if LONG else 150))

#: Cases per route of the web's forms and the API's commands: 230 in the long run (58 routes).
FORM_CASES = int(os.environ.get("SKAK_FUZZ_FORM_CASES") or (230 if LONG else 1))

#: The cases tried in this run, by parser or form (``web POST /arbiter/new``).
COUNTS: Counter[str] = Counter()


def count(name: str) -> None:
    """One case of ``name`` tried."""
    COUNTS[name] += 1


def write_report(path: str) -> None:
    """The counts as JSON (added to what the file holds, so that runs in chunks add up)."""
    file = Path(path)
    before: dict[str, int] = json.loads(file.read_text()) if file.exists() else {}
    total = Counter(before) + COUNTS
    file.write_text(json.dumps(dict(sorted(total.items())), indent=1) + "\n")


DATA = Path(__file__).resolve().parent / "data"


def _trf_2026() -> bytes:
    """A TRF-2026 file: the Lichess tournament written in the new edition."""
    from skak.io.trf import TrfVersion, decode_trf, parse_trf, write_trf

    read = parse_trf(decode_trf((DATA / "trf" / "lichess_2020_06.trf").read_bytes()), "seed")
    return write_trf(read.tournament, version=TrfVersion.TRF26).encode()


def _junior() -> bytes:
    def players(t: str, cadets: int) -> list[dict[str, object]]:
        return [
            {
                "id": f"{t}{i}",
                "name": f"{t} {i}",
                "birth_date": "2011-05-05" if i <= cadets else "2007-05-05",
                "girl": i == 8,
            }
            for i in range(1, 9)
        ]

    data = {
        "day": "2025-10-04",
        "teams": [
            {"name": "1. HK", "players": players("a", 6)},
            {"name": "2. HK", "players": players("b", 5)},
        ],
        "matches": [
            {"round": 1, "first": "1. HK", "second": "2. HK",
             "first_players": [f"a{i}" for i in range(1, 9)],
             "second_players": [f"b{i}" for i in range(1, 9)],
             "results": ["1-0"] * 5 + ["0-1", "=", "0"]},
        ],
    }  # fmt: skip
    return json.dumps(data, ensure_ascii=False).encode()


_CORR = DATA / "correspondence"

#: Valid inputs of each kind, the fuzzer's starting points.
SEEDS: dict[str, list[bytes]] = {
    "trf": [
        (DATA / "trf" / name).read_bytes()
        for name in ("lichess_2020_06.trf", "competichess_test.trf")
    ],
    "players": [
        "navn;ratingtal;klub;født;køn;titel;medlemsnummer\n"
        "Hansen, Jens;1850;Aarhus Skakklub;1990-04-23;m;FM;123456\n"
        "Berg, Anna;1720;Aarhus;1991-01-01;k;;\n".encode(),
        b"last_name,first_name,rating,fide_rating,federation,start_number\n"
        b"Lund,Ole,1600,1650,DEN,3\nDahl,Eva,,,SWE,4\n",
        "efternavn\tfornavn\tklub\nKjær\tIb\tSkakklubben Nørre\n".encode("cp1252"),
    ],
    "dsu_list": [
        b'"Nummer";"F\xc3\xb8dt \xc3\xa5r";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";'
        b'"Elo";"Fide";"K-factor"\n'
        b'"1";"1980";"A, A";"Aarhus";"FM";"1800";"1750";"1700";"1850";"1400123";"20"\n'
        b'"2";"1990";"B, B";"";"";"1700";"";"";"";"";""\n'
    ],
    "rating_json": [
        b'{"edition": "dsu-2024", "date": "2026-03-01", "kind": "standard",'
        b' "round_robin": false, "players": [{"id": "A", "rating": 1850, "fide": null,'
        b' "rated_games_before": null}, {"id": "B", "rating": 1700}],'
        b' "games": [{"white": "A", "black": "B", "result": "1-0",'
        b' "unexcused_no_show": false, "rated": true}]}'
    ],
    "results": ["1 1-0\n2 ½-½\n# a note\n3 0-1\n4 +-\n5 1/2-1/2 ½-½,1-0\n".encode()],
    "trf2026": [_trf_2026()],
    "fide_rating_json": [
        b'{"date": "2026-03-01", "players": [{"id": "A", "rating": 1850,'
        b' "rated_games_before": 12,'
        b' "earlier": [{"opponent": 1900, "score": "1"}]},'
        b' {"id": 7, "fide": 2000, "k": 20}],'
        b' "games": [{"white": "A", "black": 7, "result": "+-", "unexcused_no_show": true},'
        b' {"white": 7, "black": "A", "result": "1/2-1/2"}]}'
    ],
    "fide_alignment": [
        b'[{"dsu_id": 1, "fide": 2210, "games": 45}, {"dsu_id": 2, "fide": 1980, "games": 3}]'
    ],
    "corr_game": [(_CORR / n).read_bytes() for n in ("post-6.3.6.3.json", "email-6.8.2.json")],
    "notation": [
        b"1. 5254 5755 2. 7163 2836 3. 6125",
        b"1. e2-e4 c7-c5 2. Sg1-f3 d7-d6 3. d2-d4 c5xd4 4. Sf3xd4 Sg8-f6 5. Sb1-c3 a7-a6",
        b"1. e4 c5 2. Sf3 d6 3. d4 cxd4 4. Sxd4 Sf6 5. Sc3 a6 6. Lg5 e6 7. f4 Db6 8. Dd2",
    ],
    "pgn": [
        b'[Event "Klubturnering"]\n[White "Hansen, Jens"]\n[Black "Olsen, Ole"]\n'
        b'[Result "1-0"]\n[TimeControl "40/5400+30:1800+30"]\n\n'
        b"1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 {Morphy} 4. La4 (4. Lxc6 dxc6) Sf6 5. 0-0 Le7 "
        b'6. Te1 b5 7. Lb3 d6 8. c3 0-0 1-0\n\n[White "A"]\n[Black "B"]\n[Result "*"]\n'
        b'[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 2. e5 *\n'
    ],
    "time_control": [
        t.encode()
        for t in (
            "90+30",
            "40/90+30+30s",
            "2 t/40 træk + 1 t",
            "40/2t + 20/1t + 30 min",
            "90 min/40 moves + 30 min, 30 s per move",
            "G/60+60s",
            "40/120+30/60",
            "15+10",
            "3+2",
        )
    ],
    "generator_config": [
        b"# rtg.cfg\nPlayersNumber=60\nRoundsNumber=9\nDrawPercentage=30\nForfeitRate=20\n"
        b"RetiredRate=50\nHalfPointByeRate=40\nHighestRating=2600\nLowestRating=1400\n"
        b"PointsForWin=1.0\nPointsForDraw=0.5\n",
        b"PlayersNumber = 30\r\nRoundsNumber = 7\r\n",
    ],
    "dm_json": [(DATA / "eligibility" / "dm-2026.json").read_bytes()],
    "junior_json": [_junior()],
    "league_teams": [
        "hold;klub;række;gruppe;nr;holdnummer\nSkovlunde 1;Skovlunde;2. division;1;1;1\n"
        "Brønshøj 2;Brønshøj;2. division;1;2;2\nEvans;Evans;2. division;1;;\n".encode()
    ],
    "strength_list": [
        "klub,nr,medlemsnummer,navn,hold,udlænding,anden_klub,ratingtal,født,køn\n"
        "Skovlunde,1,1001,Hansen Jens,1,nej,,2105,1990-04-23,m\n"
        "Skovlunde,2,1002,Berg Anna,1,ja,,1980,2008-01-01,k\n"
        "Evans,1,2001,Lund Ole,,,ja,1500,,\n".encode()
    ],
    "cup_teams": [
        b"team,club,name,id,player_club,rating,birth_date,authority,registered\n"
        b"A,Aarhus,Hansen Jens,1001,,1850,1990-04-23,,2025-09-01\n"
        b"A,Aarhus,Berg Anna,,,,2012-01-01,club,\n"
        b"B,Vejle,Lund Ole,2001,Fredericia,1700,,,\n"
    ],
    "corr_players": [
        b"navn;medlemsnummer;ratingtal;klub\nHansen, Jens;1001;1850;Aarhus\nBerg, Anna;;;\n"
    ],
    "league_card": [b"1 0 = + -", "½ ½ + - | 3:home 4:away:late".encode(), b"1-0 0-1 = 0"],
    "tiebreaks": [b"BH/C1,BH,SB", b"PTS BH/C1 BH SB DE", b"BH/C2 ARO PS"],
}
#: Pieces that reach the corners of a parser: huge, negative and odd numbers, separators,
#: quotes, line ends, bytes that are not UTF-8, the characters arbiters type for ½.
TOKENS = [
    b"0",
    b"-1",
    b"99999999999999999999999",
    b"1e309",
    b"NaN",
    b"\x00",
    b"\xff\xfe",
    b"\xc3",
    "½".encode(),
    b";",
    b",",
    b"\t",
    b"\r",
    b"\n",
    b'"',
    b" ",
    b"{",
    b"[",
    b"null",
    b"2026-02-30",
    b"0000",
]


def _apply(seed: bytes, edits: list[tuple[str, int, int, bytes]]) -> bytes:
    data = bytearray(seed)
    for op, at, size, piece in edits:
        at = at % (len(data) + 1)
        if op == "replace":
            data[at : at + size] = piece
        elif op == "insert":
            data[at:at] = piece
        elif op == "delete":
            del data[at : at + size]
        elif op == "repeat":
            data[at:at] = data[at : at + size] * 3
        elif op == "truncate":
            del data[at:]
        else:  # swap two lines
            lines = bytes(data).split(b"\n")
            if len(lines) > 1:
                i, j = at % len(lines), size % len(lines)
                lines[i], lines[j] = lines[j], lines[i]
                data = bytearray(b"\n".join(lines))
    return bytes(data)


def inputs(kind: str) -> st.SearchStrategy[bytes]:
    """Seeds of ``kind`` broken by up to 8 edits, and now and then any bytes at all."""
    piece = st.one_of(st.sampled_from(TOKENS), st.binary(max_size=16))
    edit = st.tuples(
        st.sampled_from(["replace", "insert", "delete", "repeat", "truncate", "swap"]),
        st.integers(min_value=0, max_value=1 << 16),
        st.integers(min_value=0, max_value=64),
        piece,
    )
    broken = st.builds(_apply, st.sampled_from(SEEDS[kind]), st.lists(edit, max_size=8))
    return st.one_of(broken, broken, broken, st.binary(max_size=512))


def fuzz_settings(cases: int = CASES) -> settings:
    """A fuzz test's settings: ``cases`` examples, no deadline (a case may meet a slow
    moment of the machine), no health check that counts the inputs' size."""
    return settings(
        max_examples=cases,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
            HealthCheck.function_scoped_fixture,
        ],
    )
