"""What the page keeps (pure: no browser imports).

The store's records and transactions (:mod:`ui.storage.store`), the
player's games (:mod:`ui.storage.games`), the settings
(:mod:`ui.storage.settings`), the statistics (:mod:`ui.storage.statistics`)
and counting each game once (:mod:`ui.storage.counting`).  The browser's
side of the store is :mod:`ui.browser.store`.
"""
