"""A group's standings (stilling), DSU 003 §5.1 §3 and §13 a.

§3: "Placeringen i en gruppe afgøres efter, hvor mange brætpoint, klubberne i alt har opnået
… Ved ligestilling … flest matchpoint … Er der derefter ligestilling afgør indbyrdes opgør
placeringen. Er der også ligestilling i indbyrdes opgør, afgøres placeringen ud fra
resultaterne på de enkelte pladser på holdene, således at holdet der har vundet bræt 1
placeres øverst. Er dette lige forsættes med bræt 2 osv. Er dette lige for alle 8 brætter,
foretages lodtrækning."

So, in order (the first two swapped for Skakligaen from the 2022 edition):

1. board points (brætpoint), less penalty points (setting ``penalty_points_from``);
2. match points (matchpoint: 2 won, 1 drawn, 0 lost);
3. the direct encounter (indbyrdes opgør): the same two scores in the tied teams' matches
   with each other;
4. board by board: the tied teams' points on board 1 in those matches, then board 2, …
   (setting ``board_by_board``: ``season`` counts the whole season instead);
5. a lot (lodtrækning): one drawn by hand and recorded (the setting ``lot_order`` or
   ``skak league lot``), else drawn reproducibly from the setting ``lot_seed`` (else the
   season's name) and the group, so anyone can draw it again.

Each criterion orders the teams still tied after the one before, among themselves.

§13 a: a team that left (udgået) has all its matches struck out and is placed last; of
several, the one that left last is placed highest.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.messages import N_, N_plural, Phrases
from skak.teams.league import Fixture, Season
from skak.teams.lineups import NO_QUARANTINES, Quarantines, check_lineup, lineups_by_player
from skak.teams.scoring import MatchScore, score_match
from skak.tiebreaks import draw_lots, exact_decimal

__all__ = [
    "LOT_CRITERION",
    "GroupStandings",
    "StandingRow",
    "group_standings",
    "match_score",
    "match_scores",
    "penalty_points",
]

ZERO = Fraction(0)
#: What placed a team below the one above when §3's lot did (:attr:`StandingRow.decided_by`).
LOT_CRITERION = N_("lot (lodtrækning)")


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One team's line: ``board_points`` and ``match_points`` as they rank (penalty points
    taken off), ``decided_by`` what placed it below the team above."""

    rank: int
    team: str
    club: str
    played: int
    won: int
    drawn: int
    lost: int
    board_points: Fraction
    match_points: Fraction
    penalty_points: int
    withdrawn: bool = False
    decided_by: str = ""


@dataclass(frozen=True, slots=True)
class GroupStandings:
    division: str
    group: int
    edition: str
    order: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    complete: bool
    missing: tuple[str, ...]
    explanation: tuple[str, ...]

    def team_at(self, place: int) -> StandingRow:
        return self.rows[place - 1]


def match_score(
    season: Season, fixture: Fixture, quarantines: Quarantines = NO_QUARANTINES
) -> MatchScore | None:
    """The match as it counts, ``None`` before its card is in."""
    card = season.card(fixture)
    if card is None:
        return None
    home = season.lineup(fixture.round, fixture.home)
    away = season.lineup(fixture.round, fixture.away)
    violations = {
        lu.team: check_lineup(season, lu, quarantines) for lu in (home, away) if lu is not None
    }
    spec = season.division(fixture.division)
    return score_match(
        card,
        fixture,
        home,
        away,
        violations,
        boards=spec.boards,
        min_players=spec.min_players,
    )


def match_scores(
    season: Season, division: str, group: int, after_round: int | None = None
) -> dict[Fixture, MatchScore]:
    """Every match of the group with its card in (up to ``after_round``)."""
    out = {}
    for f in season.schedule(division, group):
        if after_round is not None and f.round > after_round:
            continue
        s = match_score(season, f)
        if s is not None:
            out[f] = s
    return out


def penalty_points(
    season: Season,
    scores: Mapping[Fixture, MatchScore],
    team: str,
    after_round: int | None = None,
) -> int:
    """The team's penalty points: from its matches in ``scores`` (§13 c) and the leader's
    (§13 e) given up to ``after_round`` (a penalty without a round counts always)."""
    own = sum(p for s in scores.values() for t, p, _ in s.penalty_points if t == team)
    given = sum(
        p.points
        for p in season.penalties
        if p.team == team and (after_round is None or p.round is None or p.round <= after_round)
    )
    return own + given


@dataclass
class _Tally:
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    bp: Fraction = ZERO
    mp: Fraction = ZERO


def group_standings(
    season: Season, division: str, group: int, after_round: int | None = None
) -> GroupStandings:
    """The group's standings after ``after_round`` (default: everything entered).

    Kept for the group while nothing it depends on changes (:func:`_group_inputs`): a card
    entered in one group of a season of DSU's size ranks that group anew, not all 25."""
    name = season.division(division).name
    inputs = _group_inputs(season, name, group, after_round)
    key = (season.name, season.start, name, group, after_round)
    with _GROUPS_LOCK:
        kept = _GROUPS.get(key)
    if kept is not None and kept[0] == inputs:
        return kept[1]
    made = _group_standings(season, name, group, after_round)
    with _GROUPS_LOCK:
        _GROUPS[key] = (inputs, made)
        _GROUPS.move_to_end(key)
        while len(_GROUPS) > 256:
            _GROUPS.popitem(last=False)
    return made


def _group_inputs(
    season: Season, division: str, group: int, after_round: int | None
) -> tuple[object, ...]:
    """Everything a group's standings are computed from: the season's rules, settings,
    teams, strength lists, withdrawals, penalties, lots and play-off; the group's cards
    and line-ups; and every line-up that counts of each player the group fielded (the
    checks of §10 look at a player's other line-ups, in any group). Compared element by
    element, and the elements of a season's next version are mostly the same objects, so
    comparing costs little."""
    fixtures = season.schedule(division, group)
    cards = tuple(season.card(f) for f in fixtures)
    lineups = tuple(season.lineup(f.round, t) for f in fixtures for t in f.teams())
    counted = lineups_by_player(season)
    players = tuple(
        counted.get(p, ()) for lu in lineups if lu is not None for p in lu.players if p is not None
    )
    return (
        season.edition, season.settings, season.divisions, season.dates,
        season.division_dates, season.teams, season.lists, season.withdrawals,
        season.penalties, season.lots, season.playoff, cards, lineups, players,
    )  # fmt: skip


_GROUPS: OrderedDict[tuple[object, ...], tuple[tuple[object, ...], GroupStandings]] = OrderedDict()
_GROUPS_LOCK = threading.Lock()


def _group_standings(
    season: Season, division: str, group: int, after_round: int | None = None
) -> GroupStandings:
    spec = season.division(division)
    edition = season.rules
    order = edition.primary(spec.level)
    teams = season.group_teams(spec.name, group)
    scores = match_scores(season, spec.name, group, after_round)
    gone = {t.name: w for t in teams if (w := season.withdrawal(t.name)) is not None}
    counted = {
        f: s for f, s in scores.items() if not (set(f.teams()) & set(gone)) and not s.struck_out
    }
    tally = {t.name: _Tally() for t in teams}
    for f, s in counted.items():
        for team in f.teams():
            row = tally[team]
            row.played += 1
            row.bp += s.points(team)
            mp = s.match_points(team)
            row.mp += mp
            row.won += mp == 2
            row.drawn += mp == 1
            row.lost += mp == 0
    pens = {t.name: penalty_points(season, counted, t.name, after_round) for t in teams}
    for team, p in pens.items():
        if season.settings.penalty_points_from == "board-points":
            tally[team].bp -= p
        else:
            tally[team].mp -= p
    names = _NAMES
    lines: list[str] = [
        N_(
            "{division} group {group}, edition {edition}: ranked by {first}, then {second}, "
            "the direct encounter, board by board ({board_by_board}), then lot (5.1 §3)",
            division=spec.name,
            group=group,
            edition=edition.name,
            first=names[order[0]],
            second=names[order[1]],
            board_by_board=season.settings.board_by_board,
        )
    ]
    from_board = season.settings.penalty_points_from == "board-points"
    lines += [
        N_plural(
            "{team}: {n} penalty point taken off its board points",
            "{team}: {n} penalty points taken off its board points",
            p,
            team=t,
        )
        if from_board
        else N_plural(
            "{team}: {n} penalty point taken off its match points",
            "{team}: {n} penalty points taken off its match points",
            p,
            team=t,
        )
        for t, p in pens.items()
        if p
    ]
    active = [t.name for t in teams if t.name not in gone]
    numbers = {t.name: t.number for t in teams}
    criteria = _criteria(
        season, spec.name, group, order, tally, counted, numbers, spec.boards, lines
    )
    ranked = _split(active, criteria, "", lines, tied=False)
    leavers = sorted(gone, key=lambda t: (-gone[t].round, numbers[t]))
    for t in leavers:
        w = gone[t]
        lines.append(
            N_(
                "{team} left the tournament from round {round} ({reason}, {paragraph}): its "
                "matches are struck out and it is placed last",
                team=t,
                round=w.round,
                reason=w.reason,
                paragraph=w.paragraph,
            )
        )
    ranked += [(t, N_("left the tournament (5.1 §13 a)")) for t in leavers]
    club = {t.name: t.club for t in teams}
    rows = tuple(
        StandingRow(
            i,
            t,
            club[t],
            tally[t].played,
            tally[t].won,
            tally[t].drawn,
            tally[t].lost,
            tally[t].bp,
            tally[t].mp,
            pens[t],
            t in gone,
            why,
        )
        for i, (t, why) in enumerate(ranked, start=1)
    )
    last = after_round if after_round is not None else season.rounds(spec.name, group)
    missing = tuple(
        f.label()
        for f in season.schedule(spec.name, group)
        if f.round <= last and f not in scores and not (set(f.teams()) & set(gone))
    )
    return GroupStandings(
        spec.name, group, edition.name, order, rows, not missing, missing, tuple(lines)
    )


#: The first two criteria of §3, in words (which comes first: the edition's order).
_NAMES = {"bp": N_("board points (brætpoint)"), "mp": N_("match points (matchpoint)")}

Values = Callable[[Sequence[str]], dict[str, tuple[Fraction, ...]]]
Criterion = tuple[str, Values, Callable[[tuple[Fraction, ...]], str]]


def _criteria(
    season: Season,
    division: str,
    group: int,
    order: tuple[str, str],
    tally: Mapping[str, _Tally],
    counted: Mapping[Fixture, MatchScore],
    numbers: Mapping[str, int],
    boards: int,
    lines: list[str],
) -> list[Criterion]:
    def score(kind: str) -> Values:
        return lambda ts: {t: (tally[t].bp if kind == "bp" else tally[t].mp,) for t in ts}

    def mutual(ts: Sequence[str]) -> list[tuple[Fixture, MatchScore]]:
        return [(f, s) for f, s in counted.items() if f.home in ts and f.away in ts]

    def direct(ts: Sequence[str]) -> dict[str, tuple[Fraction, ...]]:
        out = {t: {"bp": ZERO, "mp": ZERO} for t in ts}
        for f, s in mutual(ts):
            for t in f.teams():
                out[t]["bp"] += s.points(t)
                out[t]["mp"] += s.match_points(t)
        return {t: (v[order[0]], v[order[1]]) for t, v in out.items()}

    def by_board(ts: Sequence[str]) -> dict[str, tuple[Fraction, ...]]:
        pool = mutual(ts) if season.settings.board_by_board == "direct" else list(counted.items())
        out = {t: [ZERO] * boards for t in ts}
        for f, s in pool:
            for t in f.teams():
                if t in out:
                    for b in range(1, len(s.boards) + 1):
                        out[t][b - 1] += s.board_points(t, b)
        return {t: tuple(v) for t, v in out.items()}

    seed = season.settings.lot_seed or season.name

    def lot(ts: Sequence[str]) -> dict[str, tuple[Fraction, ...]]:
        by_hand = season.drawn_lot(ts)
        if by_hand is not None:
            lines.append(N_("the lot drawn by hand: {order} (5.1 §3)", order=", ".join(by_hand)))
            return {t: (Fraction(-by_hand.index(t)),) for t in ts}
        drawn = draw_lots(seed, f"{division}/{group}", [numbers[t] for t in ts])
        lines.append(
            N_(
                "the lot drawn from the seed {seed}: draw numbers {numbers} (5.1 §3; 'skak "
                "league lot' records a lot drawn by hand)",
                seed=repr(seed),
                numbers=", ".join(map(str, drawn)),
            )
        )
        place = {n: i for i, n in enumerate(drawn)}
        return {t: (Fraction(-place[numbers[t]]),) for t in ts}

    return [
        (_NAMES[order[0]], score(order[0]), _points),
        (_NAMES[order[1]], score(order[1]), _points),
        (N_("the direct encounter (indbyrdes opgør)"), direct, _points),
        (N_("board by board (bræt for bræt)"), by_board, _points),
        (LOT_CRITERION, lot, _lot_number),
    ]


def _split(
    teams: Sequence[str],
    criteria: Sequence[Criterion],
    decided: str,
    lines: list[str],
    *,
    tied: bool = True,
) -> list[tuple[str, str]]:
    """``teams`` (tied so far, unless ``tied`` is false: the whole group) in order, each
    with what placed it below the one above."""
    if len(teams) <= 1 or not criteria:
        return [(t, decided) for t in teams]
    name, values, show = criteria[0]
    found = values(teams)
    blocks: list[list[str]] = []
    for t in sorted(teams, key=lambda t: found[t], reverse=True):
        if blocks and found[blocks[-1][0]] == found[t]:
            blocks[-1].append(t)
        else:
            blocks.append([t])
    if len(blocks) > 1 and tied:
        shown = Phrases(
            "; ",
            (N_("{teams} {value}", teams=", ".join(b), value=show(found[b[0]])) for b in blocks),
        )
        lines.append(
            N_(
                "tied {teams}: {criterion} orders them: {shown}",
                teams=", ".join(sorted(teams)),
                criterion=name,
                shown=shown,
            )
        )
    out: list[tuple[str, str]] = []
    for i, block in enumerate(blocks):
        out += _split(block, criteria[1:], decided if i == 0 else name, lines)
    return out


def _points(values: tuple[Fraction, ...]) -> str:
    """Points as arbiters write them, ``4½`` (board and match points are half points)."""
    return "/".join(_half(v) if (2 * v).denominator == 1 else exact_decimal(v) for v in values)


def _half(v: Fraction) -> str:
    sign = "-" if v < 0 else ""
    whole, rest = divmod(abs(v), 1)
    if not rest:
        return f"{sign}{whole}"
    return f"{sign}{whole}½" if whole else f"{sign}½"


def _lot_number(values: tuple[Fraction, ...]) -> str:
    return N_("lot no. {number}", number=str(1 - values[0]))
