"""``skak serve``: the web pages and the arbiter's screens on the database the CLI uses.

The web (FastAPI, uvicorn) is imported only when the server starts, so that every other
command starts as fast as before."""

import os
import secrets
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli._common import DEFAULT_DB, DbOption, app, cli_errors, err, open_db

if TYPE_CHECKING:
    import uvicorn

    from skak.faces.web import Arbiters

__all__ = ["PASSWORD_VARIABLE", "arbiter_accounts", "serve"]

#: The environment variable that gives the arbiters' password (else each is asked for).
PASSWORD_VARIABLE = "SKAK_WEB_PASSWORD"
#: The longest arbiter's name: the history's actor column.
_NAME_LENGTH = 100
_LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: The most worker processes ``skak serve --workers`` starts.
_MOST_WORKERS = 64


def arbiter_accounts(names: list[str]) -> "Arbiters":
    """The accounts of ``--arbiter NAME``: the password from ``$SKAK_WEB_PASSWORD`` (the
    same for every name given), else asked for at the terminal, twice; kept only hashed.

    :raises InputError: for a bad name, or no password and no terminal to ask at.
    """
    accounts: list[tuple[str, str]] = []
    common = os.environ.get(PASSWORD_VARIABLE)
    for raw in names:
        name = raw.strip()
        if not name or len(name) > _NAME_LENGTH or name in (n for n, _ in accounts):
            raise InputError(
                f"--arbiter {raw!r}: an arbiter's name has 1–{_NAME_LENGTH} characters "
                "and is given once"
            )
        if common:
            password = common
        elif sys.stdin.isatty():
            password = typer.prompt(
                f"Password for {name}", hide_input=True, confirmation_prompt=True
            )
        else:
            raise InputError(
                f"no password for arbiter {name}: set {PASSWORD_VARIABLE} or run "
                "'skak serve' at a terminal to be asked"
            )
        if not password:
            raise InputError(f"arbiter {name}: the password is empty")
        accounts.append((name, password))
    from skak.faces.web import Arbiters

    return Arbiters.with_passwords(accounts)


@app.command()
@cli_errors
def serve(
    host: Annotated[
        str,
        typer.Option(
            help="Address to listen on: 127.0.0.1 keeps it on this computer; 0.0.0.0 opens "
            "it to the network (put an HTTPS proxy in front: logins travel in plain HTTP).",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    arbiter: Annotated[
        list[str] | None,
        typer.Option(
            "--arbiter",
            help="An arbiter who may log in while this server runs, besides those with an "
            f"account (skak user add); the password is ${PASSWORD_VARIABLE} or asked for, and "
            "kept only hashed in memory (repeatable).",
        ),
    ] = None,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies",
            help="Send the login cookie over HTTPS only (behind an HTTPS proxy).",
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="The address of the proxy in front of the server (comma-separated, or *): "
            "only from it is X-Forwarded-For believed. Without it every request is known by "
            "the address it comes from.",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="The address players reach this server at (https://skak.klub.dk), for the "
            "QR code of the hall screen and the prints; default: the address the screen was "
            "opened at.",
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            help="Worker processes that answer the requests (a federation's server: about "
            "one per processor core); each keeps its own pages and reads every change from "
            "the database.",
        ),
    ] = 1,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Serve the web pages: public standings, pairings and crosstables for players'
    phones and the notice board, and the arbiter's screens (new tournament, players,
    pairing, results, undo, TRF files) behind a login. Ctrl-C stops it.

    Example: skak serve --host 0.0.0.0 --port 8000
    """
    if not 1 <= port <= 65535:
        raise InputError(f"--port {port} is not a port number (1–65535)")
    if not 1 <= workers <= _MOST_WORKERS:
        raise InputError(f"--workers {workers}: give 1–{_MOST_WORKERS} worker processes")
    accounts = arbiter_accounts(arbiter or [])
    s = open_db(db)
    # The server waited for its database to start; a page does not wait for it: it
    # answers 503 with Retry-After while the database is busy or out of reach.
    s.db.wait, s.db.on_wait = 0, None
    from skak.faces.web import create_app
    from skak.faces.web.app import SERVE_FRESH_FOR, tune_for_serving

    # One key signs the login cookies of every worker (a login made by one holds in all).
    secret = secrets.token_urlsafe(32)
    web = create_app(
        s,
        arbiters=accounts,
        secret=secret,
        secure_cookies=secure_cookies,
        public_url=public_url,
        build_behind=True,
        fresh_for=SERVE_FRESH_FOR,
        freeze_kept=True,
    )
    shown = f"[{host}]" if ":" in host else host
    names = [*accounts.hashes, *(n for n in s.accounts.get().names if n not in accounts)]
    err.print(
        f"skak serves {escape(s.db.location)} at http://{escape(shown)}:{port}/ "
        + (f"with {workers} workers " if workers > 1 else "")
        + (
            f"(arbiters: {escape(', '.join(names))}; log in at /login)"
            if names
            else "(public pages only: add an arbiter with 'skak user add NAME')"
        ),
        soft_wrap=True,
    )
    if host not in _LOOPBACK:
        err.print(
            "[bold yellow]note:[/] the server is open to the network over plain HTTP; "
            "use it only on the hall's own network, or behind an HTTPS proxy",
            soft_wrap=True,
        )
    import uvicorn

    options = server_options(forwarded_allow_ips)
    if workers == 1:
        tune_for_serving()
        uvicorn.run(web, host=host, port=port, **options)
        return
    from skak.faces.web import SERVER_VARIABLE, server_settings

    # Each worker is a process of its own that builds the same application from the
    # environment (uvicorn imports the factory by its name in each one).
    os.environ[SERVER_VARIABLE] = server_settings(
        s, arbiters=accounts, secret=secret, secure_cookies=secure_cookies, public_url=public_url
    )
    try:
        uvicorn.run(
            "skak.faces.web:server_app",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            **options,
        )
    finally:
        os.environ.pop(SERVER_VARIABLE, None)


def server_options(forwarded_allow_ips: str | None = None) -> dict[str, Any]:
    """uvicorn's options for ``skak serve``: the client's address is the connecting one
    (which the login brake counts) unless a proxy is declared, whose ``X-Forwarded-For``
    alone is believed (uvicorn's default believes it from 127.0.0.1, so anyone on the
    machine could claim any address)."""
    return {
        "log_level": "warning",
        "proxy_headers": forwarded_allow_ips is not None,
        "forwarded_allow_ips": forwarded_allow_ips or "",
    }


def server_config(
    web: Any, host: str, port: int, forwarded_allow_ips: str | None = None
) -> "uvicorn.Config":
    """The server ``skak serve`` runs, as a ``uvicorn.Config`` (a test runs it in a thread)."""
    import uvicorn

    return uvicorn.Config(web, host=host, port=port, **server_options(forwarded_allow_ips))
