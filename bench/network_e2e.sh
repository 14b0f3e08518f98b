#!/usr/bin/env bash
# End-to-end latency of tuned networks, measured side by side (issue 13):
# for each SCHEDULER[:TRIALS], the network of bench/network.sh's run with
# every task's best program among the first TRIALS measured records (all of
# them without :TRIALS) is compiled into one library; then the libraries are
# timed in turn, ROUNDS times (2 threads, 5 repeats of at least 200 ms
# each), and the median of each one's medians is printed, with the median
# ratio of each to the last SPEC within a round (the host slows down for
# minutes at a time, so rounds pair the libraries). This asks the
# criterion of the scheduler comparison of measured latency, not of the
# tasks' estimates: does gradient after N trials run the network as fast
# as round-robin after all of them?
#   bench/network_e2e.sh NET ROUNDS SPEC...
#   e.g. bench/network_e2e.sh resnet50 5 gradient:700 round-robin
# (NET_DIR: another directory of bench/network.sh output)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build}/bin
OUT=${NET_DIR:-bench/out/network}
if [[ $# -lt 3 ]]; then
  echo "usage: bench/network_e2e.sh NET ROUNDS SCHEDULER[:TRIALS]..." >&2
  exit 1
fi
NET=$1
ROUNDS=$2
shift 2
# The network func's argument and result specs, from its signature (its
# results are tensors, as our network generator writes them).
SPECS=$(python3 - "$OUT/$NET.partitioned.mlir" "$NET" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
sig = re.search(r"func\.func @%s\((.*?)\) -> (.*?) \{$" % re.escape(sys.argv[2]),
                text, re.M)
if not sig or "tuple" in sig.group(2):
    sys.exit("error: no func @%s with tensor arguments and results in %s"
             % (sys.argv[2], sys.argv[1]))
spec = lambda types: ",".join(
    "%s:%s" % (t.split("x")[-1], "x".join(t.split("x")[:-1]))
    for t in re.findall(r"tensor<([^>]*)>", types))
print(spec(sig.group(1)), spec(sig.group(2)))
PY
)
read -r IN RES <<< "$SPECS"
[[ -n $IN && -n $RES ]] || { echo "error: @$NET has no tensor arguments or results" >&2; exit 1; }
libs=()
for spec in "$@"; do
  sched=${spec%%:*}
  trials=${spec#*:}
  [[ $spec == *:* ]] || trials=
  records="$OUT/$NET.$sched.jsonl"
  [[ -f $records ]] || { echo "no records $records" >&2; exit 1; }
  name="$NET.$sched${trials:+.$trials}"
  # The task lines and the first TRIALS measurements, in the order measured.
  python3 - "$records" "$trials" > "$OUT/$name.e2e.jsonl" <<'PY'
import json, sys
limit = int(sys.argv[2]) if sys.argv[2] else None
measured = 0
for line in open(sys.argv[1]):
    if json.loads(line).get("kind") != "task":
        if limit is not None and measured >= limit:
            continue
        measured += 1
    sys.stdout.write(line)
PY
  "$B/ansor-opt" "$OUT/$NET.partitioned.mlir" -o "$OUT/$name.e2e.mlir" \
    --ansor-apply-best="records=$OUT/$name.e2e.jsonl"
  "$B/ansor-opt" "$OUT/$name.e2e.mlir" -o /dev/null \
    --ansor-compile="output=$OUT/$name.so"
  libs+=("$name")
done
for ((round = 0; round < ROUNDS; round++)); do
  # A different library goes first each round, so a slowdown of the host
  # does not always land on the same one.
  for ((i = 0; i < ${#libs[@]}; i++)); do
    name=${libs[(i + round) % ${#libs[@]}]}
    OMP_NUM_THREADS=2 "$B/ansor-runner" --lib "$OUT/$name.so" --func "$NET" \
      --inputs "$IN" --outputs "$RES" --repeat 5 --min-repeat-ms 200 |
      python3 -c 'import json,sys,statistics; r=json.load(sys.stdin); print(sys.argv[1], statistics.median(r["costs"]))' "$name"
  done
done | tee "$OUT/$NET.e2e.txt" | python3 -c '
import sys, statistics
runs = {}
for line in sys.stdin:
    name, cost = line.split()
    runs.setdefault(name, []).append(float(cost))
last = list(runs)[-1]
for name, costs in runs.items():
    each = " ".join("%.2f" % (1e3 * c) for c in costs)
    print("%s: median %.2f ms over %d rounds (%s)" % (
        name, 1e3 * statistics.median(costs), len(costs), each))
# The host slows down for minutes at a time: compare within each round.
for name, costs in runs.items():
    if name == last:
        continue
    ratios = [c / r for c, r in zip(costs, runs[last])]
    faster = sum(r < 1 for r in ratios)
    print("%s / %s: median ratio %.3f within a round, faster in %d of %d"
          % (name, last, statistics.median(ratios), faster, len(ratios)))
'
