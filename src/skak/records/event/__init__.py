"""An event with groups (a DM's Landsholdsklassen, Mesterklassen and Basis groups; an EMT's
A, B and C groups): one stream an event (record kind ``event``), each group a tournament of
its own that the event names."""
