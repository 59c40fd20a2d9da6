//===- SoftFloatConversions.cpp - In-model f16/bf16 conversion helpers ----===//
//
// The bit manipulations follow the usual round-to-nearest-even algorithms for
// IEEE binary16 and bfloat16; every branch is computed and selected, so the
// helpers have no control flow.
//
//===----------------------------------------------------------------------===//

#include "disc/Target/SoftFloatConversions.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace mlir;
using llvm::IRBuilder;
using llvm::Value;

namespace {
struct Conversions {
  bool extendsHalf = false;
  bool truncatesToHalf = false;
  bool truncatesToBFloat = false;
};
} // namespace

static bool isScalarOrVectorOf(llvm::Type *type,
                               bool (llvm::Type::*is)() const) {
  return (type->getScalarType()->*is)();
}

static Conversions findConversions(llvm::Module &module) {
  Conversions found;
  for (llvm::Function &function : module)
    for (llvm::Instruction &inst : llvm::instructions(function)) {
      if (auto *ext = llvm::dyn_cast<llvm::FPExtInst>(&inst))
        found.extendsHalf |=
            isScalarOrVectorOf(ext->getSrcTy(), &llvm::Type::isHalfTy);
      if (auto *trunc = llvm::dyn_cast<llvm::FPTruncInst>(&inst)) {
        found.truncatesToHalf |=
            isScalarOrVectorOf(trunc->getDestTy(), &llvm::Type::isHalfTy);
        found.truncatesToBFloat |=
            isScalarOrVectorOf(trunc->getDestTy(), &llvm::Type::isBFloatTy);
      }
    }
  return found;
}

/// Creates `name` with internal linkage and a body from `build`, unless the
/// module already has it, and keeps it until code generation.
static void
defineHelper(llvm::Module &module, llvm::StringRef name,
             llvm::FunctionType *type,
             llvm::function_ref<Value *(IRBuilder<> &, Value *)> build) {
  if (module.getFunction(name))
    return;
  llvm::Function *function = llvm::Function::Create(
      type, llvm::GlobalValue::InternalLinkage, name, module);
  function->setDoesNotThrow();
  function->addFnAttr(llvm::Attribute::NoInline);
  IRBuilder<> builder(
      llvm::BasicBlock::Create(module.getContext(), "entry", function));
  builder.CreateRet(build(builder, function->getArg(0)));
  llvm::appendToCompilerUsed(module, {function});
}

/// binary16 → binary32; exact for every input.
static Value *extendHalf(IRBuilder<> &b, Value *half) {
  llvm::Type *i32 = b.getInt32Ty();
  Value *h = b.CreateZExt(b.CreateBitCast(half, b.getInt16Ty()), i32);
  Value *sign = b.CreateShl(b.CreateAnd(h, 0x8000), 16);
  Value *bits = b.CreateShl(b.CreateAnd(h, 0x7fff), 13);
  Value *exponent = b.CreateAnd(bits, 0x0f800000);
  Value *normal = b.CreateAdd(bits, b.getInt32((127 - 15) << 23));
  // Inf and NaN keep an all-ones exponent; a NaN comes out quiet, as the
  // hardware conversion makes it.
  Value *infOrNan = b.CreateAdd(normal, b.getInt32((128 - 16) << 23));
  Value *isNan = b.CreateICmpNE(b.CreateAnd(h, 0x3ff), b.getInt32(0));
  infOrNan = b.CreateSelect(isNan, b.CreateOr(infOrNan, 0x00400000), infOrNan);
  // A subnormal half is a normal float: let the FPU renormalize it.
  Value *subnormalBits = b.CreateAdd(normal, b.getInt32(1 << 23));
  Value *magic = llvm::ConstantFP::get(b.getFloatTy(), 6.103515625e-05);
  Value *subnormal = b.CreateBitCast(
      b.CreateFSub(b.CreateBitCast(subnormalBits, b.getFloatTy()), magic), i32);
  Value *result =
      b.CreateSelect(b.CreateICmpEQ(exponent, b.getInt32(0x0f800000)), infOrNan,
                     b.CreateSelect(b.CreateICmpEQ(exponent, b.getInt32(0)),
                                    subnormal, normal));
  return b.CreateBitCast(b.CreateOr(result, sign), b.getFloatTy());
}

/// binary32 → binary16, rounding to nearest even.
static Value *truncateToHalf(IRBuilder<> &b, Value *value) {
  llvm::Type *i32 = b.getInt32Ty();
  Value *f = b.CreateBitCast(value, i32);
  Value *sign = b.CreateAnd(f, 0x80000000);
  Value *magnitude = b.CreateXor(f, sign);
  // Overflow to infinity, NaN stays a (quiet) NaN.
  Value *tooLarge =
      b.CreateSelect(b.CreateICmpUGT(magnitude, b.getInt32(255 << 23)),
                     b.getInt32(0x7e00), b.getInt32(0x7c00));
  // Below the smallest normal half: the FPU rounds when adding a magic.
  const uint32_t denormMagic = ((127 - 15) + (23 - 10) + 1) << 23;
  Value *sum =
      b.CreateFAdd(b.CreateBitCast(magnitude, b.getFloatTy()),
                   b.CreateBitCast(b.getInt32(denormMagic), b.getFloatTy()));
  Value *subnormal =
      b.CreateSub(b.CreateBitCast(sum, i32), b.getInt32(denormMagic));
  // Normal: rebias the exponent and round the 13 dropped bits to even.
  Value *mantissaOdd = b.CreateAnd(b.CreateLShr(magnitude, 13), 1);
  Value *rebiased =
      b.CreateAdd(magnitude, b.getInt32((uint32_t(15 - 127) << 23) + 0xfff));
  Value *normal = b.CreateLShr(b.CreateAdd(rebiased, mantissaOdd), 13);
  Value *result = b.CreateSelect(
      b.CreateICmpUGE(magnitude, b.getInt32((127 + 16) << 23)), tooLarge,
      b.CreateSelect(b.CreateICmpULT(magnitude, b.getInt32(113 << 23)),
                     subnormal, normal));
  result = b.CreateOr(result, b.CreateLShr(sign, 16));
  return b.CreateBitCast(b.CreateTrunc(result, b.getInt16Ty()), b.getHalfTy());
}

/// binary32 → bfloat16, rounding to nearest even; NaN stays a quiet NaN.
static Value *truncateToBFloat(IRBuilder<> &b, Value *value) {
  llvm::Type *i32 = b.getInt32Ty();
  Value *f = b.CreateBitCast(value, i32);
  Value *lsb = b.CreateAnd(b.CreateLShr(f, 16), 1);
  Value *rounded =
      b.CreateLShr(b.CreateAdd(f, b.CreateAdd(lsb, b.getInt32(0x7fff))), 16);
  Value *quietNan = b.CreateOr(b.CreateLShr(f, 16), 0x40);
  Value *isNan = b.CreateFCmpUNO(value, value);
  Value *result = b.CreateSelect(isNan, quietNan, rounded);
  return b.CreateBitCast(b.CreateTrunc(result, b.getInt16Ty()),
                         b.getBFloatTy());
}

void mlir::disc::addSoftFloatConversions(llvm::Module &module) {
  Conversions needed = findConversions(module);
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *f32 = llvm::Type::getFloatTy(context);
  llvm::Type *f16 = llvm::Type::getHalfTy(context);
  llvm::Type *bf16 = llvm::Type::getBFloatTy(context);
  if (needed.extendsHalf)
    defineHelper(module, "__extendhfsf2",
                 llvm::FunctionType::get(f32, f16, false), extendHalf);
  if (needed.truncatesToHalf)
    defineHelper(module, "__truncsfhf2",
                 llvm::FunctionType::get(f16, f32, false), truncateToHalf);
  if (needed.truncatesToBFloat)
    defineHelper(module, "__truncsfbf2",
                 llvm::FunctionType::get(bf16, f32, false), truncateToBFloat);
}
