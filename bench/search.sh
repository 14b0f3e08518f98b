#!/usr/bin/env bash
# The search's benchmark (issue 11): tuning curves of each search strategy on
# the shared workloads, from fresh records, 2 threads, one run after the
# other on the same machine. Records, summaries and logs go to
# bench/out/search/; bench/curves.py turns them into the CSV and PNG.
#   bench/search.sh [WORKLOADS...]        (default: c2d_bias_relu gmm_1024)
# LONG trials (512) for random and evolution, SHORT (128) for the ablations:
#   mutation, model (search=model: one pool of 512 scored per batch),
#   evolution without crossover. CONFIGS picks some of them (default: all of
#   "random evolution evolution-nocrossover model mutation"; also
#   evolution-packsum, evolution with Ansor's pack-sum cost model objective;
#   evolution-lse, with the log-sum-exp objective; evolution-depth3, with
#   the cost model's trees 3 deep instead of Ansor's 10; evolution-block8,
#   at most 8 of a round's model-picked programs per micro-kernel;
#   evolution-fresh, half of each model-picked round from the best scored
#   fresh samples instead of bred ones;
#   evolution-nocap, Ansor's top of the ranking, which is the default);
#   EVOLUTION sets evolution's trials (default LONG). SEED (default 0) seeds every run; OUT
#   (default bench/out/search) is where they go. Several seeds, for medians:
#   for s in 0 1 2; do SEED=$s OUT=bench/out/search-s$s bench/search.sh; done
#   bench/seeds.py bench/out/search-s*
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build}/bin
OUT=${OUT:-bench/out/search}
SEED=${SEED:-0}
LONG=${LONG:-512}
SHORT=${SHORT:-128}
mkdir -p "$OUT"
workloads=("$@")
[[ ${#workloads[@]} == 0 ]] && workloads=(c2d_bias_relu gmm_1024)
run() { # workload config trials options...
  local w=$1 config=$2 trials=$3
  shift 3
  rm -f "$OUT/$w.$config.jsonl" "$OUT/$w.$config.json"
  "$B/ansor-opt" "examples/workloads/$w.mlir" -o /dev/null \
    --ansor-tune="trials=$trials threads=2 seed=$SEED $* records=$OUT/$w.$config.jsonl summary=$OUT/$w.$config.json" \
    2> "$OUT/$w.$config.log"
  tail -n 1 "$OUT/$w.$config.log" | cut -c1-300
}
CONFIGS=${CONFIGS:-random evolution evolution-nocrossover model mutation}
for w in "${workloads[@]}"; do
  [[ -f examples/workloads/$w.mlir ]] || { echo "no workload $w" >&2; exit 1; }
  for config in $CONFIGS; do
    case $config in
    random) run "$w" random "$LONG" search=random ;;
    evolution) run "$w" evolution "${EVOLUTION:-$LONG}" search=evolution ;;
    evolution-packsum)
      run "$w" evolution-packsum "${EVOLUTION:-$LONG}" search=evolution \
        model-objective=pack-sum ;;
    evolution-depth3)
      run "$w" evolution-depth3 "${EVOLUTION:-$LONG}" search=evolution \
        model-depth=3 ;;
    evolution-lse)
      run "$w" evolution-lse "${EVOLUTION:-$LONG}" search=evolution \
        model-objective=log-sum-exp ;;
    evolution-block8)
      run "$w" evolution-block8 "${EVOLUTION:-$LONG}" search=evolution \
        max-per-block=8 ;;
    evolution-fresh)
      run "$w" evolution-fresh "${EVOLUTION:-$LONG}" search=evolution \
        fresh-share=0.5 ;;
    evolution-nocap)
      run "$w" evolution-nocap "${EVOLUTION:-$LONG}" search=evolution \
        max-per-block=0 ;;
    evolution-nocrossover)
      run "$w" evolution-nocrossover "$SHORT" search=evolution crossover=false ;;
    model) run "$w" model "$SHORT" search=model ;;
    mutation) run "$w" mutation "$SHORT" search=mutation ;;
    *) echo "unknown configuration $config" >&2; exit 1 ;;
    esac
  done
done
