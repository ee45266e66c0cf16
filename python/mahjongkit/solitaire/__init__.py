"""Mahjong solitaire: layouts, the free-tile rule, seeded solvable deals, play and solving."""
