"""The benchmarks load what they run: the solver benchmark finds the engine
benchmark's Pyodide runner by its file name."""

from __future__ import annotations

import solver_bench


def test_the_solver_benchmark_loads_the_engine_benchmark() -> None:
    module = solver_bench.engine_bench_module()
    assert callable(module.run_pyodide)
    assert module.__file__ is not None and module.__file__.endswith("engine_bench.py")
