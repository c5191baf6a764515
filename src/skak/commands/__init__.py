"""Commands and the rules that decide them, one module per record kind.

Each record skak keeps (a tournament, the rating registry; next a league season, a cup, a
correspondence event) is a stream of typed events. Its module here holds the commands, the
pure ``decide`` that turns a command into events under the record's rules, and the fold that
builds the state. Nothing here reads or writes storage.
"""
