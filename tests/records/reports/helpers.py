"""Two databases as the report flow has them: a club's, with a finished rated round robin
of DSU members, and the federation's, with the rating registry the registrar keeps."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from skak.api import Skak
from skak.model import Player, Ratings, Result, Tournament

#: DSU's list: member number, name, standard rating, club.
MEMBERS = [
    (101, "Andersen, Anna", 1900, "Vejle Skakklub"),
    (102, "Bruun, Bent", 1800, "Vejle Skakklub"),
    (103, "Carlsen, Clara", 1700, "Aarhus Skakklub"),
    (104, "Dahl, Dennis", 1600, "Vejle Skakklub"),
]
LIST_DAY = date(2026, 8, 1)
START, END = date(2026, 9, 1), date(2026, 9, 15)
TODAY = date(2026, 9, 20)
NAME = "Vejle Efterår 2026"
CLUB = "Vejle Skakklub"

_COLUMNS = ("Nummer", "Født år", "Navn", "Klub", "Titel", "Rating", "Hurtig", "Lyn", "Elo", "Fide",
            "K-factor")  # fmt: skip


def list_text(members: list[tuple[int, str, int, str]] = MEMBERS) -> str:
    """DSU's rating list export holding ``members``."""
    head = ";".join(f'"{c}"' for c in _COLUMNS) + "\n"
    rows = "".join(
        f'"{n}";"1980";"{name}";"{club}";"";"{rating}";"";"";"";"";""\n'
        for n, name, rating, club in members
    )
    return head + rows


def federation(path: Path, members: list[tuple[int, str, int, str]] = MEMBERS) -> Skak:
    """The federation's database with its registry."""
    s = Skak(path, create=True, actor="setup")
    s.registry.import_text(list_text(members), "liste.csv", LIST_DAY)
    return s


def club(
    path: Path,
    *,
    name: str = NAME,
    extra: tuple[tuple[int, str, int], ...] = (),
    time_control: str | None = "90+30",
    arbiters: tuple[str, ...] = ("Inge Holm",),
) -> tuple[Skak, int]:
    """The club's database: a finished round robin of the members (and ``extra`` players:
    member number, name, rating), the higher rated winning each game but the last."""
    s = Skak(path, create=True, actor="club")
    field = [(n, nm, r) for n, nm, r, _ in MEMBERS] + list(extra)
    row = s.tournaments.create(
        Tournament(
            name,
            "berger",
            place="Vejle",
            start_date=START,
            end_date=END,
            time_control=time_control,
            arbiters=arbiters,
        )
    )
    players = [
        Player(i, nm, club=CLUB, dsu_id=n, ratings=Ratings(dsu=r))
        for i, (n, nm, r) in enumerate(field, start=1)
    ]
    s.tournaments.add_players(row.id, lambda _t: players)
    rounds = len(field) - 1 if len(field) % 2 == 0 else len(field)
    for _ in range(rounds):
        rnd = s.tournaments.pair(row.id).after.rounds[-1]
        for p in rnd.pairings:
            if p.black is None:
                continue
            if rnd.number == rounds and p.board == 1:
                result = Result.DRAW
            else:
                result = Result.WHITE_WIN if p.white < p.black else Result.BLACK_WIN
            s.tournaments.enter_result(row.id, rnd.number, p.board, result)
    return s, row.id
