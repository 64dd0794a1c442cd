"""The dialogs, one module per screen, and the host that shows them.

Each screen's view is ``<name>_view``; what it shows, where it can be
computed without the page, is the pure ``<name>`` beside it (the Help
screen's texts, the Settings screen's groups, the chooser's tiles, the
statistics' figures as text).
"""
