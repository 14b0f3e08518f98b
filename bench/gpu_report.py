#!/usr/bin/env python3
"""Summarizes `bench/gpu_tune.sh`: per workload, the trials measured, the
errors by kind, the best verified program and, for the GEMMs, its ratio to
cuBLAS SGEMM timed the same way in the same run.

    bench/gpu_report.py DIR    # DIR holds what `gpu_tune.sh wait` brought
                               # back: tuned.tar.xz (or its summaries
                               # unpacked), cublas.jsonl, device.json
"""
import glob
import json
import os
import sys
import tarfile

# The GEMM workloads and the cuBLAS shape each is compared with.
GEMM_SHAPES = {"gmm_1024": (1024, 1024, 1024), "gmm_relu_512": (512, 512, 512)}


def read_cublas(directory):
    shapes = {}
    path = os.path.join(directory, "cublas.jsonl")
    if os.path.exists(path):
        for line in open(path):
            r = json.loads(line)
            if r.get("ok"):
                shapes[(r["m"], r["n"], r["k"])] = r
    return shapes


def read_run(directory):
    """The summaries, and the logs of workloads that wrote none, by name."""
    summaries, logs = {}, {}
    archive = os.path.join(directory, "tuned.tar.xz")
    if os.path.exists(archive):
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                name = os.path.basename(member.name)
                if name.endswith(".summary.json"):
                    summaries[name[:-len(".summary.json")]] = json.load(tar.extractfile(member))
                elif name.endswith(".log") and name != "worker.log":
                    logs[name[:-len(".log")]] = tar.extractfile(member).read().decode()
    for path in glob.glob(os.path.join(directory, "*.summary.json")):
        summaries[os.path.basename(path)[:-len(".summary.json")]] = json.load(open(path))
    return summaries, {k: v for k, v in logs.items() if k not in summaries}


def cell(value, fmt):
    return fmt.format(value) if value is not None else "-"


def main(directory):
    device = os.path.join(directory, "device.json")
    if os.path.exists(device):
        print("device:", " ".join(open(device).read().split("\n")).strip())
    cublas = read_cublas(directory)
    print("| workload | trials | errors | best us | GFLOP/s | cuBLAS us | "
          "ratio to cuBLAS | tuning s |")
    print("|---|---|---|---|---|---|---|---|")
    summaries, unfinished = read_run(directory)
    for name in sorted(summaries):
        for task in summaries[name]["tasks"]:
            errors = ", ".join(f"{k} {v}" for k, v in sorted(task["errors"].items())
                               if v) or "none"
            best = task["best_seconds"] if task.get("verified") else None
            ref = cublas.get(GEMM_SHAPES.get(task["name"]))
            ratio = ref["median_seconds"] / best if ref and best else None
            print(f"| {task['name']} | {task['trials']} | {errors} | "
                  f"{cell(best and best * 1e6, '{:.2f}')} | "
                  f"{cell(best and task['flop'] / best / 1e9, '{:.0f}')} | "
                  f"{cell(ref and ref['median_seconds'] * 1e6, '{:.2f}')} | "
                  f"{cell(ratio, '{:.2f}x')} | "
                  f"{cell(task.get('wall_seconds'), '{:.0f}')} |")
    for name, log in sorted(unfinished.items()):
        last = [l for l in log.splitlines() if l.strip()][-1:] or ["(empty log)"]
        print(f"{name}: no summary (tuning unfinished or failed): {last[0]}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
