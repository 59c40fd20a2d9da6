//===- ShardyDialect.cpp - Shardy's sdy dialect as disc reads it ----------===//
//
// The ops are parsed in Shardy's syntax as JAX prints it and printed in the
// generic form; their sharding attributes are read token by token and kept
// as text, since nothing in disc looks inside them.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/ShardyDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::sdy;

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::sdy::ShardyDialect)

ShardyDialect::ShardyDialect(MLIRContext *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<ShardyDialect>()) {
  allowUnknownOperations();
}

namespace {

/// Consumes one bracketed group (`<...>`, `[...]`, `{...}` or `(...)`) and
/// everything nested in it, appending its tokens to `text`; nothing when the
/// next token opens no group.
OptionalParseResult parseOptionalGroup(AsmParser &parser, std::string &text) {
  SmallVector<char> closers;
  auto open = [&]() {
    for (auto [opener, closer, parse] :
         {std::make_tuple('<', '>', &AsmParser::parseOptionalLess),
          std::make_tuple('[', ']', &AsmParser::parseOptionalLSquare),
          std::make_tuple('{', '}', &AsmParser::parseOptionalLBrace),
          std::make_tuple('(', ')', &AsmParser::parseOptionalLParen)})
      if (succeeded((parser.*parse)())) {
        text += opener;
        closers.push_back(closer);
        return true;
      }
    return false;
  };
  auto close = [&]() {
    char closer = closers.back();
    ParseResult closed = closer == '>'   ? parser.parseOptionalGreater()
                         : closer == ']' ? parser.parseOptionalRSquare()
                         : closer == '}' ? parser.parseOptionalRBrace()
                                         : parser.parseOptionalRParen();
    if (failed(closed))
      return false;
    text += closer;
    closers.pop_back();
    return true;
  };
  auto punctuation = [&]() {
    for (auto [spelling, parse] :
         {std::make_pair(", ", &AsmParser::parseOptionalComma),
          std::make_pair("=", &AsmParser::parseOptionalEqual),
          std::make_pair(":", &AsmParser::parseOptionalColon),
          std::make_pair("->", &AsmParser::parseOptionalArrow),
          std::make_pair("?", &AsmParser::parseOptionalQuestion),
          std::make_pair("*", &AsmParser::parseOptionalStar),
          std::make_pair("|", &AsmParser::parseOptionalVerticalBar)})
      if (succeeded((parser.*parse)())) {
        text += spelling;
        return true;
      }
    return false;
  };
  if (!open())
    return std::nullopt;
  while (!closers.empty()) {
    if (close() || open() || punctuation())
      continue;
    std::string string;
    StringRef keyword;
    StringAttr symbol;
    APInt integer;
    if (succeeded(parser.parseOptionalString(&string))) {
      text += '"' + string + '"';
    } else if (succeeded(parser.parseOptionalSymbolName(symbol))) {
      text += ("@" + symbol.getValue()).str();
    } else if (succeeded(parser.parseOptionalKeyword(&keyword))) {
      text += keyword;
    } else if (OptionalParseResult parsed =
                   parser.parseOptionalInteger(integer);
               parsed.has_value()) {
      if (failed(*parsed))
        return ParseResult(failure());
      text += llvm::toString(integer, 10, /*Signed=*/true);
    } else {
      return ParseResult(
          parser.emitError(parser.getCurrentLocation(),
                           "unexpected token in a Shardy attribute"));
    }
  }
  return ParseResult(success());
}

ParseResult parseGroup(AsmParser &parser, std::string &text) {
  OptionalParseResult parsed = parseOptionalGroup(parser, text);
  if (parsed.has_value())
    return *parsed;
  return parser.emitError(parser.getCurrentLocation(),
                          "expected a Shardy attribute in <>, [], {} or ()");
}

ParseResult parseGroupAttr(OpAsmParser &parser, OperationState &state,
                           StringRef name) {
  std::string text;
  if (parseGroup(parser, text))
    return failure();
  state.addAttribute(name, parser.getBuilder().getStringAttr(text));
  return success();
}

/// `sdy.mesh @name = <["axis"=size, ...]>` with an optional
/// `, device_ids=[...]`; the device count is the product of the sizes.
ParseResult parseMesh(OpAsmParser &parser, OperationState &state) {
  Builder &b = parser.getBuilder();
  StringAttr name;
  std::string text = "<[";
  int64_t devices = 1;
  if (parser.parseSymbolName(name) || parser.parseEqual() ||
      parser.parseLess() || parser.parseLSquare())
    return failure();
  if (failed(parser.parseOptionalRSquare())) {
    do {
      std::string axis;
      int64_t size;
      if (parser.parseString(&axis) || parser.parseEqual() ||
          parser.parseInteger(size))
        return failure();
      if (text.size() > 2)
        text += ", ";
      text += "\"" + axis + "\"=" + std::to_string(size);
      devices *= size;
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return failure();
  }
  text += "]";
  if (succeeded(parser.parseOptionalComma())) {
    text += ", device_ids=";
    if (parser.parseKeyword("device_ids") || parser.parseEqual() ||
        parseGroup(parser, text))
      return failure();
  }
  text += ">";
  if (parser.parseGreater() || parser.parseOptionalAttrDict(state.attributes))
    return failure();
  state.addAttribute("sym_name", name);
  state.addAttribute("mesh", b.getStringAttr(text));
  state.addAttribute(kMeshDeviceCountAttr, b.getI64IntegerAttr(devices));
  return success();
}

/// `sdy.manual_computation(operands) in_shardings=[...]
/// out_shardings=[...] manual_axes={...} (arguments) {body} : type`.
ParseResult parseManualComputation(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<OpAsmParser::Argument> arguments;
  FunctionType type;
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren))
    return failure();
  for (StringRef name : {"in_shardings", "out_shardings", "manual_axes"})
    if (parser.parseKeyword(name) || parser.parseEqual() ||
        parseGroupAttr(parser, state, name))
      return failure();
  if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseRegion(*state.addRegion(), arguments) ||
      parser.parseOptionalAttrDict(state.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperands(operands, type.getInputs(),
                             parser.getCurrentLocation(), state.operands))
    return failure();
  state.addTypes(type.getResults());
  return success();
}

/// `sdy.return operands : types`.
ParseResult parseReturn(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> types;
  if (parser.parseOperandList(operands))
    return failure();
  if (!operands.empty() && parser.parseColonTypeList(types))
    return failure();
  return parser.resolveOperands(operands, types, parser.getCurrentLocation(),
                                state.operands);
}

/// `sdy.sharding_constraint %x <sharding> : type`, and reshard alike.
ParseResult parseShardedValue(OpAsmParser &parser, OperationState &state) {
  OpAsmParser::UnresolvedOperand operand;
  Type type;
  if (parser.parseOperand(operand) ||
      parseGroupAttr(parser, state, "sharding") ||
      parser.parseOptionalAttrDict(state.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperand(operand, type, state.operands))
    return failure();
  state.addTypes(type);
  return success();
}

} // namespace

/// `#sdy.mnemonic<...>` as JAX prints it, or `#sdy<"text">` as the opaque
/// attribute prints itself.
Attribute ShardyDialect::parseAttribute(DialectAsmParser &parser,
                                        Type type) const {
  std::string text;
  StringRef mnemonic;
  if (succeeded(parser.parseOptionalKeyword(&mnemonic))) {
    text = mnemonic.str();
    OptionalParseResult body = parseOptionalGroup(parser, text);
    if (body.has_value() && failed(*body))
      return {};
  } else if (parser.parseLess() || parser.parseString(&text) ||
             parser.parseGreater()) {
    return {};
  }
  return OpaqueAttr::get(StringAttr::get(getContext(), getDialectNamespace()),
                         text, type ? type : NoneType::get(getContext()));
}

std::optional<Dialect::ParseOpHook>
ShardyDialect::getParseOperationHook(StringRef opName) const {
  return llvm::StringSwitch<std::optional<ParseOpHook>>(opName)
      .Case("sdy.mesh", ParseOpHook(parseMesh))
      .Case("sdy.manual_computation", ParseOpHook(parseManualComputation))
      .Case("sdy.return", ParseOpHook(parseReturn))
      .Cases({"sdy.sharding_constraint", "sdy.reshard"},
             ParseOpHook(parseShardedValue))
      .Default(std::nullopt);
}
