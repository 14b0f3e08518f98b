//===- SchedAttrs.td - sched dialect attributes ------------*- tablegen -*-===//

#ifndef ANSOR_DIALECT_SCHED_IR_SCHEDATTRS_TD
#define ANSOR_DIALECT_SCHED_IR_SCHEDATTRS_TD

include "ansor/Dialect/Sched/IR/SchedDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Sched_LoopKind : I32EnumAttr<"LoopKind", "kind of a loop or tile level", [
    I32EnumAttrCase<"S", 0>,
    I32EnumAttrCase<"R", 1>
  ]> {
  let cppNamespace = "::mlir::sched";
  let genSpecializedAttr = 0;
}

class Sched_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Sched_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// SplitAttr
//===----------------------------------------------------------------------===//

def Sched_SplitAttr : Sched_Attr<"Split", "split"> {
  let summary = "tunable factorization of one loop into tile levels";
  let description = [{
    The factors, outermost first, into which a loop of extent `extent` is
    split, one per tile level of its kind. `?` is an unset factor. The tile
    of level `l > 0` spans the product of the factors from `l` inwards; the
    outermost factor counts the level-0 tiles, `ceil(extent / tile)`. When
    the tile does not divide the extent the last level-0 tile is partial
    (TVM's split semantics): the materializer peels the partial register
    blocks and vectorizes them with masks. While some factors are unset, the
    set factors multiply to at most the extent, and to a divisor of it when
    the outermost factor is one of them.

    ```mlir
    #sched.split<[?, ?, ?, ?] of 1024>   // a sketch
    #sched.split<[4, 8, 2, 16] of 1024>  // an annotation
    #sched.split<[39, 2, 1, 6] of 457>   // 12-row tiles, the last has 1 row
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$factors,
                        "int64_t":$extent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The value an unset factor holds.
    static constexpr int64_t kUnset = -1;
    /// Whether every factor is set.
    bool isComplete() const;
    /// The product of the factors from `level` (inclusive) inwards; every one
    /// of them must be set.
    int64_t getInnerProduct(unsigned level) const;
    /// Whether the level-0 tile does not divide the extent (complete splits
    /// only): the last level-0 tile is partial.
    bool hasPartialTile() const;
  }];
}

//===----------------------------------------------------------------------===//
// ChoiceAttr
//===----------------------------------------------------------------------===//

def Sched_ChoiceAttr : Sched_Attr<"Choice", "choice"> {
  let summary = "tunable choice of one integer from a finite domain";
  let description = [{
    An integer chosen from `domain`; `?` while unset.

    ```mlir
    #sched.choice<? in [0, 16, 64, 512]>   // unset
    #sched.choice<64 in [0, 16, 64, 512]>  // selected
    ```
  }];
  let parameters = (ins "std::optional<int64_t>":$selected,
                        ArrayRefParameter<"int64_t">:$domain);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isComplete() const { return getSelected().has_value(); }
  }];
}

//===----------------------------------------------------------------------===//
// StructureAttr
//===----------------------------------------------------------------------===//

def Sched_StructureAttr : Sched_Attr<"Structure", "structure"> {
  let summary = "multi-level tiling structure, outermost level first";
  let description = [{
    The tile levels of a multi-level tiling, outermost first: `S` levels
    split the spatial loops, `R` levels the reduction loops. Ansor's CPU
    structure is `[S, S, R, S, R, S]`, its GPU one `[S, S, S, R, R, S, R, S]`.
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::sched::LoopKind">:$levels);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of levels of the given kind.
    unsigned count(LoopKind kind) const;
  }];
}

//===----------------------------------------------------------------------===//
// NodeAttr
//===----------------------------------------------------------------------===//

def Sched_NodeAttr : Sched_Attr<"Node", "node"> {
  let summary = "one compute node of the payload: its op and loops";
  let description = [{
    The payload op's name, the extents of its loops and their kinds (`S`
    spatial, `R` reduction), as the ComputeDAG analysis found them. A
    schedule lists its nodes so that its steps can be checked without the
    payload.

    ```mlir
    #sched.node<"linalg.matmul", [512, 512, 512], [S, S, R]>
    ```
  }];
  let parameters = (ins StringRefParameter<>:$opName,
                        ArrayRefParameter<"int64_t">:$extents,
                        ArrayRefParameter<"::mlir::sched::LoopKind">:$kinds);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // ANSOR_DIALECT_SCHED_IR_SCHEDATTRS_TD
