"""Botzone's Chinese Standard Mahjong: the variant, the protocol, bots as programs, a judge.

Above the players layer: it imports the game and the players, nothing imports it back.
"""
