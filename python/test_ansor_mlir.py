"""Tests of the ansor_mlir package against a real ansor-opt."""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ansor_mlir  # noqa: E402

MATMUL = """
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
      outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}
"""


class AnsorMlirTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.mlir = os.path.join(self.dir, "mm.mlir")
        with open(self.mlir, "w") as f:
            f.write(MATMUL)

    def test_tune_writes_records_that_load(self):
        records = os.path.join(self.dir, "r.jsonl")
        summary = ansor_mlir.tune(self.mlir, records, os.path.join(self.dir, "s.json"),
                                  trials=3, threads=1)
        task = summary["tasks"][0]
        self.assertEqual(task["name"], "mm")
        self.assertEqual(task["trials"], 3)
        self.assertTrue(task["verified"])
        warnings = []
        loaded = ansor_mlir.load_records(records, warnings)
        self.assertEqual(len(loaded), 3)
        self.assertEqual(warnings, [])
        payload = ansor_mlir.load_payloads(records)[task["key"]]
        self.assertIn('sym_name = "mm"', payload)
        best = ansor_mlir.best_records(loaded)[(task["key"], summary["target"])]
        self.assertAlmostEqual(best.median_cost, task["best_seconds"], places=12)

    def test_corrupt_line_is_reported(self):
        path = os.path.join(self.dir, "bad.jsonl")
        good = {"task": "k", "target": "t", "schedule": "s", "error": "none",
                "costs": [1.0, 3.0, 2.0], "trial": 0}
        with open(path, "w") as f:
            f.write(json.dumps(good) + "\n{\"task\": \"k\"\n")
        warnings = []
        loaded = ansor_mlir.load_records(path, warnings)
        self.assertEqual(len(loaded), 1)
        self.assertEqual(loaded[0].median_cost, 2.0)
        self.assertEqual(len(warnings), 1)
        self.assertIn("bad.jsonl:2:", warnings[0])

    def test_bad_input_raises_with_diagnostic(self):
        bad = os.path.join(self.dir, "bad.mlir")
        with open(bad, "w") as f:
            f.write("func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {\n"
                    "  return %a : tensor<?xf32>\n}\n")
        with self.assertRaises(RuntimeError) as ctx:
            ansor_mlir.tune(bad, os.path.join(self.dir, "r.jsonl"),
                            os.path.join(self.dir, "s.json"), trials=1)
        self.assertIn("is not a static-shaped tensor", str(ctx.exception))


class NetworksTest(unittest.TestCase):
    """The networks of section 7.3 partition into the paper's tasks, and
    every task can be scheduled."""

    def check(self, name, tasks, calls, heaviest):
        from ansor_mlir import networks
        text = networks.NETWORKS[name]()
        partitioned = ansor_mlir.partition(text)
        weights = ansor_mlir.task_weights(partitioned)
        self.assertEqual(len(weights), tasks)
        self.assertEqual(sum(weights.values()), calls)
        self.assertEqual(max(weights.values()), heaviest)
        path = os.path.join(tempfile.mkdtemp(), name + ".mlir")
        with open(path, "w") as f:
            f.write(partitioned)
        result = ansor_mlir._run([ansor_mlir.find_ansor_opt(), path,
                                  "--sched-derive-sketches", "-o", os.devnull])
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_resnet50(self):
        # 53 convolutions, the max pool, the average pool and the dense layer.
        self.check("resnet50", tasks=31, calls=56, heaviest=5)

    def test_mobilenet_v2(self):
        self.check("mobilenet_v2", tasks=32, calls=54, heaviest=4)

    def test_bert_layer(self):
        # Q, K and V share one matmul task; both layer norms share theirs.
        self.check("bert_layer", tasks=10, calls=14, heaviest=3)

    def test_conv_shapes(self):
        from ansor_mlir import networks
        convs = networks.resnet50(builder=True).convs
        self.assertEqual(len(convs), 53)
        self.assertEqual(convs[0], (1, 224, 224, 3, 64, 7, 7, 3, 2))

    def test_weighted_epilogue_scaled_by_fan_in(self):
        # A folded batch norm's scale keeps deep networks verifiable: the
        # 1x1 conv's epilogue over 12 channels multiplies by
        # sqrt(3 / 12) = 0.5, a plain elementwise op's (no fan-in) does not.
        from ansor_mlir import networks
        b = networks.NetworkBuilder("net")
        x = b.arg("input", [1, 8, 8, 12])
        conv = b.bias_act(b.conv2d(x, 4, 1))
        text = b.finish(b.bias_act(conv, "none"))
        self.assertEqual(text.count("arith.constant 0.5 : f32"), 1)
        self.assertEqual(text.count("arith.mulf"), 1)


if __name__ == "__main__":
    unittest.main()
