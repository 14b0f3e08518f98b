// Random-search tuning end to end: every candidate is built, run in a child
// process and checked against the untuned lowering; each measurement is one
// flushed record; the best verified program replaces the func.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=6 seed=1 threads=1 records=%t/rec.jsonl summary=%t/sum.json min-repeat-ms=1 repeat=1" 2> %t/log | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.json
// RUN: FileCheck %s --check-prefix=LOG < %t/log
// RUN: grep -c '"costs"' %t/rec.jsonl | grep -x 6
// RUN: FileCheck %s --check-prefix=REC < %t/rec.jsonl

// Resuming with the same records measures only new programs.
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=2 seed=1 threads=1 records=%t/rec.jsonl min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: grep -c '"costs"' %t/rec.jsonl | grep -x 8
// RUN: grep '"costs"' %t/rec.jsonl | sed -e 's/.*"schedule":"sched.schedule @[a-z_0-9]* \(.*\)","task".*/\1/' | sort | uniq -d | count 0
// The task's payload (its func, generic form) is stored once, before its
// first record, and not again on resume.
// RUN: head -n 1 %t/rec.jsonl | FileCheck %s --check-prefix=PAYLOAD
// RUN: grep '"kind":"task"' %t/rec.jsonl | count 1
// PAYLOAD: {"kind":"task","payload":"{{.*}}\"func.func\"() <{function_type = (tensor<128x64xf32>, tensor<64x128xf32>) -> tensor<128x128xf32>, sym_name = \"mm_relu\"}>{{.*}}","target":"llvm -mtriple={{.*}}","task":"{{[0-9a-f]+}}","task_name":"mm_relu"}

// The same seed gives the same search trajectory.
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=6 seed=1 threads=1 records=%t/again.jsonl min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: grep '"costs"' %t/again.jsonl | sed -e 's/.*"schedule":"\(.*\)","task".*/\1/' > %t/again.txt
// RUN: grep -m 6 '"costs"' %t/rec.jsonl | sed -e 's/.*"schedule":"\(.*\)","task".*/\1/' > %t/first.txt
// RUN: diff %t/first.txt %t/again.txt

// A corrupt line (a run killed mid-write) is skipped with a warning naming it.
// RUN: cp %t/rec.jsonl %t/corrupt.jsonl && echo '{"task": "x", "costs": [0.0' >> %t/corrupt.jsonl
// RUN: ansor-opt %s --ansor-apply-best="records=%t/corrupt.jsonl" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORRUPT
// CORRUPT: corrupt.jsonl:10:0: warning: malformed JSON: {{.*}}; record skipped

// The best record re-applies without measuring.
// RUN: ansor-opt %s --ansor-apply-best="records=%t/rec.jsonl" | FileCheck %s --check-prefix=IR

// IR-LABEL: func.func @mm_relu
// IR:         scf.for
// IR-NOT:     sched.schedule
// IR-NOT:     linalg.matmul ins(%{{.*}} : tensor<128x64xf32>, tensor<64x128xf32>)

// SUM:      "target": "llvm -mtriple=
// SUM:      "applied": "tuned",
// SUM:      "best_gflops": {{[0-9.]+}}
// SUM:      "best_seconds": {{[0-9.e-]+}}
// SUM:      "errors": {
// SUM-NEXT:   "compile": 0,
// SUM-NEXT:   "runtime": 0,
// SUM-NEXT:   "timeout": 0,
// SUM-NEXT:   "wrong_result": 0
// SUM:      "flop": 2113536,
// SUM:      "name": "mm_relu",
// SUM:      "sketches": 4,
// SUM:      "trials": 6,
// SUM:      "verified": true

// LOG: [ansor-tune] @mm_relu: task {{[0-9a-f]+}}, 6 trials
// LOG: [ansor-tune] @mm_relu: 6/6 trials, best {{.*}} GFLOP/s

// REC: {"build_seconds":{{.*}},"costs":[{{[0-9.e-]+}}],"error":"none","message":"{{[^"]*}}","schedule":"sched.schedule @mm_relu_t0 for @mm_relu target \"llvm -mtriple={{.*}}","task":"{{[0-9a-f]+}}","task_name":"mm_relu","timestamp":{{.*}},"trial":0}

func.func @mm_relu(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %c = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>)
      outs(%acc : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<128x128xf32>) outs(%e : tensor<128x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
