// Weights known at compile time, packed: schedules that pack a constant B
// whole (computed at compile time) and per outer tile (copied per call, as
// for an argument), a constant B[N][K] packed whole, and a B in a
// `dense_resource` blob packed whole, are built, run and verified against
// the untuned lowering. Tuning a matmul with a constant
// weight draws packed programs, all verified, each packing it whole: a
// constant's pack per tile is not in the space.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -n '1,/^\/\/ -----/p' %s > %t/measure.mlir
// RUN: sed -n '/^\/\/ -----/,$p' %s > %t/tune.mlir
// RUN: ansor-opt %t/measure.mlir --ansor-measure="threads=1 min-repeat-ms=1 repeat=1 summary=%t/measure.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=MEASURE < %t/measure.json
// RUN: ansor-opt %t/tune.mlir --ansor-tune="trials=12 seed=1 threads=1 records=%t/rec.jsonl min-repeat-ms=1 repeat=1" -o /dev/null 2> /dev/null
// RUN: python3 %S/count-records.py %t/rec.jsonl "sched.pack node 1 operand 1 loop 1 at <0 in [0]>" | FileCheck %s --check-prefix=WHOLE
// RUN: python3 %S/count-records.py %t/rec.jsonl "sched.pack" "in [0, 1]>" | FileCheck %s --check-prefix=TILE

// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "const_whole",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "const_tile",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "const_transposed",
// MEASURE:      "verified": true
// MEASURE:      "wrong_result": 0
// MEASURE:      "name": "const_resource",
// MEASURE:      "verified": true

// WHOLE:        records 12, errors 0, matching {{[1-9][0-9]*}}
// TILE:         records 12, errors 0, matching 0,

func.func @const_whole(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0], [48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_whole_s for @const_whole target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

func.func @const_tile(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0], [48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_tile_s for @const_tile target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <1 in [0, 1]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

func.func @const_transposed(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense<[[0.0, 16.0, 32.0, 48.0], [1.0, 17.0, 33.0, 49.0], [2.0, 18.0, 34.0, 50.0], [3.0, 19.0, 35.0, 51.0], [4.0, 20.0, 36.0, 52.0], [5.0, 21.0, 37.0, 53.0], [6.0, 22.0, 38.0, 54.0], [7.0, 23.0, 39.0, 55.0], [8.0, 24.0, 40.0, 56.0], [9.0, 25.0, 41.0, 57.0], [10.0, 26.0, 42.0, 58.0], [11.0, 27.0, 43.0, 59.0], [12.0, 28.0, 44.0, 60.0], [13.0, 29.0, 45.0, 61.0], [14.0, 30.0, 46.0, 62.0], [15.0, 31.0, 47.0, 63.0]]> : tensor<16x4xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>]
      ins(%a, %b : tensor<8x4xf32>, tensor<16x4xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_transposed_s for @const_transposed target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

func.func @const_resource(%a: tensor<8x4xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %b = arith.constant dense_resource<b_4x16> : tensor<4x16xf32>
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
sched.schedule @const_resource_s for @const_resource target "llvm -mtriple=x86_64-pc-linux-gnu -num-cores=1 -vector-bits=256" nodes [#sched.node<"linalg.fill", [8, 16], [S, S]>, #sched.node<"linalg.matmul", [8, 16, 4], [S, S, R]>] rules ["AddPacking", "MultiLevelTiling"] {
  sched.tile node 1 structure <[S, S, R, S, R, S]> splits [#sched.split<[2, 1, 1, 4] of 8>, #sched.split<[1, 2, 1, 8] of 16>, #sched.split<[2, 2] of 4>]
  sched.pack node 1 operand 1 loop 1 at <0 in [0]>
  sched.parallel node 1 loops <1 in [1, 2]>
  sched.vectorize node 1
  sched.unroll node 1 max_step <0 in [0, 16, 64, 512]>
}

{-#
  dialect_resources: {
    builtin: {
      b_4x16: "0x04000000000000000000803F0000004000004040000080400000A0400000C0400000E0400000004100001041000020410000304100004041000050410000604100007041000080410000884100009041000098410000A0410000A8410000B0410000B8410000C0410000C8410000D0410000D8410000E0410000E8410000F0410000F84100000042000004420000084200000C4200001042000014420000184200001C4200002042000024420000284200002C4200003042000034420000384200003C4200004042000044420000484200004C4200005042000054420000584200005C4200006042000064420000684200006C4200007042000074420000784200007C42"
    }
  }
#-}

// -----

func.func @linear_const(%x: tensor<64x16xf32>) -> tensor<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<"0xDD2406BF5839B43DB81E85BEF4FD543E1283803EC9765EBF105879BFCDCC2C3FA245F6BE9EEF07BF2DB27D3FFCA971BDBA492C3F128340BD04568E3EAAF132BF713D8A3E7F6A3C3F7F6A3C3DC74BF73EB29DAF3E643B5FBF9318043F355E3A3E9643CBBEC52070BFD1223B3FAE4761BD8941E03E4A0C423FD122DB3E508D573F3D0A57BEAC1C1A3FF853E3BDDBF95E3F4A0C423F7B144EBF355E3ABF60E510BF04566E3F6F1203BE3789813EA8C6CBBE4260653CD57869BE759398BE7B142E3E560E2D3E17D94E3F355EBA3EE3A55B3F2B87363F5A647B3FB29DAF3E448B2CBF7593383FF2D26D3FA01A4F3FDF4F0D3ED122DB3ECFF713BF5EBA293F2B87163EF628DCBEEE7C5FBF7D3F353F48E17A3F21B052BF23DB193FC74B37BE21B032BFAAF1D2BE5EBA093FDBF93E3FD57869BFFA7E6A3EC3F568BF77BEDF3E560EADBE6F12433F1904763F5839343C643B7F3F6F12C3BE759358BFCDCC4C3E3BDF6FBF48E11ABF7F6A3CBED34D623EC52030BF713D6ABF7F6A3C3FC976BEBE83C06A3F0C024B3F23DB79BEC1CAA1BD0AD7233DBC74933E8195433E46B6F33D8FC2753E3789613F4260653CDF4F0DBEC1CAE13E666606BFA8C6CBBE6ABC743F31082C3DF0A7C63DAC1C7ABF7B142EBE0AD7233E8FC275BF68916D3E022B873EAE4761BF5C8F823E4C3789BDD9CEB73E3D0A97BECFF7D33E46B6F33E6ABC74BF250661BF5839B43EDF4F6D3FDBF9FEBE0E2DB2BDA4703D3EEC51B8BE96438BBE0000C0BEDD2486BE8195433EBA49CCBE6DE77BBE1F850B3F0E2D72BF04560E3ED7A3F03E5C8FC2BE7B140EBFE3A51B3F54E305BF000020BFB81E05BE83C0CA3EA8C64BBFA245B6BEE7FBA9BE83C02A3F6DE7FBBD1904363F4C3729BF8B6CA7BE9A99993EB81E453F39B4C8BDCDCC0CBF4A0C42BFFCA9713D3F351EBF1B2F1D3FDF4F2D3F4A0C22BFE5D0E2BE1B2F1D3F7368913E91ED1C3F3F359EBE2DB23DBFF4FDD4BE2B87163FFA7EEABE1B2F9DBEE7FB29BE0AD723BE105839BEC74B573FC52030BF2DB27DBF6F12633F5C8F423F1058793FDD2406BE6666663F48E15A3F04560EBF5A64FB3EBA492C3F79E9A63EE3A51B3D6210D8BEE5D0A2BE1F850BBF1B2F5DBF7D3F353EAC1CDABE52B81E3FC3F568BF8D974E3FDD24C63E8716593F0C024B3F448B4C3F2DB21D3E105879BF5A64FB3E9EEF27BFCDCCCCBE79E9A63ECDCC4C3DC52030BE9CC4603F4260653ED34DA2BEA470FDBE8716393F7F6A3CBDD7A3103F508D97BE48E11ABFDF4F8D3DD34D223F273128BF7D3F153F6210583F08AC1C3FCBA1253FF6287CBF8195833E9A99393F666666BFE7FBE9BE560EEDBEAE47613D2DB21DBE1B2F5DBD68910D3FDBF97EBF0AD763BFDBF93EBF894140BF91ED5CBFAAF1723F0681353FCFF753BF6F12833B7F6ABCBEB6F3BDBE621098BE2B87963EE926313E04568EBE3F351EBFA01AAFBE128340BFF853E33D1B2FDD3E8FC275BE3D0A57BFA69B24BF378981BE1904563ED7A3103F6ABC74BEAC1C1A3F6DE77B3EBA490CBE5C8F82BE6F1203BC3BDFCF3EE5D022BEF0A7C63E77BE9FBD5C8F02BFBC74933D14AEC73E5A645BBF9A9919BE508D17BED34D423FEE7C5F3F250681BEA8C64B3FF4FD143F46B6F3BEBC7493BD250641BF8941203F6666A63E6666463F8FC2153F1F85AB3EA01AEF3E6F12033E96434BBF5839343EA4707DBF2B8736BF448B0C3F4C3769BF60E550BF560E4DBFE5D0423F1D5A24BFCFF773BF17D92E3FC1CA41BFC520303FFCA9B13E31082C3F14AE673FC1CA213EFED4183FDF4F6DBFC3F5083F7F6ABC3CF628DC3ED57849BFDBF9FE3EC9765E3F9CC460BF5839B4BE6F12033E9EEF273F931804BF0AD723BF000000BF68916D3EC1CA013FAC1C5ABE14AE87BECFF753BE871699BE9EEF27BE7D3F55BF6F12833A0E2D723F0E2D32BEA470FD3EF2D22DBF8195C33E6F12033F0E2DB23E96430B3D022B07BD986E923E1F854B3FBC7433BF17D94EBFB6F3FD3E7D3F553F295C0F3DD578E9BD8941E03E9CC420BF7B14EEBEAC1C1ABFA01A2F3EA470BDBEC3F508BF8195C33E2731683F60E5D0BE986ED23E0E2D32BEF4FD343F560E2D3E8D97EEBED7A310BF583974BF9EEF27BDB29D6FBE9EEF27BF17D98EBEA245B6BEBA490C3F2B8736BF5A647B3F9EEF27BD83C04A3E6F1283BD96432B3FA69B243FD578E93D508D17BDC1CAE13E2B87363FA8C64BBEA01AEF3EA8C66B3FB81E85BDFA7E0ABF14AE07BF52B8DE3E46B6B33E83C06A3F7D3F353F931804BFDBF91EBFC74BF7BE894120BF7368D13E508D373FCDCC4C3F48E1FABE48E13A3FDBF9BEBE08AC1CBEFA7EEA3ECFF753BFD7A350BF0C022B3FF4FDD4BEAAF192BE2FDD243E46B6B33E7F6A7CBFC3F5A8BE6F1203BE4260E5BCE17A14BF7B142E3E4C37693F643B5FBEA245B63D6F1243BF6666E6BED578A93E666646BFDD24463F7368513F04564EBF4A0C623F250681BE1F850B3F0AD7033F7368D1BE5839B43E2DB29D3E08AC1C3FC520F0BE4A0C023FBA496C3FE926B13EBC74933D54E345BFA69B44BC508D97BE643BDF3EB4C8B63E2731083EE5D022BFF4FD943EDD24863E1D5A24BF14AE473F643B9F3E250641BF1B2F5D3F508D37BF448BACBEC1CAE13E14AE473EAE47E13D3D0A973E7B14AEBD0000C0BECBA125BF91ED5CBF1B2FDD3ED34D023FC520B03D7D3FF53E4E6290BEB29DEFBE8D976EBE52B83E3FFA7E6ABFBC74133C378901BF5EBA093F068195BE0C02ABBECBA145BEE7FBA93D0C020B3F2B8796BEFCA9313FF0A746BF0C02EBBE560E4DBF666646BF17D90E3FC3F5E83EAE4721BF643B1FBF0C022BBE1058F93E3789213FC976FE3E7F6A3C3EF4FD34BF3BDF4FBE91ED1CBFAE47613DBA490C3E"> : tensor<16x32xf32>
  %e = tensor.empty() : tensor<64x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = linalg.matmul ins(%x, %w : tensor<64x16xf32>, tensor<16x32xf32>)
      outs(%acc : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %c : tensor<64x32xf32>
}
