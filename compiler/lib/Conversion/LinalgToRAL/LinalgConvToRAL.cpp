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
//       padTop, padLeft, padBottom, padRight, groups)
//
// or "ral_conv_constant_filter" when %filter is a constant global. A
// linalg.conv_2d_nhwgc_gfhwc of G groups is the same call on views of its
// operands: the NHWC input and output its N x H x W x G x C/G ones expand,
// and its G x F x H x W x I filter as an HWIO one of G * F output features.
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
#define GEN_PASS_DEF_LINALGCONVTORALPASS
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
/// a subview over all its dims but the rows and columns (dims 1 and 2: NHWC,
/// or NHWGC for grouped features) make before `conv` in its block, read by
/// nothing else (but `reader`, `conv` or the view of it that `conv` reads,
/// and the pointer taken to free it after `conv`): the unpadded buffer, the
/// padding, and the fill, subview and copy then. The buffer itself is still
/// allocated and freed; it is never touched.
std::optional<FoldedPadding> matchZeroPadding(Value input, Operation *reader,
                                              Operation *conv) {
  auto type = cast<MemRefType>(input.getType());
  if (!isFreshBuffer(input) || !type.hasStaticShape())
    return std::nullopt;
  Operation *fill = nullptr;
  memref::SubViewOp window;
  for (Operation *user : input.getUsers()) {
    if (user == reader)
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
      !window.hasUnitStride() || window.getSourceType().getRank() < 4)
    return std::nullopt;
  ArrayRef<int64_t> offsets = window.getStaticOffsets();
  ArrayRef<int64_t> sizes = window.getStaticSizes();
  if (ShapedType::isDynamicShape(offsets) || ShapedType::isDynamicShape(sizes))
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  // The batch and feature dims whole: only the rows and columns are padded.
  for (auto [dim, offset, size] : llvm::enumerate(offsets, sizes))
    if (dim != 1 && dim != 2 && (offset != 0 || size != shape[dim]))
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

/// An f32 memref of `rank` with a strided layout, as ral_conv takes one at
/// rank 4.
bool isConvOperand(Value value, int64_t rank = 4) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getRank() == rank && type.getElementType().isF32() &&
         type.isStrided();
}

/// The operands of a ral_conv call: NHWC input and output, HWIO filter.
struct CallOperands {
  /// The input, NHWC, or NHWGC where only a collapsed view of it is NHWC.
  Value input;
  Value filter, out;
  /// What reads `input`: the convolution, or the view of it that it reads.
  Operation *inputReader;
  int64_t groups;
};

/// How a grouped convolution's NHWGC input and output are NHWC.
const ReassociationIndices kGroupedFeatures[] = {{0}, {1}, {2}, {3, 4}};

/// `buffer` with the dims of each of `reassociation` as one, or null where
/// its strides do not allow it.
Value collapse(OpBuilder &b, Location loc, Value buffer,
               ArrayRef<ReassociationIndices> reassociation) {
  auto type = cast<MemRefType>(buffer.getType());
  if (!memref::CollapseShapeOp::isGuaranteedCollapsible(type, reassociation))
    return nullptr;
  return memref::CollapseShapeOp::create(b, loc, buffer, reassociation);
}

std::optional<CallOperands> getCallOperands(OpBuilder &,
                                            linalg::Conv2DNhwcHwcfOp conv) {
  return CallOperands{conv.getDpsInputOperand(0)->get(),
                      conv.getDpsInputOperand(1)->get(),
                      conv.getDpsInitOperand(0)->get(), conv, 1};
}

/// The grouped convolution's N x H x W x G x C/G input (or the NHWC buffer
/// it is a view of), the NHWC view of its output, and the HWIO view of its
/// G x F x H x W x I filter; none when their strides do not allow views.
std::optional<CallOperands> getCallOperands(OpBuilder &b,
                                            linalg::Conv2DNhwgcGfhwcOp conv) {
  Location loc = conv.getLoc();
  Value input = conv.getDpsInputOperand(0)->get();
  Value filter = conv.getDpsInputOperand(1)->get();
  Value out = conv.getDpsInitOperand(0)->get();
  if (!isConvOperand(input, 5) || !isConvOperand(filter, 5) ||
      !isConvOperand(out, 5))
    return std::nullopt;
  CallOperands call{input, nullptr, nullptr, conv,
                    cast<MemRefType>(filter.getType()).getDimSize(0)};
  // Bufferization leaves an expanded input a view of the NHWC one.
  auto expand = input.getDefiningOp<memref::ExpandShapeOp>();
  if (expand &&
      llvm::equal(expand.getReassociationIndices(), kGroupedFeatures)) {
    call.input = expand.getSrc();
    call.inputReader = expand;
  }
  call.out = collapse(b, loc, out, kGroupedFeatures);
  Value outputsFirst = collapse(b, loc, filter, {{0, 1}, {2}, {3}, {4}});
  if (!call.out || !outputsFirst)
    return std::nullopt;
  call.filter = memref::TransposeOp::create(
      b, loc, outputsFirst,
      AffineMapAttr::get(AffineMap::getPermutationMap(
          ArrayRef<unsigned>{1, 2, 3, 0}, b.getContext())));
  return call;
}

/// Whether `buffer` is a constant of the model, or a view of one, which no
/// run writes.
bool isConstantBuffer(Value buffer) {
  while (auto view = buffer.getDefiningOp<ViewLikeOpInterface>())
    buffer = view.getViewSource();
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
template <typename ConvOp> void convertToDispatch(ConvOp conv, Value context) {
  Value filterBuffer = conv.getDpsInputOperand(1)->get();
  if (!conv.hasPureBufferSemantics())
    return;
  Operation *zeroInit =
      disc::findZeroInit(conv, conv.getDpsInitOperand(0)->get());
  if (!zeroInit)
    return;
  OpBuilder builder(conv);
  Location loc = conv.getLoc();
  // The views made for a call that is then not made are dead code, which
  // canonicalization removes.
  std::optional<CallOperands> call = getCallOperands(builder, conv);
  if (!call)
    return;
  std::optional<FoldedPadding> padding =
      matchZeroPadding(call->input, call->inputReader, conv);
  Value input = padding ? padding->unpadded : call->input;
  if (cast<MemRefType>(input.getType()).getRank() == 5)
    input = collapse(builder, loc, input, kGroupedFeatures);
  if (!input || !isConvOperand(input) || !isConvOperand(call->filter) ||
      !isConvOperand(call->out))
    return;
  SmallVector<Value> args = {input, call->filter, call->out};
  SmallVector<int64_t> window;
  for (APInt stride : conv.getStrides().template getValues<APInt>())
    window.push_back(stride.getSExtValue());
  for (APInt dilation : conv.getDilations().template getValues<APInt>())
    window.push_back(dilation.getSExtValue());
  if (padding)
    window.append(
        {padding->top, padding->left, padding->bottom, padding->right});
  else
    window.append({0, 0, 0, 0});
  window.push_back(call->groups);
  for (int64_t value : window)
    args.push_back(arith::ConstantIntOp::create(builder, loc, value, 64));
  disc_ral::DispatchOp::create(
      builder, loc, TypeRange(), context,
      isConstantBuffer(filterBuffer) ? "ral_conv_constant_filter" : "ral_conv",
      "cpu",
      /*may_fail=*/true, args);
  if (zeroInit != conv.getOperation())
    zeroInit->erase();
  conv.erase();
  if (padding)
    for (Operation *op : padding->padOps)
      op->erase();
}

struct LinalgConvToRALPass
    : mlir::disc::impl::LinalgConvToRALPassBase<LinalgConvToRALPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || func.getNumArguments() == 0 ||
        !isa<disc_ral::ContextType>(func.getArgument(0).getType()))
      return;
    SmallVector<Operation *> convs;
    func.walk([&](Operation *op) {
      if (isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNhwgcGfhwcOp>(op))
        convs.push_back(op);
    });
    Value context = func.getArgument(0);
    for (Operation *conv : convs) {
      if (auto plain = dyn_cast<linalg::Conv2DNhwcHwcfOp>(conv))
        convertToDispatch(plain, context);
      else
        convertToDispatch(cast<linalg::Conv2DNhwgcGfhwcOp>(conv), context);
    }
  }
};

} // namespace
