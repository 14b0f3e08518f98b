//===- Partition.cpp - split a network into subgraph tasks ----------------===//

#include "ansor/Tuner/Partition.h"
#include "ansor/Analysis/ComputeDAG/ComputeDAG.h"
#include "ansor/Analysis/ComputeDAG/NormalizePayload.h"
#include "ansor/Tuner/SearchTask.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::ansor;

/// A compute-heavy op: a linalg op that reduces (matmul, convolution,
/// pooling, reductions). Each one anchors a subgraph.
static bool isAnchor(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumReductionLoops() > 0;
}

/// Ops cheap enough to be recomputed in every subgraph that uses them rather
/// than passed in: constants, empty tensors, and fills of those.
static bool isRematerializable(Operation *op) {
  if (!op)
    return false;
  if (isa<arith::ConstantOp, tensor::EmptyOp>(op))
    return true;
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return llvm::all_of(fill->getOperands(), [](Value v) {
      return isRematerializable(v.getDefiningOp());
    });
  return false;
}

/// Ops a subgraph may absorb besides its anchor: pads and all-parallel
/// linalg ops that are not rematerialized.
static bool isFusible(Operation *op) {
  if (!op || isRematerializable(op))
    return false;
  if (isa<tensor::PadOp>(op))
    return true;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumReductionLoops() == 0 &&
         linalgOp.hasPureTensorSemantics();
}

namespace {
/// Assigns the ops of one func to subgraphs.
class Grouping {
public:
  explicit Grouping(func::FuncOp func) : func(func) {}

  /// The subgraphs, each in block order.
  SmallVector<SmallVector<Operation *>> build();

private:
  /// The single op that uses all of `op`'s results, if any.
  static Operation *getSoleUser(Operation *op);
  void absorbProducers(Operation *anchor, unsigned group);
  void absorbConsumers(Operation *head, unsigned group);

  func::FuncOp func;
  llvm::DenseMap<Operation *, unsigned> groupOf;
  unsigned numGroups = 0;
};
} // namespace

Operation *Grouping::getSoleUser(Operation *op) {
  if (op->getNumResults() != 1 || !op->getResult(0).hasOneUse())
    return nullptr;
  return *op->getResult(0).getUsers().begin();
}

// A producer joins its consumer's subgraph only when that is its sole user:
// nothing else then depends on it, so the subgraph stays convex.
void Grouping::absorbProducers(Operation *anchor, unsigned group) {
  SmallVector<Operation *> worklist = {anchor};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!isFusible(def) || groupOf.count(def) || getSoleUser(def) != op ||
          def->getBlock() != op->getBlock())
        continue;
      groupOf[def] = group;
      worklist.push_back(def);
    }
  }
}

// Elementwise consumers chain while each link is the sole user of the
// previous one's result: the subgraph's only output is then the last link's.
void Grouping::absorbConsumers(Operation *head, unsigned group) {
  for (Operation *user = getSoleUser(head);
       user && isFusible(user) && !isa<tensor::PadOp>(user) &&
       !groupOf.count(user) && user->getBlock() == head->getBlock();
       user = getSoleUser(user))
    groupOf[user] = group;
}

SmallVector<SmallVector<Operation *>> Grouping::build() {
  Block &body = func.getBody().front();
  for (Operation &op : body)
    if (isAnchor(&op)) {
      unsigned group = numGroups++;
      groupOf[&op] = group;
      absorbProducers(&op, group);
      absorbConsumers(&op, group);
    }
  // What is left (elementwise ops no anchor absorbed, pads) is grouped into
  // chains the same way.
  for (Operation &op : body)
    if (isFusible(&op) && !groupOf.count(&op)) {
      unsigned group = numGroups++;
      groupOf[&op] = group;
      absorbConsumers(&op, group);
    }
  SmallVector<SmallVector<Operation *>> groups(numGroups);
  for (Operation &op : body)
    if (auto it = groupOf.find(&op); it != groupOf.end())
      groups[it->second].push_back(&op);
  return groups;
}

/// The func name of a subgraph: its anchor's op name without the dialect.
static std::string getBaseName(ArrayRef<Operation *> ops) {
  Operation *anchor = ops.front();
  for (Operation *op : ops)
    if (isAnchor(op))
      anchor = op;
  StringRef name = anchor->getName().stripDialect();
  std::string base;
  for (char c : name)
    base += llvm::isAlnum(c) ? c : '_';
  return base;
}

namespace {
/// Outlines subgraphs of one func into funcs of the module, sharing one
/// func between structurally identical subgraphs.
class Outliner {
public:
  Outliner(ModuleOp module, llvm::StringMap<func::FuncOp> &byStructure)
      : module(module), symbols(module), byStructure(byStructure) {}

  LogicalResult outline(ArrayRef<Operation *> ops);

private:
  /// Clones `value`'s rematerializable definition (and its operands'), once.
  Value rematerialize(Value value, OpBuilder &builder, IRMapping &mapping);

  ModuleOp module;
  SymbolTable symbols;
  llvm::StringMap<func::FuncOp> &byStructure;
  llvm::StringMap<unsigned> counters;
};
} // namespace

Value Outliner::rematerialize(Value value, OpBuilder &builder,
                              IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  Operation *def = value.getDefiningOp();
  for (Value operand : def->getOperands())
    rematerialize(operand, builder, mapping);
  builder.clone(*def, mapping);
  return mapping.lookup(value);
}

LogicalResult Outliner::outline(ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Operation *, 16> inGroup(ops.begin(), ops.end());
  // The subgraph's inputs: values it uses that it does not define, except
  // those it recomputes.
  llvm::SetVector<Value> used;
  for (Operation *op : ops) {
    used.insert(op->getOperands().begin(), op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), used);
  }
  SmallVector<Value> inputs;
  for (Value value : used) {
    Operation *def = value.getDefiningOp();
    if ((def && inGroup.contains(def)) || isRematerializable(def))
      continue;
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if ((!type || !type.hasStaticShape()) &&
        !isMeasurableScalar(value.getType())) {
      const auto *user = llvm::find_if(ops, [&](Operation *op) {
        return llvm::is_contained(op->getOperands(), value);
      });
      return (user != ops.end() ? *user : ops.front())->emitError()
             << "cannot outline this op into a subgraph task: it uses a value "
                "of type "
             << value.getType()
             << " defined outside its subgraph, and tasks take static-shaped "
                "tensors and integer or float scalars only";
    }
    inputs.push_back(value);
  }
  SmallVector<Value> outputs;
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !inGroup.contains(user);
          }))
        outputs.push_back(result);
  if (outputs.empty())
    return success(); // Dead code: nothing to outline.

  MLIRContext *ctx = module.getContext();
  Operation *last = ops.back();
  OpBuilder builder(ctx);
  builder.setInsertionPoint(last->getParentOfType<func::FuncOp>());
  auto func =
      func::FuncOp::create(builder, last->getLoc(), "subgraph",
                           FunctionType::get(ctx, ValueRange(inputs).getTypes(),
                                             ValueRange(outputs).getTypes()));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);
  IRMapping mapping;
  mapping.map(inputs, entry->getArguments());
  for (Value value : used)
    if (isRematerializable(value.getDefiningOp()))
      rematerialize(value, builder, mapping);
  for (Operation *op : ops)
    builder.clone(*op, mapping);
  SmallVector<Value> results;
  for (Value output : outputs)
    results.push_back(mapping.lookup(output));
  func::ReturnOp::create(builder, last->getLoc(), results);

  std::string structure = printTaskStructure(func);
  auto [it, inserted] = byStructure.try_emplace(structure, func);
  if (inserted) {
    std::string base = getBaseName(ops);
    std::string name;
    do
      name = base + "_" + std::to_string(counters[base]++);
    while (symbols.lookup(name));
    func.setSymName(name);
    symbols.insert(func);
  } else {
    func.erase();
    func = it->second;
  }

  builder.setInsertionPoint(last);
  auto call = func::CallOp::create(builder, last->getLoc(), func, inputs);
  for (auto [output, result] : llvm::zip_equal(outputs, call.getResults()))
    output.replaceAllUsesWith(result);
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  return success();
}

/// Erases ops of `func` left without uses (the rematerialized ones).
static void eraseDeadOps(func::FuncOp func) {
  Block &body = func.getBody().front();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isRematerializable(&op) && op.use_empty())
      op.erase();
}

LogicalResult mlir::ansor::partitionModule(ModuleOp module) {
  normalizePayloads(module);
  SmallVector<func::FuncOp> funcs;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && func.getBody().hasOneBlock())
      funcs.push_back(func);
  llvm::StringMap<func::FuncOp> byStructure;
  Outliner outliner(module, byStructure);
  for (func::FuncOp func : funcs) {
    SmallVector<SmallVector<Operation *>> groups = Grouping(func).build();
    // A func that is one subgraph is a task already, unless it calls funcs:
    // then it is a network, whose own ops only an outlined task gets tuned.
    if (groups.size() < 2 &&
        (groups.empty() || func.getOps<func::CallOp>().empty()))
      continue;
    for (ArrayRef<Operation *> group : groups)
      if (failed(outliner.outline(group)))
        return failure();
    eraseDeadOps(func);
  }
  return success();
}

unsigned mlir::ansor::countSubgraphs(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return 0;
  return Grouping(func).build().size();
}

NetworkTasks mlir::ansor::collectNetworkTasks(ModuleOp module) {
  NetworkTasks result;
  SymbolTable symbols(module);
  llvm::SmallPtrSet<Operation *, 16> called;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    func.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal())
        return;
      ++result.networks[func][callee.getSymName()];
      called.insert(callee);
    });
  }
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || result.networks.count(func))
      continue;
    result.tasks.push_back(func);
    if (!called.contains(func))
      result.networks[func][func.getSymName()] = 1;
  }
  return result;
}
