"""Scoring: the 81 fans as data, rulesets, the win context, the tally and the scorer.

One idea a module: ``fans`` (the table), ``ruleset`` (rulesets and contested readings),
``context``, ``tally``, ``validate`` (the checks and their refusal codes), ``_ref`` (the
pure-Python scorer), ``_cpp`` (the adapter to the C++ scorer) and ``score`` (the API).
Imports :mod:`mahjongkit.mcr.hand` and :mod:`mahjongkit.mcr.analysis`, never the game.
"""
