"""skak: the arbiter's and rating officer's toolkit for DSU and FIDE tournaments.

The pure core (:mod:`skak.model`, :mod:`skak.pairing`, :mod:`skak.rating`,
:mod:`skak.standings`) knows nothing of storage or the command line; :mod:`skak.api` keeps
tournaments in a database as an append-only event log; :mod:`skak.faces.cli` is the ``skak``
command.
"""

__version__ = "0.1.0"
