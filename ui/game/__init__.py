"""The game in play: which one, how it goes, and where it came from.

Pure: the current game, kept and counted (:mod:`ui.game.current`), the
page's address (:mod:`ui.game.address`) and the daily deals
(:mod:`ui.game.daily`).  On the page: the flow of a visit from one action to
the next (:mod:`ui.game.flow_view`), which game the table opens
(:mod:`ui.game.opening_view`) and one game per tab (:mod:`ui.game.tabs_view`).
"""
