"""The faces: the command line (:mod:`skak.faces.cli`) and the web (:mod:`skak.faces.web`),
with what only a face needs beside them — the language chosen (:mod:`.i18n`), the
demonstration (:mod:`.demo`) and the process-wide switch of Python's cycle collector
(:mod:`.collector`).

A face calls the API (:mod:`skak.api`), renders the read side (:mod:`skak.views`) and decides
nothing: it imports no rule, record or store (``pyproject.toml``'s import contracts).
"""
