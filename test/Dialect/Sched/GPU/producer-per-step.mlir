// An elementwise producer inlined into a matmul whose threads reduce in
// steps (SSSRRSRS) is computed per step of the outermost inner reduction
// level, not over the thread's whole reduction: fused at the thread level,
// the ReLU between two layers of an MLP (16 rows, 512 columns) was a private
// buffer of 16 x 512 floats per thread, past the 16 KiB a thread holds, and
// the program failed to build ("allocates 32768 bytes per GPU thread", seen
// on an H200). Per step of 64 it is 16 x 64.
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: ansor-opt %s --symbol-privatize=exclude=mlp,mlp_s --symbol-dce \
// RUN:   --sched-materialize | FileCheck %s --check-prefix=MAT
// RUN: ansor-opt %s --symbol-privatize=exclude=mlp,mlp_s --symbol-dce \
// RUN:   --sched-materialize --ansor-lower-gpu | FileCheck %s --check-prefix=PTX
//
// It computes what the untuned program does: run on the host as in
// staged-run-on-host.mlir (small integers, so every sum is exact).
// RUN: ansor-opt %s --sched-materialize \
// RUN:   | ansor-opt --ansor-lower-cpu \
// RUN:   | mlir-runner -e main -entry-point-result=void \
// RUN:       -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:       -shared-libs=%mlir_lib_dir/libomp.so \
// RUN:   | FileCheck %s --check-prefix=HOST

// The second matmul's threads loop over 8 steps of 64 along k, and the ReLU
// is fused into that loop.
// SCRIPT-LABEL: transform.named_sequence @apply_mlp_s
// SCRIPT:         %[[MM:.+]] = transform.structured.match attributes {sched.node = 4 : i64}
// SCRIPT:         %[[RELU:.+]] = transform.get_producer_of_operand %[[MM]][0]
// SCRIPT:         %[[THREADS:.+]], %[[TLOOP:.+]] = transform.structured.tile_using_forall {{.+}}(mapping = [#gpu.thread<x>])
// SCRIPT-NEXT:    %[[STEP:.+]], %[[KLOOP:.+]] = transform.structured.tile_using_for %[[THREADS]] tile_sizes [0, 0, 64]
// SCRIPT:         %[[F1:.+]], %{{.+}} = transform.structured.fuse_into_containing_op %[[RELU]] into
// SCRIPT:         fuse_into_containing_op %{{.+}} into %[[TLOOP]]
// SCRIPT:         fuse_into_containing_op %{{.+}} into %[[KLOOP]]

// MAT-LABEL: func.func @mlp(
// MAT:         scf.forall (%{{.+}}) in (16)
// MAT:           scf.for %{{.+}} = %c0 to %c512 step %c64
// MAT:             linalg.generic
// MAT-SAME:          outs(%{{.+}} : tensor<16x64xf32>)
// MAT:             arith.maximumf
// MAT:         } {mapping = [#gpu.thread<x>]}

// PTX: gpu.binary @mlp_kernel

// HOST: mismatches: 0
// HOST-NOT: mismatches

!X = tensor<16x64xf32>
!W1 = tensor<64x512xf32>
!H = tensor<16x512xf32>
!W2 = tensor<512x32xf32>
!O = tensor<16x32xf32>

func.func @mlp(%x: !X, %w1: !W1, %w2: !W2) -> !O {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : !H
  %f = linalg.fill ins(%z : f32) outs(%e : !H) -> !H
  %h = linalg.matmul ins(%x, %w1 : !X, !W1) outs(%f : !H) -> !H
  %e1 = tensor.empty() : !H
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h : !H) outs(%e1 : !H) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> !H
  %e2 = tensor.empty() : !O
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : !O) -> !O
  %y = linalg.matmul ins(%r, %w2 : !H, !W2) outs(%f2 : !O) -> !O
  return %y : !O
}

// The same program, left unscheduled.
func.func @reference(%x: !X, %w1: !W1, %w2: !W2) -> !O {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : !H
  %f = linalg.fill ins(%z : f32) outs(%e : !H) -> !H
  %h = linalg.matmul ins(%x, %w1 : !X, !W1) outs(%f : !H) -> !H
  %e1 = tensor.empty() : !H
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%h : !H) outs(%e1 : !H) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> !H
  %e2 = tensor.empty() : !O
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : !O) -> !O
  %y = linalg.matmul ins(%r, %w2 : !H, !W2) outs(%f2 : !O) -> !O
  return %y : !O
}

// Small integers: (3 i + 5 j) mod `m`, minus `s`.
func.func @pattern(%m: i64, %s: i64) -> tensor<512x512xf32> {
  %e = tensor.empty() : tensor<512x512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<512x512xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %i3 = arith.muli %i, %c3 : index
    %j5 = arith.muli %j, %c5 : index
    %t = arith.addi %i3, %j5 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.remui %v, %m : i64
    %y = arith.subi %w, %s : i64
    %f = arith.sitofp %y : i64 to f32
    linalg.yield %f : f32
  } -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

func.func @main() {
  %c7 = arith.constant 7 : i64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %c2 = arith.constant 2 : i64
  %p7 = call @pattern(%c7, %c3) : (i64, i64) -> tensor<512x512xf32>
  %p5 = call @pattern(%c5, %c2) : (i64, i64) -> tensor<512x512xf32>
  %x = tensor.extract_slice %p7[0, 0] [16, 64] [1, 1] : tensor<512x512xf32> to !X
  %w1 = tensor.extract_slice %p5[0, 0] [64, 512] [1, 1] : tensor<512x512xf32> to !W1
  %w2 = tensor.extract_slice %p7[0, 0] [512, 32] [1, 1] : tensor<512x512xf32> to !W2
  %r = call @mlp(%x, %w1, %w2) : (!X, !W1, !W2) -> !O
  %ref = call @reference(%x, %w1, %w2) : (!X, !W1, !W2) -> !O
  call @count_mismatches(%r, %ref) : (!O, !O) -> ()
  return
}

func.func @count_mismatches(%x: !O, %y: !O) {
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<i64>
  %init = linalg.fill ins(%zero : i64) outs(%e : tensor<i64>) -> tensor<i64>
  %n = linalg.generic {
      indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>,
                       affine_map<(a, b) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%x, %y : !O, !O) outs(%init : tensor<i64>) {
    ^bb0(%a: f32, %b: f32, %acc: i64):
      %ne = arith.cmpf une, %a, %b : f32
      %one = arith.extui %ne : i1 to i64
      %s = arith.addi %acc, %one : i64
      linalg.yield %s : i64
  } -> tensor<i64>
  %v = tensor.extract %n[] : tensor<i64>
  vector.print str "mismatches: "
  vector.print %v : i64
  return
}

  sched.schedule @mlp_s for @mlp target "cuda -arch=sm_90" nodes [#sched.node<"linalg.fill", [16, 512], [S, S]>, #sched.node<"linalg.matmul", [16, 512, 64], [S, S, R]>, #sched.node<"linalg.generic", [16, 512], [S, S]>, #sched.node<"linalg.fill", [16, 32], [S, S]>, #sched.node<"linalg.matmul", [16, 32, 512], [S, S, R]>] rules ["MultiLevelTiling", "AlwaysInline", "MultiLevelTiling"] {
    sched.tile node 1 structure <[S, S, S, R, R, S, R, S]> splits [#sched.split<[1, 2, 4, 1, 2] of 16>, #sched.split<[8, 1, 16, 2, 2] of 512>, #sched.split<[8, 4, 2] of 64>]
    sched.bind node 1 block 0 vthread 1 thread 2
    sched.vectorize node 1
    sched.unroll node 1 max_step <16 in [0, 16, 64, 512, 1024]>
    sched.inline node 2
    sched.tile node 4 structure <[S, S, S, R, R, S, R, S]> splits [#sched.split<[1, 1, 1, 1, 16] of 16>, #sched.split<[1, 1, 16, 1, 2] of 32>, #sched.split<[8, 32, 2] of 512>]
    sched.bind node 4 block 0 vthread 1 thread 2
    sched.vectorize node 4
    sched.unroll node 4 max_step <64 in [0, 16, 64, 512, 1024]>
  }
