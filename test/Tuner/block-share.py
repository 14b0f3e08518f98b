"""Prints, for each round of ROUND trials from FIRST on, the most programs
of the round that share a register block: the innermost factor of every
split of the tiled nodes, and the packing steps."""
import json
import re
import sys

path, first, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rounds = {}
for line in open(path):
    record = json.loads(line)
    if record.get("kind") == "task":
        continue
    if record["trial"] < first:
        continue
    key = []
    for step in record["schedule"].splitlines():
        step = step.strip()
        if step.startswith("sched.tile"):
            key.append(tuple(int(f.split(", ")[-1]) for f in
                             re.findall(r"split<\[([0-9, ]+)\]", step)))
        elif step.startswith(("sched.pack", "sched.layout_rewrite")):
            key.append(step)
    index = (record["trial"] - first) // size
    rounds.setdefault(index, []).append(tuple(key))
print(" ".join(f"round {i}: {max(r.count(k) for k in r)} of {len(r)}"
               for i, r in sorted(rounds.items())))
