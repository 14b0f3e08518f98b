#!/usr/bin/env python3
"""Report of bench/network.sh (standard library only).

For NETWORK and each scheduler's summary (bench/out/network/NETWORK.S.json)
it prints the per-task table (name, weight, trials, best and untuned
seconds, share of the network's estimated time), the network measured end to
end (untuned, tuned, speedup, verified), the oneDNN sum of its convolutions
when bench/out/network/NETWORK.onednn exists, and, with both schedulers, how
many trials the gradient scheduler needed to reach round-robin's final
estimated latency. Writes NETWORK.curves.csv and NETWORK.curves.png (the
estimated latency against trials, one line per scheduler: gradient blue,
round-robin grey; left the whole run on a log scale, right from the end of
the warm-up on a linear one).
  bench/network_report.py [NETWORK] [DIR]   (resnet50, bench/out/network)
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from curves import write_png  # noqa: E402

COLOURS = {"gradient": (31, 119, 180), "round-robin": (150, 150, 150)}


def load(directory, network):
    runs = {}
    for scheduler in COLOURS:
        path = os.path.join(directory, f"{network}.{scheduler}.json")
        if os.path.exists(path):
            with open(path) as f:
                runs[scheduler] = json.load(f)
    return runs


def table(scheduler, summary):
    print(f"== {scheduler}: {summary['wall_seconds']:.0f} s of tuning")
    print(f"{'task':28} {'weight':>6} {'trials':>6} {'best s':>10} "
          f"{'untuned s':>10} {'share':>6}  note")
    for t in summary["tasks"]:
        best = t.get("best_seconds")
        note = t.get("skipped") or t.get("finished", "")
        print(f"{t['name']:28} {t['weight']:6} {t['trials']:6} "
              f"{best if best is not None else float('nan'):10.3e} "
              f"{t.get('untuned_seconds', float('nan')):10.3e} "
              f"{t.get('share', 0):6.1%}  {note}")
    for n in summary.get("networks", []):
        if "tuned_seconds" in n:
            print(f"network @{n['name']}: untuned {n['untuned_seconds']:.4f} s, "
                  f"tuned {n['tuned_seconds']:.4f} s, speedup "
                  f"{n['speedup']:.2f}x, verified {n['verified']} "
                  f"(estimated from tasks: {n['estimated_seconds']:.4f} s)")
        else:
            print(f"network @{n['name']}: {n.get('error', 'not measured')}")


def reached(curve, target):
    for point in curve:
        if point["seconds"] <= target:
            return point["trials"]
    return None


def warm_up_end(curve, tasks):
    """Trials when every task had its first round."""
    seen = set()
    for point in curve:
        if point["task"]:
            seen.add(point["task"])
        if len(seen) == tasks:
            return point["trials"]
    return 0


def plot(path, runs):
    """Left: the whole curve, log scale. Right: after the warm-up (every
    task tuned once), linear: where the schedulers differ."""
    width, height, margin = 960, 400, 30
    pixels = bytearray([255] * width * height * 3)

    def put(x, y, rgb):
        if 0 <= x < width and 0 <= y < height:
            pixels[(y * width + x) * 3:(y * width + x) * 3 + 3] = bytes(rgb)

    def panel(x0, x1, curves, transform):
        values = [transform(p["seconds"]) for c in curves.values() for p in c]
        trials = [p["trials"] for c in curves.values() for p in c]
        if not values:
            return
        top, bottom = max(values), min(values)
        span = (top - bottom) or 1.0
        first, last = min(trials), max(trials) or 1
        for x in range(x0, x1):
            put(x, height - margin, (0, 0, 0))
        for y in range(margin, height - margin):
            put(x0, y, (0, 0, 0))
        for scheduler, curve in curves.items():
            previous = None
            for p in curve:
                x = x0 + int((p["trials"] - first) / max(last - first, 1) *
                             (x1 - x0 - 1))
                y = height - margin - int((transform(p["seconds"]) - bottom) /
                                          span * (height - 2 * margin - 1))
                if previous:
                    steps = max(abs(x - previous[0]), abs(y - previous[1]), 1)
                    for i in range(steps + 1):
                        put(previous[0] + (x - previous[0]) * i // steps,
                            previous[1] + (y - previous[1]) * i // steps,
                            COLOURS[scheduler])
                previous = (x, y)

    curves = {s: [p for p in r.get("curve", []) if p["seconds"] > 0]
              for s, r in runs.items()}
    panel(margin, width // 2 - margin, curves, math.log)
    start = max(warm_up_end(curves[s], len(runs[s]["tasks"])) for s in curves)
    panel(width // 2 + margin, width - margin,
          {s: [p for p in c if p["trials"] >= start] for s, c in curves.items()},
          lambda seconds: seconds)
    write_png(path, width, height, pixels)


def main():
    network = sys.argv[1] if len(sys.argv) > 1 else "resnet50"
    directory = sys.argv[2] if len(sys.argv) > 2 else "bench/out/network"
    runs = load(directory, network)
    if not runs:
        sys.exit(f"no summaries for {network} in {directory}")
    for scheduler, summary in runs.items():
        table(scheduler, summary)
    onednn = os.path.join(directory, f"{network}.onednn")
    if os.path.exists(onednn):
        with open(onednn) as f:
            total = sum(float(line.split()[1]) for line in f
                        if line.startswith("onednn"))
        print(f"oneDNN, its convolutions summed (bias and ReLU fused): "
              f"{total:.4f} s")
    if len(runs) == 2:
        rr = runs["round-robin"]["curve"]
        gr = runs["gradient"]["curve"]
        target = rr[-1]["seconds"]
        trials = reached(gr, target)
        budget = rr[-1]["trials"]
        if trials is None:
            print(f"gradient never reached round-robin's final {target:.4f} s")
        else:
            print(f"gradient reached round-robin's final estimate "
                  f"{target:.4f} s after {trials} of {budget} trials "
                  f"({trials / budget:.0%})")
    with open(os.path.join(directory, f"{network}.curves.csv"), "w") as f:
        f.write("scheduler,trials,estimated_seconds,task\n")
        for scheduler, summary in runs.items():
            for p in summary.get("curve", []):
                f.write(f"{scheduler},{p['trials']},{p['seconds']},{p['task']}\n")
    plot(os.path.join(directory, f"{network}.curves.png"), runs)


if __name__ == "__main__":
    main()
