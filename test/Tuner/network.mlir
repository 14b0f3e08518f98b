// Whole networks: partitioned into tasks, tuned under the task scheduler
// with one budget, applied, then timed and verified end to end against the
// untuned lowering in the same run.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %S/Inputs/residual-block.mlir --ansor-partition -o %t/block.mlir
// RUN: ansor-opt %t/block.mlir --ansor-tune="build-timeout=120 budget=12 round-trials=4 seed=1 threads=1 records=%t/rec.jsonl summary=%t/sum.json min-repeat-ms=1 repeat=1" -o %t/tuned.mlir 2> %t/log
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// RUN: FileCheck %s --check-prefix=IR < %t/tuned.mlir
// Every trial of the budget is one record, the rounds split it.
// RUN: grep -c '"costs"' %t/rec.jsonl | grep -x 12
// RUN: python3 %S/network.mlir.py %t/sum.json 12

// SUM: "networks": [
// SUM:   "name": "block",
// SUM:   "speedup":
// SUM:   "tuned_seconds":
// SUM:   "untuned_seconds":
// SUM:   "verified": true
// SUM: "task_scheduler": "gradient",
// SUM: "name": "conv_2d_nhwc_hwcf_0",
// SUM: "weight": 2,
// SUM: "name": "conv_2d_nhwc_hwcf_1",
// SUM: "weight": 1,

// Every task is prepared (its untuned lowering timed) before the first round.
// LOG: [ansor-tune] @conv_2d_nhwc_hwcf_0: task {{[0-9a-f]+}}, weight 2, 296960 FLOP, multiply-accumulate
// LOG-NEXT: [ansor-tune] @conv_2d_nhwc_hwcf_1: task {{[0-9a-f]+}}, weight 1, 297984 FLOP, multiply-accumulate
// LOG-NEXT: [ansor-tune] @conv_2d_nhwc_hwcf_0: 4 trials, best
// LOG-NEXT: [ansor-tune] 4/12 trials; estimated network latency
// LOG: [ansor-tune] 12/12 trials; estimated network latency
// LOG: [ansor-tune] @block: untuned {{.*}} s, tuned {{.*}} s ({{.*}}x), verified

// The tasks are replaced by their best programs (no longer the convolution
// ops; which program wins, parallel or not, is the machine's race); the
// network still calls them.
// IR: func.func @conv_2d_nhwc_hwcf_0
// IR-NOT: linalg.conv_2d_nhwc_hwcf
// IR: scf.for
// IR-NOT: linalg.conv_2d_nhwc_hwcf
// IR: func.func @conv_2d_nhwc_hwcf_1
// IR-NOT: linalg.conv_2d_nhwc_hwcf
// IR: scf.for
// IR-NOT: linalg.conv_2d_nhwc_hwcf
// IR: func.func @block
// IR-COUNT-3: call @conv_2d_nhwc_hwcf_

// Partitioning a partitioned module changes nothing.
// RUN: ansor-opt %t/block.mlir --ansor-partition | diff - %t/block.mlir

// apply-best gives each task its best record; the network keeps its calls
// and gets no warning (it is no task).
// RUN: ansor-opt %t/block.mlir --ansor-apply-best="records=%t/rec.jsonl" -o %t/applied.mlir 2> %t/apply.log
// RUN: not grep warning %t/apply.log
// Task keys do not depend on how the output is printed.
// RUN: ansor-opt %t/block.mlir --ansor-apply-best="records=%t/rec.jsonl" --mlir-print-local-scope --mlir-print-debuginfo --mlir-elide-elementsattrs-if-larger=1 -o /dev/null 2> %t/apply2.log
// RUN: not grep warning %t/apply2.log
// RUN: FileCheck %s --check-prefix=IR < %t/applied.mlir

// The tuned network compiles into one library with every task's program.
// RUN: ansor-opt %t/tuned.mlir --ansor-compile="output=%t/net.so"
// RUN: nm -D %t/net.so | FileCheck %s --check-prefix=SYMS
// SYMS-DAG: T _mlir_ciface_block
// SYMS-DAG: T _mlir_packed_block
// SYMS-DAG: T _mlir_ciface_conv_2d_nhwc_hwcf_0

// Round-robin spends the same budget in turns.
// RUN: ansor-opt %t/block.mlir --ansor-tune="build-timeout=120 budget=8 round-trials=2 task-scheduler=round-robin measure-networks=false seed=1 threads=1 records=%t/rr.jsonl summary=%t/rr.json min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: python3 %S/network.mlir.py %t/rr.json 8 round-robin

// A network whose subgraphs pass an i1 mask: the mask crosses between the
// tasks as an i8 tensor (payloads are normalized before partitioning), so
// every task is measured and verified, and the network runs verified. (The
// selects and their sum, read once each, fuse into the matmul's epilogue:
// two tasks remain.)
// RUN: ansor-opt %S/Inputs/mask-network.mlir --ansor-partition | ansor-opt --ansor-tune="build-timeout=120 budget=16 round-trials=4 seed=1 threads=1 records=%t/mask.jsonl summary=%t/mask.json min-repeat-ms=1 repeat=1" -o /dev/null 2> %t/mask.log
// RUN: FileCheck %s --check-prefix=MASK < %t/mask.log
// RUN: FileCheck %s --check-prefix=MASKSUM < %t/mask.json
// RUN: not grep warning %t/mask.log
// Only the matmul multiplies in a reduction: the scheduler's family of
// tasks whose throughputs bound each other.
// MASK-DAG: [ansor-tune] @matmul_0: task {{[0-9a-f]+}}, weight 1, {{[0-9]+}} FLOP, multiply-accumulate{{$}}
// MASK-DAG: [ansor-tune] @generic_0: task {{[0-9a-f]+}}, weight {{[0-9]+}}, {{[0-9]+}} FLOP{{$}}
// MASK: [ansor-tune] @masked: untuned {{.*}} verified
// MASKSUM: "name": "masked",
// MASKSUM: "verified": true
// MASKSUM: "name": "matmul_0",
// MASKSUM: "verified": true
// MASKSUM: "name": "generic_0",
// MASKSUM: "verified": true
// MASKSUM-NOT: "name": "generic_1",

// Bad options are refused with what was expected.
// RUN: not ansor-opt %t/block.mlir --ansor-tune="budget=4 task-scheduler=greedy records=%t/x.jsonl" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown task-scheduler 'greedy' (expected 'gradient' or 'round-robin')
// RUN: not ansor-opt %t/block.mlir --ansor-tune="budget=4 network-objective=targets(nope=1) records=%t/x.jsonl" 2>&1 | FileCheck %s --check-prefix=BADNET
// BADNET: invalid network-objective 'targets(nope=1)': no network @nope in the module
