// RUN: ansor-opt %s --split-input-file --verify-diagnostics --sched-map-to-gpu="max-shared-bytes=128"

// A block's shared buffers over the limit (256 bytes here: 64 f32).
func.func @too_much_shared(%out: memref<64xf32>) {
  // expected-error@below {{'gpu.launch' op stages 256 bytes in shared memory (limit 128 per block)}}
  scf.forall (%b) in (2) {
    %s = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    scf.forall (%t) in (32) {
      %v = memref.load %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// Each buffer counts rounded up to its 16-byte alignment: 9 buffers of one
// f32 take 144 bytes, not 36.
func.func @rounded(%out: memref<64xf32>) {
  // expected-error@below {{'gpu.launch' op stages 144 bytes in shared memory (limit 128 per block)}}
  scf.forall (%b) in (2) {
    %s0 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s1 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s2 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s3 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s4 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s5 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s6 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s7 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    %s8 = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
    scf.forall (%t) in (32) {
      %c0 = arith.constant 0 : index
      %v0 = memref.load %s0[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v1 = memref.load %s1[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v2 = memref.load %s2[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v3 = memref.load %s3[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v4 = memref.load %s4[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v5 = memref.load %s5[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v6 = memref.load %s6[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v7 = memref.load %s7[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %v8 = memref.load %s8[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      %a = arith.addf %v0, %v1 : f32
      %b1 = arith.addf %a, %v2 : f32
      %b2 = arith.addf %b1, %v3 : f32
      %b3 = arith.addf %b2, %v4 : f32
      %b4 = arith.addf %b3, %v5 : f32
      %b5 = arith.addf %b4, %v6 : f32
      %b6 = arith.addf %b5, %v7 : f32
      %b7 = arith.addf %b6, %v8 : f32
      memref.store %b7, %out[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// A shared buffer of dynamic size cannot be an attribution.
func.func @dynamic_shared(%out: memref<64xf32>, %n: index) {
  scf.forall (%b) in (2) {
    // expected-error@below {{'memref.alloc' op allocates a dynamically shaped shared-memory buffer}}
    %s = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
    scf.forall (%t) in (32) {
      %v = memref.load %s[%t] : memref<?xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// A thread's private buffer lives on its stack: 16 KiB at most.
func.func @too_much_private(%out: memref<64xf32>) {
  scf.forall (%b) in (2) {
    scf.forall (%t) in (32) {
      // expected-error@below {{'memref.alloc' op allocates 32768 bytes per GPU thread (limit 16384)}}
      %p = memref.alloc() : memref<8192xf32>
      %v = memref.load %p[%t] : memref<8192xf32>
      memref.store %v, %out[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// So is a buffer of dynamic size.
func.func @dynamic_private(%out: memref<64xf32>, %n: index) {
  scf.forall (%b) in (2) {
    scf.forall (%t) in (32) {
      // expected-error@below {{'memref.alloc' op allocates a dynamically shaped buffer inside a GPU kernel}}
      %p = memref.alloc(%n) : memref<?xf32>
      %v = memref.load %p[%t] : memref<?xf32>
      memref.store %v, %out[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// A block's thread count must be known when the kernel is launched.
func.func @dynamic_threads(%out: memref<64xf32>, %n: index) {
  // expected-error@below {{'scf.forall' op has thread loops of dynamic trip count}}
  scf.forall (%b) in (2) {
    scf.forall (%t) in (%n) {
      %c0 = arith.constant 0.0 : f32
      memref.store %c0, %out[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}
