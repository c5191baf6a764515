"""Games and their time controls: pure rules, no storage.

:mod:`skak.games.timecontrol` reads a time control the ways arbiters write it;
:mod:`skak.games.timerules` classifies it (standard, rapid, blitz) by the laws in force and
says whether it is ratable; :mod:`skak.games.pgn` (python-chess) reads, checks and writes
games; :mod:`skak.games.notation` turns SAN into Danish figurine letters and back.

The package's modules are imported where they are used: python-chess only when a game is.
"""
