//===- TFRTOps.cpp - The kernel-graph dialects ----------------------------===//

#include "disc/Dialect/TFRT/TFRTOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "disc/Dialect/TFRT/DHTOpsDialect.cpp.inc"
#include "disc/Dialect/TFRT/TFRTOpsDialect.cpp.inc"
#include "disc/Dialect/TFRT/TFRTTestOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "disc/Dialect/TFRT/TFRTOpsTypes.cpp.inc"

// The runtime, not the compiler, knows which kernels exist: any op of these
// dialects is a kernel call, declared here only when it has a custom syntax.
void tfrt::TFRTDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "disc/Dialect/TFRT/TFRTOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "disc/Dialect/TFRT/TFRTOps.cpp.inc"
      >();
  allowUnknownOperations();
}

void tfrt_test::TFRTTestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "disc/Dialect/TFRT/TFRTTestOps.cpp.inc"
      >();
  allowUnknownOperations();
}

void dht::DHTDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "disc/Dialect/TFRT/DHTOps.cpp.inc"
      >();
  allowUnknownOperations();
}

//===----------------------------------------------------------------------===//
// Regions whose arguments shadow the op's operands
//===----------------------------------------------------------------------===//

/// Parses a region whose arguments are `operands` with `types`, spelled with
/// the operands' own names as TFRT does.
static ParseResult
parseShadowingRegion(OpAsmParser &parser, Region &region,
                     ArrayRef<OpAsmParser::UnresolvedOperand> operands,
                     TypeRange types) {
  SmallVector<OpAsmParser::Argument> arguments;
  for (auto [operand, type] : llvm::zip_equal(operands, types)) {
    OpAsmParser::Argument argument;
    argument.ssaName = operand;
    argument.type = type;
    arguments.push_back(argument);
  }
  return parser.parseRegion(region, arguments, /*enableNameShadowing=*/true);
}

static void printShadowingRegion(OpAsmPrinter &printer, Region &region,
                                 ValueRange operands) {
  printer.shadowRegionArgs(region, operands);
  printer.printRegion(region, /*printEntryBlockArgs=*/false);
}

/// Parses `%a, %b`, possibly empty.
static ParseResult parseOptionalOperandList(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &list) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult first = parser.parseOptionalOperand(operand);
  if (!first.has_value())
    return success();
  if (failed(*first))
    return failure();
  list.push_back(operand);
  while (succeeded(parser.parseOptionalComma()))
    if (parser.parseOperand(list.emplace_back()))
      return failure();
  return success();
}

/// `, %a, %b : A, B`, both parts optional: the extra operands of a loop and
/// their types; `typeLoc` is where the types begin, for errors.
static ParseResult
parseLoopOperands(OpAsmParser &parser,
                  SmallVectorImpl<OpAsmParser::UnresolvedOperand> &args,
                  SmallVectorImpl<Type> &types, SMLoc &typeLoc) {
  if (succeeded(parser.parseOptionalComma()) && parser.parseOperandList(args))
    return failure();
  typeLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  return success();
}

/// ` : (A, B) -> (R) `: the argument and result types, with parentheses
/// around a single result as TFRT prints them.
static void printSignature(OpAsmPrinter &printer, ValueRange args,
                           TypeRange results) {
  printer << " : (" << args.getTypes() << ") -> (" << results << ") ";
}

//===----------------------------------------------------------------------===//
// tfrt.if
//===----------------------------------------------------------------------===//

// tfrt.if %cond, %a, %b : (A, B) -> (R) { then } else { else }
ParseResult tfrt::IfOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand cond;
  SmallVector<OpAsmParser::UnresolvedOperand> args;
  FunctionType type;
  if (parser.parseOperand(cond))
    return failure();
  if (succeeded(parser.parseOptionalComma()) && parser.parseOperandList(args))
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseColonType(type) ||
      parser.resolveOperand(cond, parser.getBuilder().getI1Type(),
                            result.operands) ||
      parser.resolveOperands(args, type.getInputs(), typeLoc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parseShadowingRegion(parser, *thenRegion, args, type.getInputs()))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parseShadowingRegion(parser, *elseRegion, args, type.getInputs()))
      return failure();
  } else {
    // TFRT's missing else returns nothing, which the return's verifier
    // rejects when the if has results.
    OpBuilder builder(parser.getContext());
    Block *block = builder.createBlock(elseRegion);
    for (Type argType : type.getInputs())
      block->addArgument(argType, result.location);
    ReturnOp::create(builder, result.location, ValueRange());
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

static bool isEmptyElse(Region &region) {
  Block &block = region.front();
  return llvm::hasSingleElement(block) &&
         block.getTerminator()->getNumOperands() == 0;
}

void tfrt::IfOp::print(OpAsmPrinter &printer) {
  printer << " " << getCond();
  if (!getArgs().empty())
    printer << ", " << getArgs();
  printSignature(printer, getArgs(), getResultTypes());
  printShadowingRegion(printer, getThenRegion(), getArgs());
  if (!isEmptyElse(getElseRegion())) {
    printer << " else ";
    printShadowingRegion(printer, getElseRegion(), getArgs());
  }
  printer.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// tfrt.repeat.i32
//===----------------------------------------------------------------------===//

// tfrt.repeat.i32 %count, %a, %b : A, B { body }
ParseResult tfrt::RepeatI32Op::parse(OpAsmParser &parser,
                                     OperationState &result) {
  OpAsmParser::UnresolvedOperand count;
  SmallVector<OpAsmParser::UnresolvedOperand> args;
  SmallVector<Type> types;
  SMLoc typeLoc;
  if (parser.parseOperand(count) ||
      parseLoopOperands(parser, args, types, typeLoc))
    return failure();
  if (parser.resolveOperand(count, parser.getBuilder().getI32Type(),
                            result.operands) ||
      parser.resolveOperands(args, types, typeLoc, result.operands))
    return failure();
  result.addTypes(types);
  if (parseShadowingRegion(parser, *result.addRegion(), args, types))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void tfrt::RepeatI32Op::print(OpAsmPrinter &printer) {
  printer << " " << getCount();
  if (!getArgs().empty())
    printer << ", " << getArgs() << " : " << getArgs().getTypes();
  printer << " ";
  printShadowingRegion(printer, getBody(), getArgs());
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult tfrt::RepeatI32Op::verify() {
  if (getArgs().getTypes() != getResultTypes())
    return emitOpError("loop values have types ")
           << getArgs().getTypes() << " but the results have types "
           << getResultTypes();
  return success();
}

//===----------------------------------------------------------------------===//
// tfrt.parallel_for.i32
//===----------------------------------------------------------------------===//

// tfrt.parallel_for.i32 %start to %end fixed %block_size, %a : A { body }
// The body's arguments are the block's bounds, then the extra operands.
ParseResult tfrt::ParallelForI32Op::parse(OpAsmParser &parser,
                                          OperationState &result) {
  OpAsmParser::UnresolvedOperand start, end, blockSize;
  SmallVector<OpAsmParser::UnresolvedOperand> args;
  SmallVector<Type> types;
  if (parser.parseOperand(start) || parser.parseKeyword("to") ||
      parser.parseOperand(end) || parser.parseKeyword("fixed") ||
      parser.parseOperand(blockSize))
    return failure();
  SMLoc typeLoc;
  if (parseLoopOperands(parser, args, types, typeLoc))
    return failure();
  Type i32 = parser.getBuilder().getI32Type();
  if (parser.resolveOperand(start, i32, result.operands) ||
      parser.resolveOperand(end, i32, result.operands) ||
      parser.resolveOperand(blockSize, i32, result.operands) ||
      parser.resolveOperands(args, types, typeLoc, result.operands))
    return failure();
  result.addTypes(ChainType::get(parser.getContext()));

  SmallVector<OpAsmParser::UnresolvedOperand> bodyOperands = {start, end};
  llvm::append_range(bodyOperands, args);
  SmallVector<Type> bodyTypes = {i32, i32};
  llvm::append_range(bodyTypes, types);
  if (parseShadowingRegion(parser, *result.addRegion(), bodyOperands,
                           bodyTypes))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void tfrt::ParallelForI32Op::print(OpAsmPrinter &printer) {
  printer << " " << getStart() << " to " << getEnd() << " fixed "
          << getBlockSize();
  if (!getArgs().empty())
    printer << ", " << getArgs() << " : " << getArgs().getTypes();
  printer << " ";
  SmallVector<Value> bodyOperands = {getStart(), getEnd()};
  llvm::append_range(bodyOperands, getArgs());
  printShadowingRegion(printer, getBody(), bodyOperands);
  printer.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// tfrt.return
//===----------------------------------------------------------------------===//

// The messages are TFRT's (basic_kernels/kernel_errors.mlir).
LogicalResult tfrt::ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (auto function = dyn_cast<func::FuncOp>(parent)) {
    ArrayRef<Type> expected = function.getFunctionType().getResults();
    if (getNumOperands() != expected.size())
      return emitOpError("has ")
             << getNumOperands() << " operands, but enclosing function returns "
             << expected.size();
    for (auto [index, type] : llvm::enumerate(getOperandTypes()))
      if (type != expected[index])
        return emitError() << "type of return operand " << index << " (" << type
                           << ") doesn't match function result type ("
                           << expected[index] << ")";
    return success();
  }
  if (isa<IfOp, RepeatI32Op, tfrt_test::DoAsyncOp>(parent) &&
      getOperandTypes() != parent->getResultTypes())
    return emitOpError("operand types don't match '")
           << parent->getName() << "' result";
  if (isa<ParallelForI32Op>(parent) &&
      (getNumOperands() != 1 || !isa<ChainType>(getOperand(0).getType())))
    return emitOpError("of a 'tfrt.parallel_for.i32' body must return one "
                       "!tfrt.chain");
  return success();
}

//===----------------------------------------------------------------------===//
// tfrt_test.do.async
//===----------------------------------------------------------------------===//

// tfrt_test.do.async %a, %b : (A, B) -> (R) { body }
ParseResult tfrt_test::DoAsyncOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> args;
  FunctionType type;
  if (parseOptionalOperandList(parser, args))
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseColonType(type) ||
      parser.resolveOperands(args, type.getInputs(), typeLoc, result.operands))
    return failure();
  result.addTypes(type.getResults());
  if (parseShadowingRegion(parser, *result.addRegion(), args, type.getInputs()))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void tfrt_test::DoAsyncOp::print(OpAsmPrinter &printer) {
  if (!getArgs().empty())
    printer << " " << getArgs();
  printSignature(printer, getArgs(), getResultTypes());
  printShadowingRegion(printer, getBody(), getArgs());
  printer.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// tfrt_test.benchmark
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kBenchmarkCounts[] = {
    "duration_secs", "max_count", "num_warmup_runs"};

// tfrt_test.benchmark "name"(%a : A, ...) duration_secs = 1, max_count = 100,
//     num_warmup_runs = 10 { body }
ParseResult tfrt_test::BenchmarkOp::parse(OpAsmParser &parser,
                                          OperationState &result) {
  Builder &builder = parser.getBuilder();
  StringAttr name;
  if (parser.parseAttribute(name, builder.getNoneType()))
    return failure();
  result.addAttribute(getBenchmarkNameAttrName(result.name), name);

  SmallVector<OpAsmParser::UnresolvedOperand> inputs;
  SmallVector<Type> types;
  auto parseInput = [&]() -> ParseResult {
    return failure(parser.parseOperand(inputs.emplace_back()) ||
                   parser.parseColonType(types.emplace_back()));
  };
  SMLoc inputsLoc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseInput) ||
      parser.resolveOperands(inputs, types, inputsLoc, result.operands))
    return failure();

  auto parseCount = [&]() -> ParseResult {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    IntegerAttr value;
    if (parser.parseKeyword(&key) || parser.parseEqual() ||
        parser.parseAttribute(value, builder.getI32Type()))
      return failure();
    if (!llvm::is_contained(kBenchmarkCounts, key))
      return parser.emitError(keyLoc, "unknown benchmark setting '")
             << key << "' (expected duration_secs, max_count or "
             << "num_warmup_runs)";
    result.addAttribute(key, value);
    return success();
  };
  if (parser.parseCommaSeparatedList(parseCount))
    return failure();
  if (!result.attributes.get(getNumWarmupRunsAttrName(result.name)))
    result.addAttribute(getNumWarmupRunsAttrName(result.name),
                        builder.getI32IntegerAttr(1));
  result.addTypes(tfrt::ChainType::get(parser.getContext()));
  if (parseShadowingRegion(parser, *result.addRegion(), inputs, types))
    return failure();
  return parser.parseOptionalAttrDict(result.attributes);
}

void tfrt_test::BenchmarkOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printer.printAttributeWithoutType(getBenchmarkNameAttr());
  printer << "(";
  llvm::interleaveComma(getInputs(), printer, [&](Value input) {
    printer << input << " : " << input.getType();
  });
  printer << ") duration_secs = " << getDurationSecs()
          << ", max_count = " << getMaxCount()
          << ", num_warmup_runs = " << getNumWarmupRuns() << " ";
  printShadowingRegion(printer, getBody(), getInputs());
  printer.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getBenchmarkNameAttrName(), getDurationSecsAttrName(),
       getMaxCountAttrName(), getNumWarmupRunsAttrName()});
}

//===----------------------------------------------------------------------===//
// dht
//===----------------------------------------------------------------------===//

LogicalResult dht::verifyShapeOfRank(Operation *op, ArrayAttr shape,
                                     int64_t rank) {
  if (static_cast<int64_t>(shape.size()) != rank)
    return op->emitOpError("shape has ")
           << shape.size() << " dimensions, expected " << rank;
  for (auto [index, dim] : llvm::enumerate(shape))
    if (!isa<IntegerAttr>(dim))
      return op->emitOpError("shape dimension ")
             << index << " must be an integer, got " << dim;
  return success();
}

ParseResult dht::parseFillTensor(OpAsmParser &parser, OperationState &result,
                                 Type elementType) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands(1);
  if (parser.parseOperand(operands.front()))
    return failure();
  // Chains follow the tensor after commas; the value comes last, with or
  // without a comma before it (both spellings are in TFRT's documents).
  while (succeeded(parser.parseOptionalComma())) {
    OpAsmParser::UnresolvedOperand chain;
    OptionalParseResult parsed = parser.parseOptionalOperand(chain);
    if (!parsed.has_value())
      break;
    if (failed(*parsed))
      return failure();
    operands.push_back(chain);
  }
  Attribute value;
  if (parser.parseAttribute(value, elementType))
    return failure();
  result.addAttribute("value", value);
  MLIRContext *context = parser.getContext();
  SmallVector<Type> types = {tfrt_tensor::HostTensorType::get(context)};
  types.append(operands.size() - 1, tfrt::ChainType::get(context));
  if (parser.resolveOperands(operands, types, parser.getNameLoc(),
                             result.operands) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addTypes(tfrt::ChainType::get(context));
  return success();
}

void dht::printFillTensor(OpAsmPrinter &printer, Operation *op) {
  printer << " " << op->getOperands() << " ";
  printer.printAttributeWithoutType(op->getAttr("value"));
  printer.printOptionalAttrDict(op->getAttrs(), {"value"});
}

#define GET_OP_CLASSES
#include "disc/Dialect/TFRT/TFRTOps.cpp.inc"
#define GET_OP_CLASSES
#include "disc/Dialect/TFRT/TFRTTestOps.cpp.inc"
#define GET_OP_CLASSES
#include "disc/Dialect/TFRT/DHTOps.cpp.inc"
