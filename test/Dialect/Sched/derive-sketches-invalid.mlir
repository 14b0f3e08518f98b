// RUN: ansor-opt %s --split-input-file --sched-derive-sketches --verify-diagnostics

// expected-error@below {{func @dyn argument of type 'tensor<?x8xf32>' is not a static-shaped tensor}}
func.func @dyn(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  return %a : tensor<?x8xf32>
}

// -----

func.func @unsupported(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  // expected-error@below {{op 'tensor.insert' is not supported in a payload func: ansor schedules linalg structured ops and tensor.pad}}
  %r = tensor.insert %c into %a[%c0] : tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A linalg op that is not a structured op (no indexing maps to tile by).
func.func @winograd(%f: tensor<64x3x3x32xf32>) -> tensor<6x6x32x64xf32> {
  %e = tensor.empty() : tensor<6x6x32x64xf32>
  // expected-error@below {{op 'linalg.winograd_filter_transform' is not supported in a payload func: ansor schedules linalg structured ops and tensor.pad}}
  %r = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<64x3x3x32xf32>) outs(%e : tensor<6x6x32x64xf32>) -> tensor<6x6x32x64xf32>
  return %r : tensor<6x6x32x64xf32>
}

// -----

// expected-error@below {{func @nothing has no linalg op to schedule}}
func.func @nothing(%a: tensor<8xf32>) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}

// -----

// A fill alone (here of a scalar argument) has nothing to schedule either.
// expected-error@below {{func @fill_only has no linalg op to schedule (fills alone are left to the lowering)}}
func.func @fill_only(%v: f32) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %f : tensor<256x256xf32>
}

// -----

// expected-error@below {{func @buffers argument of type 'memref<8xf32>' is not a static-shaped tensor}}
func.func @buffers(%a: memref<8xf32>) {
  return
}

// -----

// Integer and float scalars are arguments a task may take; an index is not.
// expected-error@below {{func @index_arg argument of type 'index' is not a static-shaped tensor or an integer or float scalar}}
func.func @index_arg(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}

// -----

func.func @dyn_inside(%a: tensor<8xf32>) -> tensor<8xf32> {
  %n = arith.constant 8 : index
  // expected-error@below {{dynamic shape 'tensor<?xf32>' is not supported: ansor needs static shapes}}
  %e = tensor.empty(%n) : tensor<?xf32>
  return %a : tensor<8xf32>
}


// -----

// A loop of no iterations has nothing to tile (it was split as 0).
func.func @empty(%a: tensor<0x16xf32>, %b: tensor<0x16xf32>) -> tensor<0x16xf32> {
  // expected-error@below {{empty tensor 'tensor<0x16xf32>' is not supported: nothing to schedule}}
  %e = tensor.empty() : tensor<0x16xf32>
  %r = linalg.add ins(%a, %b : tensor<0x16xf32>, tensor<0x16xf32>) outs(%e : tensor<0x16xf32>) -> tensor<0x16xf32>
  return %r : tensor<0x16xf32>
}
