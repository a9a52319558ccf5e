"""Tournament running: the Czech championship from registration to final standings.

- :mod:`~monopoly.tournament.settings`: a tournament's settings (format, scoring, rounds,
  table size, preset, game time, edition, language, currency);
- :mod:`~monopoly.tournament.seating`: tables of 3-5 over the rounds, no two players
  meeting twice where possible, first seats rotated;
- :mod:`~monopoly.tournament.scoring`: placement points, tie-breaks, standings, the final;
- :mod:`~monopoly.tournament.assets`: the banker-referee's count of a player's assets;
- :mod:`~monopoly.tournament.state`: the tournament as a log of operations (every change
  checked, refused ones change nothing; the log is the audit log and what is stored), its
  values in :mod:`~monopoly.tournament.model`, each operation's check and effect in
  :mod:`~monopoly.tournament.operations`;
- :mod:`~monopoly.tournament.desk`: a stored tournament, its personal links, CSV import;
- :mod:`~monopoly.tournament.status`: what its pages and commands show;
- :mod:`~monopoly.tournament.simulate`: a whole tournament of bots, offline.
"""
