//===- CostModel.h - the learned cost model ---------------------*- C++ -*-===//
//
// Ansor's cost model (paper section 5.2): gradient-boosted trees (XGBoost,
// through its C API) that score each statement of a program from its
// features, combined over the program's statements. Trained on normalized
// throughputs y = min_cost(task) / cost (0 for failed programs), weighted
// by y, so the model spends its capacity on the fast programs the search
// cares about. Two objectives (ModelObjective): Ansor's pack-sum, and a
// sum of statement times fitted in log space.
//
//===----------------------------------------------------------------------===//

#ifndef ANSOR_MODEL_COSTMODEL_H
#define ANSOR_MODEL_COSTMODEL_H

#include "ansor/Target/Target.h"
#include "mlir/Support/LLVM.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace ansor {

/// The feature rows of one program, `feature::kCount` values each.
struct ProgramFeatures {
  std::vector<float> rows;
  unsigned numRows = 0;
  /// The bytes of temporary buffers the program's steps allocate
  /// (getWorkspaceBytes); not a model input.
  int64_t workspaceBytes = 0;
};

/// How statement scores make a program's score, and the loss.
enum class ModelObjective {
  /// Ansor's: the program's score is the sum of its statements' margins,
  /// fitted to y by squared error.
  PackSum,
  /// The program's relative cost 1 / y is the sum of its statements'
  /// exp(margin) (each statement takes time, and the times add up), fitted
  /// by squared error of its log. Ranks the GPU dataset better (a program's
  /// time spans 4 orders of magnitude there), the CPU dataset alike; the
  /// score is the predicted y.
  LogSumExp,
};

/// The objective that ranks the programs of `target` (a target string) best
/// (docs/benchmarks.md, "A log-space objective"): log-sum-exp on a GPU,
/// pack-sum on a CPU.
ModelObjective getDefaultObjective(StringRef target);

/// The name a saved model and `ansor-model --objective` give `objective`.
StringRef stringifyObjective(ModelObjective objective);
std::optional<ModelObjective> parseObjective(StringRef name);

struct ModelOptions {
  ModelObjective objective = ModelObjective::PackSum;
  /// Boosting rounds of one training.
  unsigned rounds = 200;
  unsigned maxDepth = 10;
  double eta = 0.2;
  double gamma = 0.001;
  double minChildWeight = 0;
  /// L2 regularization of leaf values.
  double lambda = 1;
  double subsample = 1;
  double colsampleByTree = 1;
  unsigned seed = 43;
  /// Threads XGBoost may use (0: every core). Training is deterministic
  /// for a given thread count.
  unsigned threads = 0;
};

class XGBoostModel {
public:
  explicit XGBoostModel(ModelOptions options = {});
  ~XGBoostModel();
  XGBoostModel(XGBoostModel &&other);
  XGBoostModel &operator=(XGBoostModel &&other);

  /// Trains from scratch on `programs` with labels `y` (normalized
  /// throughputs); replaces any earlier model.
  LogicalResult train(ArrayRef<ProgramFeatures> programs, ArrayRef<double> y,
                      std::string &error);
  bool isTrained() const { return booster != nullptr; }
  /// The score of each program (higher is faster).
  FailureOr<std::vector<double>> predict(ArrayRef<ProgramFeatures> programs,
                                         std::string &error) const;

  ModelObjective getObjective() const { return options.objective; }

  /// Saves the model with the feature version, its objective and `target`.
  LogicalResult save(StringRef path, StringRef target,
                     std::string &error) const;
  /// Loads a model saved for the same feature version and `target` (any
  /// target when empty); refuses others.
  static FailureOr<XGBoostModel> load(StringRef path, StringRef target,
                                      std::string &error);

private:
  ModelOptions options;
  void *booster = nullptr;
};

} // namespace ansor
} // namespace mlir

#endif // ANSOR_MODEL_COSTMODEL_H
