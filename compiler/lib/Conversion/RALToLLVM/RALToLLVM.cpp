//===- RALToLLVM.cpp - Lower a RAL program to the LLVM dialect ------------===//

#include "disc/Conversion/RALToLLVM/RALToLLVM.h"

#include "disc/Conversion/RALToLLVM/Passes.h"
#include "disc/Dialect/RAL/EntrySignature.h"
#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_RALTOLLVMPASS
#include "disc/Conversion/RALToLLVM/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// An entry function as found before lowering.
struct Entry {
  StringAttr name;
  DictionaryAttr signature;
  Location loc;
};

/// Checks every public function has the `(ctx) -> ()` form of a bound entry
/// and collects its signature.
FailureOr<SmallVector<Entry>> collectEntries(ModuleOp module) {
  SmallVector<Entry> entries;
  bool failedAny = false;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isPublic() || func.isDeclaration())
      continue;
    FunctionType type = func.getFunctionType();
    if (type.getNumInputs() != 1 ||
        !isa<disc_ral::ContextType>(type.getInput(0)) ||
        type.getNumResults() != 0) {
      func.emitError() << "entry @" << func.getSymName() << " has type " << type
                       << "; expected (!disc_ral.context) -> () (run "
                          "disc-ral-inject-context and disc-ral-bind-io)";
      failedAny = true;
      continue;
    }
    auto signature =
        func->getAttrOfType<DictionaryAttr>(disc::kEntrySignatureAttrName);
    if (!signature) {
      func.emitError() << "entry @" << func.getSymName() << " has no "
                       << disc::kEntrySignatureAttrName
                       << " (run disc-record-entry-signature)";
      failedAny = true;
      continue;
    }
    std::string wrapper = (disc::kEntrySymbolPrefix + func.getSymName()).str();
    if (module.lookupSymbol(wrapper)) {
      func.emitError() << "entry @" << func.getSymName()
                       << " needs the symbol @" << wrapper
                       << " for its export, but the module already has one";
      failedAny = true;
      continue;
    }
    entries.push_back({func.getSymNameAttr(), signature, func.getLoc()});
  }
  if (module.lookupSymbol(disc::kModelAbiVersionSymbol)) {
    module.emitError() << "the module already defines @"
                       << disc::kModelAbiVersionSymbol;
    failedAny = true;
  }
  if (failedAny)
    return failure();
  return entries;
}

/// Io binding and heap memory must be runtime calls by now: a heap buffer
/// left to the memref lowering would come from malloc, behind the runtime's
/// back. Say so instead of lowering it or failing generically.
LogicalResult checkLegalizedToDispatch(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    if (isa<disc_ral::RecvInputOp, disc_ral::SendOutputOp, memref::AllocOp,
            memref::DeallocOp>(op)) {
      op->emitOpError("must be lowered by disc-ral-legalize-to-dispatch "
                      "before disc-ral-to-llvm");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Math ops LLVM has an intrinsic for become that intrinsic; the others
/// become libm calls, which the final conversion turns into `llvm.call`s.
LogicalResult lowerMath(ModuleOp module, const LLVMTypeConverter &converter) {
  MLIRContext *context = module.getContext();
  RewritePatternSet intrinsicPatterns(context);
  populateMathToLLVMConversionPatterns(converter, intrinsicPatterns);
  ConversionTarget intrinsicTarget(*context);
  intrinsicTarget.addLegalDialect<LLVM::LLVMDialect>();
  if (failed(applyPartialConversion(module, intrinsicTarget,
                                    std::move(intrinsicPatterns))))
    return failure();

  RewritePatternSet libmPatterns(context);
  populateMathToLibmConversionPatterns(libmPatterns);
  return applyPatternsGreedily(module, std::move(libmPatterns));
}

LogicalResult convertToLLVM(ModuleOp module, LLVMTypeConverter &converter) {
  MLIRContext *context = module.getContext();
  RewritePatternSet patterns(context);
  arith::populateArithToLLVMConversionPatterns(converter, patterns);
  populateComplexToLLVMConversionPatterns(converter, patterns);
  populateMathToLLVMConversionPatterns(converter, patterns);
  populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
  populateFuncToLLVMConversionPatterns(converter, patterns);
  cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
  index::populateIndexToLLVMConversionPatterns(converter, patterns);
  populateVectorToLLVMConversionPatterns(converter, patterns);
  // A 2-D vector built from the rows of a block transposed in registers
  // (disc-cpu-tile-transposes) is a from_elements of all its elements;
  // LLVM takes one row at a time.
  vector::populateVectorFromElementsUnrollPatterns(patterns);
  ub::populateUBToLLVMConversionPatterns(converter, patterns);
  disc::populateRALToLLVMConversionPatterns(converter, patterns);

  LLVMConversionTarget target(*context);
  target.addLegalOp<ModuleOp>();
  if (failed(applyFullConversion(module, target, std::move(patterns))))
    return failure();

  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  SmallVector<UnrealizedConversionCastOp> remaining;
  reconcileUnrealizedCasts(casts, &remaining);
  if (!remaining.empty())
    return remaining.front().emitError(
        "a value's type could not be lowered to LLVM");
  return success();
}

/// After each runtime call that can fail, returns from the function at once
/// when the status is non-zero: the execution context holds the error.
LogicalResult insertStatusChecks(ModuleOp module) {
  SmallVector<LLVM::CallOp> calls;
  module.walk([&](LLVM::CallOp call) {
    if (call->hasAttr(disc::kCheckStatusAttrName))
      calls.push_back(call);
  });
  DenseMap<Operation *, Block *> failureBlocks;
  OpBuilder builder(module.getContext());
  for (LLVM::CallOp call : calls) {
    call->removeAttr(disc::kCheckStatusAttrName);
    auto func = call->getParentOfType<LLVM::LLVMFuncOp>();
    if (!isa<LLVM::LLVMVoidType>(func.getFunctionType().getReturnType()))
      return call.emitError("a runtime call that can fail is in @")
             << func.getSymName()
             << ", which returns values; it could not stop at a failure";
    if (call->getParentRegion() != &func.getBody())
      return call.emitError("a runtime call that can fail is nested in a "
                            "region of @")
             << func.getSymName() << "; it could not return at a failure";

    Block *&failureBlock = failureBlocks[func];
    if (!failureBlock) {
      failureBlock = builder.createBlock(&func.getBody(), func.getBody().end());
      LLVM::ReturnOp::create(builder, call.getLoc(), ValueRange());
    }
    Block *before = call->getBlock();
    Block *after = before->splitBlock(std::next(call->getIterator()));
    builder.setInsertionPointToEnd(before);
    Value zero =
        LLVM::ConstantOp::create(builder, call.getLoc(), builder.getI32Type(),
                                 builder.getI32IntegerAttr(0));
    Value failed =
        LLVM::ICmpOp::create(builder, call.getLoc(), LLVM::ICmpPredicate::ne,
                             call.getResult(), zero);
    LLVM::CondBrOp::create(builder, call.getLoc(), failed, failureBlock, after);
  }
  return success();
}

/// Exports `disc_entry_<fn>` for each entry and `disc_model_abi_version`;
/// everything else the module defines stays inside the .so.
void emitExports(ModuleOp module, ArrayRef<Entry> entries) {
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (!func.isExternal())
      func.setLinkage(LLVM::Linkage::Internal);
  for (auto global : module.getOps<LLVM::GlobalOp>())
    if (global.getLinkage() == LLVM::Linkage::External &&
        (global.getValueOrNull() || !global.getInitializerRegion().empty()))
      global.setLinkage(LLVM::Linkage::Internal);

  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  MLIRContext *context = module.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto voidType = LLVM::LLVMVoidType::get(context);
  for (const Entry &entry : entries) {
    auto wrapper = LLVM::LLVMFuncOp::create(
        builder, entry.loc,
        (disc::kEntrySymbolPrefix + entry.name.getValue()).str(),
        LLVM::LLVMFunctionType::get(voidType, {ptrType}));
    wrapper->setAttr(disc::kEntrySignatureAttrName, entry.signature);
    OpBuilder body = OpBuilder::atBlockEnd(wrapper.addEntryBlock(builder));
    LLVM::CallOp::create(body, entry.loc, TypeRange(),
                         FlatSymbolRefAttr::get(entry.name),
                         wrapper.getArgument(0));
    LLVM::ReturnOp::create(body, entry.loc, ValueRange());
  }

  disc::buildModelAbiVersionFunction(module);
}

} // namespace

void disc::buildModelAbiVersionFunction(ModuleOp module) {
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Location loc = module.getLoc();
  auto version = LLVM::LLVMFuncOp::create(
      builder, loc, kModelAbiVersionSymbol,
      LLVM::LLVMFunctionType::get(builder.getI32Type(), {}));
  OpBuilder body = OpBuilder::atBlockEnd(version.addEntryBlock(builder));
  Value one = LLVM::ConstantOp::create(
      body, loc, body.getI32Type(), body.getI32IntegerAttr(kModelAbiVersion));
  LLVM::ReturnOp::create(body, loc, one);
}

namespace {

struct RALToLLVMPass : disc::impl::RALToLLVMPassBase<RALToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<Entry>> entries = collectEntries(module);
    if (failed(entries) || failed(checkLegalizedToDispatch(module)))
      return signalPassFailure();

    SmallVector<NamedAttribute> signatures;
    for (const Entry &entry : *entries)
      signatures.emplace_back(entry.name, entry.signature);
    module->setAttr(disc::kEntrySignaturesAttrName,
                    DictionaryAttr::get(&getContext(), signatures));

    LLVMTypeConverter converter(&getContext());
    disc::addRALTypeConversions(converter);
    if (failed(lowerMath(module, converter)) ||
        failed(convertToLLVM(module, converter)) ||
        failed(insertStatusChecks(module)))
      return signalPassFailure();
    emitExports(module, *entries);
  }
};

} // namespace
