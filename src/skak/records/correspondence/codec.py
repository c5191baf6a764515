"""A correspondence group's events to JSON and back, by hand: dates as ISO dates, enums by
value, every field of a card as ``skak corr time``'s JSON names it; an event carries its kind
under ``"type"``. :func:`load_event` of :func:`dump_event` is the event itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from typing import Any

from skak.correspondence.classes import EmtClass
from skak.correspondence.clock import TimeControl
from skak.correspondence.game import Card
from skak.correspondence.group_state import (
    Competition,
    GroupPlayer,
    GroupRules,
    Pairing,
    PlayerHoliday,
    Withdrawal,
)
from skak.correspondence.holidays import Mode
from skak.errors import StorageError
from skak.records.correspondence.events import (
    CardEntered,
    CardTakenBack,
    CorrespondenceEvent,
    GroupCreated,
    HolidayEntered,
    PlayersEntered,
    PlayerWithdrawn,
    ResultEntered,
)

__all__ = ["dump_event", "load_event"]


def _day(d: date | None) -> str | None:
    return None if d is None else d.isoformat()


def _date(v: Any) -> date:
    if not isinstance(v, str):
        raise TypeError(f"{v!r} is not a date")
    return date.fromisoformat(v)


def _opt_date(v: Any) -> date | None:
    return None if v is None else _date(v)


def _int(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"{v!r} is not a whole number")
    return v


def _opt_int(v: Any) -> int | None:
    return None if v is None else _int(v)


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError(f"{v!r} is not text")
    return v


def _opt_str(v: Any) -> str | None:
    return None if v is None else _str(v)


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"{v!r} is not true or false")
    return v


def _card(c: Card) -> dict[str, Any]:
    return {
        "moves": c.moves,
        "sent": _day(c.sent),
        "received": _day(c.received),
        "postmark": _day(c.postmark),
        "receipt_slip": _day(c.receipt_slip),
        "series": c.series,
        "late_receipt_accepted": c.late_receipt_accepted,
        "notice": c.notice,
        "reminder": c.reminder,
        "tl_contacted": c.tl_contacted,
        "invalid_moves": c.invalid_moves,
    }


def _load_card(o: Mapping[str, Any]) -> Card:
    return Card(
        _str(o["moves"]),
        _opt_date(o["sent"]),
        _opt_date(o["received"]),
        _opt_date(o["postmark"]),
        _opt_date(o["receipt_slip"]),
        _opt_str(o["series"]),
        _bool(o["late_receipt_accepted"]),
        _bool(o["notice"]),
        _bool(o["reminder"]),
        _bool(o["tl_contacted"]),
        _int(o["invalid_moves"]),
    )


def _competition(k: Competition) -> dict[str, Any]:
    return {
        "event": k.event,
        "emt_class": None if k.emt_class is None else k.emt_class.value,
        "stage": k.stage,
        "division": k.division,
        "preliminary_players": k.preliminary_players,
        "semifinal_held": k.semifinal_held,
    }


def _load_competition(o: Mapping[str, Any]) -> Competition:
    cls = o["emt_class"]
    return Competition(
        _str(o["event"]),
        None if cls is None else EmtClass(cls),
        _opt_str(o["stage"]),
        _opt_int(o["division"]),
        _int(o["preliminary_players"]),
        _bool(o["semifinal_held"]),
    )


def _rules(r: GroupRules) -> dict[str, Any]:
    control = None if r.control is None else {"days": r.control.days, "moves": r.control.moves}
    return {
        "mode": r.mode.value,
        "control": control,
        "postal_days": r.postal_days,
        "mandatory_holidays": r.mandatory_holidays,
        "email_next_day": r.email_next_day,
    }


def _load_rules(o: Mapping[str, Any]) -> GroupRules:
    c = o["control"]
    return GroupRules(
        Mode(o["mode"]),
        None if c is None else TimeControl(_int(c["days"]), _int(c["moves"])),
        _int(o["postal_days"]),
        _bool(o["mandatory_holidays"]),
        _bool(o["email_next_day"]),
    )


def _player(p: GroupPlayer) -> dict[str, Any]:
    return {
        "number": p.number,
        "name": p.name,
        "member": p.member,
        "rating": p.rating,
        "club": p.club,
        "board": p.board,
    }


def _load_player(o: Mapping[str, Any]) -> GroupPlayer:
    return GroupPlayer(
        _int(o["number"]),
        _str(o["name"]),
        _opt_int(o["member"]),
        _opt_int(o["rating"]),
        _opt_str(o["club"]),
        _opt_int(o["board"]),
    )


def _pairing(p: Pairing) -> dict[str, Any]:
    return {"number": p.number, "white": p.white, "black": p.black, "board": p.board}


def _load_pairing(o: Mapping[str, Any]) -> Pairing:
    return Pairing(_int(o["number"]), _int(o["white"]), _int(o["black"]), _opt_int(o["board"]))


def dump_event(event: CorrespondenceEvent) -> dict[str, Any]:
    """``event`` as a JSON object (``{"type": ..., ...}``)."""
    body: dict[str, Any]
    match event:
        case GroupCreated():
            body = {
                "name": event.name,
                "competition": _competition(event.competition),
                "start": event.start.isoformat(),
                "rules": _rules(event.rules),
            }
        case PlayersEntered():
            body = {
                "players": [_player(p) for p in event.players],
                "games": [_pairing(g) for g in event.games],
            }
        case CardEntered():
            body = {"game": event.game, "card": _card(event.card)}
        case CardTakenBack():
            body = {"game": event.game}
        case ResultEntered():
            body = {"game": event.game, "result": event.result, "adjudicated": event.adjudicated}
        case HolidayEntered(holiday=h):
            body = {
                "player": h.player,
                "first": h.first.isoformat(),
                "last": h.last.isoformat(),
                "notice": _day(h.notice),
                "special_leave": h.special_leave,
            }
        case PlayerWithdrawn(withdrawal=w):
            body = {"player": w.player, "day": w.day.isoformat(), "reason": w.reason}
    return {"type": event.kind, **body}


def _load_created(o: Mapping[str, Any]) -> CorrespondenceEvent:
    return GroupCreated(
        _str(o["name"]),
        _load_competition(o["competition"]),
        _date(o["start"]),
        _load_rules(o["rules"]),
    )


def _load_players(o: Mapping[str, Any]) -> CorrespondenceEvent:
    return PlayersEntered(
        tuple(_load_player(p) for p in o["players"]),
        tuple(_load_pairing(g) for g in o["games"]),
    )


_READERS: dict[str, Callable[[Mapping[str, Any]], CorrespondenceEvent]] = {
    GroupCreated.kind: _load_created,
    PlayersEntered.kind: _load_players,
    CardEntered.kind: lambda o: CardEntered(_int(o["game"]), _load_card(o["card"])),
    CardTakenBack.kind: lambda o: CardTakenBack(_int(o["game"])),
    ResultEntered.kind: lambda o: ResultEntered(
        _int(o["game"]), _str(o["result"]), _bool(o["adjudicated"])
    ),
    HolidayEntered.kind: lambda o: HolidayEntered(
        PlayerHoliday(
            _int(o["player"]),
            _date(o["first"]),
            _date(o["last"]),
            _opt_date(o["notice"]),
            _bool(o["special_leave"]),
        )
    ),
    PlayerWithdrawn.kind: lambda o: PlayerWithdrawn(
        Withdrawal(_int(o["player"]), _date(o["day"]), _str(o["reason"]))
    ),
}


def load_event(payload: Mapping[str, Any]) -> CorrespondenceEvent:
    """The event ``payload`` holds.

    :raises StorageError: for a payload that is no correspondence event (a damaged
        database).
    """
    kind = payload.get("type") if isinstance(payload, Mapping) else None
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise StorageError(f"a correspondence event cannot be read: type {kind!r}")
    try:
        return reader(payload)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise StorageError(f"a correspondence event cannot be read ({kind!r}): {err}") from err
