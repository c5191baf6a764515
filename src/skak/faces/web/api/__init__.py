"""The HTTP API under ``/api/v1``: every public view as the CLI's ``--json`` writes it, and
the commands an account's roles allow, with its API token (``skak user token``).

* :mod:`.views` — the reads (no token): tournaments, standings, rounds, crosstable,
  players, a league's standings, matches and line-ups, a cup's and a junior championship's
  standings, the rating list and a player's card;
* :mod:`.commands` — the commands (``Authorization: Bearer TOKEN``): a tournament created,
  players registered and withdrawn, a round paired, results entered; a league line-up and
  result card, confirmed or disputed; a tournament applied to the rating registry; a
  warning or quarantine registered;
* :mod:`._common` — the token's account, the JSON answers and refusals (``{"error": …,
  "code": …}``, README's statuses), and their description in the OpenAPI document
  (``/openapi.json``, which lists the API's routes only, not the pages).

Like the pages, the API decides nothing: each route is one call of :class:`skak.api.Skak`
(the server's guarded one, with the token's account as the actor) and one view of
:mod:`skak.views`.
"""

from __future__ import annotations

from fastapi import APIRouter

from skak.faces.web.api import commands, views
from skak.faces.web.api._common import (
    API_PREFIX,
    TokenRefused,
    http_refusal,
    invalid_refusal,
    is_api,
    refusal,
    skak_refusal,
    token_refusal,
)

__all__ = [
    "API_PREFIX",
    "TokenRefused",
    "http_refusal",
    "invalid_refusal",
    "is_api",
    "refusal",
    "router",
    "skak_refusal",
    "token_refusal",
]

router = APIRouter(prefix=API_PREFIX)
router.include_router(views.router)
router.include_router(commands.router)
