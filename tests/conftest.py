"""Hypothesis profiles for every CPython and Pyodide test under ``tests/``.

* ``ci`` (chosen when the environment variable ``CI`` is set, as CI services
  set it): derandomized, so a red run draws the same examples again and
  reproduces;
* ``local`` (chosen otherwise): new examples on every run, so local runs
  keep exploring; a failure prints its ``@reproduce_failure`` blob;
* ``dev``: like ``local`` with twelve times the examples.

``HYPOTHESIS_PROFILE=name`` picks one whatever ``CI`` says.  None writes an
example database, so the suite writes no files (Pyodide's file system is a
sandbox).  ``tests/pyodide/run.mjs`` passes ``CI`` and ``HYPOTHESIS_PROFILE``
into Pyodide.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from hypothesis import HealthCheck, settings

for name, examples, derandomize in (("ci", 25, True), ("local", 25, False), ("dev", 300, False)):
    settings.register_profile(
        name,
        max_examples=examples,
        derandomize=derandomize,
        print_blob=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def profile_name(environ: Mapping[str, str] = os.environ) -> str:
    """The profile to load: HYPOTHESIS_PROFILE, else ``ci`` under CI, else ``local``."""
    chosen = environ.get("HYPOTHESIS_PROFILE")
    if chosen:
        return chosen
    return "ci" if environ.get("CI", "").lower() not in ("", "0", "false", "no") else "local"


settings.load_profile(profile_name())
