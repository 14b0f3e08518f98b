"""Helpers of pareto.mlir.

front SUMMARY: prints the size of the task's Pareto front and whether it is
  ordered (each next program slower and needing less workspace).
add RECORDS OUT: copies RECORDS to OUT with two more valid records of its
  task: a packed program (faster) and one without temporary buffers.
"""
import json
import sys

SCHEDULE = """sched.schedule @{name} for @mm target "{target}" nodes [#sched.node<"linalg.fill", [64, 128], [S, S]>, #sched.node<"linalg.matmul", [64, 128, 96], [S, S, R]>] rules [{rules}] {{
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [{splits}, #sched.split<[24, 4] of 96>]
{pack}  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <16 in [0, 16, 64, 512]>
}}"""

if sys.argv[1] == "front":
    task = json.load(open(sys.argv[2]))["tasks"][0]
    front = task["pareto_front"]
    ordered = all(b["seconds"] > a["seconds"] and
                  b["workspace_bytes"] < a["workspace_bytes"]
                  for a, b in zip(front, front[1:]))
    ordered = ordered and front[0]["seconds"] == task["best_seconds"]
    print(f"front {len(front)} programs, ordered: {'yes' if ordered else 'no'}")
else:
    lines = open(sys.argv[2]).read().splitlines()
    first = next(json.loads(l) for l in lines
                 if json.loads(l).get("kind") != "task")
    out = open(sys.argv[3], "w")
    for line in lines:
        out.write(line + "\n")
    programs = [
        ("packed", '"AddPacking", "MultiLevelTiling"',
         "#sched.split<[4, 2, 1, 8] of 64>, #sched.split<[2, 4, 1, 16] of 128>",
         "  sched.pack node 1 operand 1 loop 1 at <0 in [0, 1]>\n", 1e-9),
        ("plain", '"MultiLevelTiling"',
         "#sched.split<[8, 1, 1, 8] of 64>, #sched.split<[4, 2, 1, 16] of 128>",
         "", 2e-9),
    ]
    for trial, (name, rules, splits, pack, cost) in enumerate(programs):
        record = dict(first)
        record.update(trial=9000 + trial, costs=[cost], error="none",
                      message="", degraded=[])
        record["schedule"] = SCHEDULE.format(name=name, target=first["target"],
                                             rules=rules, splits=splits,
                                             pack=pack)
        out.write(json.dumps(record) + "\n")
