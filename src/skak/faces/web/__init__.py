"""The web face (``skak serve``): public pages and the arbiter's screens over the library API.

FastAPI, Jinja2 templates and a few lines of our own JavaScript in htmx's attribute language
(``static/hx.js``); no JavaScript framework. Like the CLI, the web decides nothing: the pages
render the views of :mod:`skak.views` and the screens call :class:`skak.api.Skak`, one
instance for the whole server, with the logged-in arbiter as the actor of each change.

* :mod:`.public` — tournaments, a round's pairings and results, standings (with a choice of
  tie-breaks), crosstable, players, the rating result: read-only, printable, readable on a
  phone, in Danish or English;
* :mod:`.arbiter` — login, pairing with a preview, results on the board list, undo with
  the history;
* :mod:`.manage` — a new tournament, TRF import and export, players (one by one, CSV,
  edit, withdraw, absences);
* :mod:`.auth` — arbiter accounts (the database's, ``skak user``; argon2id), the signed
  session, CSRF, the brake on guessing passwords;
* :mod:`.api` — the HTTP API under ``/api/v1``: the views as ``--json`` writes them, the
  commands with an account's API token (``/openapi.json`` describes it);
* :mod:`._render` — templates and their language; :mod:`._cache` — views per version;
* :mod:`.app` — :func:`create_app`.
"""

from __future__ import annotations

from skak.faces.web.app import SERVER_VARIABLE, create_app, server_app, server_settings
from skak.faces.web.auth import Arbiters, LoginBrake

__all__ = [
    "SERVER_VARIABLE",
    "Arbiters",
    "LoginBrake",
    "create_app",
    "server_app",
    "server_settings",
]
