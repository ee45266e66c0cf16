"""The rules state machine of a whole game: moves, refusals, events, settlement.

Imports the layers below (hand, analysis, scoring); players see it only through its API.
"""
