// RUN: ansor-opt %s --sched-materialize | FileCheck %s

// A named matmul of i8 into i32 is generalized when payloads are normalized:
// the unit-dimension folding before vectorization applies to generics only,
// and the named op's 4x32 register block with a reduction tile of 1 became
// 4x32x1 vectors lowered element by element (10x slower than the generic
// under this schedule). Now the block's extension, product and sum are
// whole 4x32 vectors. A block of one reduction step keeps its extensions
// after the broadcast: sunk below it (as for @i8_block below), such blocks
// ran slower (the best i8 program of a tuning run 1.45x).

// CHECK-LABEL: func.func @i8_matmul
// CHECK-NOT:     linalg.
// CHECK:         arith.extsi %{{.*}} : vector<4x32xi8> to vector<4x32xi32>
// CHECK:         arith.muli %{{.*}}, %{{.*}} : vector<4x32xi32>
// CHECK:         arith.addi %{{.*}}, %{{.*}} : vector<4x32xi32>
// CHECK-NOT:     vector.to_elements
// CHECK-NOT:     linalg.
func.func @i8_matmul(%a: tensor<128x256xi8>, %b: tensor<256x64xi8>) -> tensor<128x64xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<128x64xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<128x64xi32>) -> tensor<128x64xi32>
  %r = linalg.matmul ins(%a, %b : tensor<128x256xi8>, tensor<256x64xi8>)
      outs(%f : tensor<128x64xi32>) -> tensor<128x64xi32>
  return %r : tensor<128x64xi32>
}

sched.schedule @s for @i8_matmul target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=rocketlake -num-cores=2 -vector-bits=512"
    nodes [#sched.node<"linalg.fill", [128, 64], [S, S]>,
           #sched.node<"linalg.generic", [128, 64, 256], [S, S, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[16, 2, 1, 4] of 128>, #sched.split<[1, 1, 2, 32] of 64>,
              #sched.split<[256, 1] of 256>]
  sched.parallel node 1 loops #sched.choice<1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<0 in [0, 16, 64, 512]>
}

// A 16x16 block with 8 reduction steps of an i8 contraction into i32: its
// operands are extended after their broadcast, which kept the broadcast out
// of the contraction's maps; lowered, each of the 256 outputs was reduced
// on its own (256 vector.reduction, 4480 element extracts). With the
// extension sunk below the broadcast (`vector.sink_ops`) the block is 8
// steps of 16 outer-product rows (128 multiplies of 16 lanes): 4.5x faster
// under this schedule, and an f16 into f32 matmul's sampled programs 20x.
// CHECK-LABEL: func.func @i8_block
// CHECK-NOT:     vector.reduction
// CHECK-COUNT-128: arith.muli %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK-NOT:     vector.reduction
func.func @i8_block(%x: tensor<64x128xi8>, %w: tensor<128x96xi8>) -> tensor<64x96xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<64x96xi32>
  %z = linalg.fill ins(%zero : i32) outs(%e : tensor<64x96xi32>) -> tensor<64x96xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<64x128xi8>, tensor<128x96xi8>) outs(%z : tensor<64x96xi32>) {
  ^bb0(%p: i8, %q: i8, %acc: i32):
    %pe = arith.extsi %p : i8 to i32
    %qe = arith.extsi %q : i8 to i32
    %m = arith.muli %pe, %qe : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<64x96xi32>
  return %r : tensor<64x96xi32>
}
sched.schedule @i8_block_s for @i8_block target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512" nodes [#sched.node<"linalg.fill", [64, 96], [S, S]>, #sched.node<"linalg.generic", [64, 96, 128], [S, S, R]>] rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[1, 4, 1, 16] of 64>, #sched.split<[3, 1, 2, 16] of 96>, #sched.split<[16, 8] of 128>]
  sched.parallel node 1 loops <2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}
