"""The web face (``skak serve``): public pages and the arbiter's screens over the library API.

FastAPI, Jinja2 templates and a few lines of our own JavaScript in htmx's attribute language
(``static/hx.js``); no JavaScript framework. Like the CLI, the web decides nothing: the pages
render the views of :mod:`skak.views` and the screens call :class:`skak.api.Skak`, one
instance for the whole server, with the logged-in arbiter as the actor of each change.

* :mod:`.public` — tournaments, a round's pairings and results, standings, crosstable,
  players: read-only, printable, readable on a phone;
* :mod:`.arbiter` — login, pairing with a preview, results on the board list, undo with
  the history;
* :mod:`.auth` — arbiter accounts (scrypt hashes in memory), the signed session, CSRF;
* :mod:`.app` — :func:`create_app`.
"""

from __future__ import annotations

from skak.web.app import create_app
from skak.web.auth import Arbiters, PasswordHash

__all__ = ["Arbiters", "PasswordHash", "create_app"]
