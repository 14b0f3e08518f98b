#!/usr/bin/env python3
"""Rewrites a func's weight arguments as constants of seeded random values.

    bench/constant_weights.py IN.mlir OUT.mlir ARG [ARG ...]

Each ARG (an argument's name without '%', e.g. `w`) of the single func in
IN.mlir becomes an `arith.constant dense<"0x...">` of its type (f32 only)
at the top of the body, so the same program can be tuned with its weights
as arguments and as constants known at compile time (a frozen model, as
importers write one). The values are uniform in [-1, 1), seeded by the
argument's name, so two runs write the same file.
"""
import math
import random
import re
import struct
import sys


def main():
    src, dst, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    text = open(src).read()
    header = re.search(r"func\.func @\w+\((.*?)\)\s*->", text, re.S)
    args = header.group(1)
    body_start = text.index("{", header.end()) + 1
    constants = []
    for name in names:
        match = re.search(r"%" + name + r"\s*:\s*tensor<([0-9x]+)xf32>", args)
        if not match:
            sys.exit(f"{src}: no f32 tensor argument %{name}")
        count = math.prod(int(d) for d in match.group(1).split("x"))
        rng = random.Random(name)
        data = struct.pack(f"<{count}f",
                           *(rng.uniform(-1, 1) for _ in range(count)))
        constants.append(f'  %{name} = arith.constant dense<"0x{data.hex().upper()}"> : '
                         f"tensor<{match.group(1)}xf32>\n")
        args = args.replace(match.group(0), "", 1)
    args = re.sub(r",\s*,", ",", args).strip().strip(",").strip()
    out = text[:header.start(1)] + args + text[header.end(1):body_start] + \
        "\n" + "".join(constants) + text[body_start:]
    open(dst, "w").write(out)


if __name__ == "__main__":
    main()
