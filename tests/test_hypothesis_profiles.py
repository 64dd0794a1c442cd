"""The Hypothesis profiles (tests/conftest.py): CI draws the same examples
on every run, so a red run reproduces; local runs draw new ones."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hypothesis import settings

HERE = Path(__file__).resolve().parent


def load_profiles() -> object:
    spec = importlib.util.spec_from_file_location("tests_conftest", HERE / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_draws_the_same_examples_and_local_runs_explore() -> None:
    profile_name = load_profiles().profile_name  # type: ignore[attr-defined]
    for environ, name in (
        ({"CI": "true"}, "ci"),
        ({"CI": "1"}, "ci"),
        ({}, "local"),
        ({"CI": "false"}, "local"),
        ({"CI": "true", "HYPOTHESIS_PROFILE": "dev"}, "dev"),
    ):
        assert profile_name(environ) == name, environ
    ci, local = settings.get_profile("ci"), settings.get_profile("local")
    assert ci.derandomize and not local.derandomize
    assert ci.print_blob and local.print_blob
    assert ci.database is None and local.database is None
    assert settings.get_profile("dev").max_examples > local.max_examples
