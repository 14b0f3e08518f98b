#!/usr/bin/env python3
"""Summarizes `bench/gpu.sh run`: per workload, how many programs ran and
verified, the errors by kind, the best verified program (median of its
repeats) and, for the GEMMs, the ratio to cuBLAS SGEMM of the same run.

    bench/gpu_report.py DIR    # DIR holds results.jsonl, cublas.jsonl,
                               # device.json
"""
import collections
import json
import os
import statistics
import sys


def main(directory):
    results = [json.loads(l) for l in open(os.path.join(directory, "results.jsonl")) if l.strip()]
    cublas = {}
    path = os.path.join(directory, "cublas.jsonl")
    if os.path.exists(path):
        for line in open(path):
            r = json.loads(line)
            if r.get("ok"):
                cublas[(r["m"], r["n"], r["k"])] = r
    device = os.path.join(directory, "device.json")
    if os.path.exists(device):
        print("device:", open(device).read().strip())
    shapes = {"gmm_1024": (1024, 1024, 1024), "gmm_relu_512": (512, 512, 512)}
    by = collections.defaultdict(list)
    for r in results:
        by[r["workload"]].append(r)
    print(f"| workload | programs | verified | errors | best ms | GFLOP/s | cuBLAS GFLOP/s | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for name, rows in sorted(by.items()):
        errors = collections.Counter(r["result"].get("error") for r in rows if not r["result"].get("ok"))
        verified = [r for r in rows if r["result"].get("ok") and r["result"].get("verified")]
        best = min((statistics.median(r["result"]["costs"]) for r in verified), default=None)
        gflops = rows[0]["flop"] / best / 1e9 if best else None
        ref = cublas.get(shapes.get(name))
        cell = lambda v, f: f.format(v) if v is not None else "-"
        print(f"| {name} | {len(rows)} | {len(verified)} | "
              f"{', '.join(f'{k} {v}' for k, v in sorted(errors.items())) or 'none'} | "
              f"{cell(best and best * 1e3, '{:.4f}')} | {cell(gflops, '{:.0f}')} | "
              f"{cell(ref and ref['gflops'], '{:.0f}')} | "
              f"{cell(ref and gflops and gflops / ref['gflops'], '{:.2f}x')} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
