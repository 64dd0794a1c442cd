"""The table: one game on the felt, its cards, the moves made on it.

Pure: the physical cards and how they move (:mod:`ui.table.table_view.cards`), where
everything goes (:mod:`ui.table.table_view.layout`), what a press hits and where a
drop goes (:mod:`ui.table.table_view.pointer`), the keys' rules
(:mod:`ui.table.table_view.keyboard`), the win's cascade (:mod:`ui.table.table_view.celebration`).
Their browser halves (``*_view``): the table's state and actions, the
renderer, the animator, the pointer and the keyboard on the page.
"""
