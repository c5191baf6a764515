"""The records skak keeps, one folder per record kind (events, rules, codec, store, API)."""
