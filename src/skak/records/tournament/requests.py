"""What the faces build for the API: players to register, a new tournament's checks, and
``skak engine``'s work on a file's tournament (pure: no database)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any

from skak.errors import InputError, StateError
from skak.messages import N_
from skak.model.player import Player
from skak.model.progress import Progress
from skak.model.results import Result
from skak.model.tournament import RatedKind, Round, Tournament
from skak.pairing import PairingSystem, get_system
from skak.pairing.engine import RoundCheck, check_rounds, pair_next
from skak.records.tournament.trf_import import tournament_from_trf

if TYPE_CHECKING:
    from pathlib import Path

    from skak.views import RegistryMatch

__all__ = [
    "check_new_tournament",
    "engine_check",
    "engine_generate",
    "engine_pair",
    "new_tournament",
    "one_player",
    "players_from_bytes",
    "players_from_csv",
    "players_from_registry",
    "results_from_text",
    "tournament_from_trf",
]


def one_player(
    name: str, start_number: int | None = None, **fields: Any
) -> Callable[[Tournament], list[Player]]:
    """A registration of one player: without ``start_number`` the next free number; once
    round 1 is paired, a late entry (sen tilmelding) from the next round."""

    def make(t: Tournament) -> list[Player]:
        number = start_number
        if number is None:
            number = max((p.start_number for p in t.players), default=0) + 1
        late = dict(fields)
        if t.rounds and late.get("late_from") is None:
            late["late_from"] = t.next_round
        return [Player(number, name, **late)]

    return make


def players_from_registry(
    members: Sequence[RegistryMatch],
) -> Callable[[Tournament], list[Player]]:
    """A registration of members of the rating registry (tilmelding fra ratingkartoteket):
    name, club, birth year, DSU member number, the DSU ratings the registry has (the
    tournament's kind uses its own) and the FIDE id and rating where DSU's list gave them;
    numbered after those registered, late entries once round 1 is paired.

    :raises StateError: for a member registered already (by DSU member number), naming him
        and his start number, or named twice.
    """

    def make(t: Tournament) -> list[Player]:
        from skak.model.player import Ratings

        known = {p.dsu_id: p for p in t.players if p.dsu_id is not None}
        number = max((p.start_number for p in t.players), default=0)
        out: list[Player] = []
        for m in members:
            there = known.get(m.dsu_id)
            if there is not None:
                raise StateError(
                    N_(
                        "DSU member {dsu_id}, {name}, is registered already as start number "
                        "{number}",
                        dsu_id=m.dsu_id,
                        name=there.name,
                        number=there.start_number,
                    )
                )
            number += 1
            player = Player(
                number,
                m.name,
                birth_year=m.born,
                club=m.club,
                dsu_id=m.dsu_id,
                fide_id=m.fide_id,
                ratings=Ratings(
                    dsu=m.rating("standard"),
                    dsu_rapid=m.rating("rapid"),
                    dsu_blitz=m.rating("blitz"),
                    fide=m.fide_rating,
                ),
                late_from=t.next_round if t.rounds else None,
            )
            known[m.dsu_id] = player
            out.append(player)
        return out

    return make


def players_from_csv(
    path: str | Path, progress: Progress | None = None
) -> tuple[Callable[[Tournament], Sequence[Player]], str]:
    """A registration of a CSV player list (:mod:`skak.io.players_csv`), and its source name;
    ``progress`` is told how far the reading has come.

    :raises InputError: when the file cannot be read.
    """
    from pathlib import Path  # not for the engine

    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror}", location=str(p)) from err
    return players_from_bytes(data, p.name, progress), p.name


def players_from_bytes(
    data: bytes, source: str, progress: Progress | None = None
) -> Callable[[Tournament], Sequence[Player]]:
    """A registration of a CSV player list sent as bytes (UTF-8 or Windows-1252), named
    ``source`` in its errors (an upload)."""
    from skak.io.players_csv import decode_text, parse_players_csv  # not for the engine

    text = decode_text(data)
    return lambda t: parse_players_csv(text, source, t, progress)


def new_tournament(
    name: str,
    *,
    system: str = "berger",
    rounds: int | None = None,
    settings: Sequence[str] = (),
    scoring: Sequence[str] = (),
    place: str | None = None,
    start: str | None = None,
    end: str | None = None,
    kind: RatedKind | None = None,
    time_control: str | None = None,
    tiebreaks: Sequence[str] = (),
    unrated: bool = False,
    gladiator: bool = False,
    arbiters: Sequence[str] = (),
    fide_mode: bool = False,
    organiser: str | None = None,
) -> Tournament:
    """A new tournament from the options as typed (``skak new``, the web's form): the
    settings as ``KEY=VALUE`` (``fide-mode=yes`` as ``fide_mode``: FIDE mode, which allows
    only FIDE's choices), the points as ``KEY=POINTS``, dates as ``YYYY-MM-DD``; a
    Gladiator tournament's tie-breaks default to GLO, GLR, DE (4.9.8); without ``kind``,
    the kind the time control makes the games, else standard. Checked as
    :func:`check_new_tournament` checks it; nothing is written.

    :raises InputError: naming the option that is wrong.
    """
    from skak.io.options import parse_date, parse_setting, scoring_from  # not for the engine
    from skak.records.tournament.commands import arbiter_names

    if not name.strip():
        raise InputError(N_("a tournament needs a name"))
    pairing = get_system(system.strip())
    pairs = [parse_setting(s) for s in settings]
    for key, value in pairs:
        if key == "fide-mode":
            if not isinstance(value, bool):
                raise InputError(N_("fide-mode is yes or no, not {value}", value=value))
            fide_mode = value
    tournament = Tournament(
        name=name.strip(),
        pairing_system=pairing.name,
        number_of_rounds=rounds,
        place=place.strip() or None if place is not None else None,
        start_date=parse_date(start or None, N_("start date")),
        end_date=parse_date(end or None, N_("end date")),
        rated_kind=kind or RatedKind.STANDARD,
        rated=not unrated,
        time_control=time_control.strip() or None if time_control is not None else None,
        pairing_settings=tuple((k, v) for k, v in pairs if k != "fide-mode"),
        scoring=scoring_from(replace(pairing.default_scoring, gladiator=gladiator), list(scoring)),
        tiebreaks=tuple(tiebreaks or ([] if not gladiator else ["GLO", "GLR", "DE"])),
        arbiters=arbiter_names(arbiters),
        fide_mode=fide_mode,
        organiser=organiser.strip() or None if organiser is not None else None,
    )
    return check_new_tournament(tournament, kind_given=kind is not None)


def check_new_tournament(tournament: Tournament, *, kind_given: bool = True) -> Tournament:
    """The checks a new tournament passes before anything is written (a database file
    included): its pairing system's settings, its tie-break codes and its time control,
    which must agree with its kind (standard, rapid, blitz; :mod:`skak.games.timerules`).
    :returns: the tournament, its kind taken from the time control when ``kind_given`` is
    false.

    :raises InputError: naming the unknown system, the bad setting or the unknown code, the
        unreadable time control or the kind it contradicts.
    """
    from skak.games.timerules import settle_kind
    from skak.records.tournament.settings import check_fide_mode
    from skak.tiebreaks import parse_tiebreaks  # the tie-breaks only for a new tournament

    get_system(tournament.pairing_system).check_settings(tournament.settings)
    parse_tiebreaks(tournament.tiebreaks)
    check_fide_mode(tournament)
    if tournament.time_control:
        day = tournament.start_date or date.today()
        given = tournament.rated_kind.value if kind_given else None
        kind = settle_kind(tournament.time_control, given, day)
        tournament = replace(tournament, rated_kind=RatedKind(kind))
    return tournament


def _engine_request(t: Tournament, system: str, baku: bool) -> tuple[Tournament, PairingSystem]:
    t = replace(t, pairing_system=system)
    pairing = get_system(system)
    if baku:
        settings = dict(t.pairing_settings) | {"baku": True}
        pairing.check_settings(settings)
        t = replace(t, pairing_settings=tuple(settings.items()))
    return t, pairing


def engine_pair(
    t: Tournament, system: str, *, baku: bool = False, progress: Progress | None = None
) -> Round:
    """``skak engine``: the next round of a tournament read from a file, paired by
    ``system`` (``baku``: with the Baku acceleration, FIDE C.04.5); nothing is stored.
    ``progress`` is told how far the pairing has come (the Dutch system, by brackets).

    :raises NoValidPairingError: when the system finds no legal pairing.
    :raises InputError: for an unknown system or a setting it refuses.
    """
    return pair_next(*_engine_request(t, system, baku), progress)


def engine_check(
    t: Tournament, system: str, *, baku: bool = False, progress: Progress | None = None
) -> list[RoundCheck]:
    """``skak engine --check``: every round of a tournament read from a file re-paired by
    ``system`` from the rounds before it, and where the file differs; ``progress`` is told
    ``(rounds checked, rounds)``."""
    return check_rounds(*_engine_request(t, system, baku), progress)


def engine_generate(
    config_path: str | Path | None,
    system: str,
    *,
    seed: int | None = None,
    model: Tournament | None = None,
    progress: Progress | None = None,
) -> Tournament:
    """``skak engine --generate``: a random tournament (FIDE C.04A's RTG) whose every round
    ``system`` pairs, by the configuration file at ``config_path`` (bbpPairings' and
    JaVaFo's keys; ``None``: every setting drawn) or like the ``model`` tournament (its
    players, its shares of draws, forfeits and byes), and ``seed`` (``None``: one drawn),
    named ``AutoTest Tournament SEED``. ``progress`` is told ``(rounds paired, rounds)``.

    :raises InputError: naming the file and line of a bad configuration, or a bad seed.
    :raises NoValidPairingError: when the system finds no pairing for a round.
    """
    from skak.pairing.generator import GeneratorConfig, generate, random_seed

    config = GeneratorConfig()
    if config_path is not None:
        from skak.io.files import read_text
        from skak.io.generator_config import parse_generator_config

        config = parse_generator_config(*read_text(config_path))
    return generate(
        config,
        get_system(system),
        random_seed() if seed is None else seed,
        model=model,
        progress=progress,
    )


def results_from_text(text: str, source: str) -> list[tuple[int, Result, tuple[Result, ...]]]:
    """A round's results typed as lines ``BOARD RESULT [PLAY-OFF]`` (``skak results
    --file``), for :meth:`skak.api.Skak.enter_results`.

    :raises InputError: naming every bad line (``results.txt line 4: …``).
    """
    from skak.io.results_text import parse_board_lines

    return parse_board_lines(text, source)
