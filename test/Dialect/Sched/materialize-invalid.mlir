// RUN: ansor-opt %s --split-input-file --sched-materialize --verify-diagnostics

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
// expected-error@below {{'sched.schedule' op has unset tunables: sample or tune it before applying it}}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  sched.parallel node 0 loops #sched.choice<? in [1, 2]>
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
// expected-error@below {{'sched.schedule' op does not match payload func @mm: its nodes are [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>]}}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 16], [S, S, R]>] rules [] {
}

// -----

// expected-error@below {{'sched.schedule' op names payload func @missing, which is not in the module}}
sched.schedule @s for @missing target "t" nodes [] rules [] {
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
sched.schedule @first for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
}
// expected-error@below {{'sched.schedule' op is a second schedule for @mm (the first is @first): materialization applies exactly one per func}}
sched.schedule @second for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.bind' op is not supported by the CPU materializer}}
  sched.bind node 0 block 0 vthread 1 thread 2
  sched.tile node 0 structure #sched.structure<[S, S, S, R]>
      splits [#sched.split<[2, 2, 2] of 8>, #sched.split<[2, 2, 2] of 8>, #sched.split<[8] of 8>]
}
