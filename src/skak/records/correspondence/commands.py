"""A correspondence group's commands and the pure :func:`decide`: what the tournament leader
(TL) does to a group, checked by section 6's rules before anything is written.

* the group is created with its event (EMT class, cup stage, team division), start day and
  rules (post or e-mail, the control, the postal days, 6.3.2.1, 6.3.6.2);
* the players are entered in the TL's drawn order, and the games with their colours are
  fixed then (:func:`skak.correspondence.groups.all_play_all`; the DM class below 7
  players twice, 6.5.2.1; the team championship board by board, 6.7.2.3); entered again
  before the play begins, the list is replaced;
* a card is checked with the game's cards before it by the clock
  (:func:`skak.correspondence.game.clock`): a move that is illegal or repeats wrongly, a
  date before the opponent's card, a card after the result — refused naming the game and
  the card, nothing written. A time overstep is the card's fact, not an error: the TL
  rules on it (6.3.3.3, 6.3.3.5);
* results and adjudications, holidays (6.3.6) and withdrawals (6.2.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from skak.correspondence.classes import EmtClass
from skak.correspondence.clock import counted_dispatch
from skak.correspondence.game import Card, clock
from skak.correspondence.group_state import (
    EVENTS,
    STAGES,
    Competition,
    CorrGroup,
    GroupPlayer,
    GroupRules,
    Pairing,
    PlayerHoliday,
    StoredGame,
    Withdrawal,
)
from skak.correspondence.groups import RESULTS, all_play_all, board_games
from skak.correspondence.holidays import Mode
from skak.errors import InputError, NotFoundError, StateError
from skak.messages import N_
from skak.model.player import clean_text
from skak.records.correspondence.events import (
    WITHDRAWAL_REASONS,
    CardEntered,
    CardTakenBack,
    CorrespondenceEvent,
    GroupCreated,
    HolidayEntered,
    PlayersEntered,
    PlayerWithdrawn,
    ResultEntered,
)

__all__ = [
    "TEAM_BOARDS",
    "AnnounceHoliday",
    "CorrespondenceCommand",
    "CreateGroup",
    "EnterCard",
    "EnterPlayers",
    "EnterResult",
    "Entrant",
    "TakeBackCard",
    "WithdrawPlayer",
    "decide",
    "result_text",
]

#: 6.7.2.1: a team has 4 players on boards 1–4.
TEAM_BOARDS = 4


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player as the TL enters him: name, DSU member number, rating, and in the team
    championship his club (his board is his place among his club's players, 6.7.2.1)."""

    name: str
    member: int | None = None
    rating: int | None = None
    club: str | None = None


@dataclass(frozen=True, slots=True)
class CreateGroup:
    name: str
    competition: Competition
    start: date
    rules: GroupRules = field(default_factory=GroupRules)


@dataclass(frozen=True, slots=True)
class EnterPlayers:
    players: tuple[Entrant, ...]


@dataclass(frozen=True, slots=True)
class EnterCard:
    game: int
    card: Card


@dataclass(frozen=True, slots=True)
class TakeBackCard:
    game: int


@dataclass(frozen=True, slots=True)
class EnterResult:
    game: int
    result: str
    adjudicated: bool = False


@dataclass(frozen=True, slots=True)
class AnnounceHoliday:
    holiday: PlayerHoliday


@dataclass(frozen=True, slots=True)
class WithdrawPlayer:
    withdrawal: Withdrawal


CorrespondenceCommand = (
    CreateGroup
    | EnterPlayers
    | EnterCard
    | TakeBackCard
    | EnterResult
    | AnnounceHoliday
    | WithdrawPlayer
)

#: A result as typed, and as stored.
_RESULTS = {
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "½-½": "1/2-1/2",
    "=": "1/2-1/2",
    "½": "1/2-1/2",
    "0-0": "0-0",
}


def result_text(text: str) -> str:
    """A result as stored: ``1-0``, ``0-1``, ``1/2-1/2`` (also ``½-½``, ``=``) or ``0-0``.

    :raises InputError: for any other text.
    """
    found = _RESULTS.get(text.strip())
    if found is None:
        raise InputError(
            N_(
                "result {result} is not 1-0, 0-1, 1/2-1/2 (½-½, =) or 0-0 (lost for both, 6.3.3.4)",
                result=repr(text),
            )
        )
    assert found in RESULTS
    return found


def decide(group: CorrGroup | None, command: CorrespondenceCommand) -> list[CorrespondenceEvent]:
    """The events that carry out ``command`` on ``group``.

    :raises InputError: for a value the rules refuse (a card the clock refuses, naming the
        game and the card).
    :raises NotFoundError: for a game or player the group does not have.
    :raises StateError: for a command the group as it stands refuses (players entered
        after the play began, a card after the result).
    """
    if isinstance(command, CreateGroup):
        if group is not None:
            raise StateError(N_("the group {name} exists already", name=group.name))
        return [_create(command)]
    if group is None:
        raise StateError(N_("there is no group yet; create one with 'skak corr new'"))
    match command:
        case EnterPlayers(players=players):
            return _players(group, players)
        case EnterCard(game=number, card=card):
            return _card(group, _game(group, number), card)
        case TakeBackCard(game=number):
            game = _game(group, number)
            if not game.cards:
                raise StateError(N_("game {game} has no card to take back", game=group.label(game)))
            _open(group, game)
            return [CardTakenBack(number)]
        case EnterResult(game=number, result=result, adjudicated=adjudicated):
            game = _game(group, number)
            stored = result_text(result)
            if (game.result, game.adjudicated) == (stored, adjudicated):
                return []
            return [ResultEntered(number, stored, adjudicated)]
        case AnnounceHoliday(holiday=holiday):
            return _holiday(group, holiday)
        case WithdrawPlayer(withdrawal=w):
            return _withdraw(group, w)
    raise TypeError(command)  # pragma: no cover


def _create(c: CreateGroup) -> GroupCreated:
    name = clean_text(c.name, "the group's name")
    if not name:
        raise InputError(N_("the group needs a name"))
    k = c.competition
    if k.event not in EVENTS:
        raise InputError(
            N_("event {event} is emt, cup or team (6.5, 6.6, 6.7)", event=repr(k.event))
        )
    if k.event == "emt":
        if k.emt_class is None:
            raise InputError(N_("an EMT group needs its class: DM, M, K or Å (6.5.1)"))
        k = Competition("emt", emt_class=k.emt_class)
    elif k.event == "cup":
        if k.stage not in STAGES:
            raise InputError(
                N_(
                    "a cup group needs its stage: preliminary, semifinal or final (6.6.1.1), "
                    "not {stage}",
                    stage=repr(k.stage),
                )
            )
        if k.preliminary_players < 0:
            raise InputError(N_("the preliminary round's players cannot be fewer than 0"))
        k = Competition(
            "cup",
            stage=k.stage,
            preliminary_players=k.preliminary_players,
            semifinal_held=k.semifinal_held,
        )
    else:
        if k.division not in (1, 2, 3):
            raise InputError(
                N_(
                    "a team group needs its division: 1, 2 or 3 (6.7.1.1), not {division}",
                    division=k.division,
                )
            )
        k = Competition("team", division=k.division)
    r = c.rules
    if not 0 <= r.postal_days <= 30:
        raise InputError(N_("the postal days are 0–30, not {days}", days=r.postal_days))
    return GroupCreated(name, k, c.start, r)


def _players(group: CorrGroup, entrants: Sequence[Entrant]) -> list[CorrespondenceEvent]:
    if group.started:
        raise StateError(
            N_(
                "the play in {name} has begun (cards, results, holidays or withdrawals are "
                "entered): its players and games stand as the start letter fixed them",
                name=group.name,
            )
        )
    team = group.competition.event == "team"
    players: list[GroupPlayer] = []
    names: set[str] = set()
    members: set[int] = set()
    boards: dict[str, int] = {}
    for i, e in enumerate(entrants, start=1):
        name = clean_text(e.name, "the player's name")
        if not name:
            raise InputError(N_("player {number} has no name", number=i))
        if name.casefold() in names:
            raise InputError(N_("{name} is entered twice", name=name))
        names.add(name.casefold())
        if e.member is not None:
            if e.member in members:
                raise InputError(N_("member number {member} is entered twice", member=e.member))
            members.add(e.member)
        club = clean_text(e.club, "the club") if e.club is not None else None
        board = None
        if team:
            if not club:
                raise InputError(
                    N_(
                        "{name} has no club: a team group's players are entered with their "
                        "clubs (6.7.2.1)",
                        name=name,
                    )
                )
            board = boards.get(club.casefold(), 0) + 1
            if board > TEAM_BOARDS:
                raise InputError(
                    N_(
                        "{club} has more than 4 players: a team has boards 1–4 (6.7.2.1)",
                        club=club,
                    )
                )
            boards[club.casefold()] = board
        players.append(GroupPlayer(i, name, e.member, e.rating, club or None, board))
    if len(players) < 2:
        raise InputError(N_("a group needs at least 2 players, not {count}", count=len(players)))
    if team:
        games = _team_games(players)
    else:
        k = group.competition
        double = k.emt_class is EmtClass.DM and len(players) < 7  # 6.5.2.1
        games = tuple(
            Pairing(n, w, b)
            for n, (w, b) in enumerate(all_play_all(len(players), double=double), 1)
        )
    return [PlayersEntered(tuple(players), games)]


def _team_games(players: Sequence[GroupPlayer]) -> tuple[Pairing, ...]:
    """6.7.2.3: each player meets the players on his board of the other clubs; the clubs
    in the order their first player was entered (the TL's draw, 6.7.4.2)."""
    clubs: list[str] = []
    for p in players:
        assert p.club is not None
        if p.club.casefold() not in clubs:
            clubs.append(p.club.casefold())
    if len(clubs) < 2:
        raise InputError(N_("a team group needs at least 2 clubs"))
    games: list[Pairing] = []
    for board in range(1, TEAM_BOARDS + 1):
        on = {(p.club or "").casefold(): p.number for p in players if p.board == board}
        for w, b in board_games(len(clubs), board):
            white, black = on.get(clubs[w - 1]), on.get(clubs[b - 1])
            if white is not None and black is not None:
                games.append(Pairing(len(games) + 1, white, black, board))
    return tuple(games)


def _game(group: CorrGroup, number: int) -> StoredGame:
    game = group.game(number)
    if game is None:
        raise NotFoundError(N_("{name} has no game {game}", name=group.name, game=number))
    return game


def _open(group: CorrGroup, game: StoredGame) -> None:
    """:raises StateError: when the game has its result."""
    if game.result is not None:
        raise StateError(
            N_(
                "game {game} ({white} – {black}) is finished ({result}): no more cards",
                game=group.label(game),
                white=group.name_of(game.white),
                black=group.name_of(game.black),
                result=game.result,
            )
        )


def _card(group: CorrGroup, game: StoredGame, card: Card) -> list[CorrespondenceEvent]:
    _open(group, game)
    where = N_(
        "game {game} ({white} – {black})",
        game=group.label(game),
        white=group.name_of(game.white),
        black=group.name_of(game.black),
    )
    sent = _dispatch(group, card)
    for player in (game.white, game.black):
        w = group.withdrawal(player)
        if w is not None and (sent is None or sent >= w.day):
            raise StateError(
                N_(
                    "{game}: {player} withdrew on {day} (6.2.8); the game goes on no more",
                    game=where,
                    player=group.name_of(player),
                    day=w.day.isoformat(),
                )
            )
    if sent is not None and sent < group.start:
        raise InputError(
            N_(
                "{game}, card {card}: sent {sent}, before the group's start ({start})",
                game=where,
                card=len(game.cards) + 1,
                sent=sent.isoformat(),
                start=group.start.isoformat(),
            )
        )
    try:
        clock(group.game_of(game, cards=(*game.cards, card)))
    except InputError as err:
        raise InputError(N_("{game}, {problem}", game=where, problem=err.message)) from None
    return [CardEntered(game.number, card)]


def _dispatch(group: CorrGroup, card: Card) -> date | None:
    """The card's dispatch as the clock counts it (6.3.2: the post office's receipt, the
    postmark, the date written; by e-mail the date written); ``None`` when it has none
    (the clock names that)."""
    if group.rules.mode is Mode.EMAIL:
        return card.sent
    try:
        return counted_dispatch(card.sent, card.postmark, card.receipt_slip)[0]
    except InputError:
        return None


def _player(group: CorrGroup, number: int) -> GroupPlayer:
    p = group.player(number)
    if p is None:
        raise NotFoundError(N_("{name} has no player {number}", name=group.name, number=number))
    return p


def _holiday(group: CorrGroup, h: PlayerHoliday) -> list[CorrespondenceEvent]:
    p = _player(group, h.player)
    if h.last < h.first:
        raise InputError(
            N_(
                "the holiday's last day {last} is before its first {first}",
                last=h.last.isoformat(),
                first=h.first.isoformat(),
            )
        )
    if h.notice is not None and h.notice > h.first:
        raise InputError(
            N_(
                "notice sent {notice}, after the holiday's first day {first}",
                notice=h.notice.isoformat(),
                first=h.first.isoformat(),
            )
        )
    w = group.withdrawal(p.number)
    if w is not None:
        raise StateError(
            N_("{player} withdrew on {day} (6.2.8)", player=p.name, day=w.day.isoformat())
        )
    if any(
        o.player == p.number and o.first <= h.last and h.first <= o.last for o in group.holidays
    ):
        raise StateError(N_("{player} has a holiday on some of these days already", player=p.name))
    return [HolidayEntered(h)]


def _withdraw(group: CorrGroup, w: Withdrawal) -> list[CorrespondenceEvent]:
    p = _player(group, w.player)
    if w.reason not in WITHDRAWAL_REASONS:
        raise InputError(
            N_(
                "the reason is good, none or silent (6.2.8), not {reason}",
                reason=repr(w.reason),
            )
        )
    earlier = group.withdrawal(p.number)
    if earlier is not None:
        raise StateError(
            N_("{player} withdrew on {day} already", player=p.name, day=earlier.day.isoformat())
        )
    if w.day < group.start:
        raise InputError(
            N_(
                "{day} is before the group's start ({start})",
                day=w.day.isoformat(),
                start=group.start.isoformat(),
            )
        )
    return [PlayerWithdrawn(w)]
