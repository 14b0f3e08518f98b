// A SwiGLU MLP: silu(x @ Wg) * (x @ Wu), then the down projection. The
// elementwise op is the single consumer of both matmuls. The matmul derived
// first (the up projection) may fuse it; the other then only tiles. Before,
// both fused it in 2 of the sketches: an invalid schedule, whose programs
// failed to build ("fuses a second consumer ... a second time", 2 of 16
// programs). The schedule verifier now refuses such a schedule
// (invalid.mlir), so each sketch printed here has been verified.
// RUN: ansor-opt %s --sched-derive-sketches | FileCheck %s
// RUN: ansor-opt %s --sched-derive-sketches | FileCheck %s --check-prefix=ONCE

// Every sketch in which the up projection fuses the product.
// CHECK-COUNT-9: sched.fuse_consumer node 4 into 3
// CHECK-NOT:     sched.fuse_consumer node 4 into 3

// The gate projection fuses it in 6 sketches, in none of which the up
// projection (whose steps come after) fuses it too.
// ONCE:      fuse_consumer node 4 into 2
// ONCE-NOT:  fuse_consumer node 4 into 3
// ONCE:      sched.schedule
// ONCE:      fuse_consumer node 4 into 2
// ONCE-NOT:  fuse_consumer node 4 into 3
// ONCE:      sched.schedule
// ONCE:      fuse_consumer node 4 into 2
// ONCE-NOT:  fuse_consumer node 4 into 3
// ONCE:      sched.schedule
// ONCE:      fuse_consumer node 4 into 2
// ONCE-NOT:  fuse_consumer node 4 into 3
// ONCE:      sched.schedule
// ONCE:      fuse_consumer node 4 into 2
// ONCE-NOT:  fuse_consumer node 4 into 3
// ONCE:      sched.schedule
// ONCE:      fuse_consumer node 4 into 2
// ONCE-NOT:  fuse_consumer node 4 into 3
// ONCE:      sched.schedule
// ONCE-NOT:  fuse_consumer node 4 into 2
func.func @swiglu(%x: tensor<16x256xf32>, %wg: tensor<256x512xf32>, %wu: tensor<256x512xf32>, %wd: tensor<512x256xf32>) -> tensor<16x256xf32> {
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<16x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x512xf32>) -> tensor<16x512xf32>
  %g = linalg.matmul ins(%x, %wg : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f : tensor<16x512xf32>) -> tensor<16x512xf32>
  %u = linalg.matmul ins(%x, %wu : tensor<16x256xf32>, tensor<256x512xf32>) outs(%f : tensor<16x512xf32>) -> tensor<16x512xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%g, %u : tensor<16x512xf32>, tensor<16x512xf32>) outs(%e : tensor<16x512xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %n = arith.negf %a : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %a, %d : f32
    %m = arith.mulf %s, %b : f32
    linalg.yield %m : f32
  } -> tensor<16x512xf32>
  %e2 = tensor.empty() : tensor<16x256xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  %y = linalg.matmul ins(%h, %wd : tensor<16x512xf32>, tensor<512x256xf32>) outs(%f2 : tensor<16x256xf32>) -> tensor<16x256xf32>
  return %y : tensor<16x256xf32>
}
