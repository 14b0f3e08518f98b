// A reduction whose reduction loops all have an extent of 1, its init a
// fill, is the elementwise op it computes: the fill's value combined with
// one term per element. Tiled as a reduction, each tile was filled, then
// read and written again (an outer product written as a batch matmul with a
// reduction of 1 ran at 0.5x the untuned lowering, 16 trials).
// RUN: ansor-opt %s --sched-normalize-payload | FileCheck %s
// The values computed as written and as rewritten are the same.
// RUN: ansor-opt %s --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.written
// RUN: ansor-opt %s --sched-normalize-payload --ansor-lower-cpu \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_lib_dir/libmlir_c_runner_utils.so -shared-libs=%mlir_lib_dir/libmlir_runner_utils.so \
// RUN:     -shared-libs=%mlir_lib_dir/libomp.so | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.normalized
// RUN: FileCheck %s --check-prefix=VALUES < %t.written
// RUN: diff %t.written %t.normalized

// VALUES-COUNT-4: Unranked Memref {{.*}}rank = 3
// VALUES-NOT:  Unranked

// CHECK-DAG: #[[A:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
// CHECK-DAG: #[[B:.+]] = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[WIN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1 * 2, d2)>
// CHECK-LABEL: func.func @outer
// CHECK-SAME:      (%[[X:[^:]+]]: tensor<2x5x1xf32>, %[[Y:[^:]+]]: tensor<2x1x7xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<2x5x7xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[E]] : tensor<2x5x7xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK-NOT:     linalg.batch_matmul
// CHECK-LABEL: func.func @subsample
// CHECK-NOT:     linalg.fill
// CHECK:         linalg.generic {indexing_maps = [#[[WIN]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK:           arith.maximumf
// CHECK-NOT:     linalg.pooling
// Its init is not a fill: it stays.
// CHECK-LABEL: func.func @accumulate
// CHECK:         linalg.batch_matmul
// A reduction of 3 stays.
// CHECK-LABEL: func.func @inner3
// CHECK:         linalg.batch_matmul
// A body that reads a loop's index stays.
// CHECK-LABEL: func.func @indexed
// CHECK:         linalg.fill
// CHECK:         iterator_types = ["parallel", "reduction"]

func.func @outer(%x: tensor<2x5x1xf32>, %y: tensor<2x1x7xf32>) -> tensor<2x5x7xf32> {
  %z = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<2x5x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  %r = linalg.batch_matmul ins(%x, %y : tensor<2x5x1xf32>, tensor<2x1x7xf32>) outs(%f : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  return %r : tensor<2x5x7xf32>
}

// A max pooling with a window of 1 and a stride of 2 (a subsampling).
func.func @subsample(%in: tensor<2x9x3xf32>) -> tensor<2x5x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<1xf32>
  %e = tensor.empty() : tensor<2x5x3xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  %r = linalg.pooling_nwc_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%in, %k : tensor<2x9x3xf32>, tensor<1xf32>) outs(%f : tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  return %r : tensor<2x5x3xf32>
}

func.func @accumulate(%x: tensor<2x5x1xf32>, %y: tensor<2x1x7xf32>, %acc: tensor<2x5x7xf32>) -> tensor<2x5x7xf32> {
  %r = linalg.batch_matmul ins(%x, %y : tensor<2x5x1xf32>, tensor<2x1x7xf32>) outs(%acc : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  return %r : tensor<2x5x7xf32>
}

func.func @inner3(%x: tensor<2x5x3xf32>, %y: tensor<2x3x7xf32>) -> tensor<2x5x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x5x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  %r = linalg.batch_matmul ins(%x, %y : tensor<2x5x3xf32>, tensor<2x3x7xf32>) outs(%f : tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  return %r : tensor<2x5x7xf32>
}


func.func @indexed(%x: tensor<6x1xf32>) -> tensor<6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<6x1xf32>) outs(%f : tensor<6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %m = arith.addf %a, %kf : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %r : tensor<6xf32>
}
// Distinct inputs: element (i, j, k) is (5i + 3j + k) mod 11 - 5.
func.func @main() {
  %x_e = tensor.empty() : tensor<2x5x1xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%x_e : tensor<2x5x1xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %fv = arith.sitofp %n : i32 to f32
    linalg.yield %fv : f32
  } -> tensor<2x5x1xf32>
  %y_e = tensor.empty() : tensor<2x1x7xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%y_e : tensor<2x1x7xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %fv = arith.sitofp %n : i32 to f32
    linalg.yield %fv : f32
  } -> tensor<2x1x7xf32>
  %p_e = tensor.empty() : tensor<2x9x3xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%p_e : tensor<2x9x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %fv = arith.sitofp %n : i32 to f32
    linalg.yield %fv : f32
  } -> tensor<2x9x3xf32>
  %x3_e = tensor.empty() : tensor<2x5x3xf32>
  %x3 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%x3_e : tensor<2x5x3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %fv = arith.sitofp %n : i32 to f32
    linalg.yield %fv : f32
  } -> tensor<2x5x3xf32>
  %y3_e = tensor.empty() : tensor<2x3x7xf32>
  %y3 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%y3_e : tensor<2x3x7xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %fv = arith.sitofp %n : i32 to f32
    linalg.yield %fv : f32
  } -> tensor<2x3x7xf32>
  %acc_e = tensor.empty() : tensor<2x5x7xf32>
  %acc = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%acc_e : tensor<2x5x7xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %v = affine.apply affine_map<(i, j, k) -> ((i * 5 + j * 3 + k) mod 11 - 5)>(%i, %j, %k)
    %n = arith.index_cast %v : index to i32
    %fv = arith.sitofp %n : i32 to f32
    linalg.yield %fv : f32
  } -> tensor<2x5x7xf32>
  %r0 = call @outer(%x, %y) : (tensor<2x5x1xf32>, tensor<2x1x7xf32>) -> tensor<2x5x7xf32>
  %u0 = tensor.cast %r0 : tensor<2x5x7xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %r1 = call @subsample(%p) : (tensor<2x9x3xf32>) -> tensor<2x5x3xf32>
  %u1 = tensor.cast %r1 : tensor<2x5x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %r2 = call @accumulate(%x, %y, %acc) : (tensor<2x5x1xf32>, tensor<2x1x7xf32>, tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
  %u2 = tensor.cast %r2 : tensor<2x5x7xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  %r3 = call @inner3(%x3, %y3) : (tensor<2x5x3xf32>, tensor<2x3x7xf32>) -> tensor<2x5x7xf32>
  %u3 = tensor.cast %r3 : tensor<2x5x7xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
