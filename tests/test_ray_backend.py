"""The strategy lab on Ray: a real local Ray instance gives the same results as the process
pool.

Ray is an optional extra (``pip install -e '.[ray]'``, ``make ray``): without it these tests
are skipped, except where ``MONOPOLY_REQUIRE_RAY`` is set (CI sets it after installing the
extra), where a missing Ray fails them.
"""

from __future__ import annotations

import importlib.util
import json
import os
from typing import Any

import pytest
from typer.testing import CliRunner

from monopoly.cli import app
from monopoly.lab.board.simulate import LabSetup, run_games
from monopoly.lab.ladder import run_ladder

HAVE_RAY = importlib.util.find_spec("ray") is not None
REQUIRED = bool(os.environ.get("MONOPOLY_REQUIRE_RAY"))

if not HAVE_RAY and not REQUIRED:
    pytest.skip("Ray is not installed (pip install -e '.[ray]')", allow_module_level=True)

runner = CliRunner()
TIMING = ("seconds", "games_per_second", "backend")


def test_ray_is_installed_where_required() -> None:
    assert HAVE_RAY, "MONOPOLY_REQUIRE_RAY is set but ray cannot be imported"


def test_simulate_on_ray_equals_the_process_pool() -> None:
    """8 games, 2 workers: `--backend ray` (a local Ray instance started and shut down by the
    command) prints the same JSON as the process backend, timing aside."""
    args = ["simulate", "--games", "8", "--bots", "greedy,random", "--players", "3",
            "--seed", "5", "--max-turns", "300", "--workers", "2", "--json"]
    out: dict[str, dict[str, Any]] = {}
    for backend in ("process", "ray"):
        result = runner.invoke(app, [*args, "--backend", backend])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["backend"] == backend
        out[backend] = {k: v for k, v in data.items() if k not in TIMING}
    assert out["ray"] == out["process"]
    assert out["ray"]["games"] == 8


def test_ray_session_already_open_is_used_and_left_open() -> None:
    """Per-game results and a ladder through a Ray session the caller opened."""
    import ray

    setup = LabSetup(bots=("greedy", "random"), players=2, seed=9, max_turns=200)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_games(setup, 8, workers=2, backend="ray")
        assert ray.is_initialized()
        ladder = run_ladder(setup, 4, workers=2, backend="ray")
    finally:
        ray.shutdown()
    assert on_ray == run_games(setup, 8, workers=2)
    assert [r["index"] for r in on_ray] == list(range(8))
    local = run_ladder(setup, 4, workers=1)
    assert ladder["ratings"] == local["ratings"]

