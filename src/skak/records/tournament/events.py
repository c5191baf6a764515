"""The tournament's events: every change to a tournament, and each in words
(:func:`describe`, for ``skak history``).

A tournament's current state is the fold of :func:`skak.records.tournament.evolve.evolve`
over its events in order, skipping those an :class:`EventUndone` took back. The store
appends events and never rewrites them; this module knows nothing of storage.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from skak.errors import NotFoundError
from skak.messages import N_, N_plural, Phrases
from skak.model.event_words import player_changes, renumber_reason, result_word
from skak.model.player import Player
from skak.model.prizes import Prizes
from skak.model.results import Result
from skak.model.tournament import (
    GameRecord,
    GroupBan,
    PairingBan,
    Round,
    SettingValue,
    Tournament,
)
from skak.pairing.edits import Breach, rule_name

__all__ = [
    "ArbitersSet",
    "CheckInClosed",
    "CheckedIn",
    "Event",
    "EventUndone",
    "GameRemoved",
    "GamesAttached",
    "GroupBanDeclared",
    "GroupBanLifted",
    "PairingAllowed",
    "PairingForbidden",
    "PlayerEdited",
    "PlayerRemoved",
    "PlayerWithdrawn",
    "PlayersAdded",
    "PlayersRenumbered",
    "PrizesSet",
    "ResultEntered",
    "RoundEdited",
    "RoundPaired",
    "SettingsChanged",
    "TournamentCreated",
    "TournamentDeleted",
    "describe",
]


@dataclass(frozen=True, slots=True)
class TournamentCreated:
    """A new tournament with its settings (no players or rounds yet)."""

    kind: ClassVar[str] = "tournament_created"
    tournament: Tournament


@dataclass(frozen=True, slots=True)
class PlayersAdded:
    """One or more players registered at once (``skak players add`` or a whole CSV import)."""

    kind: ClassVar[str] = "players_added"
    players: tuple[Player, ...]
    source: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerEdited:
    """A player's details changed from ``before`` to ``after`` (same start number).

    The event applies only while the player is still exactly ``before``: undoing an earlier
    change of the same player is refused rather than silently carried forward by this one.
    """

    kind: ClassVar[str] = "player_edited"
    before: Player
    after: Player


@dataclass(frozen=True, slots=True)
class PlayerWithdrawn:
    """A player withdraws (udgår) and is not paired from ``from_round`` on."""

    kind: ClassVar[str] = "player_withdrawn"
    start_number: int
    from_round: int


@dataclass(frozen=True, slots=True)
class RoundPaired:
    """The next round was paired (rundelægning).

    ``allow_unfinished`` records that the arbiter paired it while earlier games had no result,
    counting them as draws.
    """

    kind: ClassVar[str] = "round_paired"
    round: Round
    allow_unfinished: bool = False


@dataclass(frozen=True, slots=True)
class ResultEntered:
    """A result entered or corrected on one board."""

    kind: ClassVar[str] = "result_entered"
    round: int
    board: int
    result: Result
    #: A drawn game's play-off under Gladiator scoring (DSU 4.9.8).
    playoff: tuple[Result, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayersRenumbered:
    """Before round 1, the players get new start numbers: ``numbers`` maps each old number
    to its new one (the initial ranking, FIDE C.04.2; ``skak players renumber``)."""

    kind: ClassVar[str] = "players_renumbered"
    numbers: tuple[tuple[int, int], ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PlayerRemoved:
    """Before round 1, a player registered by mistake is taken off the list; the players
    after him close up (``numbers``: each old start number to its new one), so the list
    keeps no gap (a TRF file numbers its players 1 to n)."""

    kind: ClassVar[str] = "player_removed"
    player: Player
    numbers: tuple[tuple[int, int], ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ArbitersSet:
    """The tournament's arbiters, the chief arbiter first (all of them, replacing the
    list before)."""

    kind: ClassVar[str] = "arbiters_set"
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GamesAttached:
    """Games (PGN) attached to their boards: one game (``skak game add``) or a whole round's
    (``skak game import``), all at once. A board's earlier game is replaced only when
    ``replace`` says so."""

    kind: ClassVar[str] = "games_attached"
    games: tuple[GameRecord, ...]
    source: str | None = None
    replace: bool = False


@dataclass(frozen=True, slots=True)
class GameRemoved:
    """The game attached to a board is taken off it (``skak game remove``)."""

    kind: ClassVar[str] = "game_removed"
    round: int
    board: int


@dataclass(frozen=True, slots=True)
class PairingForbidden:
    """Players who must not be paired with each other (a forbidden pairing, e.g. siblings),
    in the ban's rounds (``skak players forbid A B``)."""

    kind: ClassVar[str] = "pairing_forbidden"
    ban: PairingBan


@dataclass(frozen=True, slots=True)
class PairingAllowed:
    """A forbidden pairing lifted (``skak players forbid A B --remove``): the ban as it was
    declared."""

    kind: ClassVar[str] = "pairing_allowed"
    ban: PairingBan


@dataclass(frozen=True, slots=True)
class GroupBanDeclared:
    """Clubmates (or compatriots) are not to be paired in the rule's rounds; it replaces an
    earlier rule of the same kind (``skak players forbid --same-club``)."""

    kind: ClassVar[str] = "group_ban_declared"
    rule: GroupBan


@dataclass(frozen=True, slots=True)
class GroupBanLifted:
    """The rule keeping clubmates (``by="club"``) or compatriots apart is lifted."""

    kind: ClassVar[str] = "group_ban_lifted"
    by: str


@dataclass(frozen=True, slots=True)
class CheckedIn:
    """Players checked in (tjekket ind) for round ``round`` (``skak checkin``), or, with
    ``out``, their check-in taken back."""

    kind: ClassVar[str] = "checked_in"
    round: int
    players: tuple[int, ...]
    out: bool = False


@dataclass(frozen=True, slots=True)
class CheckInClosed:
    """The check-in for round ``round`` closed: the players ``absent`` (present in the
    tournament but not checked in) are absent (fraværende) from that round."""

    kind: ClassVar[str] = "checkin_closed"
    round: int
    absent: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundEdited:
    """The arbiter edited round ``after.number`` before its results (``skak round edit``):
    ``before`` is the round as it stood (the automatic pairing, or an earlier edit), ``after``
    the round now; ``breaches`` the absolute criteria the arbiter broke on confirming, with
    his ``reason``."""

    kind: ClassVar[str] = "round_edited"
    before: Round
    after: Round
    reason: str = ""
    breaches: tuple[Breach, ...] = ()


@dataclass(frozen=True, slots=True)
class PrizesSet:
    """The tournament's prizes declared (``skak prizes set``), replacing those before;
    ``None`` takes them all away."""

    kind: ClassVar[str] = "prizes_set"
    prizes: Prizes | None


@dataclass(frozen=True, slots=True)
class SettingsChanged:
    """The tournament's settings changed (``skak settings``): each part given is the whole
    new value, ``None`` leaves it as it was — FIDE mode entered or left, the tie-breaks,
    the pairing system's settings — with the arbiter's ``reason``."""

    kind: ClassVar[str] = "settings_changed"
    fide_mode: bool | None = None
    tiebreaks: tuple[str, ...] | None = None
    pairing_settings: tuple[tuple[str, SettingValue], ...] | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class TournamentDeleted:
    """The tournament is deleted (``skak delete``): it leaves every list and page, its
    events stay; undoing this event (``skak undelete``) brings it back."""

    kind: ClassVar[str] = "tournament_deleted"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class EventUndone:
    """Takes back the event with sequence number ``seq`` (``skak undo``)."""

    kind: ClassVar[str] = "event_undone"
    seq: int


Event = (
    TournamentCreated
    | PlayersAdded
    | PlayerEdited
    | PlayerWithdrawn
    | RoundPaired
    | ResultEntered
    | PlayersRenumbered
    | PlayerRemoved
    | ArbitersSet
    | GamesAttached
    | GameRemoved
    | PairingForbidden
    | PairingAllowed
    | GroupBanDeclared
    | GroupBanLifted
    | CheckedIn
    | CheckInClosed
    | RoundEdited
    | PrizesSet
    | TournamentDeleted
    | SettingsChanged
    | EventUndone
)
EVENT_TYPES: tuple[type[Event], ...] = (
    TournamentCreated,
    PlayersAdded,
    PlayerEdited,
    PlayerWithdrawn,
    RoundPaired,
    ResultEntered,
    PlayersRenumbered,
    PlayerRemoved,
    ArbitersSet,
    GamesAttached,
    GameRemoved,
    PairingForbidden,
    PairingAllowed,
    GroupBanDeclared,
    GroupBanLifted,
    CheckedIn,
    CheckInClosed,
    RoundEdited,
    PrizesSet,
    TournamentDeleted,
    SettingsChanged,
    EventUndone,
)


def describe(event: Event, before: Tournament | None = None) -> str:
    """One line for ``skak history``; ``before`` is the state the event was applied to.
    The line is a message (:mod:`skak.messages`): English, and said in Danish by a face."""
    match event:
        case TournamentCreated(tournament=t):
            rounds = (
                N_(", {rounds} rounds", rounds=t.number_of_rounds) if t.number_of_rounds else ""
            )
            return N_(
                "tournament created: {name} ({system}{rounds})",
                name=t.name,
                system=t.pairing_system,
                rounds=rounds,
            )
        case PlayersAdded(players=players, source=source):
            src = N_(" from {source}", source=source) if source else ""
            if len(players) == 1:
                p = players[0]
                return N_(
                    "player {number} added{source}: {name}",
                    number=p.start_number,
                    source=src,
                    name=p.name,
                )
            return N_("{count} players added{source}", count=len(players), source=src)
        case PlayerEdited(before=old, after=p):
            changes = player_changes(old, p)
            return N_("player {number} edited: {changes}", number=p.start_number, changes=changes)
        case PlayerWithdrawn(start_number=n, from_round=r):
            return N_("player {number} withdrawn (udgået) from round {round}", number=n, round=r)
        case RoundPaired(round=rnd, allow_unfinished=unfinished):
            note = N_(", earlier games without result counted as draws") if unfinished else ""
            return N_(
                "round {round} paired: {boards} boards{note}",
                round=rnd.number,
                boards=len(rnd.pairings),
                note=note,
            )
        case ResultEntered(round=r, board=b, result=res, playoff=playoff):
            games = " ".join(str(g) for g in playoff)
            played = N_(", play-off {games}", games=games) if playoff else ""
            previous = None
            if before is not None:
                try:
                    previous = before.round(r).board(b).result
                except NotFoundError:
                    previous = None
            corrected = (
                N_(" (corrected from {result})", result=result_word(previous))
                if previous is not None
                else ""
            )
            return N_(
                "round {round} board {board}: {result}{playoff}{corrected}",
                round=r,
                board=b,
                result=result_word(res),
                playoff=played,
                corrected=corrected,
            )
        case ArbitersSet(names=names):
            return N_("arbiters: {names}", names=", ".join(names) if names else N_("none"))
        case PlayerRemoved(player=player, numbers=numbers):
            return N_plural(
                "{name} ({number}) removed from the list; {n} player moved up",
                "{name} ({number}) removed from the list; {n} players moved up",
                sum(1 for old, new in numbers if old != new),
                name=player.name,
                number=player.start_number,
            )
        case PlayersRenumbered(numbers=numbers, reason=reason):
            moved = sum(1 for old, new in numbers if old != new)
            if reason:
                return N_(
                    "players renumbered ({moved} moved): {reason}",
                    moved=moved,
                    reason=renumber_reason(reason),
                )
            return N_("players renumbered ({moved} moved)", moved=moved)
        case GamesAttached(games=games, source=source, replace=again):
            src = N_(" from {source}", source=source) if source else ""
            boards = ", ".join(f"{g.round}.{g.board}" for g in games)
            text = N_plural(
                "{n} game attached{source}: {boards}",
                "{n} games attached{source}: {boards}",
                len(games),
                source=src,
                boards=boards,
            )
            if again and before is None:
                return N_("{text} (replacing any game there)", text=text)
            replaced = [
                f"{g.round}.{g.board}"
                for g in games
                if again and before is not None and before.game(g.round, g.board) is not None
            ]
            if replaced:
                return N_(
                    "{text} (replacing the game of {boards})", text=text, boards=", ".join(replaced)
                )
            return text
        case GameRemoved(round=r, board=b):
            return N_("round {round} board {board}: game removed", round=r, board=b)
        case PairingForbidden(ban=ban):
            return N_(
                "pairing forbidden: {players}{rounds}",
                players=_names(ban.players, before),
                rounds=_rounds(ban.first_round, ban.last_round),
            )
        case PairingAllowed(ban=ban):
            return N_(
                "forbidden pairing lifted: {players}{rounds}",
                players=_names(ban.players, before),
                rounds=_rounds(ban.first_round, ban.last_round),
            )
        case GroupBanDeclared(rule=rule):
            rounds = _rounds(rule.first_round, rule.last_round)
            if rule.by == "club":
                return N_(
                    "players of one club are not paired with each other{rounds}", rounds=rounds
                )
            return N_(
                "players of one federation are not paired with each other{rounds}", rounds=rounds
            )
        case GroupBanLifted(by=by):
            if by == "club":
                return N_("players of one club may be paired with each other again")
            return N_("players of one federation may be paired with each other again")
        case CheckedIn(round=r, players=numbers, out=out):
            if out:
                return N_(
                    "round {round}: check-in taken back: {players}",
                    round=r,
                    players=_names(numbers, before),
                )
            return N_(
                "round {round}: checked in: {players}", round=r, players=_names(numbers, before)
            )
        case CheckInClosed(round=r, absent=absent):
            return N_plural(
                "round {round}: check-in closed; {n} player not checked in is absent: {players}",
                "round {round}: check-in closed; {n} players not checked in are absent: {players}",
                len(absent),
                round=r,
                players=_names(absent, before) if absent else N_("none"),
            )
        case RoundEdited():
            return describe_edit(event, before)
        case PrizesSet(prizes=prizes):
            return prizes_words(prizes)
        case SettingsChanged():
            return settings_words(event, before)
        case TournamentDeleted(reason=reason):
            if reason:
                return N_("tournament deleted: {reason}", reason=reason)
            return N_("tournament deleted")
        case EventUndone(seq=seq):
            return N_("undo of event {seq}", seq=seq)
        case _:  # pragma: no cover - the union is closed
            raise TypeError(event)


def _names(numbers: Iterable[int], before: Tournament | None) -> str:
    """Players by name and start number where the state is known (``Hansen, Ib (3)``), else
    by start number."""
    out = []
    for n in sorted(numbers):
        if before is not None and before.has_player(n):
            out.append(f"{before.player(n).name} ({n})")
        else:
            out.append(str(n))
    return "; ".join(out)


def _rounds(first: int, last: int | None) -> str:
    if first == 1 and last is None:
        return ""
    if last is None:
        return N_(" (from round {first})", first=first)
    if last == first:
        return N_(" (round {first})", first=first)
    return N_(" (rounds {first}–{last})", first=first, last=last)


def describe_edit(event: RoundEdited, before: Tournament | None) -> str:
    """``round 3 edited: board 2 Hansen (5)–Berg (9); bye Ravn (7)``, with the breaches the
    arbiter confirmed and his reason."""
    old = {(p.white, p.black) for p in event.before.pairings}
    changed = [p for p in event.after.pairings if (p.white, p.black) not in old]
    parts: list[str] = []
    for p in changed:
        if p.black is None:
            parts.append(N_("bye {player}", player=_names((p.white,), before)))
        else:
            parts.append(
                N_(
                    "board {board} {white}–{black}",
                    board=p.board,
                    white=_names((p.white,), before),
                    black=_names((p.black,), before),
                )
            )
    had_bye = {p.white for p in event.before.pairings if p.black is None}
    now_bye = {p.white for p in event.after.pairings if p.black is None}
    if had_bye - now_bye and not now_bye:
        parts.append(N_("no bye (was {player})", player=_names(had_bye, before)))
    text = N_(
        "round {round} edited: {changes}",
        round=event.after.number,
        changes=Phrases("; ", parts) if parts else N_("boards renumbered"),
    )
    if event.breaches:
        text = N_(
            "{text} — rules broken with the arbiter's confirmation: {rules}",
            text=text,
            rules=Phrases(", ", dict.fromkeys(rule_name(b.rule) for b in event.breaches)),
        )
    if event.reason:
        text = N_("{text} (reason: {reason})", text=text, reason=event.reason)
    return text


def settings_words(event: SettingsChanged, before: Tournament | None) -> str:
    """``settings changed: FIDE mode left; tie-breaks BH/C1, BH (were BH, SB)``, with the
    arbiter's reason."""
    parts: list[str] = []
    if event.fide_mode is not None:
        parts.append(N_("FIDE mode entered") if event.fide_mode else N_("FIDE mode left"))
    if event.tiebreaks is not None:
        now = ", ".join(event.tiebreaks) if event.tiebreaks else N_("none")
        if before is not None:
            was = ", ".join(before.tiebreaks) if before.tiebreaks else N_("none")
            parts.append(N_("tie-breaks {now} (were {was})", now=now, was=was))
        else:
            parts.append(N_("tie-breaks {now}", now=now))
    if event.pairing_settings is not None:
        old = dict(before.pairing_settings) if before is not None else {}
        new = dict(event.pairing_settings)
        for key in sorted(old.keys() | new.keys()):
            if key not in new:
                parts.append(N_("setting {key} removed", key=key))
            elif key not in old:
                parts.append(f"{key}={_setting_word(new[key])}")
            elif old[key] != new[key]:
                parts.append(
                    N_(
                        "{key}={value} (was {was})",
                        key=key,
                        value=_setting_word(new[key]),
                        was=_setting_word(old[key]),
                    )
                )
    text = N_(
        "settings changed: {changes}",
        changes=Phrases("; ", parts) if parts else N_("nothing"),
    )
    if event.reason:
        text = N_("{text} (reason: {reason})", text=text, reason=event.reason)
    return text


def _setting_word(value: SettingValue) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def prizes_words(prizes: Prizes | None) -> str:
    """The prizes declared, in a line: ``prizes: place 1000, 600; U16 300; order: place, U16``."""
    if prizes is None or prizes.empty:
        return N_("prizes taken away")
    parts: list[str] = []
    if prizes.place:
        parts.append(N_("place {amounts}", amounts=", ".join(map(str, prizes.place))))
    for c in prizes.categories:
        parts.append(f"{c.key} {', '.join(map(str, c.amounts))}")
    order = N_("; order: {order}", order=", ".join(prizes.order)) if prizes.order else ""
    return N_(
        "prizes: {prizes}{order} (shared by {sharing})",
        prizes=Phrases("; ", parts),
        order=order,
        sharing=prizes.sharing,
    )
