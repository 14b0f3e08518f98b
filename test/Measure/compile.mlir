// ansor-compile writes a shared library that ansor-runner calls through the
// C interface, with the result as a trailing output argument; the runner
// checks a second library against the first one's output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ansor-opt %s --ansor-compile="output=%t/k.so" -o /dev/null
// RUN: ansor-runner --lib %t/k.so --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8 --repeat 1 --write-ref %t/ref.bin | FileCheck %s --check-prefix=REF
// RUN: ansor-runner --lib %t/k.so --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8 --repeat 2 --check-ref %t/ref.bin | FileCheck %s --check-prefix=CHECKED
// A kernel slower than the cut is timed by its warm-up alone; otherwise
// `repeat` repeats of a calibrated `number` of warm calls.
// RUN: ansor-runner --lib %t/k.so --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8 --check-ref %t/ref.bin --max-seconds 1e-12 | FileCheck %s --check-prefix=CUT
// RUN: ansor-runner --lib %t/k.so --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8 --check-ref %t/ref.bin --repeat 3 --min-repeat-ms 5 | FileCheck %s --check-prefix=TIMED
// CUT: {"ok": true, "number": 1, "costs": [{{[0-9.e-]+}}], "max_abs_err": 0, "verified": true, "cut": true, "lower_bound": {{true|false}}}
// TIMED: {"ok": true, "number": {{[1-9][0-9][0-9]+}}, "costs": [{{[0-9.e-]+}}, {{[0-9.e-]+}}, {{[0-9.e-]+}}], "max_abs_err": 0, "verified": true, "cut": false, "lower_bound": false}
// A cut decided while the machine is disturbed: the first 20 ms of calls
// each take a millisecond more (--inject slow-start). Alone, the cut
// stands; with builds paused (--pause-pids), after which a 2-vCPU VM ran
// every call 60 us longer for tens of milliseconds, the warm calls are made
// again after a pause and the kernel is timed.
// RUN: bash %S/Inputs/cut-confirm.sh ansor-runner %t/k.so | FileCheck %s --check-prefix=CONFIRM
// CONFIRM: "costs": [{{[0-9.e-]+}}], {{.*}}"cut": true
// CONFIRM-NEXT: "costs": [{{[0-9.e-]+}}], {{.*}}"cut": false
// A slow kernel (an untuned 512^3 matmul takes tens of milliseconds on any
// machine) is stopped by a watchdog once its first warm call runs past twice
// the cut and 10 ms: that time is its cost, a lower bound. Its first call, past `first-call-seconds`,
// ends the run as a timeout.
// RUN: ansor-runner --lib %t/k.so --func slow_matmul --inputs f32:512x512,f32:512x512 --outputs f32:512x512 --max-seconds 1e-4 | FileCheck %s --check-prefix=WATCHDOG
// RUN: not ansor-runner --lib %t/k.so --func slow_matmul --inputs f32:512x512,f32:512x512 --outputs f32:512x512 --max-seconds 1e-4 --first-call-seconds 1e-4 | FileCheck %s --check-prefix=FIRST
// WATCHDOG: {"ok": true, "number": 1, "costs": [0.0102], "max_abs_err": 0, "verified": false, "cut": true, "lower_bound": true}
// FIRST: {"ok": false, "error": "timeout", "message": "its first call ran past 0.0001 s"}
// With --flush-cache, every input but the first leaves the cache before
// each timed call (a network layer's weights); the output is still checked.
// RUN: ansor-runner --lib %t/k.so --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8 --check-ref %t/ref.bin --repeat 2 --min-repeat-ms 1 --flush-cache | FileCheck %s --check-prefix=CHECKED
// RUN: not ansor-runner --lib %t/k.so --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8 --flush-cache --device cuda | FileCheck %s --check-prefix=FLUSHGPU
// FLUSHGPU: {"ok": false, "error": "usage", "message": "--flush-cache is for CPU kernels"}
// RUN: not ansor-runner --lib %t/k.so --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8 --check-ref %t/ref.bin --inject wrong | FileCheck %s --check-prefix=WRONG
// RUN: not ansor-runner --lib %t/k.so --func missing --inputs f32:16x8,f32:16x8 --outputs f32:16x8 | FileCheck %s --check-prefix=MISSING
// RUN: not ansor-runner --lib %t/k.so --func add_relu --inputs f8:16x8 --outputs f32:16x8 | FileCheck %s --check-prefix=TYPE

// REF: {"ok": true, "number": {{[0-9]+}}, "costs": [{{[0-9.e-]+}}], "max_abs_err": 0, "verified": false, "cut": false, "lower_bound": false}
// CHECKED: {"ok": true, "number": {{[0-9]+}}, "costs": [{{[0-9.e-]+}}, {{[0-9.e-]+}}], "max_abs_err": 0, "verified": true, "cut": false, "lower_bound": false}
// WRONG: {"ok": false, "error": "wrong_result", "message": "output 0 element 0 is
// MISSING: {"ok": false, "error": "runtime", "message": "library has no symbol _mlir_ciface_missing"}
// TYPE: {"ok": false, "error": "usage", "message": "unsupported element type 'f8'"}

func.func @add_relu(%a: tensor<16x8xf32>, %b: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %s = linalg.add ins(%a, %b : tensor<16x8xf32>, tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
  } -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

func.func @slow_matmul(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  %m = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%f : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %m : tensor<512x512xf32>
}
