// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' sketch=1" --sched-sample="seed=2" --sched-materialize | FileCheck %s --check-prefix=MAT
// RUN: ansor-opt %s --sched-derive-sketches="target='cuda -arch=sm_90' sketch=1" --sched-sample="seed=2" --sched-materialize --ansor-lower-gpu | FileCheck %s --check-prefix=PTX

// On the GPU too, a 3-D depthwise convolution's thread tiles hold one
// output depth and row and one depth and height tap (the sketch's unit
// inner tiles), are downscaled to 2-D, decomposed to 1-D and vectorized;
// the program lowers to one kernel.
// MAT-LABEL: func.func @dw3d
// MAT:         scf.forall
// MAT:         vector.fma {{.*}} : vector<{{[0-9x]+}}xf32>
// MAT-NOT:     linalg.depthwise_conv
// PTX:         gpu.launch_func
// PTX-NOT:     linalg.depthwise_conv

func.func @dw3d(%x: tensor<1x6x18x18x16xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<1x4x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
    ins(%x, %w : tensor<1x6x18x18x16xf32>, tensor<3x3x3x16xf32>) outs(%f : tensor<1x4x16x16x16xf32>) -> tensor<1x4x16x16x16xf32>
  return %r : tensor<1x4x16x16x16xf32>
}
