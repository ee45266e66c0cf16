"""Scoring: the 81 fans as data, rulesets, the win context, the tally and the scorer.

Imports :mod:`mahjongkit.mcr.hand` and :mod:`mahjongkit.mcr.analysis`, never the game.
"""
