"""Whole networks as MLIR text (Debian ships no MLIR Python bindings).

Each builder returns one `func.func` of linalg ops on static-shaped fp32
tensors at batch 1, the shapes of the Ansor paper's section 7.3: ResNet-50,
MobileNet-V2 and one BERT-base encoder layer. Weights are arguments (random
values come from the runner); batch normalization is folded into each
convolution's bias, as inference compilers do. `ansor-opt --ansor-partition`
splits the func into tasks.
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

__all__ = ["NetworkBuilder", "resnet50", "mobilenet_v2", "bert_layer", "NETWORKS"]


def _tensor(shape: Sequence[int], element: str = "f32") -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + element + ">"


def _map(dims: int, results: Sequence[str]) -> str:
    names = ", ".join(f"d{i}" for i in range(dims))
    return f"affine_map<({names}) -> ({', '.join(results)})>"


def _identity(dims: int) -> str:
    return _map(dims, [f"d{i}" for i in range(dims)])


class NetworkBuilder:
    """Accumulates the arguments and ops of one func; each op method returns
    the SSA name of its result, whose shape `shape(name)` tells."""

    def __init__(self, name: str):
        self.name = name
        self.args: List[Tuple[str, List[int]]] = []
        self.lines: List[str] = []
        self.shapes: Dict[str, List[int]] = {}
        self.counter = 0
        # (N, H, W, C, F, KH, KW, pad, stride) of each conv2d, for library
        # references.
        self.convs: List[Tuple[int, ...]] = []
        # The fan-in of each weighted op's result, for the scale of its
        # bias epilogue.
        self.fan_in: Dict[str, int] = {}
        self.lines.append("  %zero = arith.constant 0.0 : f32")
        self.lines.append("  %one = arith.constant 1.0 : f32")
        self.lines.append("  %six = arith.constant 6.0 : f32")
        self.lines.append("  %ninf = arith.constant 0xFF800000 : f32")

    def shape(self, value: str) -> List[int]:
        return self.shapes[value]

    def _fresh(self, shape: Sequence[int], stem: str = "v") -> str:
        self.counter += 1
        name = f"%{stem}{self.counter}"
        self.shapes[name] = list(shape)
        return name

    def arg(self, stem: str, shape: Sequence[int]) -> str:
        name = f"%{stem}_{len(self.args)}"
        self.args.append((name, list(shape)))
        self.shapes[name] = list(shape)
        return name

    def _init(self, shape: Sequence[int], value: str = "%zero") -> str:
        empty = self._fresh(shape, "e")
        self.lines.append(f"  {empty} = tensor.empty() : {_tensor(shape)}")
        if value is None:
            return empty
        filled = self._fresh(shape, "f")
        self.lines.append(
            f"  {filled} = linalg.fill ins({value} : f32) outs({empty} : "
            f"{_tensor(shape)}) -> {_tensor(shape)}")
        return filled

    def pad(self, x: str, low: Sequence[int], high: Sequence[int],
            value: str = "%zero") -> str:
        if not any(low) and not any(high):
            return x
        shape = [d + l + h for d, l, h in zip(self.shape(x), low, high)]
        out = self._fresh(shape, "p")
        indices = ", ".join(f"%i{i}: index" for i in range(len(shape)))
        self.lines.append(
            f"  {out} = tensor.pad {x} low{list(low)} high{list(high)} {{\n"
            f"  ^bb0({indices}):\n    tensor.yield {value} : f32\n"
            f"  }} : {_tensor(self.shape(x))} to {_tensor(shape)}")
        return out

    def _window(self, op: str, x: str, window: str, channels: int, kernel: int,
                stride: int, padding: int, pad_value: str = "%zero",
                init: str = "%zero") -> str:
        """A sliding-window linalg op (`op`) over the padded NHWC `x` with
        the `window` operand (weights or the pooling window)."""
        n, h, w, _ = self.shape(x)
        padded = self.pad(x, [0, padding, padding, 0], [0, padding, padding, 0],
                          pad_value)
        oh = (h + 2 * padding - kernel) // stride + 1
        ow = (w + 2 * padding - kernel) // stride + 1
        shape = [n, oh, ow, channels]
        acc = self._init(shape, init)
        out = self._fresh(shape, "c")
        self.lines.append(
            f"  {out} = linalg.{op} {{dilations = dense<1> : tensor<2xi64>, "
            f"strides = dense<{stride}> : tensor<2xi64>}} "
            f"ins({padded}, {window} : {_tensor(self.shape(padded))}, "
            f"{_tensor(self.shape(window))}) outs({acc} : {_tensor(shape)}) "
            f"-> {_tensor(shape)}")
        return out

    def conv2d(self, x: str, out_channels: int, kernel: int, stride: int = 1,
               padding: int = 0) -> str:
        """NHWC / HWCF convolution; the weight is a new argument."""
        n, h, w, c = self.shape(x)
        self.convs.append((n, h, w, c, out_channels, kernel, kernel, padding, stride))
        weight = self.arg("w", [kernel, kernel, c, out_channels])
        out = self._window("conv_2d_nhwc_hwcf", x, weight, out_channels, kernel,
                           stride, padding)
        self.fan_in[out] = kernel * kernel * c
        return out

    def depthwise_conv2d(self, x: str, kernel: int, stride: int = 1,
                         padding: int = 0) -> str:
        c = self.shape(x)[3]
        weight = self.arg("dw", [kernel, kernel, c])
        out = self._window("depthwise_conv_2d_nhwc_hwc", x, weight, c, kernel,
                           stride, padding)
        self.fan_in[out] = kernel * kernel
        return out

    def elementwise(self, inputs: Sequence[Tuple[str, str]], shape: Sequence[int],
                    body: Sequence[str], stem: str = "g") -> str:
        """A parallel generic over `shape`; `inputs` pairs each value with
        its indexing map; `body` computes `%r` from `%a0`, `%a1`, ..."""
        dims = len(shape)
        maps = [m for _, m in inputs] + [_identity(dims)]
        ins = ", ".join(v for v, _ in inputs)
        types = ", ".join(_tensor(self.shape(v)) for v, _ in inputs)
        init = self._init(shape, value=None)
        out = self._fresh(shape, stem)
        block = ", ".join(f"%a{i}: f32" for i in range(len(inputs)))
        iterators = ", ".join(['"parallel"'] * dims)
        text = [f"  {out} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
                f"iterator_types = [{iterators}]}} ins({ins} : {types}) "
                f"outs({init} : {_tensor(shape)}) {{",
                f"  ^bb0({block}, %o: f32):"]
        text += [f"    {line}" for line in body]
        text += ["    linalg.yield %r : f32", f"  }} -> {_tensor(shape)}"]
        self.lines.append("\n".join(text))
        return out

    def bias_act(self, x: str, act: str = "relu") -> str:
        """Adds a per-channel (last dimension) bias, then `act` ('relu',
        'relu6', 'gelu' or 'none')."""
        shape = self.shape(x)
        bias = self.arg("b", [shape[-1]])
        dims = len(shape)
        body = ["%s = arith.addf %a0, %a1 : f32"]
        fan_in = self.fan_in.get(x)
        if fan_in:
            # The runner draws weights from [-1, 1] (variance 1/3): scaling
            # by sqrt(3 / fan-in), the folded batch norm of a trained network,
            # keeps activations near unit variance. Without it they grow
            # layer after layer and fp32 rounding differences between two
            # correct programs grow with them, past any verification
            # tolerance (MobileNet-V2 did, from 1e-6 at its first layer).
            body = [f"%scale = arith.constant {(3.0 / fan_in) ** 0.5!r} : f32",
                    "%scaled = arith.mulf %a0, %scale : f32",
                    "%s = arith.addf %scaled, %a1 : f32"]
        body += self._activation(act, "%s")
        return self.elementwise([(x, _identity(dims)), (bias, _map(dims, [f"d{dims - 1}"]))],
                                shape, body)

    @staticmethod
    def _activation(act: str, value: str) -> List[str]:
        if act == "relu":
            return [f"%r = arith.maximumf {value}, %zero : f32"]
        if act == "relu6":
            return [f"%m = arith.maximumf {value}, %zero : f32",
                    "%r = arith.minimumf %m, %six : f32"]
        if act == "gelu":  # x * sigmoid(1.702 x), the sigmoid approximation
            return ["%k = arith.constant -1.702 : f32",
                    f"%t = arith.mulf {value}, %k : f32",
                    "%x = math.exp %t : f32",
                    "%d = arith.addf %x, %one : f32",
                    f"%r = arith.divf {value}, %d : f32"]
        return [f"%r = arith.addf {value}, %zero : f32"]

    def add(self, x: str, y: str, act: str = "none") -> str:
        shape = self.shape(x)
        dims = len(shape)
        body = ["%s = arith.addf %a0, %a1 : f32"] + self._activation(act, "%s")
        return self.elementwise([(x, _identity(dims)), (y, _identity(dims))], shape, body)

    def reduce(self, x: str, maps: Tuple[str, str], shape: Sequence[int],
               loops: int, reduced: Sequence[int], body: Sequence[str],
               init: str = "%zero") -> str:
        """A generic reducing `x` over the loops in `reduced` into `shape`;
        `body` combines `%a0` (the input) and `%o` (the accumulator) into
        `%r`."""
        acc = self._init(shape, init)
        out = self._fresh(shape, "r")
        iterators = ", ".join('"reduction"' if i in reduced else '"parallel"'
                              for i in range(loops))
        text = [f"  {out} = linalg.generic {{indexing_maps = [{maps[0]}, {maps[1]}], "
                f"iterator_types = [{iterators}]}} ins({x} : {_tensor(self.shape(x))}) "
                f"outs({acc} : {_tensor(shape)}) {{",
                "  ^bb0(%a0: f32, %o: f32):"]
        text += [f"    {line}" for line in body]
        text += ["    linalg.yield %r : f32", f"  }} -> {_tensor(shape)}"]
        self.lines.append("\n".join(text))
        return out

    def max_pool(self, x: str, kernel: int, stride: int, padding: int) -> str:
        window = self._init([kernel, kernel], value=None)
        return self._window("pooling_nhwc_max", x, window, self.shape(x)[3],
                            kernel, stride, padding, "%ninf", "%ninf")

    def global_avg_pool(self, x: str) -> str:
        """[N, H, W, C] -> [N, C]: the sum over H and W, then the scale."""
        n, h, w, c = self.shape(x)
        total = self.reduce(x, (_map(4, ["d0", "d2", "d3", "d1"]), _map(4, ["d0", "d1"])),
                            [n, c], 4, [2, 3],
                            ["%r = arith.addf %a0, %o : f32"])
        scale = 1.0 / (h * w)
        return self.elementwise([(total, _identity(2))], [n, c],
                                [f"%k = arith.constant {scale!r} : f32",
                                 "%r = arith.mulf %a0, %k : f32"])

    def matmul(self, x: str, out_features: int) -> str:
        """[M, K] x a new [K, N] weight."""
        m, k = self.shape(x)
        weight = self.arg("w", [k, out_features])
        shape = [m, out_features]
        acc = self._init(shape)
        out = self._fresh(shape, "mm")
        self.fan_in[out] = k
        self.lines.append(
            f"  {out} = linalg.matmul ins({x}, {weight} : {_tensor([m, k])}, "
            f"{_tensor([k, out_features])}) outs({acc} : {_tensor(shape)}) -> "
            f"{_tensor(shape)}")
        return out

    def contraction(self, a: str, b: str, maps: Sequence[str], shape: Sequence[int],
                    loops: int, reduced: Sequence[int]) -> str:
        """out[...] += a[...] * b[...] over the given maps (a, b, out)."""
        acc = self._init(shape)
        out = self._fresh(shape, "bm")
        iterators = ", ".join('"reduction"' if i in reduced else '"parallel"'
                              for i in range(loops))
        self.lines.append("\n".join([
            f"  {out} = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
            f"iterator_types = [{iterators}]}} ins({a}, {b} : "
            f"{_tensor(self.shape(a))}, {_tensor(self.shape(b))}) "
            f"outs({acc} : {_tensor(shape)}) {{",
            "  ^bb0(%a0: f32, %a1: f32, %o: f32):",
            "    %p = arith.mulf %a0, %a1 : f32",
            "    %r = arith.addf %o, %p : f32",
            "    linalg.yield %r : f32",
            f"  }} -> {_tensor(shape)}"]))
        return out

    def expand(self, x: str, groups: Sequence[Sequence[int]],
               shape: Sequence[int]) -> str:
        """tensor.expand_shape: a view, which partitioning leaves in the
        network between tasks."""
        out = self._fresh(shape, "x")
        self.lines.append(
            f"  {out} = tensor.expand_shape {x} {[list(g) for g in groups]} "
            f"output_shape {list(shape)} : {_tensor(self.shape(x))} into "
            f"{_tensor(shape)}")
        return out

    def finish(self, result: str) -> str:
        args = ", ".join(f"{name}: {_tensor(shape)}" for name, shape in self.args)
        rtype = _tensor(self.shape(result))
        lines = [f"func.func @{self.name}({args}) -> {rtype} {{"]
        lines += self.lines
        lines += [f"  return {result} : {rtype}", "}"]
        return "\n".join(lines) + "\n"


def resnet50(batch: int = 1, image: int = 224, builder: bool = False):
    """ResNet-50 v1.5 (stride on the 3x3 convolution of each bottleneck);
    the func's text, or with `builder` the NetworkBuilder that made it."""
    b = NetworkBuilder("resnet50")
    x = b.arg("input", [batch, image, image, 3])
    x = b.bias_act(b.conv2d(x, 64, 7, 2, 3))
    x = b.max_pool(x, 3, 2, 1)
    channels = 64
    for stage, (blocks, width) in enumerate([(3, 64), (4, 128), (6, 256), (3, 512)]):
        for block in range(blocks):
            stride = 2 if block == 0 and stage > 0 else 1
            out_channels = width * 4
            shortcut = x
            if block == 0:
                shortcut = b.bias_act(b.conv2d(x, out_channels, 1, stride), "none")
            y = b.bias_act(b.conv2d(x, width, 1))
            y = b.bias_act(b.conv2d(y, width, 3, stride, 1))
            y = b.bias_act(b.conv2d(y, out_channels, 1), "none")
            x = b.add(y, shortcut, "relu")
            channels = out_channels
    x = b.global_avg_pool(x)
    x = b.bias_act(b.matmul(x, 1000), "none")
    text = b.finish(x)
    return b if builder else text


def mobilenet_v2(batch: int = 1, image: int = 224, builder: bool = False):
    b = NetworkBuilder("mobilenet_v2")
    x = b.arg("input", [batch, image, image, 3])
    x = b.bias_act(b.conv2d(x, 32, 3, 2, 1), "relu6")
    channels = 32
    for t, c, n, s in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                       (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]:
        for i in range(n):
            stride = s if i == 0 else 1
            y = x
            if t != 1:
                y = b.bias_act(b.conv2d(y, channels * t, 1), "relu6")
            y = b.bias_act(b.depthwise_conv2d(y, 3, stride, 1), "relu6")
            y = b.bias_act(b.conv2d(y, c, 1), "none")
            x = b.add(y, x) if stride == 1 and channels == c else y
            channels = c
    x = b.bias_act(b.conv2d(x, 1280, 1), "relu6")
    x = b.global_avg_pool(x)
    x = b.bias_act(b.matmul(x, 1000), "none")
    text = b.finish(x)
    return b if builder else text


def bert_layer(seq: int = 128, hidden: int = 768, heads: int = 12,
               ffn: int = 3072) -> str:
    """One BERT-base encoder layer: self-attention (scores and context as
    per-head contractions over the [seq, hidden] activations), output
    projection with residual and layer norm, GELU feed-forward network with
    residual and layer norm."""
    b = NetworkBuilder("bert_layer")
    x = b.arg("input", [seq, hidden])
    dh = hidden // heads
    q = b.bias_act(b.matmul(x, hidden), "none")
    k = b.bias_act(b.matmul(x, hidden), "none")
    v = b.bias_act(b.matmul(x, hidden), "none")
    # Per head: [seq, hidden] viewed as [seq, heads, dh].
    q, k, v = (b.expand(t, [[0], [1, 2]], [seq, heads, dh]) for t in (q, k, v))
    # scores[h, s, t] = sum_d q[s, h, d] * k[t, h, d]
    scores = b.contraction(q, k, [_map(4, ["d1", "d0", "d3"]), _map(4, ["d2", "d0", "d3"]),
                                  _map(4, ["d0", "d1", "d2"])],
                           [heads, seq, seq], 4, [3])
    scale = 1.0 / dh ** 0.5
    scores = b.elementwise([(scores, _identity(3))], [heads, seq, seq],
                           [f"%k = arith.constant {scale!r} : f32",
                            "%r = arith.mulf %a0, %k : f32"])
    # Softmax over t.
    row = (_identity(3), _map(3, ["d0", "d1"]))
    peak = b.reduce(scores, row, [heads, seq], 3, [2],
                    ["%r = arith.maximumf %a0, %o : f32"], init="%ninf")
    exps = b.elementwise([(scores, _identity(3)), (peak, row[1])], [heads, seq, seq],
                         ["%d = arith.subf %a0, %a1 : f32", "%r = math.exp %d : f32"])
    sums = b.reduce(exps, row, [heads, seq], 3, [2], ["%r = arith.addf %a0, %o : f32"])
    probs = b.elementwise([(exps, _identity(3)), (sums, row[1])], [heads, seq, seq],
                          ["%r = arith.divf %a0, %a1 : f32"])
    # context[s, h, d] = sum_t probs[h, s, t] * v[t, h, d]
    context = b.contraction(probs, v, [_map(4, ["d1", "d0", "d3"]),
                                       _map(4, ["d3", "d1", "d2"]),
                                       _map(4, ["d0", "d1", "d2"])],
                            [seq, heads, dh], 4, [3])
    # The [seq, heads, dh] context is the [seq, hidden] one: the projection
    # contracts over heads and dh together.
    out = b.arg("w", [heads, dh, hidden])
    proj = b.contraction(context, out, [_map(4, ["d0", "d2", "d3"]),
                                        _map(4, ["d2", "d3", "d1"]),
                                        _map(4, ["d0", "d1"])],
                         [seq, hidden], 4, [2, 3])
    b.fan_in[proj] = hidden
    y = b.bias_act(proj, "none")
    y = _layer_norm(b, b.add(y, x))
    h1 = b.bias_act(b.matmul(y, ffn), "gelu")
    h2 = b.bias_act(b.matmul(h1, hidden), "none")
    return b.finish(_layer_norm(b, b.add(h2, y)))


def _layer_norm(b: NetworkBuilder, x: str) -> str:
    seq, hidden = b.shape(x)
    row = (_identity(2), _map(2, ["d0"]))
    inv = 1.0 / hidden
    mean = b.reduce(x, row, [seq], 2, [1],
                    [f"%k = arith.constant {inv!r} : f32", "%p = arith.mulf %a0, %k : f32",
                     "%r = arith.addf %p, %o : f32"])
    centered = b.elementwise([(x, _identity(2)), (mean, row[1])], [seq, hidden],
                             ["%r = arith.subf %a0, %a1 : f32"])
    var = b.reduce(centered, row, [seq], 2, [1],
                   [f"%k = arith.constant {inv!r} : f32", "%s = arith.mulf %a0, %a0 : f32",
                    "%p = arith.mulf %s, %k : f32", "%r = arith.addf %p, %o : f32"])
    gamma = b.arg("gamma", [hidden])
    beta = b.arg("beta", [hidden])
    return b.elementwise(
        [(centered, _identity(2)), (var, row[1]), (gamma, _map(2, ["d1"])),
         (beta, _map(2, ["d1"]))], [seq, hidden],
        ["%eps = arith.constant 1.0e-12 : f32", "%v = arith.addf %a1, %eps : f32",
         "%s = math.rsqrt %v : f32", "%n = arith.mulf %a0, %s : f32",
         "%g = arith.mulf %n, %a2 : f32", "%r = arith.addf %g, %a3 : f32"])


NETWORKS = {"resnet50": resnet50, "mobilenet_v2": mobilenet_v2, "bert_layer": bert_layer}


def main(argv: Sequence[str] = ()) -> int:
    import argparse
    import sys
    parser = argparse.ArgumentParser(description="Print a network as MLIR text.")
    parser.add_argument("network", choices=sorted(NETWORKS))
    parser.add_argument("-o", "--output", default="-")
    parser.add_argument("--convs", action="store_true",
                        help="print the conv2d shapes instead: N H W C F KH KW PAD STRIDE "
                             "per line (bench/libraries conv's arguments)")
    args = parser.parse_args(list(argv) or None)
    if args.convs:
        if args.network == "bert_layer":
            parser.error("bert_layer has no conv2d")
        built = NETWORKS[args.network](builder=True)
        text = "".join(" ".join(map(str, c)) + "\n" for c in built.convs)
    else:
        text = NETWORKS[args.network]()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
