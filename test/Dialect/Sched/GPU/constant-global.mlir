// RUN: ansor-opt %s --ansor-lower-gpu | FileCheck %s
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' sketch=0" \
// RUN:   --sched-sample="seed=1" --ansor-lower-gpu | FileCheck %s

// A dense constant of the payload is a host global once bufferized; a
// kernel given its address read host memory (CUDA_ERROR_ILLEGAL_ADDRESS on
// an H200 for every program, tuned or untuned). The kernels read it inside
// their launch, so outlining puts a copy of it in the kernels' module: in
// device memory in the PTX, initialized there.
// CHECK: gpu.binary @cw_kernel
// CHECK-SAME: .global .align 64 .b8 __constant_4x4xf32[64] = {0, 0, 128, 63,
func.func @cw(%x: tensor<64x4xf32>) -> tensor<64x4xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 0.25, 2.0], [3.0, 0.0, -2.0, 1.0], [1.5, 1.0, 1.0, -0.5]]> : tensor<4x4xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x4xf32>) -> tensor<64x4xf32>
  %r = linalg.matmul ins(%x, %w : tensor<64x4xf32>, tensor<4x4xf32>) outs(%f : tensor<64x4xf32>) -> tensor<64x4xf32>
  return %r : tensor<64x4xf32>
}
