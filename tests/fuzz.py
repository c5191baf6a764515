"""What the fuzz tests share: the budget, the seed files, and mutations of them.

A fuzz case is a valid file of the kind a parser reads (a seed) broken in a few places, or
any bytes at all. The default run tries :data:`CASES` cases per parser (a short budget, so
the README's test command stays quick); ``SKAK_TEST_LONG=1`` raises it to 100 000, and
``$SKAK_FUZZ_CASES`` sets it outright.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

__all__ = ["CASES", "SEEDS", "fuzz_settings", "inputs"]

CASES = int(
    os.environ.get("SKAK_FUZZ_CASES") or (100_000 if os.environ.get("SKAK_TEST_LONG") else 150)
)

DATA = Path(__file__).resolve().parent / "data"

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
