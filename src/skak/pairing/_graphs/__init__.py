"""Exact matching on the graph of who may meet whom, shared by the Swiss systems.

* :mod:`.pairability`: players as bit sets and exact answers to "can these players all be
  paired?" (Edmonds' blossom algorithm on bit sets, augmenting paths for two halves, the
  Hungarian method's duals): Monrad, Dansk Schweizer, and the Dutch system's completion tests.
* :mod:`.weighted`: a maximum-weight matching with exact integer weights of any size, with the
  duals that prove it optimal: the Dutch system's optimiser (``skak.pairing.dutch.optimiser``);
  :mod:`.sparse` picks each vertex's heaviest edges for its first sparse graph, and
  :mod:`.certificate` checks every edge of the dense graph under the final duals.
"""
