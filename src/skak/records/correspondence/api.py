"""The correspondence group's part of the library API (``skak corr new`` … ``overdue``): one
stream a group (record kind ``correspondence``), the commands of :mod:`.commands`, the read
side of :mod:`skak.views.correspondence`; ``skak.correspondence`` on a :class:`skak.api.Skak`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from skak.errors import InputError, NotFoundError, SkakError
from skak.messages import N_
from skak.records.base import Naming, Outcome, Records, same_name
from skak.records.correspondence.kind import CORRESPONDENCE
from skak.store import Loaded, RecordKind, StreamRow

if TYPE_CHECKING:
    from skak.correspondence.clock import TimeControl
    from skak.correspondence.group_state import CorrGroup, GroupPlayer, StoredGame
    from skak.correspondence.holidays import Mode
    from skak.records.correspondence.commands import CorrespondenceCommand, Entrant
    from skak.records.correspondence.events import CorrespondenceEvent
    from skak.views.correspondence import (
        CorrGroupLine,
        CorrGroupView,
        CorrOverdueView,
        CorrStandingsView,
        CorrTimeView,
    )

__all__ = ["CardOutcome", "CorrOutcome", "CorrespondenceGroups", "find_game", "find_player"]

#: The columns of a group's player list (CSV), in English or Danish.
PLAYER_COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "navn"),
    "member": ("member", "medlemsnummer", "dsu_id", "id"),
    "rating": ("rating", "ratingtal"),
    "club": ("club", "klub"),
}


#: What a command on a group did (:class:`skak.records.base.Outcome`).
CorrOutcome = Outcome["CorrGroup", "CorrespondenceEvent"]


@dataclass(frozen=True, slots=True)
class CardOutcome(Outcome["CorrGroup", "CorrespondenceEvent"]):
    """What a card did, and the game's time after it."""

    time: CorrTimeView | None = None


class CorrespondenceGroups(Records["CorrGroup", "CorrespondenceEvent", "CorrespondenceCommand"]):
    """The database's correspondence groups (``skak.correspondence``): a group of an EMT
    class, the cup or the team championship a record (section 6)."""

    role = "correspondence"
    naming = Naming(
        none=lambda: N_(
            "the database holds no correspondence group; create one with 'skak corr new'"
        ),
        several=lambda n: N_(
            "the database holds {count} correspondence groups; name one with --group:", count=n
        ),
        unknown=lambda name, held: N_(
            "no correspondence group {name} in the database; it holds: {groups}",
            name=name,
            groups=held,
        ),
        ambiguous=lambda name, first: N_(
            "{name} names several correspondence groups; write #ID, e.g. --group '#{id}':",
            name=name,
            id=first,
        ),
    )

    def _kind(self) -> RecordKind[CorrGroup, CorrespondenceEvent]:
        return CORRESPONDENCE

    def _decide(
        self,
        kind: RecordKind[CorrGroup, CorrespondenceEvent],
        loaded: Loaded[CorrGroup, CorrespondenceEvent],
        command: CorrespondenceCommand,
    ) -> Sequence[CorrespondenceEvent]:
        from skak.records.correspondence.commands import decide

        return decide(loaded.state, command)

    def lines(self) -> tuple[CorrGroupLine, ...]:
        from skak.views.correspondence import corr_group_line

        return tuple(
            corr_group_line(r.id, self.store.load(CORRESPONDENCE, r).state) for r in self.rows()
        )

    def new(
        self,
        name: str,
        event: str,
        start: date,
        *,
        emt_class: str | None = None,
        stage: str | None = None,
        division: int | None = None,
        mode: str = "post",
        control: str | None = None,
        postal_days: int = 1,
        mandatory_holidays: bool = True,
        email_next_day: bool = False,
        preliminary_players: int = 0,
        semifinal_held: bool = True,
        actor: str | None = None,
    ) -> StreamRow:
        """A new group: ``event`` ``emt`` (with ``emt_class`` DM, M, K or Å), ``cup`` (with
        ``stage`` preliminary, semifinal or final; for the final ``preliminary_players``
        and ``semifinal_held``, 6.6.2) or ``team`` (with ``division`` 1–3); moves by
        ``mode`` ``post`` or ``email``; ``control`` ``post``, ``email`` or ``DAYS/MOVES``
        (default: the mode's, 6.3.3.1 / 6.8.6).

        :raises InputError: for a value the rules refuse; a name another group has.
        """
        from skak.correspondence.classes import EmtClass
        from skak.correspondence.group_state import Competition, GroupRules
        from skak.records.correspondence.commands import CreateGroup, decide

        if any(same_name(r, name) for r in self.rows()):
            raise InputError(N_("a correspondence group named {name} exists already", name=name))
        cls = None if emt_class is None else EmtClass.parse(emt_class)
        rules = GroupRules(
            _mode(mode), _control(control), postal_days, mandatory_holidays, email_next_day
        )
        command = CreateGroup(
            name,
            Competition(
                event.strip().lower(),
                cls,
                None if stage is None else stage.strip().lower(),
                division,
                preliminary_players,
                semifinal_held,
            ),
            start,
            rules,
        )
        return self._create(name, decide(None, command), actor)

    def enter_players(
        self,
        ident: str | int | None,
        players: Sequence[Entrant | str],
        *,
        actor: str | None = None,
    ) -> CorrOutcome:
        """Enter the group's players in the TL's drawn order (names, or :class:`Entrant`\\ s
        with member number, rating and club); the games and their colours are fixed then.

        :raises StateError: once the play has begun.
        """
        from skak.records.correspondence.commands import EnterPlayers, Entrant

        entrants = tuple(Entrant(p) if isinstance(p, str) else p for p in players)
        return self.execute(ident, EnterPlayers(entrants), actor=actor)

    def players_file(
        self, ident: str | int | None, path: str | Path, *, actor: str | None = None
    ) -> CorrOutcome:
        """Enter the players a CSV lists (``name``/``navn``, and optionally
        ``member``/``medlemsnummer``, ``rating``/``ratingtal``, ``club``/``klub``), in the
        file's order.

        :raises InputError: naming the file and every bad line.
        """
        p = Path(path)
        try:
            data = p.read_bytes()
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror}", location=str(p)) from err
        return self.players_csv(ident, data, p.name, actor=actor)

    def players_csv(
        self, ident: str | int | None, data: bytes, source: str, *, actor: str | None = None
    ) -> CorrOutcome:
        """Enter the players of a CSV's text (as :meth:`players_file` reads a file; the web's
        form sends the text), ``source`` naming it in the errors.

        :raises InputError: naming ``source`` and every bad line; nothing is written.
        """
        return self.enter_players(ident, parse_players(data, source), actor=actor)

    def card(
        self,
        ident: str | int | None,
        game: str | int,
        moves: str,
        *,
        sent: date | None = None,
        received: date | None = None,
        postmark: date | None = None,
        receipt_slip: date | None = None,
        series: str | None = None,
        late_receipt_accepted: bool = False,
        notice: bool = False,
        reminder: bool = False,
        tl_contacted: bool = False,
        invalid_moves: int = 0,
        actor: str | None = None,
    ) -> CardOutcome:
        """Enter the next card of ``game`` (``3-5``: White's number, Black's; or ``#7``),
        with the fields of ``skak corr time``'s cards. The clock checks it with the cards
        before it; the outcome holds the game's time after it and notes: the card's, an
        overstep (the game is lost, 6.3.3.3), a game ended on the board.

        :raises InputError: naming the game and the card, for a move or date the clock
            refuses; nothing is written.
        :raises StateError: for a finished game, or a withdrawn player's (6.2.8).
        """
        from skak.correspondence.game import Card
        from skak.records.correspondence.commands import EnterCard

        if not moves.strip():
            raise InputError(N_("the card's moves are missing"))
        if not 0 <= invalid_moves <= 20:
            raise InputError(N_("invalid moves are 0–20, not {n}", n=invalid_moves))
        if sent is None and postmark is None:
            raise InputError(N_("the date the card was sent is missing: give --sent"))
        card = Card(
            moves, sent, received, postmark, receipt_slip, series, late_receipt_accepted,
            notice, reminder, tl_contacted, invalid_moves,
        )  # fmt: skip
        number = find_game(self.get(ident), game).number
        done = self.execute(ident, EnterCard(number, card), actor=actor)
        return _with_time(done, number)

    def take_back_card(
        self, ident: str | int | None, game: str | int, *, actor: str | None = None
    ) -> CardOutcome:
        """Take back the last card of ``game`` (entered wrongly)."""
        from skak.records.correspondence.commands import TakeBackCard

        number = find_game(self.get(ident), game).number
        return _with_time(self.execute(ident, TakeBackCard(number), actor=actor), number)

    def result(
        self,
        ident: str | int | None,
        game: str | int,
        result: str,
        *,
        adjudicated: bool = False,
        actor: str | None = None,
    ) -> CorrOutcome:
        """Enter or correct ``game``'s result: ``1-0``, ``0-1``, ``1/2-1/2`` (``½-½``,
        ``=``) or ``0-0`` (lost for both, 6.3.3.4); ``adjudicated`` when the TL decided it
        (6.2.7, 6.2.8)."""
        from skak.correspondence.groups import GroupGame, withdrawal
        from skak.records.correspondence.commands import EnterResult, result_text

        group = self.get(ident)
        stored = find_game(group, game)
        done = self.execute(
            ident, EnterResult(stored.number, result_text(result), adjudicated), actor=actor
        )
        notes: list[str] = []
        for player in (stored.white, stored.black):
            w = done.after.withdrawal(player)
            if w is None:
                continue
            games = [
                GroupGame(done.after.name_of(g.white), done.after.name_of(g.black), g.result)
                for g in done.after.games
            ]
            ruling = withdrawal(done.after.name_of(player), games)
            if ruling.loses_all:
                notes.append(
                    N_(
                        "{player} withdrew with at most half his games finished: the "
                        "standings count every game of his as lost (6.2.8)",
                        player=done.after.name_of(player),
                    )
                )
        return replace(done, notes=tuple(notes))

    def holiday(
        self,
        ident: str | int | None,
        player: str | int,
        first: date,
        last: date,
        *,
        notice: date | None = None,
        special_leave: bool = False,
        actor: str | None = None,
    ) -> CorrOutcome:
        """A holiday ``player`` announced (6.3.6): the clock of every game of his stops on
        its days, as 6.3.6.1's notice and the 35 days a year allow."""
        from skak.correspondence.group_state import PlayerHoliday
        from skak.records.correspondence.commands import AnnounceHoliday

        p = find_player(self.get(ident), player)
        holiday = PlayerHoliday(p.number, first, last, notice, special_leave)
        return self.execute(ident, AnnounceHoliday(holiday), actor=actor)

    def withdraw(
        self,
        ident: str | int | None,
        player: str | int,
        day: date,
        *,
        reason: str = "none",
        actor: str | None = None,
    ) -> CorrOutcome:
        """``player`` withdrew on ``day`` (6.2.8): ``reason`` ``good``, ``none`` or
        ``silent``. The outcome's note says what it does to his games."""
        from skak.correspondence.group_state import Withdrawal
        from skak.correspondence.groups import GroupGame, withdrawal
        from skak.records.correspondence.commands import WithdrawPlayer

        p = find_player(self.get(ident), player)
        done = self.execute(
            ident, WithdrawPlayer(Withdrawal(p.number, day, reason.strip().lower())), actor=actor
        )
        g = done.after
        games = [GroupGame(g.name_of(x.white), g.name_of(x.black), x.result) for x in g.games]
        ruling = withdrawal(p.name, games)
        return replace(done, notes=(ruling.reason,))

    # -- reading --------------------------------------------------------------------------

    def players(self, ident: str | int | None = None) -> CorrGroupView:
        from skak.views.correspondence import corr_group_view

        return corr_group_view(self.get(ident))

    def game(
        self, ident: str | int | None, game: str | int, *, as_of: date | None = None
    ) -> CorrTimeView:
        """``game``'s reflection time card by card, as ``skak corr time`` shows a file's
        (``as_of``: the player to move's time up to that day)."""
        from skak.views.correspondence import corr_time_view

        group = self.get(ident)
        return corr_time_view(group.game_of(find_game(group, game)), as_of=as_of)

    def standings(self, ident: str | int | None = None) -> CorrStandingsView:
        from skak.views.correspondence import corr_standings_view

        return corr_standings_view(self.get(ident))

    def overdue(self, ident: str | int | None, as_of: date) -> CorrOverdueView:
        from skak.views.correspondence import corr_overdue_view

        return corr_overdue_view(self.get(ident), as_of)

    def audit(self, row: StreamRow) -> list[str]:
        """What is wrong with a stored group (``skak check``): it is replayed from all its
        events and every game played through the clock."""
        from skak.views.correspondence import corr_group_view, corr_standings_view

        try:
            group = self.store.load(CORRESPONDENCE, row, full=True).state
            corr_group_view(group)
            corr_standings_view(group)
        except SkakError as err:
            return [str(err)]
        return []


def _with_time(done: CorrOutcome, number: int) -> CardOutcome:
    """``done`` with the game's time after it and the notes of its last card."""
    from skak.views.correspondence import corr_time_view

    game = done.after.game(number)
    assert game is not None
    view = corr_time_view(done.after.game_of(game))
    notes: list[str] = []
    if done.events and view.cards and game.cards:
        last = view.cards[-1]
        notes += last.notes
        o = view.overstep
        if o is not None and o.card == last.number:
            notes.append(
                N_(
                    "time overstep ({rule}): {player} used {used} days, more than {limit} by "
                    "move {control}; the game is lost (6.3.3.3): enter the result with "
                    "'skak corr result'",
                    rule=o.rule,
                    player=o.player,
                    used=o.used,
                    limit=str(o.limit),
                    control=o.control_move,
                )
            )
        if view.to_move is None and game.result is None:
            notes.append(
                N_("the game ended on the board: enter its result with 'skak corr result'")
            )
    return CardOutcome(
        done.row, done.before, done.after, done.events, done.version, tuple(notes), view
    )


_GAME = re.compile(r"(\d+)\s*-\s*(\d+)(?:\s*/\s*(\d+))?")


def find_game(group: CorrGroup, ident: str | int) -> StoredGame:
    """The game ``ident`` names: ``3-5`` (White's number, Black's; the other order too
    when only one game has the two), ``3-5/2`` in the team championship, or ``#7`` (the
    game's number); an int is the game's number.

    :raises NotFoundError: naming the group's games.
    """
    text = str(ident).strip()
    found: list[StoredGame] = []
    if isinstance(ident, int) or text.removeprefix("#").isdigit():
        number = int(text.removeprefix("#"))
        found = [g for g in group.games if g.number == number]
    elif (m := _GAME.fullmatch(text)) is not None:
        a, b = int(m[1]), int(m[2])
        board = None if m[3] is None else int(m[3])
        fits = [g for g in group.games if board is None or g.pairing.board == board]
        found = [g for g in fits if (g.white, g.black) == (a, b)]
        if not found:
            either = [g for g in fits if {g.white, g.black} == {a, b}]
            found = either if len(either) == 1 else []
    else:
        raise InputError(
            N_(
                "game {game}: name a game by its players' numbers, White's first (3-5), or "
                "by its number (#7)",
                game=repr(text),
            )
        )
    if len(found) != 1:
        if not group.games:
            raise NotFoundError(
                N_(
                    "{name} has no games yet: enter its players with 'skak corr players'",
                    name=group.name,
                )
            )
        raise NotFoundError(
            N_(
                "{name} has no game {game}; its games: {games}",
                name=group.name,
                game=text,
                games=", ".join(group.label(g) for g in group.games),
            )
        )
    return found[0]


def find_player(group: CorrGroup, ident: str | int) -> GroupPlayer:
    """The player ``ident`` names: his number in the group or his name (any case).

    :raises NotFoundError: naming the group's players.
    """
    text = str(ident).strip()
    if text.removeprefix("#").isdigit():
        p = group.player(int(text.removeprefix("#")))
        found = [] if p is None else [p]
    else:
        found = [p for p in group.players if p.name.casefold() == text.casefold()]
    if len(found) != 1:
        raise NotFoundError(
            N_(
                "{name} has no player {player}; its players: {players}",
                name=group.name,
                player=repr(text),
                players=", ".join(f"{p.number} {p.name}" for p in group.players) or N_("none"),
            )
        )
    return found[0]


def _mode(text: str) -> Mode:
    from skak.correspondence.holidays import Mode

    value = text.strip().lower().replace("e-mail", "email")
    try:
        return Mode(value)
    except ValueError:
        raise InputError(N_("mode {mode} is post or email", mode=repr(text))) from None


def _control(text: str | None) -> TimeControl | None:
    """``post``, ``email`` or ``DAYS/MOVES`` (``40/10``); ``None``: the mode's."""
    from skak.correspondence.clock import TimeControl

    if text is None:
        return None
    m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if m is not None:
        return TimeControl(int(m[1]), int(m[2]))
    return TimeControl.named(text)


def parse_players(data: bytes, source: str) -> tuple[Entrant, ...]:
    """A group's players from a CSV (see :meth:`CorrespondenceGroups.players_file`).

    :raises InputError: naming ``source`` and every bad line.
    """
    from skak.io.league_csv import read_table
    from skak.io.players_csv import decode_text
    from skak.records.correspondence.commands import Entrant

    rows = read_table(decode_text(data), source, PLAYER_COLUMNS, ("name",))
    out: list[Entrant] = []
    problems: list[str] = []
    for line, values in rows:
        numbers: dict[str, int | None] = {}
        for key in ("member", "rating"):
            raw = values.get(key)
            try:
                numbers[key] = None if raw is None else int(raw)
            except ValueError:
                problems.append(f"{source} line {line}: {key} {raw!r} is not a whole number")
        if "name" not in values:
            problems.append(f"{source} line {line}: the name (navn) is empty")
            continue
        out.append(
            Entrant(
                values["name"], numbers.get("member"), numbers.get("rating"), values.get("club")
            )
        )
    if problems:
        raise InputError("nothing was read", location=source, problems=problems)
    return tuple(out)
