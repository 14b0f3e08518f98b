//===- Passes.td - sched dialect passes --------------------*- tablegen -*-===//

#ifndef ANSOR_DIALECT_SCHED_TRANSFORMS_PASSES_TD
#define ANSOR_DIALECT_SCHED_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SchedDeriveSketches : Pass<"sched-derive-sketches", "ModuleOp"> {
  let summary = "Derive Ansor sketches for every payload func";
  let description = [{
    Analyzes each `func.func` of linalg ops as a ComputeDAG, tags its compute
    ops with their node index (`sched.node`), and applies Ansor's derivation
    rules from the last node to the first (CPU order: KeepLoopNest,
    AlwaysInline, AddRfactor, AddPacking, AddCacheWrite,
    MultiLevelTilingWithFusion, MultiLevelTiling, Skip; GPU order:
    KeepLoopNest, AlwaysInline, AddCacheRead, CrossThreadReduction,
    MultiLevelTilingWithFusion, MultiLevelTiling, Skip; KeepLoopNest leaves
    a node whose indices cannot be tiled, such as `127 - j`, to the
    lowering). Every terminal
    state becomes a `sched.schedule` appended to the module, with its
    tunables unset; `sketch=N` keeps only the N-th of each func (modulo
    their number, so a sweep over N visits every sketch). A func that calls others (a network that
    `ansor-partition` split into task funcs) is skipped: its tasks are
    scheduled instead.

    Before:
    ```mlir
    func.func @mm(%a: tensor<64x64xf32>, ...) -> tensor<64x64xf32> {
      ... linalg.matmul ...
    }
    ```
    After (one of the sketches):
    ```mlir
    sched.schedule @mm_sketch0 for @mm target "llvm ..." nodes [...]
        rules ["MultiLevelTiling"] {
      sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]> ...
    }
    ```
    A func that is not a static-shaped linalg program is reported with an
    error at the offending op.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "Target machine ('host' or 'llvm -mtriple=... -mcpu=... "
           "-num-cores=N -vector-bits=B')">,
    Option<"funcName", "func", "std::string", /*default=*/"\"\"",
           "Only derive sketches for this func (default: every func)">,
    Option<"sketch", "sketch", "int", /*default=*/"-1",
           "Keep only this sketch of each func, modulo their number "
           "(default: every sketch)">
  ];
  // Payload normalization builds linalg and tensor ops.
  let dependentDialects = ["::mlir::sched::SchedDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SchedSample : Pass<"sched-sample", "ModuleOp"> {
  let summary = "Annotate sketches with random tunable values";
  let description = [{
    Replaces every sketch (`sched.schedule` with unset tunables) with `count`
    complete schedules whose tunables are drawn at random (Ansor's initial
    population): tile factorizations of each loop (innermost factor at most
    `max-innermost-factor`), parallel loop counts, compute locations and
    unroll steps. The same seed gives the same schedules.
  }];
  let options = [
    Option<"seed", "seed", "unsigned", /*default=*/"0", "Random seed">,
    Option<"count", "count", "unsigned", /*default=*/"1",
           "Complete schedules to sample per sketch">,
    Option<"maxInnermostFactor", "max-innermost-factor", "int64_t",
           /*default=*/"64", "Largest innermost tile factor">,
    Option<"registerBlocks", "register-blocks", "bool", /*default=*/"true",
           "Sample multi-level tilings whose register block fits the target's "
           "vector registers: whole vectors, the accumulators plus one row of "
           "the other operand and a broadcast within the registers (false: "
           "Ansor's unconstrained sampling)">,
    Option<"partialTiles", "partial-tiles", "bool", /*default=*/"true",
           "Also split spatial loops into tiles that do not divide them (the "
           "last tile partial, its blocks masked) (false: divisors only, as "
           "Ansor)">
  ];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
}

def SchedExportTransform : Pass<"sched-export-transform", "ModuleOp"> {
  let summary = "Export complete schedules as Transform dialect scripts";
  let description = [{
    Replaces each complete `sched.schedule` by a `transform.named_sequence`
    that applies it with upstream Transform ops (tiling, fusion,
    vectorization, hoisting), and adds `@__transform_main` calling them, so
    that `mlir-opt --transform-interpreter` applies the tuned schedule
    without this project. Payload ops keep their `sched.node` attributes,
    which the script matches. One exception: the script of a 3-D
    convolution or pooling uses `transform.sched.downscale_3d_convolution`
    (`docs/SchedTransformOps.md`), which `ansor-opt --transform-interpreter`
    or a tool calling `sched::registerTransformDialectExtension` applies.
  }];
  let dependentDialects = [
    "::mlir::transform::TransformDialect",
    "::mlir::sched::SchedDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SchedMaterialize : Pass<"sched-materialize", "ModuleOp"> {
  let summary = "Apply complete schedules to their payload funcs";
  let description = [{
    Applies each complete `sched.schedule` to the func it names, producing
    tiled, fused and vectorized linalg/scf/vector IR on tensors (parallel
    loops are `scf.forall`), then erases the schedules. It runs the script
    `sched-export-transform` would print, with the Transform interpreter, so
    both give the same IR. A schedule that cannot be applied is an error at
    the schedule.
  }];
  let dependentDialects = [
    "::mlir::transform::TransformDialect",
    "::mlir::sched::SchedDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SchedApproximateMath
    : Pass<"sched-approximate-math", "::mlir::func::FuncOp"> {
  let summary = "Replace f32 math functions by polynomial approximations";
  let description = [{
    LLVM has no vector code for `exp`, `log`, `tanh`, `erf`, `sin`, ...
    without a vector math library: it calls libm once per element, so a
    vectorized softmax spent its time in scalar `expf` calls. This pass
    rewrites `exp`, `log`, `log2`, `tanh`, `erf`, `erfc`, `atan`, `asin` and
    `acos` on f32 (and on f16/bf16, through f32) into upstream's polynomial
    approximations, plain arithmetic that vectorizes: within 8 ulp of glibc,
    special values kept, results below the normal range flushed to zero. The
    reference lowering that verifies every candidate goes through the same
    pass. Functions whose approximations are less accurate are left to the
    rest of the lowering (sin, cos, log1p and cbrt call libm; expm1 becomes
    `exp(x) - 1`), as are f64 ones; `sqrt`, `rsqrt` and `fma` keep their
    instructions. Every other math function of f16 or bf16 that upstream
    can compute through f32 (`sqrt`, `sin`, `powf`, ...) is computed there
    too, between casts without fast-math flags: LLVM would round a bf16
    result by a call per element, and a flagged pair of casts would later
    fold away, dropping the rounding the payload asks for.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def SchedFoldConstantTransposes
    : Pass<"sched-fold-constant-transposes", "::mlir::func::FuncOp"> {
  let summary = "Compute transposes of constants at compile time";
  let description = [{
    A weight known at compile time that a schedule packs whole
    (`sched.pack ... at 0` of an `arith.constant`) reaches the lowering as
    a `linalg.transpose` of the constant, reshaped: the materializer
    lowers that pack instead of tiling it (canonicalization folds the
    reshape of a dense constant). This pass computes such transposes once,
    here, into a constant in the packed layout, so the program reads its
    panels without copying them on every call (TVM's layout rewrite). The
    input may be a dense constant or a `dense_resource` blob, seen through
    `expand_shape` and `collapse_shape`, of whole-byte elements; the result
    is a dense constant.

    Before:
    ```mlir
    %w = arith.constant dense<...> : tensor<64x4x16xf32>
    %e = tensor.empty() : tensor<4x64x16xf32>
    %p = linalg.transpose ins(%w : tensor<64x4x16xf32>)
        outs(%e : tensor<4x64x16xf32>) permutation = [1, 0, 2]
    ```
    After:
    ```mlir
    %p = arith.constant dense<...> : tensor<4x64x16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def SchedExpandStridedCopies
    : Pass<"sched-expand-strided-copies", "::mlir::func::FuncOp"> {
  let summary = "Rewrite copies between strided buffers as linalg.copy";
  let description = [{
    After bufferization, a `memref.copy` whose source or target is not one
    contiguous block (the interior of a padded tile, a slice of a larger
    buffer) lowers to a call of the runtime's `memrefCopy`, which copies
    element by element through a generic index loop: on a padded
    convolution that copy took 40% of the kernel's time. This pass
    rewrites such copies as `linalg.copy`, which `convert-linalg-to-loops`
    turns into loops that LLVM vectorizes along the contiguous dimension.
    Copies between contiguous buffers stay `memref.copy` (one `memcpy`).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def SchedEmulateBF16
    : Pass<"sched-emulate-bf16", "::mlir::func::FuncOp"> {
  let summary = "Compute bf16 arithmetic in f32, rounding with integer ops";
  let description = [{
    Without AVX-512 BF16, LLVM's x86 backend computes a bf16 operation in
    f32 and rounds its result back through a call of `__truncsfbf2`, one
    call per element, vectors included: a 48x64x32 bf16 matmul took 800 us
    (0.25 GFLOP/s) tuned or not. This pass makes the promotion explicit
    and cheap: arithmetic on bf16 scalars and vectors (arith ops, and the
    vector ops that compute: `fma`, reductions, `contract`, `outerproduct`)
    is done on f32 between an `extf` and a `truncf`, as upstream's
    `arith-emulate-unsupported-floats` does; then every bf16 `extf` and
    `truncf` becomes the shifts and the round-to-nearest-even integer
    sequence of `arith-expand{include-bf16}`, which vectorize. Each
    operation still rounds to bf16, so results are the ones LLVM's
    promotion computes. An op inside a `vector.mask` stays as it is (the
    mask holds one op), and so does a truncation from f64 (through f32 it
    would round twice); math functions on bf16 are computed in f32 by
    `sched-approximate-math`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def SchedByteI1Vectors
    : Pass<"sched-byte-i1-vectors", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Load and store vectors of i1 a byte per element";
  let description = [{
    A buffer of `i1` holds one byte per element: MLIR's LLVM lowering
    addresses it so, scalar loads and stores read and write a byte, and the
    C interface passes it so. An LLVM vector of `i1` in memory is packed
    bits instead, so a vectorized read of such a buffer would take eight
    elements from one byte. On the LLVM dialect, this pass loads and
    stores each vector of `i1` (plain, masked, gathered or scattered) as a
    vector of `i8` truncated after the load and zero-extended before the
    store, which keeps the byte per element (a plain access without an
    alignment gets 1, the vector of bytes' ABI alignment being its size).
    Vectors of `i1` that stay in registers (masks) are left alone. Other
    ways of keeping a vector of `i1` in memory (an alloca or a GEP of such
    vectors, aggregates holding them, expanding, VP or matrix loads and
    stores), which the CPU pipeline does not produce, are refused with an
    error rather than left packed.
  }];
}

def SchedBF16AsI16
    : Pass<"sched-bf16-as-i16", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "Keep bf16 values that are only moved as i16";
  let description = [{
    After `sched-emulate-bf16`, bf16 values are only loaded, stored,
    selected, shuffled, carried through loops and bitcast to integers. LLVM's
    x86 backend without AVX-512 BF16 still promotes a bf16 vector that
    crosses a basic block (a loop-carried accumulator) to f32 and back, one
    `__truncsfbf2` call per element. This pass retypes every such value,
    block argument, constant and memory access of a function to i16 of the
    same shape, which holds the same bits. A function that still computes
    on bf16 (an `fpext`, an arithmetic op or intrinsic, a bf16 argument) is
    left as it is.
  }];
}

def SchedVectorizeRows
    : Pass<"sched-vectorize-rows", "::mlir::func::FuncOp"> {
  let summary = "Write buffer fills and copies a row at a time as vectors";
  let description = [{
    What bufferization leaves of a padded tile is a fill of a buffer
    (`linalg.map` yielding the padding value) and a copy of the interior
    (`linalg.copy`, from `sched-expand-strided-copies`), whose last
    dimension is short, static and contiguous (a tile's channels). Lowered
    to loops, LLVM unrolls the short loop and vectorizes the next one across
    rows, with scatter stores: in a 3x3/2 max pooling whose input is padded
    with -inf, the scatters took 46% of the time. This pass writes every
    fill or copy of buffers with such rows as a loop nest over the other
    dimensions around one vector transfer per row.

    Only rows of at most 256 elements of whole bytes that are contiguous in
    every operand are rewritten (not bf16 rows of 8k + 1 elements, which
    LLVM 22's x86 backend cannot lower); longer rows are left to LLVM's
    loop vectorizer, which vectorizes them along the row.

    Before:
    ```mlir
    linalg.map outs(%buf : memref<1x?x57x64xf32>)
      (%init: f32) {
        linalg.yield %cst : f32
      }
    ```
    After:
    ```mlir
    %v = vector.broadcast %cst : f32 to vector<64xf32>
    scf.for %i = %c0 to %c1 step %c1 {
      scf.for %j = %c0 to %d step %c1 {
        scf.for %k = %c0 to %c57 step %c1 {
          vector.transfer_write %v, %buf[%i, %j, %k, %c0] {in_bounds = [true]}
              : vector<64xf32>, memref<1x?x57x64xf32>
    ...
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def SchedExpandWholeInserts
    : Pass<"sched-expand-whole-inserts", "::mlir::func::FuncOp"> {
  let summary = "Rewrite inserts that fill a whole tensor as reshapes or as one insert";
  let description = [{
    Dropping unit dimensions (`fold_unit_extent_dims_via_slices`, which
    every materialized program applies) rewrites an op on a tensor with
    unit dimensions as the same op on a rank-reduced slice, inserted into a
    `tensor.empty` of the original shape. Bufferization gives that insert a
    buffer of its own and copies the op's result into it: a padded
    convolution tile was allocated twice and copied whole between the two
    on every tile. When the insert writes the whole empty tensor and only
    adds unit dimensions, it is a reshape: this pass rewrites it as
    `tensor.expand_shape`, which bufferizes to a view of the op's buffer.

    Before:
    ```mlir
    %e = tensor.empty(%d) : tensor<1x?x30x64xf32>
    %r = tensor.insert_slice %padded into %e[0, 0, 0, 0] [1, %d, 30, 64]
        [1, 1, 1, 1] : tensor<?x30x64xf32> into tensor<1x?x30x64xf32>
    ```
    After:
    ```mlir
    %r = tensor.expand_shape %padded [[0, 1], [2], [3]]
        output_shape [1, %d, 30, 64]
        : tensor<?x30x64xf32> into tensor<1x?x30x64xf32>
    ```

    Around an op it does not vectorize, the same rewrite leaves the op's
    result inserted into a slice of the tile, itself inserted back: an
    insert that overwrites a dynamically sized slice whole, which
    bufferization cannot tell, so it kept the slice's old contents in a
    buffer of its own, allocated, copied in and back on every tile. When
    the inner insert covers its destination (zero offsets, unit strides,
    the outer insert's sizes), the two become one rank-reducing insert.

    Before:
    ```mlir
    %s = tensor.extract_slice %t[%i, %j] [1, %n] [1, 1]
        : tensor<50x67xi32> to tensor<1x?xi32>
    %a = tensor.insert_slice %r into %s[0, 0] [1, %n] [1, 1]
        : tensor<?xi32> into tensor<1x?xi32>
    %b = tensor.insert_slice %a into %t[%i, %j] [1, %n] [1, 1]
        : tensor<1x?xi32> into tensor<50x67xi32>
    ```
    After:
    ```mlir
    %b = tensor.insert_slice %r into %t[%i, %j] [1, %n] [1, 1]
        : tensor<?xi32> into tensor<50x67xi32>
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def SchedHoistPartialAccumulators
    : Pass<"sched-hoist-partial-accumulators", "::mlir::func::FuncOp"> {
  let summary = "Keep partial register blocks' outputs in registers across "
                "their reduction loop";
  let description = [{
    A partial register block (a tile whose sizes are dynamic, from a split
    that does not divide its extent) carries its outputs through its
    reduction loop in a tensor of dynamic sizes. Tiling leaves a slice of
    that iter_arg covering all of it, and canonicalization cannot tell (the
    sizes are not constants), so the script's subset hoisting finds the
    whole slice overlapping each row's and keeps every row in memory: a
    load and a store of each output vector per reduction step. This pass
    folds such whole slices and inserts (their sizes proved equal to the
    iter_arg's by value bounds), resolves the `tensor.dim`s masks are built
    from, moves the masks of the outputs' transfers out of the loop (only
    those: moving all invariant code out kept more values live than there
    are registers), and hoists its invariant subsets: each row's slice,
    then its masked transfers, which leaves the outputs in vector
    iter_args. It hoists only out of loops of constant bounds that run,
    whose masked transfers are rows (a block masked in two dimensions ran
    1.4x slower carried) and those of a tensor all share one mask, indices
    and map: upstream pairs a read with a write whatever their masks. A
    generic's rows, put back through rank-expanding inserts, need
    `sched-expand-whole-inserts` first. With the script's partial blocks stepped row by row above
    their reduction loop where their rows are dynamic, the best of 32
    random programs of a 97x89x113 matmul ran 2.6x faster.

    Before:
    ```mlir
    %r = scf.for %k = %c0 to %c113 step %c1 iter_args(%acc = %tile)
        -> (tensor<10x?xf32>) {
      %whole = tensor.extract_slice %acc[0, 0] [10, %n] [1, 1]
          : tensor<10x?xf32> to tensor<10x?xf32>
      %row = tensor.extract_slice %acc[0, 0] [1, %n] [1, 1]
          : tensor<10x?xf32> to tensor<1x?xf32>
      %m = vector.create_mask %n : vector<32xi1>
      %v = vector.transfer_read %row[%c0, %c0], %pad, %m ...
      ...
      %w = vector.transfer_write %f, %row[%c0, %c0], %m ...
      %i = tensor.insert_slice %w into %whole[0, 0] [1, %n] [1, 1] ...
      ...
      %all = tensor.insert_slice %i9 into %acc[0, 0] [10, %n] [1, 1] ...
      scf.yield %all : tensor<10x?xf32>
    }
    ```
    After:
    ```mlir
    %m = vector.create_mask %n : vector<32xi1>
    %row = tensor.extract_slice %tile[0, 0] [1, %n] [1, 1] ...
    %v = vector.transfer_read %row[%c0, %c0], %pad, %m ...
    %r:10 = scf.for %k = %c0 to %c113 step %c1 iter_args(%a0 = %v, ...)
        -> (vector<32xf32>, ...) {
      ...
    }
    %w = vector.transfer_write %r#0, %row[%c0, %c0], %m ...
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::vector::VectorDialect"];
}

def SchedRetakeOverwrittenSlices
    : Pass<"sched-retake-overwritten-slices", "::mlir::func::FuncOp"> {
  let summary = "Take a slice a vector writes from where it goes";
  let description = [{
    A tile of several register blocks writes each block's accumulators
    into a slice of the tile taken before the others were put back: the
    slice comes from the tile as it was, the result goes into the tile as
    it is. One-shot bufferization cannot tell that the blocks are disjoint
    and gives such a slice a buffer of its own, copied in and back, on every
    tile (a fused tile of two blocks, a cache write's tile). When the write
    covers the whole slice, what the slice held does not matter: this pass
    takes it from the tensor it is inserted into, and bufferization then
    writes it in place. A write of part of the slice (a partial block's
    masked write, which keeps the other lanes) is retaken too when only
    slices disjoint from it (by value bounds) went into the tile since: the
    slice then holds the same elements in both.

    Before:
    ```mlir
    %b = tensor.extract_slice %t[0, 4, 0] [1, 4, 16] [1, 1, 1]
        : tensor<1x8x16xf32> to tensor<4x16xf32>
    %w = vector.transfer_write %v, %b[%c0, %c0] {in_bounds = [true, true]}
        : vector<4x16xf32>, tensor<4x16xf32>
    %r = tensor.insert_slice %w into %x[0, 4, 0] [1, 4, 16] [1, 1, 1]
        : tensor<4x16xf32> into tensor<1x8x16xf32>
    ```
    After: `%w` writes into `tensor.extract_slice %x[0, 4, 0] [1, 4, 16]
    [1, 1, 1]`.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def SchedBoundDynamicAllocs
    : Pass<"sched-bound-dynamic-allocs", "::mlir::func::FuncOp"> {
  let summary = "Allocate dynamically sized buffers at their constant bound";
  let description = [{
    A partial tile's buffer (a cache write's tile, a fused producer's
    intermediate) is allocated with the tile's dynamic size, so every
    stride but the innermost is dynamic. MLIR 22 then cannot tell which
    unit dimensions a rank-reducing `memref.subview` of it drops: its
    result type is inferred from the shape, while
    `expand-strided-metadata` matches strides and may pick another unit
    dimension (a decomposed NCHW convolution's block, `1x8x1x3` to `1x8x3`,
    failed to lower: "expected result type with size = 8 instead of 1").
    This pass allocates every dynamically sized buffer whose sizes have a
    constant upper bound (`ValueBoundsConstraintSet`; a partial tile's is
    its full tile) at that bound, and views the used part through a subview
    with static strides; the subviews taken of it are rebuilt on the new
    type. Buffers with an unbounded size, a bound over 64 MiB, or a use
    other than subviews, loads, stores, transfers, copies and linalg ops
    stay as they are.

    Before:
    ```mlir
    %d = affine.min affine_map<(i) -> (9, -i + 14)>(%i)
    %a = memref.alloc(%d) : memref<2x128x7x?xf32>
    ```
    After:
    ```mlir
    %b = memref.alloc() : memref<2x128x7x9xf32>
    %a = memref.subview %b[0, 0, 0, 0] [2, 128, 7, %d] [1, 1, 1, 1]
        : memref<2x128x7x9xf32> to memref<2x128x7x?xf32, strided<[8064, 63, 9, 1]>>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SchedForwardPaddedReads
    : Pass<"sched-forward-padded-reads", "::mlir::func::FuncOp"> {
  let summary = "Read a fused pad's vectors from its source, in place";
  let description = [{
    A pad fused into a tile (a padded convolution's input) is built per
    tile: upstream tiles `tensor.pad` into the padded window of a slice of
    its source, guarded by an `scf.if` that yields the pad value where the
    slice is empty, and the tile's vectors are read from that window.
    Bufferized, the window is a temporary buffer filled and copied per tile.
    This pass reads each such vector from the pad's source instead, a row
    (its innermost dimension) at a time: a row in the padding reads the
    source at index 0 along the padded dimensions and is replaced by the pad
    value (TVM's pad inlined into its consumer as an
    `if_then_else`). Once every read of a window is rewritten, the window is
    dead and no temporary is built for it.

    A window is rewritten only when all its uses (directly or through unit
    stride slices) are unmasked, in-bounds `vector.transfer_read`s whose
    innermost dimension walks a dimension without padding (the channels of
    a spatially padded NHWC convolution), of at most 256 rows, and its
    source has a static shape; otherwise it stays as it is.

    Before:
    ```mlir
    %w = scf.if %empty -> (tensor<1x4x30x64xf32>) {
      %z = tensor.generate { ... tensor.yield %cst : f32 } : tensor<1x4x30x64xf32>
      scf.yield %z : tensor<1x4x30x64xf32>
    } else {
      %s = tensor.extract_slice %in[0, %h, %w0, 0] [1, %nh, %nw, 64] [1, 1, 1, 1]
          : tensor<1x56x56x64xf32> to tensor<?x?x64xf32>
      %p = tensor.pad %s low[%lh, %lw, 0] high[...] { ... tensor.yield %cst : f32 }
      ...  // inserted into a 1x?x?x64 tensor, cast to 1x4x30x64
    }
    %t = tensor.extract_slice %w[0, %i, %j, %c] [1, 1, 14, 8] [1, 1, 1, 1]
        : tensor<1x4x30x64xf32> to tensor<1x14x8xf32>
    %v = vector.transfer_read %t[%c0, %c0, %c0], %cst {in_bounds = [true, true]}
        : tensor<1x14x8xf32>, vector<14x8xf32>
    ```
    After: `%v` is built from 14 reads of `vector<8xf32>` from `%in`, each
    selected against the pad value by whether its row is inside the window
    (one unsigned comparison per padded dimension, and the guard's
    condition false).
  }];
  let options = [
    Option<"constantRows", "constant-rows", "bool", /*default=*/"true",
           "Select rows of a constant pad value as slices of a constant "
           "tensor (a pointer select once bufferized, which keeps the "
           "consumer's broadcasts loads from memory on the CPU); off, as "
           "loaded vectors (for targets that cannot read a host constant)">
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def SchedForwardVectorTransfers
    : Pass<"sched-forward-vector-transfers", "::mlir::func::FuncOp"> {
  let summary = "Keep temporaries written and read back as vectors in registers";
  let description = [{
    A fused tile that is one register block (a convolution's accumulators
    before its fused bias and ReLU, a cache stage the size of the block) is
    written to a temporary buffer as a vector once its reduction is done,
    and read back as the same vector by the code that consumes it; bufferized,
    the buffer is allocated per tile. This pass folds the views of such
    buffers into the transfers that access them, forwards each write to the
    reads of the same elements that follow it (`vector::transferOpflowOpt`)
    and erases the buffers that are then never read, with their writes
    (`memref::eraseDeadAllocAndStores`). Views are folded only into the
    transfers of buffers accessed by transfers alone, each read after a
    write in its block: the accesses of others (a packed panel read in the
    inner loops) keep their address arithmetic. Forwarding and erasure are
    upstream's and apply to the whole function; they follow views and take
    any other use of a buffer for an access.

    First, a select between two views whose casts to a common type erased
    what their layouts share (bufferized, a row of
    `sched-forward-padded-reads`, from the source or from a constant row of
    the pad value, is cast to a fully dynamic stride, and read element by
    element) selects views of the layout they share instead.

    Before:
    ```mlir
    %a = memref.alloc() : memref<1x14x16xf32>
    vector.transfer_write %acc, %a[%c0, %c0, %c0] : vector<14x16xf32>, memref<1x14x16xf32>
    %v = memref.subview %a[0, 0, 0] [1, 14, 16] [1, 1, 1]
        : memref<1x14x16xf32> to memref<14x16xf32, strided<[16, 1]>>
    %r = vector.transfer_read %v[%c0, %c0], %f : memref<14x16xf32, strided<[16, 1]>>, vector<14x16xf32>
    ```
    After: `%r` is `%acc`, and the buffer is gone.
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::vector::VectorDialect"];
}

def SchedNormalizePayload
    : Pass<"sched-normalize-payload", "::mlir::ModuleOp"> {
  let summary = "Rewrite payload funcs into the form ansor schedules";
  let description = [{
    Applies the normalization every pass that reads payload funcs applies
    first (derivation, tuning, measuring, applying records, partitioning;
    `NormalizePayload.h`): tensors built without a destination become linalg
    ops, elementwise arith on tensors becomes `linalg.generic`, aggregated
    ops, concatenations, packs and unpacks are decomposed, elementwise chains
    are fused, scalars read from tensors become 0-d inputs, and so on. It
    shows the func a task key hashes and a schedule's nodes are numbered in.
    Normalizing a normalized func changes nothing.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def SchedCopyDuplicateResults
    : Pass<"sched-copy-duplicate-results", "::mlir::func::FuncOp"> {
  let summary = "Give every returned tensor its own value";
  let description = [{
    A func that returns the same tensor more than once (`return %c, %c`)
    crashes MLIR 22's `buffer-results-to-out-params`, which erases the
    hoisted allocation the first time and uses it the second. Before
    bufferization, this pass returns a `linalg.copy` of the tensor in
    place of each repeated occurrence, so each result gets its own buffer.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def SchedAllocReturnedReshapes
    : Pass<"sched-alloc-returned-reshapes", "::mlir::func::FuncOp"> {
  let summary = "Allocate a buffer returned through a reshape in its returned "
                "shape";
  let description = [{
    Runs after one-shot bufferization, before `buffer-results-to-out-params`.
    That pass writes a returned allocation in place into the caller's buffer
    (`hoist-static-allocs`) only when the func returns the allocation itself;
    one returned through a `memref.expand_shape` or `memref.collapse_shape`
    (a func that ends in a reshape: attention heads split, a flatten, a
    single-channel convolution computed in 2-D) was copied into the caller's
    buffer instead, a copy of the whole output per call. This pass
    allocates such a buffer (static, identity layout) in the returned shape
    and gives the allocation's other users the inverse reshape of it, so
    the func returns the allocation itself.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def SchedMapToGPU : Pass<"sched-map-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Turn bufferized block and thread foralls into GPU launches";
  let description = [{
    Runs after bufferization in `ansor-lower-gpu`. What no schedule placed on
    the GPU (a pad, a copy bufferization added, the whole untuned lowering)
    gets a default mapping: one thread per element of the three innermost
    parallel loops, a block's threads along one loop in a tile that divides
    it (at most 128; the innermost where that fills a warp), the loop with
    the most blocks on grid x. An op with nothing to spread over threads (a
    reduction to a scalar) or with an index upstream's tiling would slice in
    the wrong place (`j mod 3`, `w - k + 2`) runs in one thread of one
    block, slowly but correctly. A constant global (a dense weight of the
    payload) that a kernel reads is read inside its launch, so that
    outlining puts a copy in device memory. Buffers allocated inside a
    kernel become per-thread stack
    buffers (an error above 16 KiB), except buffers in workgroup memory
    (cache stages): those the block shares, so they become workgroup
    attributions of their `gpu.launch` (shared memory in PTX; an error above
    `max-shared-bytes` per block). Each top-level `scf.forall` mapped to
    `#gpu.block` then becomes a `gpu.launch` whose block size covers its
    nested `#gpu.thread` foralls (`transform.gpu.map_forall_to_blocks`,
    `map_nested_forall_to_threads`, which puts a barrier after each thread
    forall).
  }];
  let options = [
    Option<"maxSharedBytes", "max-shared-bytes", "int64_t",
           /*default=*/"48 * 1024",
           "Static shared memory one block may use (each buffer counted "
           "rounded up to 16 bytes, its alignment)">
  ];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::transform::TransformDialect"
  ];
}

def SchedHoistGPUAccumulators
    : Pass<"sched-hoist-gpu-accumulators", "::mlir::func::FuncOp"> {
  let summary = "Keep a GPU thread's accumulators in registers across a "
                "block's reduction steps";
  let description = [{
    After `sched-map-to-gpu`, in each `gpu.launch`: a `vector.transfer_read`
    in an `scf.for` body from a buffer defined outside the loop, at
    loop-invariant indices, with a matching `vector.transfer_write` later in
    the body, becomes a value the loop carries (read before the loop,
    written after it, followed by a barrier if the loop had one), provided
    the buffer is an argument or an allocation and no other op in the loop
    touches a view of it, a buffer not known to be distinct from it, or
    memory through undeclared effects. This is the accumulator tile of a
    staged node's thread, which the block's loop over reduction steps would
    otherwise reload and store back at every step. Distinct function
    arguments are taken to be distinct buffers (bufferization gives each
    tensor argument and each result its own).
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def SchedMergeGPUModules
    : Pass<"sched-merge-gpu-modules", "::mlir::ModuleOp"> {
  let summary = "Move every outlined kernel into one gpu.module";
  let description = [{
    `gpu-kernel-outlining` puts each kernel in a `gpu.module` of its own,
    and each becomes its own PTX module. This pass moves all kernels into
    the first `gpu.module` (renaming clashes) and points every
    `gpu.launch_func` at it, so a program's kernels are one PTX file.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def SchedGPUNoAliasArgs
    : Pass<"sched-gpu-noalias-args", "::mlir::ModuleOp"> {
  let summary = "Find the kernel buffer arguments that alias no other";
  let description = [{
    A kernel's buffer arguments are the function's arguments, its results
    and the buffers between kernels; unless the host passes two views of
    one buffer to the same launch, none overlaps another (the compiled
    function assumes, as tensor semantics give, that the buffers it is
    called with do not overlap). This pass traces every memref operand of
    every `gpu.launch_func` to its root (through view-like ops, to a block
    argument or an allocation) and lists, in the kernel's
    `sched.noalias_args` attribute, the positions its allocated and aligned
    pointers will have among the LLVM arguments (a memref of rank r passes
    3 + 2r values) of each argument that, at every launch, shares its root
    with no other. `sched-apply-noalias-args` marks them after the kernel's
    conversion to LLVM. Without the marks LLVM cannot keep an accumulator in
    a register across a loop that also reads an input (a column sum stored
    its partial sum to global memory at every step).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def SchedApplyNoAliasArgs
    : Pass<"sched-apply-noalias-args", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Mark the LLVM arguments sched-gpu-noalias-args found noalias";
  let description = [{
    On each `llvm.func` of a converted kernel module that carries
    `sched.noalias_args`, puts `llvm.noalias` on the arguments it lists and
    removes the list (upstream's conversion of a `gpu.func` drops
    `llvm.noalias` on memrefs passed as descriptors).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SchedNVVMSharedBuffers
    : Pass<"sched-nvvm-shared-buffers", "::mlir::gpu::GPUFuncOp"> {
  let summary = "Put a kernel's workgroup buffers in NVVM shared memory";
  let description = [{
    On outlined kernels, before their transfers are lowered: each workgroup
    attribution (a cache stage) gets NVVM's shared address space (3) in
    place of `#gpu.address_space<workgroup>` (which the NVVM conversion
    maps only inside itself) and 16-byte alignment (`llvm.align`), so
    128-bit vector loads and stores of it are legal.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def SchedGPUHostAllocs
    : Pass<"sched-gpu-host-allocs", "::mlir::func::FuncOp"> {
  let summary = "Allocate a GPU program's temporary buffers on the device";
  let description = [{
    After bufferization the buffers between a program's kernels (a producer
    not fused into its consumer, a softmax's row maxima) are `memref.alloc`s
    of the host function: host memory, which the kernels cannot address.
    This pass, on host functions after kernel outlining, turns each into a
    `gpu.alloc` freed by a `gpu.dealloc` before every return.
    `gpu-async-region` then threads them onto the function's stream, as
    the GPU-to-LLVM conversion needs. An allocation outside the entry
    block (in a loop or a branch) is refused: nothing schedules one there,
    and host loops would touch device memory. So is one whose elements the
    host reads or writes (anything but kernel launches and views).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // ANSOR_DIALECT_SCHED_TRANSFORMS_PASSES_TD
