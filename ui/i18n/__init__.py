"""The player's language: the page's words translated, with their plurals, numbers and dates."""
