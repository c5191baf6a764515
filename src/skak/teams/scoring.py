"""What a match scores, DSU 003 §5.1 §3, §12 c and §13: board points (brætpoint) board by
board, the penalties, and match points (matchpoint: 2 won, 1 drawn, 0 lost).

In the order the text applies them:

1. §13 a — a team that did not come, or came with fewer than 5 players, leaves the
   tournament: all its matches are struck out (udgår), it is placed last, and its players
   are excluded for the season. The match scores nothing; the standings leave it out.
   The play-off (omkamp, §5) is no match of the season: there such a team loses the
   play-off 8-0 and its season stands.
2. §13 a — a team more than 60 minutes late loses 8-0 (every board; both late: 0-0, and
   neither wins the match).
3. Board by board: a game played counts as played; a player who did not come, or came
   after the waiting time, loses his game (an empty board too); both away: 0-0.
4. §13 b — a player used illegally (see :mod:`skak.teams.lineups`) loses his game whatever
   its result; his opponent wins it when he played or was there to play.
5. §13 c — a player away through the team leader's mistake costs the team 1 penalty point
   (strafpoint); the player himself goes free. A player away through his own fault is
   punished as in the EMT: skak reports him (the quarantine registry's business).

Colours (§12 c): the visiting team has white on board 1 and every odd board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError
from skak.messages import N_, Message, Phrases
from skak.teams.league import PLAYOFF_ROUND, Fixture, Lineup
from skak.teams.lineups import Violation
from skak.teams.matches import Absence, MatchCard, game_points

__all__ = ["BoardScore", "MatchScore", "check_card", "score_match", "white_team"]

ZERO = Fraction(0)
ONE = Fraction(1)


def white_team(fixture: Fixture, board: int) -> str:
    """§12 c: "Nr. 1 på det gæstende hold spiller hvid, nr. 2 sort osv." """
    return fixture.away if board % 2 else fixture.home


@dataclass(frozen=True, slots=True)
class BoardScore:
    """One board as it counts: the players, who had white, the result as played (home–away,
    ``None`` when no game was played), the points each team gets, and why when they are not
    the game's."""

    board: int
    white: str
    home_player: str | None
    away_player: str | None
    played: str | None
    home: Fraction
    away: Fraction
    why: str = ""


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match as it counts (see the module). ``struck_out`` holds the teams that left under
    §13 a with the reason: then nothing of the match counts."""

    fixture: Fixture
    boards: tuple[BoardScore, ...]
    home: Fraction
    away: Fraction
    home_mp: int
    away_mp: int
    penalty_points: tuple[tuple[str, int, str], ...] = ()
    struck_out: tuple[tuple[str, str], ...] = ()
    reports: tuple[str, ...] = ()
    explanation: tuple[str, ...] = ()

    def points(self, team: str) -> Fraction:
        return self.home if team == self.fixture.home else self.away

    def match_points(self, team: str) -> int:
        return self.home_mp if team == self.fixture.home else self.away_mp

    def board_points(self, team: str, board: int) -> Fraction:
        b = self.boards[board - 1]
        return b.home if team == self.fixture.home else b.away


def check_card(
    card: MatchCard,
    fixture: Fixture,
    home: Lineup | None,
    away: Lineup | None,
    boards: int,
) -> None:
    """:raises InputError: for a card that does not fit the line-ups: a result missing for
    a game both players were there for, a result for a board without a game, an absence on
    an empty board, a board beyond the match's."""
    for team, lu in ((fixture.home, home), (fixture.away, away)):
        if lu is None and team not in card.no_show and team not in card.late:
            raise InputError(
                N_(
                    "{match}: enter {team}'s line-up first (skak league lineup), or say the "
                    "team did not come",
                    match=fixture.label(),
                    team=team,
                )
            )
    for b in card.boards:
        if not 1 <= b.board <= boards:
            raise InputError(
                N_(
                    "{match}: the match has boards 1–{boards}, not {board}",
                    match=fixture.label(),
                    boards=boards,
                    board=b.board,
                )
            )
    if card.late or set(card.no_show):
        return
    assert home is not None
    assert away is not None
    for number in range(1, boards + 1):
        b = card.board(number)
        hp = _at(home, number)
        ap = _at(away, number)
        for side, player, absence in (
            (N_("home"), hp, b.home_absence),
            (N_("away"), ap, b.away_absence),
        ):
            if player is None and absence is not None:
                raise InputError(
                    N_(
                        "{match}, board {board}: the {side} team's board is empty",
                        match=fixture.label(),
                        board=number,
                        side=side,
                    )
                )
        here = (
            hp is not None and b.home_absence is None,
            ap is not None and b.away_absence is None,
        )
        if all(here) and b.result is None:
            raise InputError(
                N_(
                    "{match}, board {board}: the result is missing",
                    match=fixture.label(),
                    board=number,
                )
            )
        if not all(here) and b.result is not None:
            raise InputError(
                N_(
                    "{match}, board {board}: no game was played (a player was not there); "
                    "leave the result out",
                    match=fixture.label(),
                    board=number,
                )
            )


def _at(lineup: Lineup | None, board: int) -> str | None:
    if lineup is None or board > len(lineup.players):
        return None
    return lineup.players[board - 1]


def score_match(
    card: MatchCard,
    fixture: Fixture,
    home: Lineup | None,
    away: Lineup | None,
    violations: Mapping[str, Sequence[Violation]],
    *,
    boards: int,
    min_players: int,
) -> MatchScore:
    """The match as it counts (see the module); ``violations`` maps a team to its line-up's
    violations (:func:`skak.teams.lineups.check_lineup`).

    :raises InputError: naming the round, the match and the board, when the card does not
        fit the line-ups (:func:`check_card`): then the result is to be entered again.
    """
    try:
        check_card(card, fixture, home, away, boards)
    except InputError as err:
        raise InputError(
            N_(
                "the result card does not fit the line-ups: {error}; enter the result again "
                "(skak league result)",
                error=err.message,
            )
        ) from None
    lines: list[str] = []
    playoff = fixture.round == PLAYOFF_ROUND
    struck = () if playoff else _struck_out(card, fixture, home, away, boards, min_players)
    if struck:
        lines += [
            N_("{team} {why}: the team leaves the tournament (5.1 §13 a)", team=team, why=why)
            for team, why in struck
        ]
        return MatchScore(
            fixture, (), ZERO, ZERO, 0, 0, struck_out=struck, explanation=tuple(lines)
        )
    forfeits: dict[str, str] = {
        t: N_("came more than 60 minutes late") for t in fixture.teams() if t in card.late
    }
    if playoff:
        # The play-off is no match of the season: a team that does not come to it, or comes
        # with fewer than 5 players, loses it; its season stands (docs/interpretations.md).
        forfeits |= dict(_struck_out(card, fixture, home, away, boards, min_players))
    board_scores: list[BoardScore] = []
    penalties: list[tuple[str, int, str]] = []
    reports: list[str] = []
    illegal = {t: {v.board: v for v in violations.get(t, ())} for t in fixture.teams()}
    for number in range(1, boards + 1):
        hp, ap = _at(home, number), _at(away, number)
        white = white_team(fixture, number)
        if forfeits:
            h = ZERO if fixture.home in forfeits else ONE
            a = ZERO if fixture.away in forfeits else ONE
            why = Phrases(
                "; ",
                tuple(
                    N_(
                        "{team} {what}: lost {boards}-0 (5.1 §13 a, §5: the play-off is lost)",
                        team=t,
                        what=what,
                        boards=boards,
                    )
                    if playoff
                    else N_(
                        "{team} {what}: lost {boards}-0 (5.1 §13 a)",
                        team=t,
                        what=what,
                        boards=boards,
                    )
                    for t, what in forfeits.items()
                ),
            )
            board_scores.append(BoardScore(number, white, hp, ap, None, h, a, why))
            continue
        b = card.board(number)
        h_here = hp is not None and b.home_absence is None
        a_here = ap is not None and b.away_absence is None
        reasons = []
        if h_here and a_here and b.result is not None:
            h, a = game_points(b.result)
        else:
            h = ONE if h_here else ZERO
            a = ONE if a_here else ZERO
            for team, player, absence in (
                (fixture.home, hp, b.home_absence),
                (fixture.away, ap, b.away_absence),
            ):
                if player is None:
                    reasons.append(N_("{team}'s board is empty: lost", team=team))
                elif absence is not None:
                    reasons.append(
                        N_(
                            "{team}'s {player} {absence}: lost",
                            team=team,
                            player=player,
                            absence=absence.label,
                        )
                    )
                    if absence is Absence.LEADER:
                        penalties.append(
                            (
                                team,
                                1,
                                N_(
                                    "board {board}: {player} away (5.1 §13 c)",
                                    board=number,
                                    player=player,
                                ),
                            )
                        )
                    elif absence is Absence.NO_SHOW:
                        reports.append(
                            N_(
                                "{player} ({team}) did not come to {match}, board {board}: to "
                                "be punished as in the EMT (5.1 §13 c)",
                                player=player,
                                team=team,
                                match=fixture.label(),
                                board=number,
                            )
                        )
        home_bad = number in illegal[fixture.home]
        away_bad = number in illegal[fixture.away]
        if home_bad or away_bad:
            for team, bad in ((fixture.home, home_bad), (fixture.away, away_bad)):
                if bad:
                    message = illegal[team][number].message
                    said = message.removeprefix(f"board {number}: ")
                    if isinstance(message, Message) and "text" in message.params:
                        text = message.params["text"]
                        said = N_(
                            "{text} ({paragraph}); {lost}",
                            text=text,
                            paragraph=message.params.get("paragraph", ""),
                            lost=message.params.get("lost", ""),
                        )
                    reasons.append(
                        N_("{team}'s player was used illegally: {said}", team=team, said=said)
                    )
            h = ONE if (away_bad and not home_bad and h_here) else ZERO
            a = ONE if (home_bad and not away_bad and a_here) else ZERO
        board_scores.append(
            BoardScore(
                number,
                white,
                hp,
                ap,
                b.result if h_here and a_here else None,
                h,
                a,
                Phrases("; ", reasons) if reasons else "",
            )
        )
    home_total = sum((s.home for s in board_scores), ZERO)
    away_total = sum((s.away for s in board_scores), ZERO)
    if len(forfeits) == 2:
        home_mp = away_mp = 0
    elif home_total > away_total:
        home_mp, away_mp = 2, 0
    elif home_total < away_total:
        home_mp, away_mp = 0, 2
    else:
        home_mp = away_mp = 1
    lines.append(
        N_(
            "{match}: {home}-{away} in board points, {home_mp}-{away_mp} in match points "
            "(5.1 §3: 2 won, 1 drawn, 0 lost)",
            match=fixture.label(),
            home=_num(home_total),
            away=_num(away_total),
            home_mp=home_mp,
            away_mp=away_mp,
        )
    )
    if forfeits:  # the same on every board: said once for the match
        lines.append(board_scores[0].why)
    else:
        lines += [
            N_("board {board}: {why}", board=s.board, why=s.why) for s in board_scores if s.why
        ]
    lines += [
        N_("{team}: {points} penalty point (strafpoint), {why}", team=team, points=p, why=why)
        for team, p, why in penalties
    ]
    return MatchScore(
        fixture,
        tuple(board_scores),
        home_total,
        away_total,
        home_mp,
        away_mp,
        tuple(penalties),
        (),
        tuple(reports),
        tuple(lines),
    )


def _struck_out(
    card: MatchCard,
    fixture: Fixture,
    home: Lineup | None,
    away: Lineup | None,
    boards: int,
    min_players: int,
) -> tuple[tuple[str, str], ...]:
    out = []
    for team, lu, is_home in ((fixture.home, home, True), (fixture.away, away, False)):
        if team in card.no_show:
            out.append((team, N_("did not come (udeblev)")))
            continue
        if team in card.late or lu is None:
            continue  # §13 a's 8-0 for coming late; the line-up is not needed
        present = sum(
            1
            for number in range(1, boards + 1)
            if _at(lu, number) is not None and card.board(number).absence(is_home) is None
        )
        if present < min_players:
            out.append(
                (
                    team,
                    N_(
                        "came with {present} players, fewer than {least}",
                        present=present,
                        least=min_players,
                    ),
                )
            )
    return tuple(out)


def _num(p: Fraction) -> str:
    whole, rest = divmod(p, 1)
    if rest == 0:
        return str(whole)
    return f"{whole}½" if whole else "½"
