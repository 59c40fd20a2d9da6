//===- LinalgConvToRAL.cpp - 2-D convolutions as library calls ------------===//
//
// A convolution on buffers whose output starts as zeros,
//
//   linalg.fill ins(%zero) outs(%out)
//   linalg.conv_2d_nhwc_hwcf {strides, dilations}
//       ins(%input, %filter) outs(%out)
//
// becomes one call of the CPU runtime's convolution (oneDNN), which
// overwrites %out:
//
//   disc_ral.dispatch %ctx, "ral_conv" device "cpu" may_fail(
//       %input, %filter, %out, strides..., dilations...,
//       padTop, padLeft, padBottom, padRight)
//
// or "ral_conv_constant_filter" when %filter is a constant global.
//
// An input padded with zeros the way bufferization leaves tensor.pad (a
// fresh buffer filled with zeros, the unpadded input copied into a subview
// of it) is read unpadded, its padding passed to the call, so that the
// padded copy is never written.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/LinalgToRAL/Passes.h"
#include "disc/Conversion/LinalgToRAL/ZeroInit.h"
#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_DISCLINALGCONVTORAL
#include "disc/Conversion/LinalgToRAL/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// An input read through zero padding that the call can take instead: the
/// unpadded buffer, the padding, and the ops that made the padded copy.
struct FoldedPadding {
  Value unpadded;
  int64_t top = 0, left = 0, bottom = 0, right = 0;
  SmallVector<Operation *> padOps;
};

/// A buffer the run allocates afresh: nothing else can alias it.
bool isFreshBuffer(Value buffer) {
  return isa_and_nonnull<memref::AllocOp, disc_ral::MemRefFromPtrOp>(
      buffer.getDefiningOp());
}

/// Whether `op` sets all of `buffer` to zero: a linalg.fill, or the
/// linalg.map that bufferization makes of tensor.pad's zero.
bool isZeroFillOf(Operation *op, Value buffer) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
      linalgOp.getNumDpsInits() != 1 ||
      linalgOp.getDpsInitOperand(0)->get() != buffer)
    return false;
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
  auto map = dyn_cast<linalg::MapOp>(op);
  if (!map || map.getNumDpsInputs() != 0)
    return false;
  auto yield = cast<linalg::YieldOp>(map.getBlock()->getTerminator());
  return yield.getNumOperands() == 1 &&
         matchPattern(yield.getOperand(0), m_AnyZeroFloat());
}

/// Whether `op`, run between the padded copy and the convolution, leaves
/// every buffer but fresh ones other than `padded` and `unpadded` as it was
/// (bufferization reuses the unpadded buffer once copied, for the
/// convolution's output among others, which the call would then read).
bool writesOnlyOtherFreshBuffers(Operation *op, Value padded, Value unpadded) {
  if (auto dispatch = dyn_cast<disc_ral::DispatchOp>(op))
    return dispatch.getCallTargetName() == "ral_alloc";
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::all_of(instances, [&](const MemoryEffects::EffectInstance &e) {
    if (isa<MemoryEffects::Read, MemoryEffects::Allocate>(e.getEffect()))
      return true;
    Value value = e.getValue();
    return value && value != padded && value != unpadded &&
           isFreshBuffer(value);
  });
}

/// Whether `input` is a fresh buffer that a zero fill and then a copy into
/// a subview over its batch and feature dims make before `conv` in its
/// block, read by nothing else (but the pointer taken to free it after
/// `conv`): the unpadded buffer, the padding, and the fill, subview and copy
/// then. The buffer itself is still allocated and freed; it is never
/// touched.
std::optional<FoldedPadding> matchZeroPadding(Value input, Operation *conv) {
  auto type = cast<MemRefType>(input.getType());
  if (!isFreshBuffer(input) || !type.hasStaticShape())
    return std::nullopt;
  Operation *fill = nullptr;
  memref::SubViewOp window;
  for (Operation *user : input.getUsers()) {
    if (user == conv)
      continue;
    if (!fill && isZeroFillOf(user, input)) {
      fill = user;
      continue;
    }
    if (auto subview = dyn_cast<memref::SubViewOp>(user); subview && !window) {
      window = subview;
      continue;
    }
    bool freedAfter =
        isa<memref::DeallocOp, memref::ExtractAlignedPointerAsIndexOp>(user) &&
        user->getBlock() == conv->getBlock() && conv->isBeforeInBlock(user);
    if (!freedAfter)
      return std::nullopt;
  }
  if (!fill || !window || !window->hasOneUse())
    return std::nullopt;
  auto copy = dyn_cast<memref::CopyOp>(*window->user_begin());
  Block *block = conv->getBlock();
  if (!copy || copy.getTarget() != window.getResult() ||
      fill->getBlock() != block || copy->getBlock() != block ||
      !fill->isBeforeInBlock(copy) || !copy->isBeforeInBlock(conv) ||
      !window.hasUnitStride() || window.getSourceType().getRank() != 4)
    return std::nullopt;
  ArrayRef<int64_t> offsets = window.getStaticOffsets();
  ArrayRef<int64_t> sizes = window.getStaticSizes();
  if (ShapedType::isDynamicShape(offsets) || ShapedType::isDynamicShape(sizes))
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  // The batch and feature dims whole: only the rows and columns are padded.
  if (offsets[0] != 0 || offsets[3] != 0 || sizes[0] != shape[0] ||
      sizes[3] != shape[3])
    return std::nullopt;
  // The copy's source must still hold the unpadded input when `conv` runs.
  for (Operation *between = copy->getNextNode(); between != conv;
       between = between->getNextNode())
    if (!isMemoryEffectFree(between) &&
        !writesOnlyOtherFreshBuffers(between, input, copy.getSource()))
      return std::nullopt;
  FoldedPadding folded;
  folded.unpadded = copy.getSource();
  folded.top = offsets[1];
  folded.left = offsets[2];
  folded.bottom = shape[1] - offsets[1] - sizes[1];
  folded.right = shape[2] - offsets[2] - sizes[2];
  folded.padOps = {copy, window, fill};
  return folded;
}

/// An f32 memref of rank 4 with a strided layout, as ral_conv takes one.
bool isConvOperand(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getRank() == 4 && type.getElementType().isF32() &&
         type.isStrided();
}

/// Whether `buffer` is a constant of the model, which no run writes.
bool isConstantBuffer(Value buffer) {
  auto getGlobal = buffer.getDefiningOp<memref::GetGlobalOp>();
  if (!getGlobal)
    return false;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      getGlobal, getGlobal.getNameAttr());
  return global && global.getConstant();
}

/// Makes `conv` a ral_conv call when its operands are ones the runtime
/// takes and its output starts as zeros: ral_conv_constant_filter when the
/// filter is a constant, which the runtime then reorders for oneDNN once
/// per context rather than on every call.
void convertToDispatch(linalg::Conv2DNhwcHwcfOp conv, Value context) {
  Value input = conv.getDpsInputOperand(0)->get();
  Value filter = conv.getDpsInputOperand(1)->get();
  Value out = conv.getDpsInitOperand(0)->get();
  if (!conv.hasPureBufferSemantics() || !isConvOperand(input) ||
      !isConvOperand(filter) || !isConvOperand(out))
    return;
  Operation *zeroInit = disc::findZeroInit(conv, out);
  if (!zeroInit)
    return;
  std::optional<FoldedPadding> padding = matchZeroPadding(input, conv);
  OpBuilder builder(conv);
  Location loc = conv.getLoc();
  SmallVector<Value> args = {padding ? padding->unpadded : input, filter, out};
  SmallVector<int64_t> window;
  for (APInt stride : conv.getStrides().getValues<APInt>())
    window.push_back(stride.getSExtValue());
  for (APInt dilation : conv.getDilations().getValues<APInt>())
    window.push_back(dilation.getSExtValue());
  if (padding)
    window.append(
        {padding->top, padding->left, padding->bottom, padding->right});
  else
    window.append({0, 0, 0, 0});
  for (int64_t value : window)
    args.push_back(arith::ConstantIntOp::create(builder, loc, value, 64));
  disc_ral::DispatchOp::create(
      builder, loc, TypeRange(), context,
      isConstantBuffer(filter) ? "ral_conv_constant_filter" : "ral_conv", "cpu",
      /*may_fail=*/true, args);
  if (zeroInit != conv.getOperation())
    zeroInit->erase();
  conv.erase();
  if (padding)
    for (Operation *op : padding->padOps)
      op->erase();
}

struct LinalgConvToRALPass
    : mlir::disc::impl::DiscLinalgConvToRALBase<LinalgConvToRALPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || func.getNumArguments() == 0 ||
        !isa<disc_ral::ContextType>(func.getArgument(0).getType()))
      return;
    SmallVector<linalg::Conv2DNhwcHwcfOp> convs;
    func.walk([&](linalg::Conv2DNhwcHwcfOp conv) { convs.push_back(conv); });
    for (linalg::Conv2DNhwcHwcfOp conv : convs)
      convertToDispatch(conv, func.getArgument(0));
  }
};

} // namespace
