"""What the arbiter should know about a tournament command that was carried out: warnings,
not refusals (the refusals are the rules of :mod:`skak.records.tournament.commands`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from skak.eligibility.discipline import playing_days, registration_check
from skak.messages import N_, N_plural
from skak.model.event_words import renumber_basis, result_word
from skak.model.player import Player
from skak.model.tournament import Tournament
from skak.records.tournament.commands import (
    Command,
    EnterResult,
    EnterResults,
    RegisterPlayers,
    by_board_order,
)
from skak.records.tournament.events import Event, PlayersAdded, PlayersRenumbered, ResultEntered

__all__ = ["notes"]


def notes(
    before: Tournament | None,
    command: Command,
    events: Sequence[Event],
    today: date | None = None,
) -> tuple[str, ...]:
    """What the arbiter should know about a command that was carried out (warnings, not
    refusals): a result entered again that changed nothing, a correction of a round that
    later rounds were paired on, two players who look like one, a renumbering, a player
    with a valid warning or (in a tournament that is not rated) in quarantine (§19)."""
    if before is None:
        return ()
    out: list[str] = []
    if isinstance(command, EnterResult | EnterResults):
        entries: Sequence[EnterResult]
        if isinstance(command, EnterResult):
            entries = (command,)
        elif command.in_board_order:  # the boards the results stood for, the bye left out
            entries = by_board_order(before, command.round, command.entries)
        else:
            entries = command.entries
        changed = {(e.round, e.board) for e in events if isinstance(e, ResultEntered)}
        for entry in entries:
            had = before.round(entry.round).board(entry.board).result
            if (entry.round, entry.board) not in changed:
                out.append(
                    N_(
                        "round {round} board {board} has {result} already; nothing changed",
                        round=entry.round,
                        board=entry.board,
                        result=result_word(entry.result),
                    )
                )
            elif had is not None and entry.round < before.current_round:
                later, latest = entry.round + 1, before.current_round
                out.append(
                    N_plural(
                        "round {round} board {board} was {had}; round {later} was paired on the "
                        "old result, and its pairing stands (see 'skak engine --check' on the "
                        "exported file for what the new result would change)",
                        "round {round} board {board} was {had}; rounds {later} were paired on "
                        "the old result, and their pairings stand (see 'skak engine --check' on "
                        "the exported file for what the new result would change)",
                        latest - later + 1,
                        round=entry.round,
                        board=entry.board,
                        had=result_word(had),
                        later=f"{later}" if later == latest else f"{later}–{latest}",
                    )
                )
    if isinstance(command, EnterResults):
        out.extend(_left_open(before, command, events))
    if isinstance(command, RegisterPlayers):
        added = [p for e in events if isinstance(e, PlayersAdded) for p in e.players]
        seen: dict[tuple[str, int | None], Player] = {
            (p.name.casefold(), p.ratings.dsu): p for p in before.players
        }
        for p in added:
            key = (p.name.casefold(), p.ratings.dsu)
            if key in seen:
                other = seen[key]
                out.append(
                    f"players {other.start_number} and {p.start_number} have the same name and "
                    f"rating ({p.name}, {p.ratings.dsu or 'unrated'}): the same person twice?"
                )
            seen[key] = p
        if command.discipline is not None:
            first, last = playing_days(before.start_date, before.end_date, today or date.today())
            _, said = registration_check(
                command.discipline,
                [(p.name, p.dsu_id) for p in added],
                first,
                last,
                rated=before.rated,
            )
            out.extend(said)
    for e in events:
        if isinstance(e, PlayersRenumbered):
            moved = sum(1 for old, new in e.numbers if old != new)
            out.append(
                N_(
                    "the players were numbered by the initial ranking (C.04.2: {rating}, then "
                    "title, then name); {moved} start numbers changed — see the list of players",
                    rating=renumber_basis(e.reason),
                    moved=moved,
                )
            )
    return tuple(out)


def _left_open(before: Tournament, command: EnterResults, events: Sequence[Event]) -> list[str]:
    """``skak results`` with fewer results than the round has games: the boards of the
    round that still have no result (the results given are entered all the same). Given in
    board order, the note says how the results were read: a result left out in the middle
    moves every one after it to the board before, and leaves the last board open."""
    given = len(command.entries)
    entered = {e.board for e in events if isinstance(e, ResultEntered) and e.round == command.round}
    rnd = before.round(command.round)
    still_open = [b for b in rnd.pending_boards if b not in entered]
    if not still_open:
        return []
    boards = ", ".join(map(str, still_open))
    if command.in_board_order:
        games = sum(1 for p in rnd.pairings if p.black is not None)
        return [
            N_plural(
                "round {round} board {boards} has no result yet ({given} of {games} results "
                "given, in board order from board 1)",
                "round {round} boards {boards} have no result yet ({given} of {games} results "
                "given, in board order from board 1)",
                len(still_open),
                round=command.round,
                boards=boards,
                given=given,
                games=games,
            )
        ]
    return [
        N_plural(
            "round {round} board {boards} has no result yet",
            "round {round} boards {boards} have no result yet",
            len(still_open),
            round=command.round,
            boards=boards,
        )
    ]
