//===- FrontEnd.cpp - Read a program's text into a verified module --------===//

#include "disc/Input/FrontEnd.h"

#include "disc/Dialect/TFRT/TFRTOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstring>

namespace mlir {
namespace disc {

const char *findTooDeepNesting(StringRef source) {
  std::string open;
  const char *end = source.end();
  for (const char *p = source.begin(); p != end; ++p) {
    switch (*p) {
    case '"':
      // A string ends at its closing quote; a newline ends an unterminated
      // one, which the parser reports.
      for (++p; p != end && *p != '"' && *p != '\n'; ++p)
        if (*p == '\\' && p + 1 != end)
          ++p;
      if (p == end)
        return nullptr;
      break;
    case '/':
      if (p + 1 != end && p[1] == '/')
        while (p + 1 != end && p[1] != '\n')
          ++p;
      break;
    case '-':
      if (p + 1 != end && p[1] == '>')
        ++p;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if (open.size() == kMaxNesting)
        return p;
      open += *p;
      break;
    case ')':
    case ']':
    case '}':
    case '>': {
      char opening = *p == ')' ? '(' : *p == ']' ? '[' : *p == '}' ? '{' : '<';
      if (!open.empty() && open.back() == opening)
        open.pop_back();
      break;
    }
    default:
      break;
    }
  }
  return nullptr;
}

std::string upgradeFuncSpelling(StringRef source) {
  std::string upgraded;
  upgraded.reserve(source.size());
  while (!source.empty()) {
    auto [line, rest] = source.split('\n');
    StringRef code = line.ltrim(" \t");
    if (code.starts_with("func @") || code.starts_with("func private @")) {
      upgraded.append(line.begin(), code.begin());
      upgraded += "func.func";
      upgraded += code.drop_front(strlen("func"));
    } else {
      upgraded += line;
    }
    if (line.size() < source.size())
      upgraded += '\n';
    source = rest;
  }
  return upgraded;
}

void addImplicitReturns(ModuleOp module) {
  auto isKernel = [](Operation &op) {
    return !op.isRegistered() ||
           isa<tfrt::TFRTDialect, tfrt_test::TFRTTestDialect, dht::DHTDialect>(
               op.getDialect());
  };
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration() || func.getNumResults() != 0 ||
        !func.getBody().hasOneBlock())
      continue;
    Block &body = func.getBody().front();
    if (body.empty() || body.back().hasTrait<OpTrait::IsTerminator>() ||
        !llvm::all_of(body, isKernel))
      continue;
    auto builder = OpBuilder::atBlockEnd(&body);
    tfrt::ReturnOp::create(builder, body.back().getLoc(), ValueRange());
  }
}

OwningOpRef<ModuleOp> parseProgram(llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context) {
  // Some of MLIR 22's op parsers crash on malformed text after reporting it
  // (linalg.reduce with `dimensions =` and no `[`, found by the frontend
  // fuzzer; mlir-opt crashes too). The parse runs under crash recovery so
  // that such a program fails with its diagnostics; what the parser had
  // built is abandoned.
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  OwningOpRef<ModuleOp> module;
  bool parsed = recovery.RunSafely([&] {
    module = parseSourceFile<ModuleOp>(
        sourceMgr, ParserConfig(context, /*verifyAfterParse=*/false));
  });
  if (!parsed) {
    (void)module.release();
    StringRef name = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                         ->getBufferIdentifier();
    emitError(FileLineColLoc::get(context, name, 1, 1))
        << "the MLIR parser crashed on this program (after the errors above, "
           "if any); it is not valid MLIR";
    return nullptr;
  }
  if (!module)
    return nullptr;
  addImplicitReturns(*module);
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

} // namespace disc
} // namespace mlir
