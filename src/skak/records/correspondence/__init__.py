"""A correspondence-chess group (section 6) kept as a record: the events (:mod:`.events`),
the commands and the pure ``decide`` (:mod:`.commands`), the group they build
(:mod:`.evolve`), their JSON (:mod:`.codec`), the store's binding (:mod:`.kind`, record kind
``correspondence``) and the library API (:mod:`.api`). The rules themselves are
:mod:`skak.correspondence`'s."""
