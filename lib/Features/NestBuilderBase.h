//===- NestBuilderBase.h - what CPU and GPU loop nests share -*- C++ -*-===//
//
// The buffers of a loop nest and the accesses of a node's statement to them,
// shared by the loop nests of CPU schedules (LoopNest.cpp) and of GPU
// schedules (GPULoopNest.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_LIB_FEATURES_NESTBUILDERBASE_H
#define ANSOR_LIB_FEATURES_NESTBUILDERBASE_H

#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Features/LoopNest.h"

namespace mlir {
namespace ansor {
namespace detail {

/// The coefficient of each dimension in each result of `map` (divisions and
/// modulos count as their dividend).
SmallVector<SmallVector<int64_t>> coefficientsOf(AffineMap map);

/// A loop of a node's tiling: which loop of the node, its step in that
/// loop's iterator and its trip count.
struct LoopSpec {
  unsigned loop;
  int64_t step;
  int64_t extent;
  LoopAnnotation annotation = LoopAnnotation::None;
  bool reduction = false;

  /// The loop over the node's unpacked domain of `numLoops` iterators.
  NestLoop unpacked(unsigned numLoops) const {
    NestLoop result;
    result.extent = extent;
    result.annotation = annotation;
    result.reduction = reduction;
    result.delta.assign(numLoops, 0);
    result.delta[loop] = step;
    return result;
  }
};

class NestBuilderBase {
protected:
  explicit NestBuilderBase(const ComputeDAG &dag) : dag(dag) {}

  unsigned bufferOf(Value value);
  /// A buffer the program allocates.
  unsigned addTemporary(const Twine &name, ArrayRef<int64_t> shape,
                        Type elementType);
  /// The node's accesses: inputs read, inits written (read too when the
  /// body reads them). `replace` maps operand numbers to other buffers.
  void addNodeAccesses(Statement &s, unsigned node,
                       const DenseMap<unsigned, unsigned> &replace =
                           DenseMap<unsigned, unsigned>());
  /// Marks the intermediates between nodes as workspace and hands the nest
  /// over.
  LoopNest finish();

  const ComputeDAG &dag;
  LoopNest nest;
  DenseMap<Value, unsigned> buffers;
};

} // namespace detail
} // namespace ansor
} // namespace mlir

#endif // ANSOR_LIB_FEATURES_NESTBUILDERBASE_H
