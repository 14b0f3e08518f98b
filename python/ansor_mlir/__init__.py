"""Python access to ansor-mlir: drive `ansor-opt` and read its records.

Debian ships no MLIR Python bindings, so this package works on files and the
`ansor-opt` command line: it tunes, measures and applies schedules through
the same passes a compiler engineer runs, and reads the JSON-lines records
and JSON summaries they write.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from statistics import median
from typing import Iterator, List, Optional

__all__ = ["Record", "load_records", "load_payloads", "best_records", "tune", "measure",
           "partition", "task_weights", "find_ansor_opt"]


@dataclass
class Record:
    """One measurement, as `ansor-tune` appends it."""

    task: str
    task_name: str
    target: str
    trial: int
    schedule: str
    costs: List[float] = field(default_factory=list)
    error: str = "none"
    message: str = ""

    @property
    def valid(self) -> bool:
        return self.error == "none" and bool(self.costs)

    @property
    def median_cost(self) -> float:
        return median(self.costs) if self.valid else float("inf")


def load_records(path: str, warnings: Optional[List[str]] = None) -> List[Record]:
    """Loads every well-formed record; malformed lines are skipped and
    reported in `warnings` as `path:line: reason`."""
    records: List[Record] = []
    if not os.path.exists(path):
        return records
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                if obj.get("kind") == "task":  # a task's payload
                    continue
                records.append(Record(
                    task=obj["task"], task_name=obj.get("task_name", ""),
                    target=obj["target"], trial=int(obj.get("trial", 0)),
                    schedule=obj["schedule"], costs=list(obj["costs"]),
                    error=obj["error"], message=obj.get("message", "")))
            except (ValueError, KeyError, TypeError) as e:
                if warnings is not None:
                    warnings.append(f"{path}:{number}: {e}; record skipped")
    return records


def load_payloads(path: str) -> dict:
    """The payload (module text of the func, generic form) of each task of a
    records file, by task key: the first payload line of each task."""
    payloads: dict = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict) and obj.get("kind") == "task" \
                    and "task" in obj and "payload" in obj:
                payloads.setdefault(obj["task"], obj["payload"])
    return payloads


def best_records(records: List[Record]) -> dict:
    """The valid record with the lowest median cost, per (task, target)."""
    best: dict = {}
    for r in records:
        key = (r.task, r.target)
        if r.valid and (key not in best or r.median_cost < best[key].median_cost):
            best[key] = r
    return best


def find_ansor_opt() -> str:
    """`ANSOR_OPT`, else the build tree next to this package, else PATH."""
    if os.environ.get("ANSOR_OPT"):
        return os.environ["ANSOR_OPT"]
    here = os.path.dirname(os.path.abspath(__file__))
    candidate = os.path.join(here, "..", "..", "build", "bin", "ansor-opt")
    if os.path.exists(candidate):
        return os.path.normpath(candidate)
    found = shutil.which("ansor-opt")
    if not found:
        raise FileNotFoundError("ansor-opt not found: build it or set ANSOR_OPT")
    return found


def _run(args: List[str]) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True)


def tune(mlir_path: str, records: str, summary: str, trials: int = 64,
         threads: int = 0, seed: int = 0, output: Optional[str] = None) -> dict:
    """Runs `--ansor-tune` and returns its summary (a dict). Raises
    RuntimeError with ansor-opt's diagnostics when the pass fails."""
    options = (f"trials={trials} threads={threads} seed={seed} "
               f"records={records} summary={summary}")
    result = _run([find_ansor_opt(), mlir_path, f"--ansor-tune={options}",
                   "-o", output or os.devnull])
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    with open(summary, encoding="utf-8") as f:
        return json.load(f)


def measure(mlir_path: str, summary: str, threads: int = 0) -> dict:
    """Runs `--ansor-measure` (the module as it is) and returns its summary."""
    result = _run([find_ansor_opt(), mlir_path,
                   f"--ansor-measure=summary={summary} threads={threads}",
                   "-o", os.devnull])
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    with open(summary, encoding="utf-8") as f:
        return json.load(f)


def partition(mlir_text: str) -> str:
    """Runs `--ansor-partition` on a module's text (e.g. a network of
    `ansor_mlir.networks`) and returns the partitioned module's text."""
    result = subprocess.run([find_ansor_opt(), "-", "--ansor-partition"],
                            input=mlir_text, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr)
    return result.stdout


def task_weights(partitioned: str) -> dict:
    """The calls of each task func in a partitioned module's text: the
    weights the task scheduler gives them."""
    import re
    weights: dict = {}
    for callee in re.findall(r"\bcall @([A-Za-z0-9_]+)\(", partitioned):
        weights[callee] = weights.get(callee, 0) + 1
    return weights
