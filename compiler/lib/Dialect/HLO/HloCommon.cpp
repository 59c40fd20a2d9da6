//===- HloCommon.cpp - Syntax helpers shared by stablehlo and mhlo --------===//

#include "disc/Dialect/HLO/HloCommon.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace mlir::hlo {

ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> types) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto fnType = dyn_cast<FunctionType>(type);
  if (!fnType) {
    for (Type *ref : types)
      *ref = type;
    return success();
  }
  if (fnType.getNumInputs() != types.size() - 1 || fnType.getNumResults() != 1)
    return parser.emitError(loc, "expected a function type with ")
           << types.size() - 1 << " inputs and 1 result, got " << fnType;
  for (auto [ref, input] : llvm::zip(types.drop_back(), fnType.getInputs()))
    *ref = input;
  *types.back() = fnType.getResult(0);
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        ArrayRef<Type> types) {
  if (llvm::all_equal(types)) {
    printer << types.front();
    return;
  }
  printer.printFunctionalType(types.drop_back(), types.take_back());
}

ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(type)) {
    if (fnType.getNumInputs() != 2 || fnType.getNumResults() != 1)
      return parser.emitError(loc, "expected a function type with 2 inputs "
                                   "and 1 result, got ")
             << fnType;
    lhs = fnType.getInput(0);
    rhs = fnType.getInput(1);
    result = fnType.getResult(0);
    return success();
  }
  auto shaped = dyn_cast<ShapedType>(type);
  auto complexType =
      shaped ? dyn_cast<ComplexType>(shaped.getElementType()) : nullptr;
  if (!complexType)
    return parser.emitError(loc, "expected a tensor of complex numbers, got ")
           << type;
  result = type;
  lhs = rhs = shaped.clone(complexType.getElementType());
  return success();
}

void printComplexOpType(OpAsmPrinter &printer, Operation *, Type lhs, Type rhs,
                        Type result) {
  auto shaped = cast<ShapedType>(result);
  Type parts =
      shaped.clone(cast<ComplexType>(shaped.getElementType()).getElementType());
  if (lhs == parts && rhs == parts) {
    printer << result;
    return;
  }
  printer.printFunctionalType(TypeRange{lhs, rhs}, TypeRange{result});
}

ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type first;
  if (parser.parseType(first))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(first)) {
    if (fnType.getNumInputs() != 3 || fnType.getNumResults() != 1)
      return parser.emitError(loc,
                              "expected a function type with 3 inputs and 1 "
                              "result, got ")
             << fnType;
    pred = fnType.getInput(0);
    onTrue = fnType.getInput(1);
    onFalse = fnType.getInput(2);
    result = fnType.getResult(0);
    return success();
  }
  Type value;
  if (parser.parseComma() || parser.parseType(value))
    return failure();
  pred = first;
  onTrue = onFalse = result = value;
  return success();
}

void printSelectOpType(OpAsmPrinter &printer, Operation *, Type pred,
                       Type onTrue, Type onFalse, Type result) {
  if (onTrue == onFalse && onTrue == result) {
    printer << pred << ", " << result;
    return;
  }
  printer.printFunctionalType(TypeRange{pred, onTrue, onFalse},
                              TypeRange{result});
}

ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operandTypes,
                                SmallVectorImpl<Type> &resultTypes) {
  if (parser.parseTypeList(operandTypes))
    return failure();
  resultTypes.append(operandTypes.begin(), operandTypes.end());
  return success();
}

void printPairwiseOpType(OpAsmPrinter &printer, Operation *,
                         TypeRange operandTypes, TypeRange) {
  llvm::interleaveComma(operandTypes, printer);
}

ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operandTypes,
                             Type &resultType) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(resultType))
    return failure();
  auto tupleType = dyn_cast<TupleType>(resultType);
  if (!tupleType)
    return parser.emitError(loc, "expected a tuple type, got ") << resultType;
  operandTypes.append(tupleType.begin(), tupleType.end());
  return success();
}

void printTupleOpType(OpAsmPrinter &printer, Operation *, TypeRange,
                      Type resultType) {
  printer << resultType;
}

SmallVector<int64_t> getI64Values(Attribute attr) {
  if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return SmallVector<int64_t>(array.asArrayRef());
  if (auto elements = dyn_cast_or_null<DenseIntElementsAttr>(attr))
    return SmallVector<int64_t>(elements.getValues<int64_t>());
  return {};
}

DenseI64ArrayAttr getI64ArrayAttr(Attribute attr) {
  if (auto array = dyn_cast<DenseI64ArrayAttr>(attr))
    return array;
  return DenseI64ArrayAttr::get(attr.getContext(), getI64Values(attr));
}

ParseResult parseDimsImpl(OpAsmParser &parser, DenseI64ArrayAttr &dims) {
  SmallVector<int64_t> values;
  if (parseDimList(parser, values))
    return failure();
  dims = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printDims(OpAsmPrinter &printer, Operation *, Attribute dims) {
  printDimList(printer, getI64Values(dims));
}

ParseResult parseSliceRangesImpl(OpAsmParser &parser, DenseI64ArrayAttr &start,
                                 DenseI64ArrayAttr &limit,
                                 DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  auto parseRange = [&]() -> ParseResult {
    int64_t first, last, step = 1;
    if (parser.parseInteger(first) || parser.parseColon() ||
        parser.parseInteger(last))
      return failure();
    if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(step))
      return failure();
    starts.push_back(first);
    limits.push_back(last);
    steps.push_back(step);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseRange))
    return failure();
  MLIRContext *context = parser.getContext();
  start = DenseI64ArrayAttr::get(context, starts);
  limit = DenseI64ArrayAttr::get(context, limits);
  strides = DenseI64ArrayAttr::get(context, steps);
  return success();
}

void printSliceRanges(OpAsmPrinter &printer, Operation *, Attribute start,
                      Attribute limit, Attribute strides) {
  SmallVector<int64_t> starts = getI64Values(start),
                       limits = getI64Values(limit),
                       steps = getI64Values(strides);
  printer << '[';
  for (size_t i = 0, e = starts.size(); i < e; ++i) {
    if (i)
      printer << ", ";
    printer << starts[i] << ':' << (i < limits.size() ? limits[i] : 0);
    if (i < steps.size() && steps[i] != 1)
      printer << ':' << steps[i];
  }
  printer << ']';
}

ParseResult parseOperandsWithTrailingComma(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      return success();
    if (failed(*parsed) || parser.parseComma())
      return failure();
    operands.push_back(operand);
  }
}

void printOperandsWithTrailingComma(OpAsmPrinter &printer, Operation *,
                                    OperandRange operands) {
  llvm::interleave(
      operands, printer, [&](Value operand) { printer << operand << ','; },
      " ");
}

ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                           StringAttr target) {
  printer.printSymbolName(target.getValue());
}

ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef format;
  if (parser.parseKeyword(&format))
    return failure();
  uint32_t exponentBits, mantissaBits;
  auto [exponentText, mantissaText] = format.split('m');
  if (!exponentText.consume_front("e") ||
      exponentText.getAsInteger(10, exponentBits) ||
      mantissaText.getAsInteger(10, mantissaBits))
    return parser.emitError(loc, "expected a format eXmY, got '")
           << format << "'";
  Type i32 = parser.getBuilder().getI32Type();
  exponent = IntegerAttr::get(i32, exponentBits);
  mantissa = IntegerAttr::get(i32, mantissaBits);
  return success();
}

void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                           IntegerAttr exponent, IntegerAttr mantissa) {
  printer << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

ParseResult parseDimList(AsmParser &parser, SmallVectorImpl<int64_t> &dims) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    return parser.parseInteger(dims.emplace_back());
  });
}

void printDimList(AsmPrinter &printer, ArrayRef<int64_t> dims) {
  printer << '[';
  llvm::interleaveComma(dims, printer);
  printer << ']';
}

ParseResult parseWindowAttributesImpl(OpAsmParser &parser,
                                      DenseI64ArrayAttr &windowStrides,
                                      DenseIntElementsAttr &padding,
                                      DenseI64ArrayAttr &lhsDilation,
                                      DenseI64ArrayAttr &rhsDilation,
                                      DenseBoolArrayAttr &windowReversal) {
  MLIRContext *context = parser.getContext();
  auto parseEntry = [&](StringRef key, SMLoc loc) -> ParseResult {
    if (parser.parseEqual())
      return failure();
    if (key == "pad") {
      SmallVector<int64_t> flat;
      int64_t rows = 0;
      auto parseRow = [&]() -> ParseResult {
        SmallVector<int64_t> row;
        if (parseDimList(parser, row))
          return failure();
        if (row.size() != 2)
          return parser.emitError(loc, "expected [low, high] padding pairs");
        flat.append(row);
        ++rows;
        return success();
      };
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                         parseRow))
        return failure();
      auto type =
          RankedTensorType::get({rows, 2}, IntegerType::get(context, 64));
      padding = DenseIntElementsAttr::get(type, flat);
      return success();
    }
    if (key == "reverse") {
      SmallVector<bool> flags;
      auto parseFlag = [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalKeyword("true"))) {
          flags.push_back(true);
          return success();
        }
        if (succeeded(parser.parseOptionalKeyword("false"))) {
          flags.push_back(false);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        flags.push_back(value != 0);
        return success();
      };
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                         parseFlag))
        return failure();
      windowReversal = DenseBoolArrayAttr::get(context, flags);
      return success();
    }
    SmallVector<int64_t> values;
    if (parseDimList(parser, values))
      return failure();
    auto attr = DenseI64ArrayAttr::get(context, values);
    if (key == "stride")
      windowStrides = attr;
    else if (key == "lhs_dilate")
      lhsDilation = attr;
    else if (key == "rhs_dilate")
      rhsDilation = attr;
    else
      return parser.emitError(loc, "unknown window attribute '") << key << "'";
    return success();
  };
  // The entry list may be empty: the caller parses the closing brace.
  SMLoc loc = parser.getCurrentLocation();
  StringRef key;
  if (failed(parser.parseOptionalKeyword(&key)))
    return success();
  do {
    if (parseEntry(key, loc))
      return failure();
    loc = parser.getCurrentLocation();
  } while (succeeded(parser.parseOptionalComma()) &&
           succeeded(parser.parseKeyword(&key)));
  return success();
}

void printWindowAttributes(OpAsmPrinter &printer, Operation *,
                           Attribute windowStrides,
                           DenseIntElementsAttr padding, Attribute lhsDilation,
                           Attribute rhsDilation,
                           DenseBoolArrayAttr windowReversal) {
  SmallVector<std::function<void()>> entries;
  auto addList = [&](StringRef key, Attribute attr) {
    if (attr)
      entries.push_back([&printer, key, attr] {
        printer << key << " = ";
        printDimList(printer, getI64Values(attr));
      });
  };
  addList("stride", windowStrides);
  if (padding)
    entries.push_back([&printer, padding] {
      printer << "pad = [";
      SmallVector<int64_t> flat(padding.getValues<int64_t>());
      for (size_t i = 0; i + 1 < flat.size(); i += 2) {
        if (i)
          printer << ", ";
        printer << '[' << flat[i] << ", " << flat[i + 1] << ']';
      }
      printer << ']';
    });
  addList("lhs_dilate", lhsDilation);
  addList("rhs_dilate", rhsDilation);
  if (windowReversal)
    entries.push_back([&printer, windowReversal] {
      printer << "reverse = [";
      llvm::interleaveComma(windowReversal.asArrayRef(), printer,
                            [&](bool flag) { printer << (flag ? 1 : 0); });
      printer << ']';
    });
  llvm::interleaveComma(entries, printer,
                        [](const std::function<void()> &print) { print(); });
}

ParseResult parseDimsStruct(AsmParser &parser,
                            MutableArrayRef<DimsField> fields) {
  SmallVector<bool> seen(fields.size(), false);
  auto parseEntry = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    auto *field = llvm::find_if(fields, [&](const DimsField &candidate) {
      return candidate.name == key;
    });
    if (field == fields.end())
      return parser.emitError(loc, "unknown dimension field '") << key << "'";
    size_t index = field - fields.begin();
    if (seen[index])
      return parser.emitError(loc, "dimension field '") << key << "' repeated";
    seen[index] = true;
    if (field->isScalar)
      return parser.parseInteger(field->values.emplace_back());
    return parseDimList(parser, field->values);
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseEntry))
    return failure();
  // StableHLO's printer leaves out a scalar field that is 0 (JAX prints a
  // gather with index_vector_dim = 0 so).
  for (auto [field, wasSeen] : llvm::zip(fields, seen))
    if (field.isScalar && !wasSeen)
      field.values.push_back(0);
  return success();
}

void printDimsStruct(AsmPrinter &printer, ArrayRef<DimsField> fields) {
  printer << '<';
  bool first = true;
  for (const DimsField &field : fields) {
    if (!field.isScalar && field.values.empty())
      continue;
    if (!first)
      printer << ", ";
    first = false;
    printer << field.name << " = ";
    if (field.isScalar)
      printer << field.values.front();
    else
      printDimList(printer, field.values);
  }
  printer << '>';
}

namespace {
/// One tensor's layout in conv dimension numbers: which position holds the
/// two named roles and each spatial dimension.
struct ConvLayout {
  char firstRole, secondRole;
  int64_t *first, *second;
  SmallVectorImpl<int64_t> *spatial;
};
} // namespace

static ParseResult parseConvLayout(AsmParser &parser, ConvLayout layout) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<std::pair<int64_t, int64_t>> spatialPositions;
  int64_t position = 0;
  auto parseEntry = [&]() -> ParseResult {
    int64_t spatialIndex;
    OptionalParseResult integer = parser.parseOptionalInteger(spatialIndex);
    if (integer.has_value()) {
      if (failed(*integer))
        return failure();
      spatialPositions.push_back({spatialIndex, position++});
      return success();
    }
    StringRef role;
    SMLoc roleLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&role))
      return failure();
    if (role.size() == 1 && role[0] == layout.firstRole)
      *layout.first = position++;
    else if (role.size() == 1 && role[0] == layout.secondRole)
      *layout.second = position++;
    else
      return parser.emitError(roleLoc, "expected '")
             << layout.firstRole << "', '" << layout.secondRole
             << "' or a spatial dimension number, got '" << role << "'";
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseEntry))
    return failure();
  if (*layout.first < 0 || *layout.second < 0)
    return parser.emitError(loc, "expected both '")
           << layout.firstRole << "' and '" << layout.secondRole << "'";
  layout.spatial->assign(spatialPositions.size(), -1);
  for (auto [index, at] : spatialPositions) {
    if (index < 0 || index >= static_cast<int64_t>(spatialPositions.size()) ||
        (*layout.spatial)[index] != -1)
      return parser.emitError(loc, "spatial dimensions must be 0..")
             << spatialPositions.size() - 1 << ", each once";
    (*layout.spatial)[index] = at;
  }
  return success();
}

ParseResult parseConvDims(AsmParser &parser, ConvDims &dims) {
  if (parseConvLayout(parser, {'b', 'f', &dims.inputBatch, &dims.inputFeature,
                               &dims.inputSpatial}) ||
      parser.parseKeyword("x") ||
      parseConvLayout(parser,
                      {'i', 'o', &dims.kernelInputFeature,
                       &dims.kernelOutputFeature, &dims.kernelSpatial}) ||
      parser.parseArrow() ||
      parseConvLayout(parser, {'b', 'f', &dims.outputBatch, &dims.outputFeature,
                               &dims.outputSpatial}))
    return failure();
  return success();
}

static void printConvLayout(AsmPrinter &printer, char firstRole, int64_t first,
                            char secondRole, int64_t second,
                            ArrayRef<int64_t> spatial) {
  SmallVector<std::string> tokens(spatial.size() + 2, "?");
  auto place = [&](int64_t position, std::string token) {
    if (position >= 0 && position < static_cast<int64_t>(tokens.size()))
      tokens[position] = std::move(token);
  };
  place(first, std::string(1, firstRole));
  place(second, std::string(1, secondRole));
  for (auto [index, position] : llvm::enumerate(spatial))
    place(position, std::to_string(index));
  printer << '[';
  llvm::interleaveComma(tokens, printer);
  printer << ']';
}

void printConvDims(AsmPrinter &printer, const ConvDims &dims) {
  printConvLayout(printer, 'b', dims.inputBatch, 'f', dims.inputFeature,
                  dims.inputSpatial);
  printer << 'x';
  printConvLayout(printer, 'i', dims.kernelInputFeature, 'o',
                  dims.kernelOutputFeature, dims.kernelSpatial);
  printer << "->";
  printConvLayout(printer, 'b', dims.outputBatch, 'f', dims.outputFeature,
                  dims.outputSpatial);
}

ParseResult parseDotDims(AsmParser &parser, SmallVectorImpl<int64_t> &lhsBatch,
                         SmallVectorImpl<int64_t> &rhsBatch,
                         SmallVectorImpl<int64_t> &lhsContract,
                         SmallVectorImpl<int64_t> &rhsContract) {
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parser.parseEqual() || parseDimList(parser, lhsBatch) ||
        parser.parseKeyword("x") || parseDimList(parser, rhsBatch) ||
        parser.parseComma())
      return failure();
  }
  return failure(parser.parseKeyword("contracting_dims") ||
                 parser.parseEqual() || parseDimList(parser, lhsContract) ||
                 parser.parseKeyword("x") || parseDimList(parser, rhsContract));
}

void printDotDims(AsmPrinter &printer, ArrayRef<int64_t> lhsBatch,
                  ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContract,
                  ArrayRef<int64_t> rhsContract) {
  if (!lhsBatch.empty() || !rhsBatch.empty()) {
    printer << "batching_dims = ";
    printDimList(printer, lhsBatch);
    printer << " x ";
    printDimList(printer, rhsBatch);
    printer << ", ";
  }
  printer << "contracting_dims = ";
  printDimList(printer, lhsContract);
  printer << " x ";
  printDimList(printer, rhsContract);
}

/// The reducer's single op when the body is `return OP(acc, x)` with nothing
/// else, so the compact `applies OP` form prints it exactly.
static Operation *getCompactReducer(Operation *op) {
  if (op->getNumOperands() != 2 || op->getNumRegions() != 1)
    return nullptr;
  Region &body = op->getRegion(0);
  if (!body.hasOneBlock())
    return nullptr;
  Block &block = body.front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return nullptr;
  Operation &inner = block.front();
  Operation &terminator = block.back();
  Type initType = op->getOperand(1).getType();
  if (inner.getNumOperands() != 2 || inner.getNumResults() != 1 ||
      inner.getNumRegions() != 0 || !inner.getAttrs().empty() ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      inner.getResult(0).getType() != initType ||
      block.getArgument(0).getType() != initType ||
      block.getArgument(1).getType() != initType ||
      inner.getDialect() != op->getDialect() ||
      terminator.getNumOperands() != 1 ||
      terminator.getOperand(0) != inner.getResult(0) ||
      !terminator.getAttrs().empty())
    return nullptr;
  return &inner;
}

ParseResult parseReduceOp(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  auto parsePair = [&]() -> ParseResult {
    return failure(
        parser.parseLParen() || parser.parseOperand(inputs.emplace_back()) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(inits.emplace_back()) || parser.parseRParen());
  };
  if (parser.parseCommaSeparatedList(parsePair))
    return failure();

  std::optional<OperationName> reducerName;
  SMLoc reducerLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    reducerName = *name;
  }

  SmallVector<int64_t> dimensions;
  FunctionType fnType;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseDimList(parser, dimensions) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(fnType))
    return failure();
  result.addAttribute("dimensions",
                      DenseI64ArrayAttr::get(parser.getContext(), dimensions));

  size_t count = inputs.size();
  if (fnType.getNumInputs() != 2 * count)
    return parser.emitError(loc, "expected ")
           << 2 * count << " operand types for " << count
           << " reduced inputs, got " << fnType.getNumInputs();
  SmallVector<OpAsmParser::UnresolvedOperand> operands(inputs);
  operands.append(inits);
  if (parser.resolveOperands(operands, fnType.getInputs(), loc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());

  Region *body = result.addRegion();
  StringRef dialect = result.name.getDialectNamespace();
  if (reducerName) {
    if (count != 1)
      return parser.emitError(reducerName ? reducerLoc : loc,
                              "'applies' needs exactly one reduced input");
    Type initType = fnType.getInput(1);
    OpBuilder builder(parser.getContext());
    Block *block = builder.createBlock(body);
    Location bodyLoc = result.location;
    Value acc = block->addArgument(initType, bodyLoc);
    Value element = block->addArgument(initType, bodyLoc);
    OperationState innerState(bodyLoc, *reducerName);
    innerState.addOperands({acc, element});
    innerState.addTypes(initType);
    Operation *inner = builder.create(innerState);
    OperationState returnState(bodyLoc, (dialect + ".return").str());
    returnState.addOperands(inner->getResult(0));
    builder.create(returnState);
    return success();
  }

  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> accumulators, elements;
  for (size_t i = 0; i < count; ++i) {
    if (parser.parseLParen() ||
        parser.parseArgument(accumulators.emplace_back(), /*allowType=*/true) ||
        parser.parseComma() ||
        parser.parseArgument(elements.emplace_back(), /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
  }
  SmallVector<OpAsmParser::Argument> arguments(accumulators);
  arguments.append(elements);
  return parser.parseRegion(*body, arguments);
}

void printReduceOp(OpAsmPrinter &printer, Operation *op,
                   ArrayRef<int64_t> dimensions) {
  size_t count = op->getNumOperands() / 2;
  printer << '(';
  for (size_t i = 0; i < count; ++i) {
    if (i)
      printer << ", (";
    printer << op->getOperand(i) << " init: " << op->getOperand(count + i)
            << ')';
  }
  Operation *reducer = getCompactReducer(op);
  if (reducer)
    printer << " applies " << reducer->getName().getStringRef();
  printer << " across dimensions = ";
  printDimList(printer, dimensions);
  printer.printOptionalAttrDict(op->getAttrs(), {"dimensions"});
  printer << " : ";
  printer.printFunctionalType(op);
  if (reducer)
    return;
  Block &block = op->getRegion(0).front();
  printer.printNewline();
  printer << " reducer";
  for (size_t i = 0; i < count; ++i) {
    printer << '(';
    printer.printRegionArgument(block.getArgument(i));
    printer << ", ";
    printer.printRegionArgument(block.getArgument(count + i));
    printer << ") ";
  }
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
}

ParseResult parseWhileOp(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::Argument> iterArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  auto parseIterArg = [&]() -> ParseResult {
    return failure(parser.parseArgument(iterArgs.emplace_back()) ||
                   parser.parseEqual() ||
                   parser.parseOperand(operands.emplace_back()));
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, parseIterArg))
    return failure();
  SmallVector<Type> types;
  if (!operands.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc, "expected ")
           << operands.size() << " types, got " << types.size();
  if (parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  result.addTypes(types);
  for (auto [arg, type] : llvm::zip(iterArgs, types))
    arg.type = type;
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  return failure(
      parser.parseKeyword("cond") || parser.parseRegion(*cond, iterArgs) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, iterArgs));
}

void printWhileOp(OpAsmPrinter &printer, Operation *op) {
  Block &condBlock = op->getRegion(0).front();
  printer << '(';
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    if (i)
      printer << ", ";
    printer << condBlock.getArgument(i) << " = " << operand;
  }
  printer << ')';
  if (op->getNumOperands()) {
    printer << " : ";
    llvm::interleaveComma(op->getOperandTypes(), printer);
  }
  printer.printOptionalAttrDictWithKeyword(op->getAttrs());
  printer.printNewline();
  printer << " cond ";
  printer.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false);
  printer << " do ";
  printer.printRegion(op->getRegion(1), /*printEntryBlockArgs=*/false);
}

bool isCompatibleShape(Type lhs, Type rhs) {
  return succeeded(verifyCompatibleShape(lhs, rhs));
}

Type getStorageElementTypeOrSelf(Type elementType) {
  auto quantized = dyn_cast<quant::QuantizedType>(elementType);
  if (!quantized)
    return elementType;
  return IntegerType::get(
      elementType.getContext(), quantized.getStorageTypeIntegralWidth(),
      quantized.isSigned() ? IntegerType::Signless : IntegerType::Unsigned);
}

bool isCompatibleElementType(Type lhs, Type rhs) {
  if (lhs == rhs)
    return true;
  auto lhsQuantized = dyn_cast<quant::QuantizedType>(lhs);
  auto rhsQuantized = dyn_cast<quant::QuantizedType>(rhs);
  return lhsQuantized && rhsQuantized &&
         lhsQuantized.getFlags() == rhsQuantized.getFlags() &&
         lhsQuantized.getStorageType() == rhsQuantized.getStorageType() &&
         lhsQuantized.getStorageTypeMin() == rhsQuantized.getStorageTypeMin() &&
         lhsQuantized.getStorageTypeMax() == rhsQuantized.getStorageTypeMax() &&
         lhsQuantized.getExpressedType() == rhsQuantized.getExpressedType();
}

LogicalResult verifyCompatibleElementTypes(Operation *op, bool withResults) {
  Type first;
  auto check = [&](Type type) {
    Type element = getElementTypeOrSelf(type);
    if (!first)
      first = element;
    return isCompatibleElementType(first, element);
  };
  if (!llvm::all_of(op->getOperandTypes(), check) ||
      (withResults && !llvm::all_of(op->getResultTypes(), check)))
    return op->emitOpError("requires the same element type for all operands")
           << (withResults ? " and results" : "");
  return success();
}

} // namespace mlir::hlo
