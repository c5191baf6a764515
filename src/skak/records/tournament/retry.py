"""What a command keeps of its first decision when it must be decided again (another
writer came first): the decision is redone on the new state, but never into something the
arbiter did not see."""

from __future__ import annotations

from dataclasses import replace

from skak.records.tournament.commands import (
    Command,
    EnterResult,
    EnterResults,
    Log,
    RemovePlayer,
    Undo,
    Unread,
    by_board_order,
)
from skak.records.tournament.evolve import effective

__all__ = ["pin"]


def pin(log: Log, command: Command) -> Command:
    """``command`` with what its first decision read made explicit, so that deciding it
    again — after another writer came first — does the same thing or is refused as a
    conflict, never something the arbiter did not see: "the last change" becomes that
    event's number, and each board's result is the one that was read (``seen``)."""
    match command:
        case Undo(seq=None):
            in_force = effective((r.version, r.event) for r in log.events)
            return Undo(in_force[-1][0]) if in_force else command
        case RemovePlayer(seen=None):
            return replace(command, seen=log.state.player(command.start_number))
        case EnterResult(seen=Unread()):
            board = log.state.round(command.round).board(command.board)
            return replace(command, seen=board.result, seen_playoff=board.playoff)
        case EnterResults():
            entries = command.entries
            if command.in_board_order:
                entries = by_board_order(log.state, command.round, entries)
            boards = [log.state.round(e.round).board(e.board) for e in entries]
            pinned = tuple(
                replace(e, seen=b.result, seen_playoff=b.playoff)
                if isinstance(e.seen, Unread)
                else e
                for e, b in zip(entries, boards, strict=True)
            )
            return replace(command, entries=pinned, in_board_order=False)
        case _:
            return command
