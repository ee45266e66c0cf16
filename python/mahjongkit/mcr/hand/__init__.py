"""The foundations of MCR: melds, one seat's hand, the notation, the seeded wall.

Nothing here knows about analysis, scoring or the game; every other layer builds on it.
"""
