"""DSU's junior team championship (Junior Hold DM, 003 §5.5) kept in the database: one
stream a championship (record kind ``junior-championship``)."""
