"""Counts the records of a file, their errors, and the programs with a split
whose tile does not divide its extent (a partial last tile), in all and on
reduction loops (the matmul's third loop)."""
import json
import re
import sys

measured = errors = partial = partial_reductions = 0
for line in open(sys.argv[1]):
    record = json.loads(line)
    if record.get("kind") == "task":  # the task's payload, not a measurement
        continue
    measured += 1
    errors += record["error"] != "none"
    tile = re.search(r"sched.tile node 1 .*", record["schedule"]).group(0)
    splits = re.findall(r"split<\[([0-9, ]+)\] of (\d+)>", tile)
    flags = []
    for factors, extent in splits:
        values = [int(f) for f in factors.split(",")]
        inner = 1
        for v in values[1:]:
            inner *= v
        flags.append(int(extent) % inner != 0)
    partial += any(flags)
    partial_reductions += flags[2]
print(f"measured {measured}, errors {errors}, partial {partial}, "
      f"partial reductions {partial_reductions}")
