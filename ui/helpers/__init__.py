"""The player's helpers: hints, Finish, "Still winnable?", "Show me how",
the dead-end check and winnable deals.

Pure: the decisions (:mod:`ui.helpers.hints`, :mod:`ui.helpers.still_winnable`,
:mod:`ui.helpers.show_me`).  On the page (``*_view``): running them in short
slices that never stand in a move's way, and showing what they found.
"""
