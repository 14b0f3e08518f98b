// Sampled register blocks fit the target's vector registers (as IR: the
// sampled splits), on AVX2 (16 registers of 8 lanes) and AVX-512 (32 of 16):
// the accumulators plus one row of the other operand and a broadcast. The
// largest AVX-512 block holds more accumulators than AVX2 has registers, so
// the limit follows the target. RegisterBlockTest covers the rule itself.
// RUN: ansor-opt %s --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=haswell -num-cores=2 -vector-bits=256'" \
// RUN:   --sched-sample="seed=1 count=40" | python3 %s.py 8 16 | FileCheck %s --check-prefix=AVX2
// RUN: ansor-opt %s --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512'" \
// RUN:   --sched-sample="seed=1 count=40" | python3 %s.py 16 32 | FileCheck %s --check-prefix=AVX512
// Ansor's unconstrained sampling draws blocks that fail the same check.
// RUN: ansor-opt %s --sched-derive-sketches="target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512'" \
// RUN:   --sched-sample="seed=1 count=40 register-blocks=false" | python3 %s.py 16 32 | FileCheck %s --check-prefix=ANSOR

// AVX2: checked 200, largest {{[0-9]|1[0-4]}} accumulators
// AVX2-NOT: unfit
// AVX512: checked 200, largest {{1[7-9]|2[0-9]|30}} accumulators
// AVX512-NOT: unfit
// ANSOR: checked 200
// ANSOR: unfit block

func.func @matmul(%a: tensor<512x256xf32>, %b: tensor<256x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %c = linalg.matmul ins(%a, %b : tensor<512x256xf32>, tensor<256x512xf32>)
      outs(%acc : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %c : tensor<512x512xf32>
}

func.func @conv(%in: tensor<1x30x30x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<1x28x28x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x28x28x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %w : tensor<1x30x30x64xf32>, tensor<3x3x64x64xf32>)
      outs(%acc : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  return %c : tensor<1x28x28x64xf32>
}
