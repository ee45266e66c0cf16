"""Players of the game: the machine bots and the terminal front end.

They see the game through :class:`~mahjongkit.mcr.game.rules.Rules` and a seat's view.
"""
