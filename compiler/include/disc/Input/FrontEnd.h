//===- FrontEnd.h - Read a program's text into a verified module -*- C++
//-*-===//
//
// What disc-compile does with its input before the first phase: refuse
// nesting deeper than the parser's recursion can take, accept TFRT's older
// spellings, parse and verify. The fuzzers drive the same code.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_INPUT_FRONTEND_H
#define DISC_INPUT_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;

namespace disc {

/// Brackets nested deeper than this are refused before parsing. Exported
/// programs nest a few dozen levels; the parser, the verifier and many
/// passes recurse once per level. A program 20 times this deep compiled
/// through every phase on twice kFrontEndStackBytes of stack, so the margin
/// is wide (test/lit/driver/nesting.mlir compiles one at the limit).
constexpr unsigned kMaxNesting = 1000;

/// The stack a thread parsing and compiling a program needs for programs up
/// to kMaxNesting deep.
constexpr unsigned kFrontEndStackBytes = 256u << 20;

/// The first bracket of `source` that opens more than kMaxNesting levels
/// deep, or nullptr. Brackets are (, [, { and <; a closing one ends the
/// innermost level only when it matches it, so that the `>` of `->` or
/// `>=` does not; brackets in strings and comments do not count.
const char *findTooDeepNesting(StringRef source);

/// TFRT's documents and older tests spell functions `func @f(...)`; MLIR
/// now spells them `func.func @f(...)`. Rewrites the line starts that use
/// the old spelling; every other byte is kept, so locations stay on their
/// lines.
std::string upgradeFuncSpelling(StringRef source);

/// TFRT's documents end a function without results after its last kernel
/// (`func @control_dep0() { ... dht.print_tensor.i32 %a }`). Gives such a
/// function, when every op of it is a kernel, the `tfrt.return` it leaves
/// out, before the module is verified.
void addImplicitReturns(ModuleOp module);

/// Parses the main buffer of `sourceMgr` (its text already through
/// upgradeFuncSpelling) into a module, adds implicit returns and verifies
/// it; null after an error, which went to the context's diagnostic handler.
OwningOpRef<ModuleOp> parseProgram(llvm::SourceMgr &sourceMgr,
                                   MLIRContext *context);

} // namespace disc
} // namespace mlir

#endif // DISC_INPUT_FRONTEND_H
