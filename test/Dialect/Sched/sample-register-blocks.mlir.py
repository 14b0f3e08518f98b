"""Checks the register blocks of sampled schedules against a target's vector
registers: for every vectorized multi-level tiling (SSRSRS), the block's
accumulator vectors (the product of its innermost spatial factors, the last
one in vectors of LANES) plus one row of the other operand and a broadcast
fit REGISTERS, and the vectorized factor is whole vectors. Prints the number
of blocks checked and the largest accumulator count seen.
  python3 sample-register-blocks.mlir.py LANES REGISTERS < sampled.mlir"""
import re
import sys

lanes, registers = int(sys.argv[1]), int(sys.argv[2])
text = sys.stdin.read()
checked, largest, bad = 0, 0, []
for chunk in text.split("sched.schedule @")[1:]:
    header, _, body = chunk.partition("\n")
    nodes = re.findall(r'#sched\.node<"[\w.]+", \[[\d, ]+\], \[([SR, ]+)\]>', header)
    vectorized = {int(n) for n in re.findall(r"sched\.vectorize node (\d+)", body)}
    for node, structure, splits in re.findall(
            r"sched\.tile node (\d+) structure <\[([SR, ]+)\]> splits \[(.*)\]", body):
        if int(node) not in vectorized or structure.count("S") < 3:
            continue
        kinds = nodes[int(node)].split(", ")
        factors = [[int(f) for f in fs.split(", ")]
                   for fs, _ in re.findall(r"split<\[([\d, ]+)\] of (\d+)>", splits)]
        assert len(factors) == len(kinds), f"unparsed splits: {splits}"
        block = [f[-1] for f, kind in zip(factors, kinds) if kind == "S"]
        row = -(-block[-1] // lanes)
        accumulators = row
        for b in block[:-1]:
            accumulators *= b
        checked += 1
        largest = max(largest, accumulators)
        if accumulators + row + 1 > registers or block[-1] % lanes:
            bad.append(f"block {block}: {accumulators} accumulators")
print(f"checked {checked}, largest {largest} accumulators")
for b in bad:
    print("unfit", b)
