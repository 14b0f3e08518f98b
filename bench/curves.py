#!/usr/bin/env python3
"""Tuning curves from bench/search.sh's output (standard library only).

For each workload and search configuration (bench/out/search/W.CONFIG.jsonl
with its summary W.CONFIG.json) it computes the best GFLOP/s after each
trial and after each second of tuning, and writes:
  curves.csv   workload, config, trial, seconds, best_gflops (one row a trial)
  curves.png   per workload (rows), best GFLOP/s against trials (left) and
               against wall time (right), one colour per configuration
               (COLOURS below); the vertical axes span half the best
               GFLOP/s of the workload to 5% above it (lower values sit on
               the axis)
and prints a table: the best at 64, 128, 256 and 512 trials, the wall time
and the search overhead of each run.
Seconds count from the start of the run: the summary's wall time before the
last record.
  bench/curves.py [DIR]      (default bench/out/search)
"""
import json
import os
import struct
import sys
import zlib

COLOURS = {  # configuration: (name in the docs, RGB)
    "random": ("grey", (150, 150, 150)),
    "mutation": ("orange", (255, 127, 14)),
    "model": ("purple", (148, 103, 189)),
    "evolution-nocrossover": ("green", (44, 160, 44)),
    "evolution": ("blue", (31, 119, 180)),
}
MARKS = (64, 128, 256, 512)


def load(directory):
    runs = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".jsonl"):
            continue
        workload, config = name[:-len(".jsonl")].split(".", 1)
        summary_path = os.path.join(directory, f"{workload}.{config}.json")
        if not os.path.exists(summary_path):
            continue  # a run still going, or killed
        summary = json.load(open(summary_path))
        task = summary["tasks"][0]
        records = []
        for line in open(os.path.join(directory, name)):
            record = json.loads(line)
            if record.get("kind") != "task":
                records.append(record)
        records.sort(key=lambda r: r["trial"])
        end = max(r["timestamp"] for r in records)
        start = end - task["wall_seconds"]
        best, points = 0.0, []
        for r in records:
            if r["error"] == "none" and r["costs"]:
                costs = sorted(r["costs"])
                median = costs[len(costs) // 2]
                best = max(best, task["flop"] / median / 1e9)
            points.append((r["trial"] + 1, r["timestamp"] - start, best))
        runs[(workload, config)] = (points, task)
    return runs


def write_png(path, width, height, pixels):
    raw = b"".join(b"\x00" + bytes(pixels[y * width * 3:(y + 1) * width * 3])
                   for y in range(height))

    def chunk(kind, data):
        body = kind + data
        return (struct.pack(">I", len(data)) + body +
                struct.pack(">I", zlib.crc32(body) & 0xffffffff))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def plot(path, runs):
    workloads = sorted({w for w, _ in runs})
    panel, margin = 400, 30
    width, height = 2 * panel, panel * len(workloads)
    pixels = bytearray([255] * (width * height * 3))

    def put(x, y, rgb):
        if 0 <= x < width and 0 <= y < height:
            i = (y * width + x) * 3
            pixels[i:i + 3] = bytes(rgb)

    for row, workload in enumerate(workloads):
        mine = {c: p for (w, c), (p, _) in runs.items() if w == workload}
        best = max(g for p in mine.values() for _, _, g in p) or 1
        top, bottom = best * 1.05, best * 0.5
        for column, axis in enumerate((0, 1)):  # trials, seconds
            right = max(pt[axis] for p in mine.values() for pt in p) or 1
            x0, y0 = column * panel + margin, row * panel + panel - margin
            span = panel - 2 * margin
            for i in range(span):
                put(x0 + i, y0, (0, 0, 0))
                put(x0, y0 - i, (0, 0, 0))
            for config, points in sorted(mine.items()):
                rgb = COLOURS.get(config, ("black", (0, 0, 0)))[1]
                last = None
                for pt in points:
                    x = x0 + int(pt[axis] / right * (span - 1))
                    level = max(pt[2] - bottom, 0) / (top - bottom)
                    y = y0 - int(level * (span - 1))
                    if last:  # a step: across, then up
                        for xx in range(last[0], x + 1):
                            for t in (0, 1):
                                put(xx, last[1] + t, rgb)
                        for yy in range(min(y, last[1]), max(y, last[1]) + 1):
                            for t in (0, 1):
                                put(x + t, yy, rgb)
                    last = (x, y)
    write_png(path, width, height, pixels)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else "bench/out/search"
    runs = load(directory)
    if not runs:
        sys.exit(f"no finished run in {directory}")
    with open(os.path.join(directory, "curves.csv"), "w") as f:
        f.write("workload,config,trial,seconds,best_gflops\n")
        for (workload, config), (points, _) in sorted(runs.items()):
            for trial, seconds, best in points:
                f.write(f"{workload},{config},{trial},{seconds:.2f},{best:.2f}\n")
    plot(os.path.join(directory, "curves.png"), runs)
    print("| workload | search | " +
          " | ".join(f"best @{m}" for m in MARKS) +
          " | wall s | search overhead |")
    print("|---" * (len(MARKS) + 4) + "|")
    for (workload, config), (points, task) in sorted(runs.items()):
        marks = []
        for m in MARKS:
            at = [p for p in points if p[0] <= m]
            marks.append(f"{at[-1][2]:.1f} ({at[-1][1]:.0f} s)"
                         if at and points[-1][0] >= m else "")
        overhead = task.get("search_overhead")
        print(f"| {workload} | {config} | " + " | ".join(marks) +
              f" | {task['wall_seconds']:.0f} | " +
              (f"{100 * overhead:.1f}%" if overhead is not None else "") + " |")


if __name__ == "__main__":
    main()
