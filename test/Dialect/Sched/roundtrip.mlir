// RUN: ansor-opt %s | ansor-opt | FileCheck %s
// RUN: ansor-opt %s --mlir-print-op-generic | ansor-opt | FileCheck %s

// Every op and attribute of the sched dialect, unset (a sketch) and set.

// CHECK-LABEL: sched.schedule @sketch for @mm
// CHECK-SAME:    target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
// CHECK-SAME:    nodes [#sched.node<"linalg.fill", [64, 32], [S, S]>, #sched.node<"linalg.matmul", [64, 32, 128], [S, S, R]>, #sched.node<"linalg.generic", [64, 32], [S, S]>]
// CHECK-SAME:    rules ["AddCacheWrite", "MultiLevelTiling"]
sched.schedule @sketch for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [64, 32], [S, S]>,
           #sched.node<"linalg.matmul", [64, 32, 128], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 32], [S, S]>]
    rules ["AddCacheWrite", "MultiLevelTiling"] {
  // CHECK: sched.cache_write node 1
  sched.cache_write node 1
  // CHECK: sched.tile node 1 structure <[S, S, R, S, R, S]>
  // CHECK-SAME: splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, 1] of 32>, #sched.split<[?, ?] of 128>]
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?, ?, 1] of 32>,
              #sched.split<[?, ?] of 128>]
  // CHECK: sched.fuse_consumer node 2 into 1 at <? in [0, 1]>
  sched.fuse_consumer node 2 into 1 at #sched.choice<? in [0, 1]>
  // CHECK: sched.parallel node 1 loops <? in [1, 2]>
  sched.parallel node 1 loops #sched.choice<? in [1, 2]>
  // CHECK: sched.vectorize node 1
  sched.vectorize node 1
  // CHECK: sched.unroll node 1 max_step <? in [0, 16, 64, 512]>
  sched.unroll node 1 max_step #sched.choice<? in [0, 16, 64, 512]>
  // CHECK: sched.inline node 2
  sched.inline node 2
  // CHECK: sched.rfactor node 1 loop 2 split <[?, ?] of 128>
  sched.rfactor node 1 loop 2 split #sched.split<[?, ?] of 128>
  // CHECK: sched.cache_read node 1 operand 0 scope "shared"
  sched.cache_read node 1 operand 0 scope "shared"
  // CHECK: sched.bind node 1 block 0 vthread 1 thread 2
  sched.bind node 1 block 0 vthread 1 thread 2
  // CHECK: sched.layout_rewrite node 1 operand 1
  sched.layout_rewrite node 1 operand 1
}

// CHECK-LABEL: sched.schedule @complete for @mm
sched.schedule @complete for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [64, 32], [S, S]>,
           #sched.node<"linalg.matmul", [64, 32, 128], [S, S, R]>,
           #sched.node<"linalg.generic", [64, 32], [S, S]>]
    rules ["MultiLevelTilingWithFusion"] {
  // CHECK: splits [#sched.split<[2, 4, 2, 4] of 64>, #sched.split<[1, 2, 1, 16] of 32>, #sched.split<[32, 4] of 128>]
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[2, 4, 2, 4] of 64>, #sched.split<[1, 2, 1, 16] of 32>,
              #sched.split<[32, 4] of 128>]
  // CHECK: sched.fuse_consumer node 2 into 1 at <1 in [0, 1]>
  sched.fuse_consumer node 2 into 1 at #sched.choice<1 in [0, 1]>
  // CHECK: sched.parallel node 1 loops <2 in [1, 2]>
  sched.parallel node 1 loops #sched.choice<2 in [1, 2]>
  // CHECK: sched.unroll node 1 max_step <64 in [0, 16, 64, 512]>
  sched.unroll node 1 max_step #sched.choice<64 in [0, 16, 64, 512]>
  // CHECK: sched.rfactor node 1 loop 2 split <[8, 16] of 128>
  sched.rfactor node 1 loop 2 split #sched.split<[8, 16] of 128>
}

// An empty schedule is a valid (trivial) one.
// CHECK-LABEL: sched.schedule @empty for @mm
// CHECK-SAME: nodes [] rules []
sched.schedule @empty for @mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [] rules [] {
}
