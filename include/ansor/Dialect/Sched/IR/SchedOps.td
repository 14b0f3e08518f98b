//===- SchedOps.td - sched dialect operations --------------*- tablegen -*-===//

#ifndef ANSOR_DIALECT_SCHED_IR_SCHEDOPS_TD
#define ANSOR_DIALECT_SCHED_IR_SCHEDOPS_TD

include "ansor/Dialect/Sched/IR/SchedAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"

class Sched_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sched_Dialect, mnemonic, traits>;

def Sched_NodeArrayAttr : TypedArrayAttrBase<Sched_NodeAttr,
    "array of payload nodes">;
def Sched_SplitArrayAttr : TypedArrayAttrBase<Sched_SplitAttr,
    "array of loop splits">;

//===----------------------------------------------------------------------===//
// ScheduleOp
//===----------------------------------------------------------------------===//

def Sched_ScheduleOp : Sched_Op<"schedule", [
    Symbol, NoTerminator, SingleBlock, IsolatedFromAbove]> {
  let summary = "a schedule (sketch or complete program) for one payload func";
  let description = [{
    Names the payload `func.func` it applies to, the target it was derived
    for (an LLVM triple and CPU name, or a GPU chip), the payload's compute
    nodes in ComputeDAG order, and the derivation rules that produced it, in
    order. Its single block holds the schedule steps.

    A schedule whose tunable attributes are all set is complete and can be
    materialized; otherwise it is a sketch.

    ```mlir
    sched.schedule @mm_s0 for @mm target "x86_64-unknown-linux-gnu:znver3"
        nodes [#sched.node<"linalg.matmul", [64, 64, 64], [S, S, R]>]
        rules ["MultiLevelTiling"] {
      sched.tile node 0 structure #sched.structure<[S, S, R, S, R, S]>
          splits [#sched.split<[?, ?, ?, ?] of 64>,
                  #sched.split<[?, ?, ?, ?] of 64>, #sched.split<[?, ?] of 64>]
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       FlatSymbolRefAttr:$func,
                       StrAttr:$target,
                       Sched_NodeArrayAttr:$nodes,
                       StrArrayAttr:$rules);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name `for` $func `target` $target `nodes` $nodes `rules` $rules
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether every tunable attribute of every step is set.
    bool isComplete();
    /// The node attribute at `index`, or null when out of range.
    NodeAttr getNode(int64_t index);
    /// Whether a `sched.pack` step packs an input of node `node` (whose
    /// tiles must then divide their extents).
    bool isPacked(int64_t node);
  }];
}

//===----------------------------------------------------------------------===//
// Steps
//===----------------------------------------------------------------------===//

class Sched_StepOp<string mnemonic, list<Trait> traits = []>
    : Sched_Op<mnemonic, !listconcat(traits, [HasParent<"ScheduleOp">])> {
  let hasVerifier = 1;
}

def Sched_InlineOp : Sched_StepOp<"inline"> {
  let summary = "inline an elementwise node into its consumers";
  let description = [{
    Ansor's AlwaysInline: the node is not materialized on its own; each
    consumer recomputes it inside its own tiles. Only nodes whose loops are
    all spatial can be inlined.

    ```mlir
    sched.inline node 3
    ```
  }];
  let arguments = (ins I64Attr:$node);
  let assemblyFormat = "`node` $node attr-dict";
}

def Sched_TileOp : Sched_StepOp<"tile"> {
  let summary = "multi-level tiling of one node";
  let description = [{
    Splits every loop of the node into tile levels and reorders them as the
    structure says (Ansor's `SSRSRS` on CPU): a spatial loop gets one factor
    per `S` level, a reduction loop one per `R` level. The outermost `S`
    level is the parallel one, the innermost levels form the vectorized
    register block. Factors are tunable.

    ```mlir
    sched.tile node 1 structure #sched.structure<[S, S, R, S, R, S]>
        splits [#sched.split<[?, ?, ?, ?] of 512>,
                #sched.split<[?, ?, ?, ?] of 512>,
                #sched.split<[?, ?] of 512>]
    ```
  }];
  let arguments = (ins I64Attr:$node, Sched_StructureAttr:$structure,
                       Sched_SplitArrayAttr:$splits);
  let assemblyFormat =
      "`node` $node `structure` $structure `splits` $splits attr-dict";
}

def Sched_FuseConsumerOp : Sched_StepOp<"fuse_consumer"> {
  let summary = "compute a consumer inside a tile level of its producer";
  let description = [{
    Ansor's MultiLevelTilingWithFusion: the consumer node `node` is computed
    inside the tiles of node `into` (which has a `sched.tile` step), at the
    spatial tile level `level` (0 = outermost `S` level). The level is the
    compute-location tunable; every value of its domain must be an `S` level
    of the producer's tiling.

    ```mlir
    sched.fuse_consumer node 3 into 1 at #sched.choice<? in [0, 1, 2]>
    ```
  }];
  let arguments = (ins I64Attr:$node, I64Attr:$into, Sched_ChoiceAttr:$level);
  let assemblyFormat = "`node` $node `into` $into `at` $level attr-dict";
}

def Sched_CacheWriteOp : Sched_StepOp<"cache_write"> {
  let summary = "accumulate a node's output tile in a local buffer";
  let description = [{
    Ansor's AddCacheWrite: the node computes each output tile of its
    outermost tile level in a private buffer, written back once complete.

    ```mlir
    sched.cache_write node 1
    ```
  }];
  let arguments = (ins I64Attr:$node);
  let assemblyFormat = "`node` $node attr-dict";
}

def Sched_CacheReadOp : Sched_StepOp<"cache_read"> {
  let summary = "stage one input of a node in a faster memory (GPU)";
  let description = [{
    Ansor's AddCacheRead: input `operand` of the node is copied, tile by tile,
    into the memory `scope` (`"shared"` on GPU) before it is used. On a GPU,
    each block stages the part of the input its output tile reads for one
    step of the outermost reduction level, all its threads copying, and its
    threads compute from the stage.

    `access ... of T`, when given, is the operand's indexing map (node loops
    to operand dimensions) and element type: with them the sampler sizes the
    stage from the tile sizes alone and rejects tilings whose stages exceed
    the target's shared memory.

    ```mlir
    sched.cache_read node 1 operand 0 scope "shared"
        access affine_map<(d0, d1, d2) -> (d0, d2)> of f32
    ```
  }];
  let arguments = (ins I64Attr:$node, I64Attr:$operand, StrAttr:$scope,
                       OptionalAttr<AffineMapAttr>:$access,
                       OptionalAttr<TypeAttr>:$elementType);
  let assemblyFormat = [{
    `node` $node `operand` $operand `scope` $scope
    (`access` $access^ `of` $elementType)? attr-dict
  }];
}

def Sched_RfactorOp : Sched_StepOp<"rfactor"> {
  let summary = "factor a reduction loop into a parallel partial reduction";
  let description = [{
    Ansor's AddRfactor: reduction loop `loop` is split in two by a tunable
    factor; the partial results over the outer part are computed in parallel
    and then combined.

    ```mlir
    sched.rfactor node 0 loop 1 split #sched.split<[?, ?] of 4096>
    ```
  }];
  let arguments = (ins I64Attr:$node, I64Attr:$loop, Sched_SplitAttr:$split);
  let assemblyFormat = "`node` $node `loop` $loop `split` $split attr-dict";
}

def Sched_ParallelOp : Sched_StepOp<"parallel"> {
  let summary = "run the outer spatial tile loops in parallel";
  let description = [{
    The number of outermost spatial loops of the node's outermost tile level
    that are fused into one parallel loop (`scf.forall` on CPU); the others
    stay sequential. 0 leaves the node on one core: sketches offer it for
    nodes of at most 2^16 loop iterations, which a parallel loop's fork and
    join (a few microseconds with OpenMP) can cost more than it saves.
    Tunable.

    ```mlir
    sched.parallel node 1 loops #sched.choice<2 in [1, 2]>
    ```
  }];
  let arguments = (ins I64Attr:$node, Sched_ChoiceAttr:$loops);
  let assemblyFormat = "`node` $node `loops` $loops attr-dict";
}

def Sched_VectorizeOp : Sched_StepOp<"vectorize"> {
  let summary = "vectorize the innermost tile of a node";
  let description = [{
    The node's innermost tile (its register block) becomes vector code.

    ```mlir
    sched.vectorize node 1
    ```
  }];
  let arguments = (ins I64Attr:$node);
  let assemblyFormat = "`node` $node attr-dict";
}

def Sched_UnrollOp : Sched_StepOp<"unroll"> {
  let summary = "unroll the innermost loops of a node up to a step budget";
  let description = [{
    Ansor's `auto_unroll_max_step`: innermost loops of the node whose total
    trip count is at most the selected value are unrolled completely (`0`
    disables unrolling). Tunable.

    ```mlir
    sched.unroll node 1 max_step #sched.choice<? in [0, 16, 64, 512]>
    ```
  }];
  let arguments = (ins I64Attr:$node, Sched_ChoiceAttr:$max_step);
  let assemblyFormat = "`node` $node `max_step` $max_step attr-dict";
}

def Sched_BindOp : Sched_StepOp<"bind"> {
  let summary = "bind spatial tile levels to GPU blocks, vthreads and threads";
  let description = [{
    Maps spatial tile levels of the node's tiling (0 = outermost `S` level)
    to `blockIdx`, virtual threads (optional) and `threadIdx`, outermost
    first. The loops of the block level with more than one tile become the
    grid's dimensions and those of the thread level the block's (x for the
    innermost such loop, then y, z); a virtual-thread level is run by every
    thread in turn, its tiles interleaved with the threads' as TVM's vthread
    does. The spatial levels after the thread level run inside each thread.

    ```mlir
    sched.bind node 1 block 0 vthread 1 thread 2
    sched.bind node 4 block 0 thread 1
    ```
  }];
  let arguments = (ins I64Attr:$node, I64Attr:$block,
                       OptionalAttr<I64Attr>:$vthread, I64Attr:$thread);
  let assemblyFormat =
      "`node` $node `block` $block (`vthread` $vthread^)? `thread` $thread attr-dict";
}

def Sched_PackOp : Sched_StepOp<"pack"> {
  let summary = "copy an input of a tiled node into panels of its register block";
  let description = [{
    Input `operand` of the node is read through a packed copy whose innermost
    dimension is one register tile of spatial loop `loop` (the loop of the
    output's contiguous dimension) and whose outermost dimension counts those
    tiles: a matmul's `B[K][N]` becomes `B[N/n0][K][n0]` for a register block
    `n0` wide, so the micro-kernel streams it contiguously instead of reading
    `n0` elements per row of `N`. The node's output is viewed through the same
    tiling of `loop` without a copy. `level` is tunable: `0` packs the whole
    operand once, in a parallel loop of its own before the node; `1` packs,
    inside each outer parallel tile of the node, the part that tile reads.
    The tiling of `loop` must divide its extent.

    ```mlir
    sched.pack node 1 operand 1 loop 1 at #sched.choice<? in [0, 1]>
    ```
  }];
  let arguments = (ins I64Attr:$node, I64Attr:$operand, I64Attr:$loop,
                       Sched_ChoiceAttr:$level);
  let assemblyFormat =
      "`node` $node `operand` $operand `loop` $loop `at` $level attr-dict";
}

def Sched_LayoutRewriteOp : Sched_StepOp<"layout_rewrite"> {
  let summary = "pack a constant input of a node into its tile layout";
  let description = [{
    Input `operand` of the node (a weight known at compile time) is stored
    packed in the order its tiles are read.

    ```mlir
    sched.layout_rewrite node 1 operand 1
    ```
  }];
  let arguments = (ins I64Attr:$node, I64Attr:$operand);
  let assemblyFormat = "`node` $node `operand` $operand attr-dict";
}

#endif // ANSOR_DIALECT_SCHED_IR_SCHEDOPS_TD
