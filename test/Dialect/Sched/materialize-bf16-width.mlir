// A bf16 block 33 wide would be a vector of 33 bf16 lanes, and LLVM 22's
// x86 backend aborts on a bf16 vector of 8k + 1 lanes even for a plain load
// and store ("Do not know how to soft promote this operator's operand",
// with -mcpu=znver5: 1 of 16 sampled programs of a bf16 softmax did not
// build on the Intel VM's host CPU). Such a block stays scalar, reported as
// degraded; the program builds for Zen 5 and computes the reference's result.
// So does a bf16 matmul whose register block is 33 wide, with its fill.
// RUN: ansor-opt %s --sched-export-transform | FileCheck %s --check-prefix=SCRIPT
// RUN: sed 's/-mcpu=x86-64-v3 -num-cores=2 -vector-bits=256/-mcpu=znver5 -num-cores=2 -vector-bits=512/' %s > %t.znver5.mlir
// RUN: rm -f %t.so
// RUN: ansor-opt %t.znver5.mlir "--ansor-compile=output=%t.so target='llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver5 -num-cores=2 -vector-bits=512'" -o /dev/null
// RUN: test -s %t.so
// RUN: ansor-opt %s --ansor-measure="summary=%t.json repeat=1 min-repeat-ms=1" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t.json
// SCRIPT: sched.degraded = ["node 0: register block left scalar: a bf16 vector of 8k + 1 lanes, which LLVM's x86 backend cannot lower"]
// SCRIPT: sched.degraded = ["node 1: register block left scalar: a bf16 vector of 8k + 1 lanes, which LLVM's x86 backend cannot lower"]
// MEASURE: "compile": 0,
// MEASURE: "wrong_result": 0
// MEASURE: "name": "bf16_sub",
// MEASURE: "verified": true
// MEASURE: "compile": 0,
// MEASURE: "wrong_result": 0
// MEASURE: "name": "bf16_mm",
// MEASURE: "verified": true

func.func @bf16_sub(%x: tensor<64x66xbf16>, %y: tensor<64x66xbf16>) -> tensor<64x66xbf16> {
  %e = tensor.empty() : tensor<64x66xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<64x66xbf16>, tensor<64x66xbf16>) outs(%e : tensor<64x66xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %o: bf16):
      %s = arith.subf %a, %b : bf16
      linalg.yield %s : bf16
  } -> tensor<64x66xbf16>
  return %r : tensor<64x66xbf16>
}

sched.schedule @s for @bf16_sub target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.generic", [64, 66], [S, S]>] rules [] {
  sched.tile node 0 structure <[S, S]> splits [#sched.split<[16, 4] of 64>, #sched.split<[2, 33] of 66>]
  sched.parallel node 0 loops <1 in [0, 1, 2]>
  sched.vectorize node 0
}

func.func @bf16_mm(%a: tensor<32x64xbf16>, %b: tensor<64x66xbf16>) -> tensor<32x66xbf16> {
  %z = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<32x66xbf16>
  %f = linalg.fill ins(%z : bf16) outs(%e : tensor<32x66xbf16>) -> tensor<32x66xbf16>
  %m = linalg.matmul ins(%a, %b : tensor<32x64xbf16>, tensor<64x66xbf16>) outs(%f : tensor<32x66xbf16>) -> tensor<32x66xbf16>
  return %m : tensor<32x66xbf16>
}

sched.schedule @m for @bf16_mm target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=x86-64-v3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [32, 66], [S, S]>, #sched.node<"linalg.matmul", [32, 66, 64], [S, S, R]>]
    rules ["MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 4, 4] of 32>, #sched.split<[1, 1, 2, 33] of 66>, #sched.split<[16, 4] of 64>]
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}
