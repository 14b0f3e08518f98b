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

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  // expected-error@below {{'sched.tile' op structure #sched.structure<[S, R, S]> is not supported by the CPU materializer (use [S, S], [S, S, R] or [S, S, R, S, R, S])}}
  sched.tile node 0 structure #sched.structure<[S, R, S]>
      splits [#sched.split<[2, 4] of 8>, #sched.split<[2, 4] of 8>, #sched.split<[8] of 8>]
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R]>
      splits [#sched.split<[2, 4] of 8>, #sched.split<[2, 4] of 8>, #sched.split<[8] of 8>]
  // expected-error@below {{'sched.rfactor' op node 0 is both tiled and rfactored}}
  sched.rfactor node 0 loop 2 split #sched.split<[2, 4] of 8>
}

// -----

func.func @two(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %s = linalg.add ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%r : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %s : tensor<8x8xf32>
}
sched.schedule @s for @two target "t"
    nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>, #sched.node<"linalg.add", [8, 8], [S, S]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[2, 2, 1, 2] of 8>, #sched.split<[2, 2, 1, 2] of 8>, #sched.split<[2, 4] of 8>]
  // expected-error@below {{'sched.fuse_consumer' op node 1 is not the single elementwise consumer of node 0}}
  sched.fuse_consumer node 1 into 0 at #sched.choice<0 in [0, 1]>
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
// expected-error@below {{'sched.schedule' op node 0 has annotation steps but no sched.tile step}}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  sched.parallel node 0 loops #sched.choice<2 in [1, 2]>
}

// -----

func.func @mm(%a: tensor<8x7xf32>, %b: tensor<7x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x7xf32>, tensor<7x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 7], [S, S, R]>] rules [] {
  // expected-error@below {{split #2 of reduction loop 2 leaves a partial tile; the CPU materializer needs reduction tiles that divide the extent}}
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[1, 2, 1, 4] of 8>, #sched.split<[1, 1, 1, 8] of 8>,
              #sched.split<[4, 2] of 7>]
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[1, 2, 1, 4] of 8>, #sched.split<[1, 1, 1, 8] of 8>,
              #sched.split<[4, 2] of 8>]
  // expected-error@below {{input #0 of node 0 cannot be packed along loop 0: that loop must index the output's contiguous dimension and, of the inputs, only this one, of rank 2 or more}}
  sched.pack node 0 operand 0 loop 0 at #sched.choice<0 in [0, 1]>
}

// -----

func.func @mm(%a: tensor<9x8xf32>, %b: tensor<8x8xf32>, %c: tensor<9x8xf32>) -> tensor<9x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<9x8xf32>, tensor<8x8xf32>) outs(%c : tensor<9x8xf32>) -> tensor<9x8xf32>
  return %r : tensor<9x8xf32>
}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [9, 8, 8], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[3, 1, 1, 4] of 9>, #sched.split<[1, 1, 1, 8] of 8>,
              #sched.split<[4, 2] of 8>]
  // expected-error@below {{the CPU materializer packs only nodes whose tiles divide their extents; node 0 has partial tiles}}
  sched.pack node 0 operand 1 loop 1 at #sched.choice<0 in [0, 1]>
}

// -----

func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
sched.schedule @s for @mm target "t" nodes [#sched.node<"linalg.matmul", [8, 8, 8], [S, S, R]>] rules [] {
  sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[1, 2, 1, 4] of 8>, #sched.split<[1, 1, 1, 8] of 8>,
              #sched.split<[4, 2] of 8>]
  sched.pack node 0 operand 1 loop 1 at #sched.choice<0 in [0, 1]>
  // expected-error@below {{packs a second input of node 0; the CPU materializer packs one per node}}
  sched.pack node 0 operand 1 loop 1 at #sched.choice<1 in [0, 1]>
}

// -----

func.func @mm_add_t(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>, %t: tensor<16x8xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c, %t : tensor<8x16xf32>, tensor<16x8xf32>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
sched.schedule @s for @mm_add_t target "t" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 8], [S, S, R]>, #sched.node<"linalg.generic", [8, 16], [S, S]>] rules [] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[1, 2, 1, 4] of 8>, #sched.split<[1, 1, 2, 8] of 16>,
              #sched.split<[4, 2] of 8>]
  sched.fuse_consumer node 2 into 1 at #sched.choice<0 in [0, 1]>
  // expected-error@below {{node 1 cannot be packed together with its fused consumer 2: the consumer reads, along the packed loop, a tensor that a node computes or that the loop does not index as its last dimension only}}
  sched.pack node 1 operand 1 loop 1 at #sched.choice<0 in [0, 1]>
}

// -----

// A consumer that reads the packed loop's index (records written before
// such packs were refused replay to this message).
func.func @mm_index(%a: tensor<8x8xf32>, %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x16xf32>) outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %j = linalg.index 1 : index
      %ji = arith.index_cast %j : index to i64
      %jf = arith.sitofp %ji : i64 to f32
      %s = arith.addf %x, %jf : f32
      linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
sched.schedule @s for @mm_index target "t" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 8], [S, S, R]>, #sched.node<"linalg.generic", [8, 16], [S, S]>] rules [] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[1, 2, 1, 4] of 8>, #sched.split<[1, 1, 2, 8] of 16>,
              #sched.split<[4, 2] of 8>]
  sched.fuse_consumer node 2 into 1 at #sched.choice<0 in [0, 1]>
  // expected-error@below {{node 1 cannot be packed together with its fused consumer 2: the consumer reads, along the packed loop, a tensor that a node computes or that the loop does not index as its last dimension only, or reads that loop's linalg.index}}
  sched.pack node 1 operand 1 loop 1 at #sched.choice<0 in [0, 1]>
}

// -----

// The CPU materializer factors (rfactor) reductions of one result only.
func.func @sum_max(%x: tensor<4x64xf32>, %s0: tensor<4xf32>, %m0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = linalg.reduce ins(%x, %x : tensor<4x64xf32>, tensor<4x64xf32>) outs(%s0, %m0 : tensor<4xf32>, tensor<4xf32>) dimensions = [1]
    (%a: f32, %b: f32, %s: f32, %m: f32) {
      %s2 = arith.addf %a, %s : f32
      %m2 = arith.maximumf %b, %m : f32
      linalg.yield %s2, %m2 : f32, f32
    }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
sched.schedule @s for @sum_max target "t" nodes [#sched.node<"linalg.reduce", [4, 64], [S, R]>] rules [] {
  // expected-error@below {{'sched.rfactor' op node 0 has 2 results; the CPU materializer factors a reduction of one}}
  sched.rfactor node 0 loop 1 split #sched.split<[4, 16] of 64>
}
