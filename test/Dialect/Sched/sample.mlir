// RUN: ansor-opt %s --sched-sample="seed=7 count=3" | FileCheck %s
// RUN: ansor-opt %s --sched-sample="seed=7 count=3" > %t.a
// RUN: ansor-opt %s --sched-sample="seed=7 count=3" > %t.b
// RUN: diff %t.a %t.b
// RUN: ansor-opt %s --sched-sample="seed=8 count=3" > %t.c
// RUN: not diff -q %t.a %t.c
// RUN: ansor-opt %s --sched-sample="seed=7 count=3 max-innermost-factor=4" | FileCheck %s --check-prefix=SMALL

// Three complete programs replace the sketch; no tunable is left unset, and
// the factors the sketch fixed (the conv-style unit innermost tile) stay.

// CHECK-NOT:   sched.schedule @mm_sketch0 for
// CHECK-LABEL: sched.schedule @mm_sketch0_0 for @mm
// CHECK-NOT:     ?
// CHECK:         sched.tile node 0 structure <[S, S, R, S, R, S]> splits [#sched.split<[{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}] of 64>, #sched.split<[{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, 1] of 32>, #sched.split<[{{[0-9]+}}, {{[0-9]+}}] of 128>]
// CHECK:         sched.parallel node 0 loops <{{[12]}} in [1, 2]>
// CHECK:         sched.unroll node 0 max_step <{{0|16|64|512}} in [0, 16, 64, 512]>
// CHECK-LABEL: sched.schedule @mm_sketch0_1 for @mm
// CHECK-LABEL: sched.schedule @mm_sketch0_2 for @mm
// CHECK-NOT:   sched.schedule

// SMALL-COUNT-3: #sched.split<[{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[1-4]}}] of 64>

sched.schedule @mm_sketch0 for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.matmul", [64, 32, 128], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, 1] of 32>,
              #sched.split<[?, ?] of 128>]
  sched.parallel node 0 loops #sched.choice<? in [1, 2]>
  sched.vectorize node 0
  sched.unroll node 0 max_step #sched.choice<? in [0, 16, 64, 512]>
}
