"""The strategy lab: many games between bots, their statistics and reports.

The machinery both games share is here (:mod:`~monopoly.lab.runner`, :mod:`~monopoly.lab.stats`,
the reports' common plots in :mod:`~monopoly.lab.report`, the ladder); the board game's
parts are in :mod:`monopoly.lab.board`, the Deal's in :mod:`monopoly.lab.deal`.
"""
