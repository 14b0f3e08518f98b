// A layer norm written with tensor.splat and arith on whole tensors: the
// x - mean generic feeds both the variance and the output, which made
// upstream's fuse_into_containing_op crash before dead originals were removed.
func.func @layer_norm(%x: tensor<64x256xf32>, %g: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.reduce ins(%x : tensor<64x256xf32>) outs(%f1 : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) { %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32 }
  %nsplat = tensor.splat %n : tensor<64xf32>
  %mean = arith.divf %sum, %nsplat : tensor<64xf32>
  %e2 = tensor.empty() : tensor<64x256xf32>
  %meanb = linalg.broadcast ins(%mean : tensor<64xf32>) outs(%e2 : tensor<64x256xf32>) dimensions = [1]
  %d = arith.subf %x, %meanb : tensor<64x256xf32>
  %d2 = arith.mulf %d, %d : tensor<64x256xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %var = linalg.reduce ins(%d2 : tensor<64x256xf32>) outs(%f2 : tensor<64xf32>) dimensions = [1]
    (%in: f32, %acc: f32) { %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32 }
  %var2 = arith.divf %var, %nsplat : tensor<64xf32>
  %epss = tensor.splat %eps : tensor<64xf32>
  %ve = arith.addf %var2, %epss : tensor<64xf32>
  %rs = math.rsqrt %ve : tensor<64xf32>
  %e3 = tensor.empty() : tensor<64x256xf32>
  %rsb = linalg.broadcast ins(%rs : tensor<64xf32>) outs(%e3 : tensor<64x256xf32>) dimensions = [1]
  %y = arith.mulf %d, %rsb : tensor<64x256xf32>
  %e4 = tensor.empty() : tensor<64x256xf32>
  %gb = linalg.broadcast ins(%g : tensor<256xf32>) outs(%e4 : tensor<64x256xf32>) dimensions = [0]
  %e5 = tensor.empty() : tensor<64x256xf32>
  %bb = linalg.broadcast ins(%b : tensor<256xf32>) outs(%e5 : tensor<64x256xf32>) dimensions = [0]
  %yg = arith.mulf %y, %gb : tensor<64x256xf32>
  %out = arith.addf %yg, %bb : tensor<64x256xf32>
  return %out : tensor<64x256xf32>
}
