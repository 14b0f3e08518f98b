// RUN: ansor-opt %s --sched-materialize | FileCheck %s

// A named matmul of i8 into i32 is generalized when payloads are normalized:
// the unit-dimension folding before vectorization applies to generics only,
// and the named op's 4x32 register block with a reduction tile of 1 became
// 4x32x1 vectors lowered element by element (10x slower than the generic
// under this schedule). Now the block's extension, product and sum are
// whole 4x32 vectors.

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
