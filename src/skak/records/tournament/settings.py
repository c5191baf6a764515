"""The tournament's settings after its creation (``skak settings``), and FIDE mode.

A change of the settings is one :class:`~skak.records.tournament.events.SettingsChanged`
event: FIDE mode entered or left, the tie-breaks, the pairing system's settings. It is in
the history, ``skak undo`` takes it back, and the TRF export records it as a ``###`` line
(:mod:`skak.records.tournament.changes`).

**FIDE mode** (``fide-mode``; the "FIDE mode" of FIDE's endorsement of a pairing program,
C.04A A.2, and the 2026 checklist): while a tournament is in it, only the choices FIDE's
rules define are allowed —

* a pairing system FIDE approves: the Dutch system (C.04.3, with the Baku acceleration of
  C.04.5), the Dubov system (C.04.4.1) and the Berger tables (C.05 annex 1);
* the initial ranking of C.04.2 (FIDE rating, title, name), or the start numbers as given;
* tie-breaks C.07 defines, named (without them skak ranks by DSU §24);
* FIDE's points: 1, ½ and 0 for a game and a forfeit, a pairing-allocated bye the points
  of a win, a half-point bye ½, a zero-point bye 0; no Gladiator scoring (DSU 4.9.8) and no
  full-point bye given on request (C.04A: "distribute full point byes" is an operation FIDE
  disallows).

A choice outside them is refused, naming the setting and what FIDE allows; leaving FIDE
mode (``skak settings --no-fide-mode``) allows it, and is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction

from skak.errors import InputError, StateError
from skak.messages import N_, Message, Phrases
from skak.model.player import clean_text
from skak.model.results import HALF, POINT_FIELDS, format_points
from skak.model.tournament import SettingValue, Tournament
from skak.pairing import PairingSystem
from skak.records.tournament.events import Event, SettingsChanged

__all__ = [
    "FIDE_SYSTEMS",
    "ChangeSettings",
    "apply_settings",
    "check_fide_mode",
    "decide_settings",
    "fide_refusals",
]

#: The pairing systems FIDE approves that skak has, with their articles.
FIDE_SYSTEMS: Mapping[str, str] = {
    "dutch": "C.04.3",
    "dubov": "C.04.4.1",
    "berger": "C.05 annex 1",
}

#: FIDE's points for each kind of result (C.04.1; C.04.3's pairing-allocated bye: the points
#: of a win). ``full_bye`` is left out: what matters is that none is given on request.
_FIDE_POINTS: Mapping[str, Fraction] = {
    "win": Fraction(1),
    "draw": HALF,
    "loss": Fraction(0),
    "forfeit_win": Fraction(1),
    "forfeit_loss": Fraction(0),
    "pairing_bye": Fraction(1),
    "half_bye": HALF,
    "zero_bye": Fraction(0),
}


@dataclass(frozen=True, slots=True)
class ChangeSettings:
    """Change the tournament's settings (``skak settings``): ``fide_mode`` enters or leaves
    FIDE mode, ``tiebreaks`` is the whole new list, ``settings`` sets pairing-system
    settings (a value of ``None`` takes the setting away); ``None`` leaves a part as it is.
    """

    fide_mode: bool | None = None
    tiebreaks: tuple[str, ...] | None = None
    settings: Mapping[str, SettingValue | None] = field(default_factory=dict)
    reason: str = ""


def decide_settings(t: Tournament, system: PairingSystem, command: ChangeSettings) -> list[Event]:
    """The event of ``command`` on ``t`` (none when nothing changes).

    :raises InputError: for an unknown tie-break code or setting, a reason that is too long,
        or a choice FIDE mode does not allow (naming the setting).
    :raises StateError: on a deleted tournament.
    """
    if t.deleted:
        raise StateError(N_("{name} is deleted", name=t.name))
    why = clean_text(command.reason, "a reason").strip()
    if len(why) > 200:
        raise InputError(N_("a reason is at most 200 characters"))
    after = t
    if command.tiebreaks is not None:
        from skak.tiebreaks import parse_tiebreaks  # the tie-breaks only when they change

        codes = tuple(c.strip() for c in command.tiebreaks if c.strip())
        parse_tiebreaks(codes)
        after = replace(after, tiebreaks=codes)
    if command.settings:
        if "fide-mode" in command.settings:
            raise InputError(N_("fide-mode is set with --fide-mode or --no-fide-mode"))
        merged = dict(t.pairing_settings)
        for key, value in command.settings.items():
            if value is None:
                merged.pop(key, None)
            else:
                merged[key] = value
        system.check_settings(merged)
        after = replace(after, pairing_settings=tuple(sorted(merged.items())))
    if command.fide_mode is not None:
        after = replace(after, fide_mode=command.fide_mode)
    check_fide_mode(after)
    event = SettingsChanged(
        fide_mode=after.fide_mode if after.fide_mode != t.fide_mode else None,
        tiebreaks=after.tiebreaks if after.tiebreaks != t.tiebreaks else None,
        pairing_settings=(
            after.pairing_settings if after.pairing_settings != t.pairing_settings else None
        ),
        reason=why,
    )
    if event.fide_mode is None and event.tiebreaks is None and event.pairing_settings is None:
        return []
    return [event]


def apply_settings(state: Tournament, event: SettingsChanged) -> Tournament:
    """The tournament after ``event``."""
    t = state
    if event.tiebreaks is not None:
        t = replace(t, tiebreaks=event.tiebreaks)
    if event.pairing_settings is not None:
        t = replace(t, pairing_settings=event.pairing_settings)
    if event.fide_mode is not None:
        t = replace(t, fide_mode=event.fide_mode)
    return t


def check_fide_mode(t: Tournament) -> None:
    """:raises InputError: when ``t`` is in FIDE mode and makes a choice FIDE's rules do
    not define, naming every such setting."""
    refusals = fide_refusals(t)
    if refusals:
        raise InputError(
            N_(
                "FIDE mode (fide-mode) allows only FIDE's choices: {refusals}; outside FIDE "
                "mode ('skak settings --no-fide-mode') they are allowed",
                refusals=Phrases("; ", refusals),
            )
        )


def fide_refusals(t: Tournament) -> list[Message]:
    """Each choice of ``t`` that FIDE mode does not allow, in words naming the setting
    (empty when ``t`` is not in FIDE mode)."""
    if not t.fide_mode:
        return []
    out: list[Message] = []
    if t.pairing_system not in FIDE_SYSTEMS:
        out.append(
            N_(
                "the pairing system {system} is not one of FIDE's ({systems})",
                system=t.pairing_system,
                systems=", ".join(f"{name} {art}" for name, art in FIDE_SYSTEMS.items()),
            )
        )
    ranking = t.setting("initial-ranking", "as-entered")
    if ranking not in ("fide", "as-entered"):
        out.append(
            N_(
                "the setting initial-ranking={value} is not C.04.2's initial ranking (FIDE "
                "rating, title, name): use initial-ranking=fide",
                value=ranking,
            )
        )
    out += _tiebreak_refusals(t.tiebreaks)
    for name in POINT_FIELDS:
        if name in _FIDE_POINTS and getattr(t.scoring, name) != _FIDE_POINTS[name]:
            out.append(
                N_(
                    "the scoring {key}={points} is not FIDE's ({fide})",
                    key=name.replace("_", "-"),
                    points=format_points(getattr(t.scoring, name), ascii_only=True),
                    fide=format_points(_FIDE_POINTS[name], ascii_only=True),
                )
            )
    if t.scoring.gladiator:
        out.append(N_("Gladiator scoring (DSU 4.9.8) is not FIDE's"))
    for p in t.players:
        if p.full_bye_rounds:
            out.append(
                N_(
                    "{name} ({number}) has a full-point bye on request in round {rounds}, which "
                    "FIDE does not allow",
                    name=p.name,
                    number=p.start_number,
                    rounds=", ".join(map(str, sorted(p.full_bye_rounds))),
                )
            )
    return out


def _tiebreak_refusals(codes: tuple[str, ...]) -> list[Message]:
    from skak.tiebreaks import get_tiebreak, parse_tiebreaks

    if not codes:
        return [
            N_(
                "the tie-breaks (tiebreaks) must be named from FIDE's C.07, e.g. BH/C1, BH, "
                "SB; without them skak ranks by DSU §24"
            )
        ]
    out: list[Message] = []
    for spec in parse_tiebreaks(codes):
        article = get_tiebreak(spec.code).article
        if not article.startswith("C.07"):
            out.append(
                N_(
                    "the tie-break {code} is not one of FIDE's C.07 ({article})",
                    code=str(spec),
                    article=article,
                )
            )
    return out
