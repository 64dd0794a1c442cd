"""What the page keeps (pure: no browser imports).

The store's records and transactions (:mod:`ui.storage.store.store`), the
player's games (:mod:`ui.storage.store.games`), the settings
(:mod:`ui.storage.store.settings`), the statistics (:mod:`ui.storage.store.statistics`)
and counting each game once (:mod:`ui.storage.store.counting`).  The browser's
side of the store is :mod:`ui.browser.store`.
"""
