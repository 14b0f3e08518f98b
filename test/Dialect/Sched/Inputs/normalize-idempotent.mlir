// Payloads whose normalization takes several rewrites (normalize-idempotent.test).


func.func @dot_rows(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>) -> tensor<64xf32> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<128x64xf32>
  %at = linalg.transpose ins(%a : tensor<64x128xf32>) outs(%ea : tensor<128x64xf32>) permutation = [1, 0]
  %eb = tensor.empty() : tensor<128x64xf32>
  %bt = linalg.transpose ins(%b : tensor<64x128xf32>) outs(%eb : tensor<128x64xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (k, i)>, affine_map<(i, k) -> (k, i)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
    ins(%at, %bt : tensor<128x64xf32>, tensor<128x64xf32>) outs(%f : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

func.func @f(%a: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%a : tensor<256x64xf32>) outs(%f0 : tensor<f32>) dimensions = [0, 1]
    (%x: f32, %y: f32) {
      %t = arith.addf %x, %y : f32
      linalg.yield %t : f32
    }
  %v = tensor.extract %s[] : tensor<f32>
  %e = tensor.empty() : tensor<256x64xf32>
  %r = linalg.map ins(%a : tensor<256x64xf32>) outs(%e : tensor<256x64xf32>)
    (%x: f32, %o: f32) {
      %d = arith.divf %x, %v : f32
      linalg.yield %d : f32
    }
  return %r : tensor<256x64xf32>
}

// -----

func.func @f(%a: tensor<64x64xf32>, %s: tensor<2xf32>) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = tensor.extract %s[%c0] : tensor<2xf32>
  %hi = tensor.extract %s[%c1] : tensor<2xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%a : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %lo : f32
    %n = arith.minimumf %m, %hi : f32
    linalg.yield %n : f32
  } -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

// -----

func.func @f(%a: tensor<60x62xf32>, %w: tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8x8x8xf32>
  %p = linalg.pack %a padding_value(%z : f32) outer_dims_perm = [0, 1] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<60x62xf32> -> tensor<8x8x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32>
  %r = linalg.mmt4d ins(%p, %w : tensor<8x8x8x8xf32>, tensor<8x8x8x8xf32>) outs(%f : tensor<8x8x8x8xf32>) -> tensor<8x8x8x8xf32>
  return %r : tensor<8x8x8x8xf32>
}

// -----

func.func @f(%a: tensor<8x8x8x8xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<8x8x8x8xf32> -> tensor<64x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %r = linalg.add ins(%u, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

func.func @f(%x: tensor<1x768xf32>, %w: tensor<3072x768xf32>, %b: tensor<3072xf32>) -> tensor<1x3072xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<768x3072xf32>
  %wt = linalg.transpose ins(%w : tensor<3072x768xf32>) outs(%et : tensor<768x3072xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<1x3072xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<1x768xf32>, tensor<768x3072xf32>) outs(%f : tensor<1x3072xf32>) -> tensor<1x3072xf32>
  %e2 = tensor.empty() : tensor<1x3072xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
    ins(%r, %b : tensor<1x3072xf32>, tensor<3072xf32>) outs(%e2 : tensor<1x3072xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    linalg.yield %s : f32
  } -> tensor<1x3072xf32>
  return %y : tensor<1x3072xf32>
}

// -----

func.func @f(%a: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// -----

func.func @f(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %c = arith.addf %a, %b : tensor<64x128xf32>
  %d = math.exp %c : tensor<64x128xf32>
  return %d : tensor<64x128xf32>
}

// -----

func.func @f(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>) -> tensor<64x8x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  %x = tensor.expand_shape %r [[0], [1, 2]] output_shape [64, 8, 16] : tensor<64x128xf32> into tensor<64x8x16xf32>
  %e2 = tensor.empty() : tensor<64x8x16xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
    ins(%x : tensor<64x8x16xf32>) outs(%e2 : tensor<64x8x16xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %z : f32
    linalg.yield %m : f32
  } -> tensor<64x8x16xf32>
  return %y : tensor<64x8x16xf32>
}

// -----

func.func @f(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %t = arith.index_cast %s : index to i32
    %v = arith.sitofp %t : i32 to f32
    tensor.yield %v : f32
  } : tensor<64x64xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %y = linalg.add ins(%a, %g : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

// -----

func.func @f(%a: tensor<32x16xf32>, %b: tensor<32x48xf32>, %w: tensor<64x32xf32>) -> tensor<32x32xf32> {
  %z = arith.constant 0.0 : f32
  %c = tensor.concat dim(1) %a, %b : (tensor<32x16xf32>, tensor<32x48xf32>) -> tensor<32x64xf32>
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%c, %w : tensor<32x64xf32>, tensor<64x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

// -----

func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %s: tensor<3xf32>) -> tensor<64x64xf32> {
  %c2 = arith.constant 2 : index
  %v = tensor.extract %s[%c2] : tensor<3xf32>
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

func.func @f(%a: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %e = tensor.empty() : tensor<64x128xf32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// -----

// A loop read divided and modulo (splitDividedLoops), its index read too.
func.func @f(%x: tensor<4x8xf32>, %y: tensor<2x32xf32>) -> tensor<4x32xf32> {
  %e = tensor.empty() : tensor<4x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j mod 8)>, affine_map<(i, j) -> (i floordiv 2, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<4x8xf32>, tensor<2x32xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %m = arith.mulf %a, %jf : f32
    %s = arith.addf %m, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// Two independent reductions in one generic, split in two.
func.func @row_moments(%x: tensor<4x8192xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8192xf32>) outs(%acc, %acc : tensor<4xf32>, tensor<4xf32>) {
    ^bb0(%v: f32, %s: f32, %q: f32):
      %sq = arith.mulf %v, %v : f32
      %ns = arith.addf %s, %v : f32
      %nq = arith.addf %q, %sq : f32
      linalg.yield %ns, %nq : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
