//===- XGBoostModel.cpp - the learned cost model --------------------------===//

#include "ansor/Features/Features.h"
#include "ansor/Model/CostModel.h"
#include <cmath>
#include <limits>
#include <xgboost/c_api.h>

using namespace mlir;
using namespace mlir::ansor;

ModelObjective mlir::ansor::getDefaultObjective(StringRef target) {
  return Target::namesGPU(target) ? ModelObjective::LogSumExp
                                  : ModelObjective::PackSum;
}

StringRef mlir::ansor::stringifyObjective(ModelObjective objective) {
  return objective == ModelObjective::PackSum ? "pack-sum" : "log-sum-exp";
}

std::optional<ModelObjective> mlir::ansor::parseObjective(StringRef name) {
  if (name == "pack-sum")
    return ModelObjective::PackSum;
  if (name == "log-sum-exp")
    return ModelObjective::LogSumExp;
  return std::nullopt;
}

/// Labels and weights below this (failed programs have y = 0) count as it:
/// the log objective needs a finite target, and either a weight above 0.
static constexpr double kMinY = 1e-4;

static bool check(int status, std::string &error, StringRef what) {
  if (status == 0)
    return true;
  error = (what + ": " + XGBGetLastError()).str();
  return false;
}

XGBoostModel::XGBoostModel(ModelOptions options) : options(options) {}

XGBoostModel::~XGBoostModel() {
  if (booster)
    XGBoosterFree(booster);
}

XGBoostModel::XGBoostModel(XGBoostModel &&other)
    : options(other.options), booster(other.booster) {
  other.booster = nullptr;
}

XGBoostModel &XGBoostModel::operator=(XGBoostModel &&other) {
  if (this != &other) {
    if (booster)
      XGBoosterFree(booster);
    options = other.options;
    booster = other.booster;
    other.booster = nullptr;
  }
  return *this;
}

namespace {
/// A DMatrix of the rows of some programs, freed on scope exit.
struct Matrix {
  DMatrixHandle handle = nullptr;
  ~Matrix() {
    if (handle)
      XGDMatrixFree(handle);
  }
};
} // namespace

static bool makeMatrix(ArrayRef<ProgramFeatures> programs, Matrix &matrix,
                       std::vector<unsigned> &owner, std::string &error) {
  std::vector<float> data;
  for (auto [index, p] : llvm::enumerate(programs)) {
    data.insert(data.end(), p.rows.begin(), p.rows.end());
    owner.insert(owner.end(), p.numRows, index);
  }
  if (owner.empty()) {
    error = "no feature rows";
    return false;
  }
  return check(XGDMatrixCreateFromMat(data.data(), owner.size(),
                                      feature::kCount, NAN, &matrix.handle),
               error, "creating the feature matrix");
}

/// Ansor's pack-sum objective: the prediction of a program is the sum of
/// its rows' margins; squared error against y, weighted by y. The loss's
/// Hessian in a program's k row margins is w * 1 1^T, not the diagonal
/// w * I: when a tree puts the k rows in one leaf, the step with hessian w
/// per row moves the sum k times too far, and with k * eta > 2 (a softmax
/// has 7 to 11 statements) training diverges. k * w per row bounds that
/// Hessian (w 1 1^T <= k w I), so no step overshoots.
static void packSumGradients(ArrayRef<ProgramFeatures> programs,
                             ArrayRef<unsigned> owner, ArrayRef<double> y,
                             ArrayRef<float> margins, std::vector<float> &grad,
                             std::vector<float> &hess) {
  std::vector<double> sums(programs.size(), 0.0);
  for (auto [r, margin] : llvm::enumerate(margins))
    sums[owner[r]] += margin;
  for (size_t r = 0; r < owner.size(); ++r) {
    double weight = std::max(y[owner[r]], 1e-3);
    grad[r] = (sums[owner[r]] - y[owner[r]]) * weight;
    hess[r] = weight * programs[owner[r]].numRows;
  }
}

/// The log of each program's sum of exp(row margin), and each row's share
/// of that sum.
static std::vector<double> logSumExp(size_t numPrograms,
                                     ArrayRef<unsigned> owner,
                                     ArrayRef<float> margins,
                                     std::vector<double> *shares = nullptr) {
  std::vector<double> largest(numPrograms,
                              -std::numeric_limits<double>::infinity());
  for (auto [r, margin] : llvm::enumerate(margins))
    largest[owner[r]] = std::max<double>(largest[owner[r]], margin);
  std::vector<double> sums(numPrograms, 0.0), exps(margins.size());
  for (auto [r, margin] : llvm::enumerate(margins)) {
    exps[r] = std::exp(margin - largest[owner[r]]);
    sums[owner[r]] += exps[r];
  }
  if (shares) {
    shares->resize(margins.size());
    for (size_t r = 0; r < margins.size(); ++r)
      (*shares)[r] = exps[r] / sums[owner[r]];
  }
  for (size_t p = 0; p < numPrograms; ++p)
    sums[p] = largest[p] + std::log(sums[p]);
  return sums;
}

/// A program's log relative cost L = log sum_i exp(m_i) against
/// t = -log y, squared, weighted by y. The gradient in m_i is
/// w (L - t) s_i with s_i = exp(m_i - L); the Gauss-Newton Hessian
/// w s s^T is bounded by w diag(s) (the shares sum to 1), so a leaf holding
/// all of a program's rows moves L by exactly its residual.
static void logSumExpGradients(size_t numPrograms, ArrayRef<unsigned> owner,
                               ArrayRef<double> y, ArrayRef<float> margins,
                               std::vector<float> &grad,
                               std::vector<float> &hess) {
  std::vector<double> shares;
  std::vector<double> logCost = logSumExp(numPrograms, owner, margins, &shares);
  for (size_t r = 0; r < owner.size(); ++r) {
    double label = std::max(y[owner[r]], kMinY);
    double residual = logCost[owner[r]] + std::log(label);
    grad[r] = label * residual * shares[r];
    hess[r] = label * shares[r] + 1e-9;
  }
}

LogicalResult XGBoostModel::train(ArrayRef<ProgramFeatures> programs,
                                  ArrayRef<double> y, std::string &error) {
  Matrix train;
  std::vector<unsigned> owner;
  if (!makeMatrix(programs, train, owner, error))
    return failure();
  BoosterHandle handle = nullptr;
  if (!check(XGBoosterCreate(&train.handle, 1, &handle), error,
             "creating the booster"))
    return failure();
  std::string threads = std::to_string(options.threads);
  std::pair<const char *, std::string> params[] = {
      {"max_depth", std::to_string(options.maxDepth)},
      {"eta", std::to_string(options.eta)},
      {"gamma", std::to_string(options.gamma)},
      {"min_child_weight", std::to_string(options.minChildWeight)},
      {"lambda", std::to_string(options.lambda)},
      {"subsample", std::to_string(options.subsample)},
      {"colsample_bytree", std::to_string(options.colsampleByTree)},
      {"seed", std::to_string(options.seed)},
      {"base_score", "0"},
      {"tree_method", "hist"},
      {"verbosity", "0"},
      {"disable_default_eval_metric", "1"},
      {"nthread", threads}};
  for (auto &[key, value] : params)
    if (options.threads != 0 || StringRef(key) != "nthread")
      if (!check(XGBoosterSetParam(handle, key, value.c_str()), error,
                 "setting " + std::string(key))) {
        XGBoosterFree(handle);
        return failure();
      }
  std::vector<float> grad(owner.size()), hess(owner.size());
  std::vector<float> zeros(owner.size(), 0.0f);
  for (unsigned round = 0; round < options.rounds; ++round) {
    bst_ulong length = owner.size();
    const float *margins = zeros.data();
    if (round > 0 &&
        !check(XGBoosterPredict(handle, train.handle, /*output_margin=*/1, 0,
                                /*training=*/1, &length, &margins),
               error, "predicting")) {
      XGBoosterFree(handle);
      return failure();
    }
    if (options.objective == ModelObjective::PackSum)
      packSumGradients(programs, owner, y, ArrayRef(margins, length), grad,
                       hess);
    else
      logSumExpGradients(programs.size(), owner, y, ArrayRef(margins, length),
                         grad, hess);
    if (!check(XGBoosterBoostOneIter(handle, train.handle, grad.data(),
                                     hess.data(), owner.size()),
               error, "boosting")) {
      XGBoosterFree(handle);
      return failure();
    }
  }
  if (booster)
    XGBoosterFree(booster);
  booster = handle;
  return success();
}

FailureOr<std::vector<double>>
XGBoostModel::predict(ArrayRef<ProgramFeatures> programs,
                      std::string &error) const {
  std::vector<double> scores(programs.size(), 0.0);
  if (programs.empty())
    return scores;
  if (!booster) {
    error = "the model is not trained";
    return failure();
  }
  Matrix matrix;
  std::vector<unsigned> owner;
  if (!makeMatrix(programs, matrix, owner, error))
    return failure();
  bst_ulong length = 0;
  const float *margins = nullptr;
  if (!check(
          XGBoosterPredict(booster, matrix.handle, 1, 0, 0, &length, &margins),
          error, "predicting"))
    return failure();
  if (options.objective == ModelObjective::LogSumExp) {
    std::vector<double> logCost =
        logSumExp(programs.size(), owner, ArrayRef(margins, length));
    // A program without statements (none in practice) scores 0, as with
    // pack-sum, rather than exp(-log 0).
    for (auto [score, cost] : llvm::zip_equal(scores, logCost))
      score = std::isfinite(cost) ? std::exp(-cost) : 0.0;
    return scores;
  }
  for (size_t r = 0; r < length; ++r)
    scores[owner[r]] += margins[r];
  return scores;
}

static constexpr const char *kVersionAttr = "ansor_feature_version";
static constexpr const char *kTargetAttr = "ansor_target";
static constexpr const char *kObjectiveAttr = "ansor_objective";

LogicalResult XGBoostModel::save(StringRef path, StringRef target,
                                 std::string &error) const {
  if (!booster) {
    error = "the model is not trained";
    return failure();
  }
  std::string version = std::to_string(kFeatureVersion);
  if (!check(XGBoosterSetAttr(booster, kVersionAttr, version.c_str()), error,
             "stamping the model") ||
      !check(XGBoosterSetAttr(booster, kTargetAttr, target.str().c_str()),
             error, "stamping the model") ||
      !check(XGBoosterSetAttr(booster, kObjectiveAttr,
                              stringifyObjective(options.objective).data()),
             error, "stamping the model") ||
      !check(XGBoosterSaveModel(booster, path.str().c_str()), error,
             "saving the model to '" + path.str() + "'"))
    return failure();
  return success();
}

FailureOr<XGBoostModel> XGBoostModel::load(StringRef path, StringRef target,
                                           std::string &error) {
  XGBoostModel model;
  BoosterHandle handle = nullptr;
  if (!check(XGBoosterCreate(nullptr, 0, &handle), error,
             "creating the booster"))
    return failure();
  model.booster = handle;
  if (!check(XGBoosterLoadModel(handle, path.str().c_str()), error,
             "loading the model '" + path.str() + "'"))
    return failure();
  auto attr = [&](const char *key) -> std::string {
    const char *value = nullptr;
    int success = 0;
    if (XGBoosterGetAttr(handle, key, &value, &success) != 0 || !success ||
        !value)
      return "";
    return value;
  };
  std::string version = attr(kVersionAttr);
  if (version != std::to_string(kFeatureVersion)) {
    error = "model '" + path.str() + "' was trained on feature version " +
            (version.empty() ? std::string("(none)") : version) +
            "; this build extracts version " + std::to_string(kFeatureVersion) +
            ": retrain it";
    return failure();
  }
  std::string modelTarget = attr(kTargetAttr);
  if (!target.empty() && modelTarget != target) {
    error = "model '" + path.str() + "' was trained for target '" +
            modelTarget + "', not '" + target.str() + "'";
    return failure();
  }
  // Models saved before the objective was stamped are pack-sum models.
  std::string objective = attr(kObjectiveAttr);
  std::optional<ModelObjective> parsed =
      objective.empty() ? ModelObjective::PackSum : parseObjective(objective);
  if (!parsed) {
    error = "model '" + path.str() +
            "' was trained with an unknown objective '" + objective + "'";
    return failure();
  }
  model.options.objective = *parsed;
  return model;
}
