"""Title norms by 003 §4.7.4: the printed table of 9 rounds row by row, the rating floor,
the conditions, and a finished tournament's standings with FIDE change and norm."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app
from skak.model import Player, RatedKind, Ratings, Result, Sex, Title, Tournament
from skak.rating.fide import FIDE_EDITIONS
from skak.rating.norms import NORMS, NormOpponent, NormTournament, norm_reports, required_score
from skak.rating.tables import TABLE_2

#: 4.7.4's table as printed: points, then the average rating ranges for GM, IM, WGM, WIM.
TABLE = [
    ("7.5", (2328, 2380), (2178, 2230), (2128, 2180), (1978, 2030)),
    ("7", (2381, 2434), (2231, 2284), (2181, 2234), (2031, 2084)),
    ("6.5", (2435, 2475), (2285, 2325), (2235, 2275), (2085, 2125)),
    ("6", (2476, 2520), (2326, 2370), (2276, 2320), (2126, 2170)),
    ("5.5", (2521, 2557), (2371, 2407), (2321, 2357), (2171, 2207)),
    ("5", (2558, 2600), (2408, 2450), (2358, 2400), (2208, 2250)),
    ("4.5", (2601, 2643), (2451, 2493), (2401, 2443), (2251, 2293)),
    ("4", (2644, 2680), (2494, 2530), (2444, 2480), (2294, 2330)),
    ("3.5", (2681, 2725), (2531, 2575), (2481, 2525), (2331, 2375)),
]
PERFORMANCE = {"GM": 2601, "IM": 2451, "WGM": 2401, "WIM": 2251}  # "Præstationsrating"
FLOORS = {"GM": 2250, "IM": 2100, "WGM": 2050, "WIM": 1900}


@pytest.mark.parametrize("row", TABLE, ids=[r[0] for r in TABLE])
@pytest.mark.parametrize("column", range(4), ids=["GM", "IM", "WGM", "WIM"])
def test_the_printed_table(row: tuple[str, ...], column: int) -> None:
    """Every range of the table: from its lowest to its highest average the printed score
    is exactly what the performance minimum needs, one point lower needs half a point more."""
    points = Fraction(row[0])
    low, high = row[1 + column]  # type: ignore[misc]
    norm = NORMS[column]
    assert norm.title == ["GM", "IM", "WGM", "WIM"][column]
    assert norm.performance == PERFORMANCE[norm.title]
    for average in range(low, high + 1):
        assert required_score(average, 9, norm.performance) == points, average
    assert required_score(low - 1, 9, norm.performance) == points + Fraction(1, 2)


def test_the_table_is_table_2() -> None:
    """The rating-difference points behind the table are table 2's (003 §4.5.7): the GM
    column's lowest averages are 2601 minus dp for 83, 78, 72, 67, 61, 56, 50, 44, 39 %."""
    percents = [83, 78, 72, 67, 61, 56, 50, 44, 39]
    assert [2601 - TABLE_2[p] for p in percents] == [r[1][0] for r in TABLE]  # type: ignore[index]
    assert [n.floor for n in NORMS] == list(FLOORS.values())


def _opponents(spec: list[tuple[int | None, str | None, str, str]]) -> list[NormOpponent]:
    return [
        NormOpponent(f"O{i}", r, title, fed, Fraction(s))
        for i, (r, title, fed, s) in enumerate(spec)
    ]


EVENT = NormTournament(
    date(2026, 7, 1), date(2026, 7, 9), "40/90+30+30s", players=10, international_arbiter=True
)
#: 9 opponents: 3 GMs, 2 IMs, an FM, 3 untitled; 5 foreign, 4 federations; 6 points.
IM_NORM = [
    (2550, "GM", "SWE", "1/2"), (2500, "GM", "NOR", "1/2"), (2480, "GM", "GER", "1/2"),
    (2420, "IM", "SWE", "1/2"), (2400, "IM", "NOR", "1"), (2300, "FM", "DEN", "1/2"),
    (2250, None, "DEN", "1"), (2200, None, "DEN", "1"), (2100, None, "DEN", "1/2"),
]  # fmt: skip


def test_an_im_norm() -> None:
    """Average (2550 + … + 2100) / 9 = 2355.6 → 2356; 6/9 = 67 % → dp 125: 2481, an IM
    norm (at least 2451; the table's row 6 for IM is 2326–2370) but no GM norm."""
    gm, im = norm_reports(None, False, "DEN", _opponents(IM_NORM), EVENT, date(2026, 7, 9))
    assert (im.norm, im.average, im.performance, im.required) == ("IM", 2356, 2481, Fraction(6))
    # the games a day are not known: made only if at most two were played on a day
    assert (im.made, im.status, im.unknown) == (False, "made if", ("at most two games a day",))
    assert [c.name for c in im.conditions if not c.holds] == ["at most two games a day"]
    assert (gm.norm, gm.made, gm.status, gm.required) == ("GM", False, "not made", Fraction(15, 2))
    # three GMs met (2550, 2500, 2480): only the performance fails, 2481 against 2601
    assert [c.name for c in gm.conditions if c.holds is False] == ["performance of at least 2601"]
    known = replace(EVENT, most_games_a_day=1)
    _, im = norm_reports(None, False, "DEN", _opponents(IM_NORM), known, date(2026, 7, 9))
    assert (im.made, im.status, im.unknown) == (True, "made", ())


def test_the_floor_raises_the_two_lowest() -> None:
    """The two lowest (or unrated) opponents may be set to the floor (2100 for IM)."""
    weak = [*IM_NORM[:7], (1800, None, "DEN", "1"), (None, None, "DEN", "1/2")]
    (gm, im) = norm_reports(None, False, "DEN", _opponents(weak), EVENT, date(2026, 7, 9))
    raised = next(c for c in im.conditions if c.name.startswith("performance"))
    assert "raised to the floor: O8 unrated → 2100, O7 1800 → 2100" in raised.detail
    assert im.average == 2344  # (21200 − 2200 − 2100 + 2 × 2100) / 9 = 2344.4
    rated = next(c for c in im.conditions if c.name.startswith("at least 80 %"))
    assert (rated.holds, rated.detail) == (True, "8 of 9")
    assert gm.average == round((sum(r for r, *_ in IM_NORM[:7]) + 2 * 2250) / 9)


@pytest.mark.parametrize(
    ("change", "condition"),
    [
        (lambda o: o[:8], "at least 9 games"),
        (lambda o: [(r, t, "DEN", s) for r, t, _, s in o],
         "at least a third of the opponents foreign"),
        (lambda o: [(r, t, "SWE" if f != "DEN" else f, s) for r, t, f, s in o],
         "at least 3 federations"),
        (lambda o: [(r, None if t == "GM" else t, f, s) for r, t, f, s in o],
         "at least half the opponents title holders (not CM, WCM)"),
        (lambda o: [(r if i < 7 else 1500, t, f, s) for i, (r, t, f, s) in enumerate(o)],
         "at least 80 % of the opponents rated 1601 or more"),
    ],
)  # fmt: skip
def test_each_condition_can_fail(change: object, condition: str) -> None:
    spec = change(IM_NORM)  # type: ignore[operator]
    im = norm_reports("FM", False, "DEN", _opponents(spec), EVENT, date(2026, 7, 9))[-1]
    assert im.norm == "IM"
    assert not im.made
    assert next(c.name for c in im.conditions if c.holds is False) == condition


def test_4_7_4_three_federations_among_the_opponents() -> None:
    """Issue 38: "Mindst 3 nationer skal være repræsenteret" stands among the conditions on
    the opponents ("Følgende krav til denne gruppe"): their federations count, not the
    player's own — unless the setting counts it, as FIDE's wording does ("two federations
    other than the applicant's")."""
    two = [(r, t, "NOR" if f == "DEN" else "SWE" if f == "GER" else f, s)
           for r, t, f, s in IM_NORM]  # fmt: skip
    known = replace(EVENT, most_games_a_day=1)
    day = date(2026, 7, 9)
    im = norm_reports(None, False, "DEN", _opponents(two), known, day)[1]
    feds = next(c for c in im.conditions if c.name == "at least 3 federations")
    assert (feds.holds, feds.detail) == (False, "2: NOR, SWE (the opponents' federations)")
    assert not im.made
    assert [c.name for c in im.conditions if c.holds is False] == ["at least 3 federations"]
    fide = norm_reports(None, False, "DEN", _opponents(two), known, day, own_federation=True)[1]
    feds = next(c for c in fide.conditions if c.name == "at least 3 federations")
    assert (feds.holds, feds.detail) == (
        True, "3: DEN, NOR, SWE (the player's own counted (setting own_federation))",
    )  # fmt: skip
    assert fide.made
    # an opponent from the player's own federation is one of the opponents' federations
    im = norm_reports(None, False, "DEN", _opponents(IM_NORM), known, day)[1]
    feds = next(c for c in im.conditions if c.name == "at least 3 federations")
    assert (feds.holds, feds.detail) == (True, "4: DEN, GER, NOR, SWE (the opponents' federations)")
    # every FIDE edition skak has is one the handbook's text covers: the opponents' by default
    assert not any(e.norm_own_federation for e in FIDE_EDITIONS.values())


def test_who_can_make_which_norm() -> None:
    ops = _opponents(IM_NORM)
    assert [r.norm for r in norm_reports(None, True, "DEN", ops, EVENT, date(2026, 7, 9))] == [
        "GM", "IM", "WGM", "WIM",
    ]  # fmt: skip
    # a player whose sex is not known is shown no women's norm
    assert [r.norm for r in norm_reports("IM", None, "DEN", ops, EVENT, date(2026, 7, 9))] == [
        "GM",
    ]  # fmt: skip
    assert [r.norm for r in norm_reports(None, None, "DEN", ops, EVENT, date(2026, 7, 9))] == [
        "GM", "IM",
    ]  # fmt: skip
    assert [r.norm for r in norm_reports("IM", True, "DEN", ops, EVENT, date(2026, 7, 9))] == [
        "GM", "WGM",
    ]  # fmt: skip
    assert [r.norm for r in norm_reports("GM", False, "DEN", ops, EVENT, date(2026, 7, 9))] == []
    rapid = NormTournament(date(2026, 7, 1), date(2026, 7, 2), "G/25+10", 10)
    im = norm_reports(None, False, "DEN", ops, rapid, date(2026, 7, 2))[1]
    assert not im.made
    assert "a rapid game" in next(c for c in im.conditions if c.name == "time control").detail


# -- a finished tournament ------------------------------------------------------------------

FIELD = [
    ("Holm, Lars", 2380, None, "DEN", Sex.MALE),
    ("Svensson, Erik", 2550, Title.GM, "SWE", Sex.MALE),
    ("Nordby, Ola", 2500, Title.GM, "NOR", Sex.MALE),
    ("Becker, Jan", 2480, Title.GM, "GER", Sex.MALE),
    ("Lind, Per", 2420, Title.IM, "SWE", Sex.MALE),
    ("Berg, Knut", 2400, Title.IM, "NOR", Sex.MALE),
    ("Dahl, Søren", 2300, Title.FM, "DEN", Sex.MALE),
    ("Krogh, Mette", 2250, Title.WIM, "DEN", Sex.FEMALE),
    ("Vang, Ib", 2200, None, "DEN", Sex.MALE),
    ("Juul, Bo", 2100, None, "DEN", Sex.MALE),
]
#: Holm's results against 2–10 (the IM_NORM scores: 6/9); every other game drawn.
HOLM = dict(
    zip(range(2, 11), ["1/2", "1/2", "1/2", "1/2", "1", "1/2", "1", "1", "1/2"], strict=True)
)


def _finished(api: Skak, field: list[tuple[str, int, Title | None, str, Sex]] = FIELD) -> int:
    tid = api.tournaments.create(
        Tournament("Aarhus IM", "berger", start_date=date(2026, 7, 1), end_date=date(2026, 7, 9),
                   time_control="40/90+30+30s")
    ).id  # fmt: skip
    api.tournaments.add_players(
        tid,
        lambda _t: [
            Player(i, n, ratings=Ratings(dsu=r, fide=r), title=t, federation=f, sex=s)
            for i, (n, r, t, f, s) in enumerate(field, 1)
        ],
    )
    for rnd in range(1, 10):
        t = api.tournaments.pair(tid).after
        for p in t.round(rnd).pairings:
            assert p.black is not None
            if 1 in (p.white, p.black):
                other = p.black if p.white == 1 else p.white
                mine = Fraction(HOLM[other])
                score = mine if p.white == 1 else 1 - mine
                result = {1: Result.WHITE_WIN, Fraction(1, 2): Result.DRAW, 0: Result.BLACK_WIN}[
                    score
                ]
            else:
                result = Result.DRAW
            api.tournaments.enter_result(tid, rnd, p.board, result)
    return tid


def test_standings_with_fide_and_norms(runner: CliRunner) -> None:
    api = Skak("skak.db", create=True)
    _finished(api)
    api.close()
    done = runner.invoke(app, ["standings", "--fide", "--json"])
    assert done.exit_code == 0, done.output
    rows = {r["start_number"]: r for r in json.loads(done.stdout)["standings"]}
    holm = rows[1]["fide"]
    # 2380 (K 15) against 2550 … 2100, table 1: We = .28 + .34 + .36 + .44 + .47 + .61 + .68
    # + .74 + .84 = 4.76; 15 × (6 − 4.76) = 18.6 → +19
    assert (holm["old"], holm["new"], holm["change"], holm["games"]) == (2380, 2399, 19, 9)
    # 4.7.4: the arbiter's title and the games a day are not known: made only if they held
    assert (holm["norm"], holm["norm_if"]) == (
        "IM?", ["at most two games a day", "an International Arbiter in charge"],
    )  # fmt: skip
    assert rows[2]["fide"]["norm"] is None
    table = runner.invoke(app, ["standings", "--fide"])
    assert table.exit_code == 0 and "FIDE (fide-2011)" in table.output and " IM? " in table.output
    notes = " ".join(table.stderr.split())
    assert "FIDE: rated by fide-2011 (K 30/15/10, the 400-point rule)" in notes
    assert "FIDE: K assumed 15 (10 from 2400): skak does not know the players' earlier" in notes
    assert (
        "FIDE: a norm marked ? is made if these hold, which skak does not know: at most two "
        "games a day; an International Arbiter in charge" in notes
    )
    given = runner.invoke(app, ["standings", "--fide", "--ia", "--games-a-day", "1", "--json"])
    assert given.exit_code == 0, given.output
    holm = json.loads(given.stdout)["standings"][0]["fide"]
    assert (holm["norm"], holm["norm_if"]) == ("IM", [])
    report = runner.invoke(app, ["norms", "--player", "1", "--ia", "--json"])
    assert report.exit_code == 0, report.output
    data = json.loads(report.stdout)
    (player,) = data["players"]
    im = next(n for n in player["norms"] if n["norm"] == "IM")
    assert (im["made"], im["status"], im["average"], im["performance"], im["required"]) == (
        False, "made if", 2356, 2481, "6",
    )  # fmt: skip
    assert im["unknown"] == ["at most two games a day"]
    assert {c["name"]: c["holds"] for c in im["conditions"]}["at most two games a day"] is None
    assert [c["name"] for c in data["conditions"]] == [
        "rated players in a closed tournament", "at most 90 days", "time control",
    ]  # fmt: skip
    assert any(n.startswith("K assumed 15") for n in data["notes"])
    words = runner.invoke(app, ["norms", "--player", "1"])
    assert words.exit_code == 0
    assert "IM norm: made if: at most two games a day; an International Arbiter in charge" in (
        " ".join(words.output.split())
    )
    made = runner.invoke(app, ["norms", "--player", "1", "--ia",
                               "--games-a-day", "2"])  # fmt: skip
    assert made.exit_code == 0 and "IM norm: made" in made.output
    assert "made if" not in made.output
    none = runner.invoke(app, ["norms", "--games-a-day", "0"])
    assert none.exit_code == 3 and "1 or more, not 0" in none.output


def test_norms_own_federation_setting(runner: CliRunner) -> None:
    """Issue 38, 4.7.4: Holm (DEN) meets only Swedes and Norwegians: two federations among
    his opponents, no IM norm by the handbook; ``--own-federation`` counts Denmark (FIDE)."""
    field = [(n, r, t, "SWE" if f == "GER" else "NOR" if f == "DEN" and i else f, s)
             for i, (n, r, t, f, s) in enumerate(FIELD)]  # fmt: skip
    api = Skak("skak.db", create=True)
    _finished(api, field)
    api.close()
    given = ["--player", "1", "--ia", "--games-a-day", "1", "--json"]
    done = runner.invoke(app, ["norms", *given])
    assert done.exit_code == 0, done.output
    im = next(n for n in json.loads(done.stdout)["players"][0]["norms"] if n["norm"] == "IM")
    assert (im["made"], im["status"]) == (False, "not made")
    assert [(c["name"], c["detail"]) for c in im["conditions"] if c["holds"] is False] == [
        ("at least 3 federations", "2: NOR, SWE (the opponents' federations)"),
    ]  # fmt: skip
    fide = runner.invoke(app, ["norms", *given, "--own-federation"])
    assert fide.exit_code == 0, fide.output
    im = next(n for n in json.loads(fide.stdout)["players"][0]["norms"] if n["norm"] == "IM")
    assert (im["made"], im["status"]) == (True, "made")
    for flags, norm in (([], None), (["--own-federation"], "IM")):
        standings = runner.invoke(
            app, ["standings", "--fide", "--ia", "--games-a-day", "1", *flags, "--json"]
        )
        assert standings.exit_code == 0, standings.output
        assert json.loads(standings.stdout)["standings"][0]["fide"]["norm"] == norm


def _small_round_robin(
    api: Skak, control: str | None, system: str = "berger", kind: RatedKind = RatedKind.STANDARD
) -> Tournament:
    """Four players (the fourth unrated), every game drawn: a finished round robin."""
    tid = api.tournaments.create(
        Tournament("Lyn", system, start_date=date(2026, 5, 1), end_date=date(2026, 5, 1),
                   time_control=control, rated_kind=kind)
    ).id  # fmt: skip
    ratings = [2200, 2100, 2000, None]
    api.tournaments.add_players(
        tid,
        lambda _t: [
            Player(i, f"P, {i}", ratings=Ratings(dsu=1800, fide=r), federation="DEN")
            for i, r in enumerate(ratings, 1)
        ],
    )
    for rnd in range(1, 4):
        t = api.tournaments.pair(tid).after
        for p in t.round(rnd).pairings:
            if p.black is not None:
                api.tournaments.enter_result(tid, rnd, p.board, Result.DRAW)
    return api.tournaments.get(tid)


def test_4_7_2_a_blitz_round_robin_is_not_fide_rated(runner: CliRunner) -> None:
    """4.7.2 rates games of at least 120 minutes (or 90 min + 30 s a move): a 3+2 round
    robin shows no FIDE change, and says why."""
    api = Skak("skak.db", create=True)
    _small_round_robin(api, "3+2", kind=RatedKind.BLITZ)
    api.close()
    done = runner.invoke(app, ["standings", "--fide", "--json"])
    assert done.exit_code == 0, done.output
    cells = [r["fide"] for r in json.loads(done.stdout)["standings"]]
    assert [(c["old"], c["new"], c["change"], c["games"]) for c in cells] == [
        (2200, None, 0, 0), (2100, None, 0, 0), (2000, None, 0, 0), (None, None, 0, 0),
    ]  # fmt: skip
    table = runner.invoke(app, ["standings", "--fide"])
    assert "FIDE: not FIDE-rated (4.7.2): G/3+2s: a blitz game" in " ".join(table.stderr.split())


@pytest.mark.parametrize(
    ("system", "counted"),
    [("berger", True), ("dsu-rr", True), ("varma", True), ("round-robin", True),
     ("monrad", False), ("dutch", False)],
)  # fmt: skip
def test_4_7_2_the_round_robin_exception_for_every_round_robin(
    api: Skak, system: str, counted: bool
) -> None:
    """4.7.2: in a round robin (alle mod alle) an unrated player with a point counts; the
    one test of a round robin (skak.model.is_round_robin) decides, Varma included."""
    from skak.rating.fide_tournament import tournament_fide_rating

    t = replace(_small_round_robin(api, "90+30"), pairing_system=system)
    first = tournament_fide_rating(t, date(2026, 5, 1)).players[0]
    assert first.games == (3 if counted else 2)


def test_fide_standings_need_a_finished_tournament(runner: CliRunner) -> None:
    api = Skak("skak.db", create=True)
    tid = api.tournaments.create(Tournament("Kort", "berger")).id
    api.tournaments.add_players(tid, lambda _t: [Player(i, f"P{i}") for i in range(1, 5)])
    api.close()
    done = runner.invoke(app, ["standings", "--fide"])
    assert done.exit_code == 5 and "is not finished" in done.output
