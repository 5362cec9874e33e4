"""Tune the expert's few parameters with Optuna over the arena (issue 32).

    python -m bench.tune_expert [--trials 16] [--deals 300] [--seed 5] [--study-seed 1]
        [--storage sqlite:///bench/expert_study.db] [--name expert-2p]

Each trial sets the expert's margin (:data:`engine.bots.expert.EXPERT_MARGIN`, what another
candidate must beat the club player's choice by) and the club player's weights and
thresholds it plays with (:data:`HEURISTICS`), plays ``--deals`` deals of
the arena against the club player at two players (seats swapped, both cores), and reports
the mean score difference a deal; the expert's CPU a deal and its decision times are kept
with each trial. The sampler is seeded (TPE, ``--study-seed``) and the deals are the
arena's seeded deals, so a study replays; its storage file is kept in the repository.
The arena's seed here (5) is not the one the figures are measured on (1).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from engine.bots import expert
from engine.cli import arena


def apply(params: dict[str, Any]) -> None:
    """Set the expert's constants (read when a decision is made) and its heuristics."""
    expert.EXPERT_MARGIN = float(params.get("margin", expert.EXPERT_MARGIN))
    for name in HEURISTICS:
        if name in params:
            setattr(expert.Expert, name, float(params[name]))


#: The club player's weights and thresholds the expert may play with its own values.
HEURISTICS = (
    "pile_threshold",
    "points_weight",
    "wild_cost",
    "wild_cost_long",
    "close_lead",
    "danger_weight",
    "play_threshold",
)


def measure(params: dict[str, Any], deals: int, seed: int) -> dict[str, Any]:
    """Play the arena (expert against club, two players) with ``params``."""
    apply(params)
    wall = time.perf_counter()
    results, tallies, names = arena.run("expert", "club", players=2, deals=deals, seed=seed, jobs=2)
    figures = arena.summary(results, tallies, names)
    mine = figures["bots"][0]
    cpu = sum(tallies[0].times)
    return {
        "mean": figures["mean_diff"],
        "ci95": figures["ci95"],
        "expert_cpu_s_a_deal": round(cpu / max(1, deals), 3),
        "ms_p95": mine["ms_p95"],
        "ms_max": mine["ms_max"],
        "wall_s": round(time.perf_counter() - wall, 1),
    }


def main() -> None:
    import optuna

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=16)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--study-seed", type=int, default=1)
    parser.add_argument("--storage", default="sqlite:///bench/expert_study.db")
    parser.add_argument("--name", default="expert-2p")
    parser.add_argument(
        "--narrow",
        action="store_true",
        help="only the pile threshold, the danger and points weights, near their values",
    )
    args = parser.parse_args()

    def objective(trial: optuna.Trial) -> float:
        if args.narrow:
            return measured(
                trial,
                {
                    "pile_threshold": trial.suggest_float("pile_threshold", -9.0, -3.0, step=0.5),
                    "points_weight": trial.suggest_float("points_weight", 0.0, 0.05, step=0.005),
                    "danger_weight": trial.suggest_float("danger_weight", 0.8, 2.0, step=0.1),
                },
            )
        params = {
            "pile_threshold": trial.suggest_float("pile_threshold", -10.0, -2.0, step=0.5),
            "points_weight": trial.suggest_float("points_weight", 0.0, 0.1, step=0.005),
            "wild_cost": trial.suggest_float("wild_cost", 0.0, 8.0, step=0.5),
            "wild_cost_long": trial.suggest_float("wild_cost_long", 0.0, 6.0, step=0.5),
            "close_lead": trial.suggest_float("close_lead", -100.0, 200.0, step=25.0),
            "danger_weight": trial.suggest_float("danger_weight", 0.5, 2.5, step=0.1),
            "play_threshold": trial.suggest_float("play_threshold", -2.0, 4.0, step=0.5),
            "margin": trial.suggest_float("margin", 0.0, 40.0, step=5.0),
        }
        return measured(trial, params)

    def measured(trial: optuna.Trial, params: dict[str, Any]) -> float:
        figures = measure(params, args.deals, args.seed)
        for key, value in figures.items():
            trial.set_user_attr(key, value)
        print(trial.number, params, figures, flush=True)
        return float(figures["mean"])

    study = optuna.create_study(
        study_name=args.name,
        storage=args.storage,
        direction="maximize",
        sampler=optuna.samplers.TPESampler(seed=args.study_seed),
        load_if_exists=True,
    )
    # The expert as it is, first: the point every other trial is measured against.
    if not study.trials:
        current = {name: float(getattr(expert.Expert, name)) for name in HEURISTICS}
        if args.narrow:
            keep = ("pile_threshold", "points_weight", "danger_weight")
            study.enqueue_trial({name: current[name] for name in keep})
        else:
            study.enqueue_trial(current | {"margin": expert.EXPERT_MARGIN})
    study.optimize(objective, n_trials=args.trials)
    print("best", study.best_trial.number, study.best_params, study.best_value)


if __name__ == "__main__":
    main()
