// Partial tiles, measured: a schedule whose tiles divide neither extent is
// built, run and verified against the untuned lowering; tuning a matmul with
// a prime and an odd extent draws such tilings (spatial loops only) and every
// one of them verifies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-measure="build-timeout=120 threads=1 min-repeat-ms=1 repeat=1 summary=%t/measure.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t/measure.json
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=12 seed=3 threads=1 records=%t/rec.jsonl summary=%t/tune.json min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: FileCheck %s --check-prefix=TUNE < %t/tune.json
// RUN: python3 %s.py %t/rec.jsonl | FileCheck %s --check-prefix=REC
// With partial-tiles=false every split divides its extent.
// RUN: ansor-opt %s --ansor-tune="build-timeout=120 trials=6 seed=3 threads=1 partial-tiles=false records=%t/divisors.jsonl min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: python3 %s.py %t/divisors.jsonl | FileCheck %s --check-prefix=DIVISORS

// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "matmul_relu",
// MEASURE:      "verified": true

// TUNE:         "wrong_result": 0
// TUNE:         "name": "matmul_relu",
// TUNE:         "verified": true

// REC:          measured 12, errors 0, partial {{[1-9][0-9]*}}, partial reductions 0
// DIVISORS:     measured 6, errors 0, partial 0, partial reductions 0

func.func @matmul_relu(%a: tensor<37x32xf32>, %b: tensor<32x45xf32>) -> tensor<37x45xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37x45xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<37x45xf32>) -> tensor<37x45xf32>
  %c = linalg.matmul ins(%a, %b : tensor<37x32xf32>, tensor<32x45xf32>)
      outs(%acc : tensor<37x45xf32>) -> tensor<37x45xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<37x45xf32>) outs(%e : tensor<37x45xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<37x45xf32>
  return %r : tensor<37x45xf32>
}

// Ignored by ansor-tune (the func is tuned from its own sketches); measured
// by ansor-measure.
sched.schedule @partial for @matmul_relu target "llvm -mtriple=x86_64-pc-linux-gnu -mcpu=znver3 -num-cores=2 -vector-bits=256"
    nodes [#sched.node<"linalg.fill", [37, 45], [S, S]>,
           #sched.node<"linalg.matmul", [37, 45, 32], [S, S, R]>,
           #sched.node<"linalg.generic", [37, 45], [S, S]>]
    rules ["MultiLevelTilingWithFusion"] {
  sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
      splits [#sched.split<[5, 2, 1, 4] of 37>, #sched.split<[2, 2, 1, 16] of 45>,
              #sched.split<[4, 8] of 32>]
  sched.fuse_consumer node 2 into 1 at #sched.choice<1 in [0, 1]>
  sched.parallel node 1 loops #sched.choice<2 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step #sched.choice<16 in [0, 16, 64, 512]>
}
