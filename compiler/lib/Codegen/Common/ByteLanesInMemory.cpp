//===- ByteLanesInMemory.cpp - Vectors of sub-byte lanes read as bytes ----===//
//
// A memref of i1 (or i2, i4, the 4- and 6-bit floats' bits) holds a byte per
// element: memref.load and memref.store lower to LLVM's scalar i1 loads and
// stores, which take a byte each, and the runtime's booleans are numpy's
// bytes. LLVM lays out a vector of such lanes in memory packed, a bit per
// i1: `load <16 x i1>` reads two bytes. So a vectorized loop that read a
// boolean mask from memory took bit k of byte k/8 for lane k, and computed
// a wrong answer without any error (issue 30: a causal mask that two
// attention layers share).
//
// Every vector access to memory is made to agree with the scalar layout:
// its lanes are widened to whole bytes in memory and narrowed back in
// registers, and the types that size memory (alloca, getelementptr) widen
// with them, so that a buffer typed as a vector of booleans has a byte per
// lane too.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/Common/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_BYTELANESINMEMORYPASS
#include "disc/Codegen/Common/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

/// `type` as memory holds it: a vector's integer lanes narrower than a power
/// of two bytes take the next one (i1 a byte), inside arrays and literal
/// structs too. Returns `type` itself when nothing widens.
Type getInMemoryType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    auto lane = dyn_cast<IntegerType>(vector.getElementType());
    if (!lane)
      return type;
    unsigned width = llvm::PowerOf2Ceil(std::max(lane.getWidth(), 8u));
    if (width == lane.getWidth())
      return type;
    return vector.clone(IntegerType::get(type.getContext(), width));
  }
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type)) {
    Type element = getInMemoryType(array.getElementType());
    if (element == array.getElementType())
      return type;
    return LLVM::LLVMArrayType::get(element, array.getNumElements());
  }
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type)) {
    if (structType.isIdentified())
      return type;
    SmallVector<Type> body =
        llvm::map_to_vector(structType.getBody(),
                            [](Type field) { return getInMemoryType(field); });
    if (ArrayRef<Type>(body) == structType.getBody())
      return type;
    return LLVM::LLVMStructType::getLiteral(type.getContext(), body,
                                            structType.isPacked());
  }
  return type;
}

/// `value` converted lane by lane to `type`, its in-memory or its register
/// form: lanes widen with zeros above, as the scalar stores leave them, and
/// narrow by dropping the bits above.
Value convertLanes(OpBuilder &builder, Location loc, Value value, Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.getElementTypeBitWidth() >
        cast<VectorType>(from).getElementTypeBitWidth())
      return LLVM::ZExtOp::create(builder, loc, type, value);
    return LLVM::TruncOp::create(builder, loc, type, value);
  }
  SmallVector<Type> fields;
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    fields.assign(array.getNumElements(), array.getElementType());
  else
    llvm::append_range(fields, cast<LLVM::LLVMStructType>(type).getBody());
  Value result = LLVM::PoisonOp::create(builder, loc, type);
  for (auto [position, field] : llvm::enumerate(fields)) {
    Value element = LLVM::ExtractValueOp::create(
        builder, loc, value, static_cast<int64_t>(position));
    result = LLVM::InsertValueOp::create(
        builder, loc, result, convertLanes(builder, loc, element, field),
        static_cast<int64_t>(position));
  }
  return result;
}

/// Makes `op`'s operand `operand` (a value it writes to memory) hold the
/// in-memory form.
void widenStoredValue(Operation *op, OpOperand &operand) {
  Type inMemory = getInMemoryType(operand.get().getType());
  if (inMemory == operand.get().getType())
    return;
  OpBuilder builder(op);
  operand.set(convertLanes(builder, op->getLoc(), operand.get(), inMemory));
}

/// Makes `op`'s only result (a value it reads from memory) come in the
/// in-memory form, and its users see the register form; `passThrough`, the
/// lanes a masked read leaves, widens with it.
void widenLoadedValue(Operation *op, OpOperand *passThrough = nullptr) {
  Value loaded = op->getResult(0);
  Type inRegisters = loaded.getType();
  Type inMemory = getInMemoryType(inRegisters);
  if (inMemory == inRegisters)
    return;
  if (passThrough)
    widenStoredValue(op, *passThrough);
  SmallVector<OpOperand *> uses = llvm::map_to_vector(
      loaded.getUses(), [](OpOperand &use) { return &use; });
  loaded.setType(inMemory);
  OpBuilder builder(op->getContext());
  builder.setInsertionPointAfter(op);
  Value narrowed = convertLanes(builder, op->getLoc(), loaded, inRegisters);
  for (OpOperand *use : uses)
    use->set(narrowed);
}

/// The pass-through operand of a masked read, when it has one.
OpOperand *getPassThrough(Operation *op) {
  auto first = [](MutableOperandRange range) {
    return range.empty() ? nullptr : &range[0];
  };
  if (auto load = dyn_cast<LLVM::MaskedLoadOp>(op))
    return first(load.getPassThruMutable());
  if (auto gather = dyn_cast<LLVM::masked_gather>(op))
    return first(gather.getPassThruMutable());
  if (auto expand = dyn_cast<LLVM::masked_expandload>(op))
    return &expand.getPassthruMutable();
  return nullptr;
}

struct ByteLanesInMemoryPass
    : disc::impl::ByteLanesInMemoryPassBase<ByteLanesInMemoryPass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([&](Operation *op) {
      if (auto global = dyn_cast<LLVM::GlobalOp>(op)) {
        if (getInMemoryType(global.getGlobalType()) != global.getGlobalType()) {
          global.emitError() << "a global of " << global.getGlobalType()
                             << " would be laid out a bit per lane, which no "
                                "access to it in disc's code expects";
          return WalkResult::interrupt();
        }
      } else if (auto alloca = dyn_cast<LLVM::AllocaOp>(op)) {
        alloca.setElemType(getInMemoryType(alloca.getElemType()));
      } else if (auto gep = dyn_cast<LLVM::GEPOp>(op)) {
        gep.setElemType(getInMemoryType(gep.getElemType()));
      } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        widenStoredValue(op, store.getValueMutable());
      } else if (auto store = dyn_cast<LLVM::MaskedStoreOp>(op)) {
        widenStoredValue(op, store.getValueMutable());
      } else if (auto scatter = dyn_cast<LLVM::masked_scatter>(op)) {
        widenStoredValue(op, scatter.getValueMutable());
      } else if (auto compress = dyn_cast<LLVM::masked_compressstore>(op)) {
        widenStoredValue(op, compress.getValueMutable());
      } else if (isa<LLVM::LoadOp, LLVM::MaskedLoadOp, LLVM::masked_gather,
                     LLVM::masked_expandload>(op)) {
        widenLoadedValue(op, getPassThrough(op));
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
