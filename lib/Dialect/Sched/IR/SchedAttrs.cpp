//===- SchedAttrs.cpp - sched dialect attributes --------------------------===//

#include "ansor/Dialect/Sched/IR/SchedAttrs.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sched;

#include "ansor/Dialect/Sched/IR/SchedEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ansor/Dialect/Sched/IR/SchedAttrs.cpp.inc"

void SchedDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ansor/Dialect/Sched/IR/SchedAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared parsing helpers
//===----------------------------------------------------------------------===//

/// Parses `[S, R, ...]`.
static ParseResult parseLoopKinds(AsmParser &parser,
                                  SmallVectorImpl<LoopKind> &kinds) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        StringRef keyword;
        SMLoc loc = parser.getCurrentLocation();
        if (parser.parseKeyword(&keyword))
          return failure();
        std::optional<LoopKind> kind = symbolizeLoopKind(keyword);
        if (!kind)
          return parser.emitError(loc)
                 << "expected loop kind 'S' or 'R', got '" << keyword << "'";
        kinds.push_back(*kind);
        return success();
      });
}

static void printLoopKinds(AsmPrinter &printer, ArrayRef<LoopKind> kinds) {
  printer << '[';
  llvm::interleaveComma(kinds, printer,
                        [&](LoopKind k) { printer << stringifyLoopKind(k); });
  printer << ']';
}

static ParseResult parseIntegerList(AsmParser &parser,
                                    SmallVectorImpl<int64_t> &values,
                                    bool allowUnset) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (allowUnset && succeeded(parser.parseOptionalQuestion())) {
          values.push_back(SplitAttr::kUnset);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

static void printIntegerList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer, [&](int64_t v) {
    if (v == SplitAttr::kUnset)
      printer << '?';
    else
      printer << v;
  });
  printer << ']';
}

//===----------------------------------------------------------------------===//
// SplitAttr
//===----------------------------------------------------------------------===//

Attribute SplitAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> factors;
  int64_t extent;
  if (parser.parseLess() ||
      parseIntegerList(parser, factors, /*allowUnset=*/true) ||
      parser.parseKeyword("of") || parser.parseInteger(extent) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    factors, extent);
}

void SplitAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printIntegerList(printer, getFactors());
  printer << " of " << getExtent() << '>';
}

LogicalResult SplitAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                ArrayRef<int64_t> factors, int64_t extent) {
  if (extent <= 0)
    return emitError() << "split extent must be positive, got " << extent;
  if (factors.empty())
    return emitError() << "split needs at least one factor";
  // The set factors below the outermost: at most the extent, so that the
  // products below cannot overflow.
  int64_t inner = 1;
  bool complete = true;
  for (auto [index, factor] : llvm::enumerate(factors)) {
    if (factor == kUnset) {
      complete = false;
      continue;
    }
    if (factor <= 0)
      return emitError() << "split factor #" << index
                         << " must be positive or '?', got " << factor;
    if (factor > extent || (index > 0 && inner > extent / factor))
      return emitError() << "split factors exceed the loop extent " << extent;
    if (index > 0)
      inner *= factor;
  }
  if (complete) {
    int64_t outer = llvm::divideCeil(extent, inner);
    if (factors.front() != outer)
      return emitError() << "split factors " << factors.front() << " x "
                         << inner << " do not cover the loop extent " << extent
                         << ": the outermost factor must be ceil(" << extent
                         << " / " << inner << ") = " << outer;
    return success();
  }
  if (factors.front() != kUnset && (inner > extent / factors.front() ||
                                    extent % (inner * factors.front()) != 0))
    return emitError() << "set split factors multiply to "
                       << inner * factors.front()
                       << ", which does not divide the loop extent " << extent;
  return success();
}

bool SplitAttr::isComplete() const {
  return llvm::none_of(getFactors(), [](int64_t f) { return f == kUnset; });
}

bool SplitAttr::hasPartialTile() const {
  return getExtent() % getInnerProduct(1) != 0;
}

int64_t SplitAttr::getInnerProduct(unsigned level) const {
  int64_t product = 1;
  for (int64_t factor : getFactors().drop_front(level)) {
    assert(factor != kUnset && "inner product of an unset factor");
    product *= factor;
  }
  return product;
}

//===----------------------------------------------------------------------===//
// ChoiceAttr
//===----------------------------------------------------------------------===//

Attribute ChoiceAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::optional<int64_t> selected;
  SmallVector<int64_t> domain;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalQuestion())) {
    int64_t value;
    if (parser.parseInteger(value))
      return {};
    selected = value;
  }
  if (parser.parseKeyword("in") ||
      parseIntegerList(parser, domain, /*allowUnset=*/false) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    selected, domain);
}

void ChoiceAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (getSelected())
    printer << *getSelected();
  else
    printer << '?';
  printer << " in ";
  printIntegerList(printer, getDomain());
  printer << '>';
}

LogicalResult ChoiceAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 std::optional<int64_t> selected,
                                 ArrayRef<int64_t> domain) {
  if (domain.empty())
    return emitError() << "choice domain must not be empty";
  if (selected && !llvm::is_contained(domain, *selected)) {
    InFlightDiagnostic diag = emitError() << "selected value " << *selected
                                          << " is not in the choice domain [";
    llvm::interleaveComma(domain, diag);
    return diag << "]";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// StructureAttr
//===----------------------------------------------------------------------===//

Attribute StructureAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<LoopKind> levels;
  if (parser.parseLess() || parseLoopKinds(parser, levels) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    levels);
}

void StructureAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printLoopKinds(printer, getLevels());
  printer << '>';
}

LogicalResult
StructureAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<LoopKind> levels) {
  if (llvm::count(levels, LoopKind::S) == 0)
    return emitError() << "tiling structure needs at least one S level";
  return success();
}

unsigned StructureAttr::count(LoopKind kind) const {
  return llvm::count(getLevels(), kind);
}

//===----------------------------------------------------------------------===//
// NodeAttr
//===----------------------------------------------------------------------===//

Attribute NodeAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::string opName;
  SmallVector<int64_t> extents;
  SmallVector<LoopKind> kinds;
  if (parser.parseLess() || parser.parseString(&opName) ||
      parser.parseComma() ||
      parseIntegerList(parser, extents, /*allowUnset=*/false) ||
      parser.parseComma() || parseLoopKinds(parser, kinds) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    opName, extents, kinds);
}

void NodeAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << getOpName() << "\", ";
  printIntegerList(printer, getExtents());
  printer << ", ";
  printLoopKinds(printer, getKinds());
  printer << '>';
}

LogicalResult NodeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               StringRef opName, ArrayRef<int64_t> extents,
                               ArrayRef<LoopKind> kinds) {
  if (opName.empty())
    return emitError() << "node needs an op name";
  if (extents.size() != kinds.size())
    return emitError() << "node has " << extents.size() << " loop extents but "
                       << kinds.size() << " loop kinds";
  for (auto [index, extent] : llvm::enumerate(extents))
    if (extent <= 0)
      return emitError() << "node loop #" << index
                         << " must have a positive static extent, got "
                         << extent;
  return success();
}
