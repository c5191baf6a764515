"""DSU section 6: correspondence chess (korrespondanceskak), as pure rules.

* :mod:`.notation` — the numeric notation (6.2.2) to and from SAN and PGN, through
  python-chess, and move series (6.2.5);
* :mod:`.clock` — reflection time by post and e-mail (6.3.1–6.3.2.1, 6.8.6), time controls
  and move series (6.3.3), penalties (6.3.4, 6.3.5.1), silence and adjudication dates;
* :mod:`.holidays` — holidays, their notice and allowance, the obligatory periods (6.3.6);
* :mod:`.game` — a game card by card: moves, series, each player's time and overstep;
* :mod:`.groups` — a group's results: a withdrawal (6.2.8), standings and tie-breaks
  (6.5.4.1, 6.6.1.4);
* :mod:`.classes` — the EMT classes and promotion (6.5) and the cup (6.6);
* :mod:`.teams` — the team championship: the tie-break (6.7.4.5) and divisions (6.7.5).

Nothing here reads a file or a database; :mod:`skak.io.correspondence_json` reads a game's
JSON and :mod:`skak.views.correspondence` shows the results.
"""
