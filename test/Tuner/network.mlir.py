"""Checks a network tuning summary: the rounds add up to the budget, every
task got trials, and the curve of estimated latency follows the trials."""
import json
import sys

summary = json.load(open(sys.argv[1]))
budget = int(sys.argv[2])
scheduler = sys.argv[3] if len(sys.argv) > 3 else "gradient"
assert summary["task_scheduler"] == scheduler, summary["task_scheduler"]
trials = [t["trials"] for t in summary["tasks"]]
assert sum(trials) == budget, trials
assert all(t > 0 for t in trials), trials
curve = summary["curve"]
assert [p["trials"] for p in curve] == sorted(p["trials"] for p in curve)
assert curve[-1]["trials"] == budget, curve
# The curve starts from the untuned network and never rises.
assert curve[0]["trials"] == 0 and curve[0]["task"] == "", curve[0]
assert all(b["seconds"] <= a["seconds"] for a, b in zip(curve, curve[1:])), curve
shares = [t.get("share", 0) for t in summary["tasks"]]
assert abs(sum(shares) - 1) < 1e-9, shares
print("ok")
