"""Around the table: the header bar, what the table says (screen reader and
message area), the appearance settings, sound and the first-visit tip.

Pure: the sentences a screen reader hears (:mod:`ui.chrome.messages`).
The rest draws or plays on the page (``*_view``).
"""
