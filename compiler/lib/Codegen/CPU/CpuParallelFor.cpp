//===- CpuParallelFor.cpp - Outer parallel loops on every core ------------===//
//
// An outermost scf.parallel with enough work,
//
//   scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1) {
//     ... uses %buffer, %x
//   }
//
// becomes a call of the runtime's parallel-for over a function that runs a
// range of its first dimension:
//
//   %captures = llvm.alloca ... (at the function's entry)
//   <store %buffer's pointer and sizes, %x, the bounds into %captures>
//   disc_ral.parallel_for %ctx, @f_parallel_0(%captures, %count, %grain)
//
//   func.func private @f_parallel_0(%captures: !llvm.ptr, %begin: index,
//                                   %end: index) {
//     <load them back>
//     scf.parallel (%n, %j) = (%begin, %lb1) to (%end, %ub1) step (1, %s1) {
//       %i = %lb0 + %n * %s0
//       ...
//     }
//   }
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CPUPARALLELFORPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// What a trip count that is not a constant counts as in the estimates.
constexpr int64_t kDynamicTripCount = 64;
// Estimates saturate here, so that products of trip counts never overflow.
constexpr int64_t kWorkCap = int64_t(1) << 40;

int64_t saturatingMultiply(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  return a > kWorkCap / b ? kWorkCap : a * b;
}

std::optional<int64_t> getConstantTripCount(Value lower, Value upper,
                                            Value step) {
  std::optional<int64_t> lb = getConstantIntValue(lower);
  std::optional<int64_t> ub = getConstantIntValue(upper);
  std::optional<int64_t> st = getConstantIntValue(step);
  if (!lb || !ub || !st || *st <= 0)
    return std::nullopt;
  return *ub <= *lb ? 0 : (*ub - *lb + *st - 1) / *st;
}

int64_t estimateTripCount(Value lower, Value upper, Value step) {
  return getConstantTripCount(lower, upper, step).value_or(kDynamicTripCount);
}

/// The elements `op` computes or moves: a vector op counts its lanes, so
/// that a row vectorized here weighs what the same row does as a scalar
/// loop that LLVM vectorizes later.
int64_t countElements(Operation &op) {
  int64_t elements = 1;
  for (Type type :
       llvm::concat<const Type>(op.getOperandTypes(), op.getResultTypes()))
    if (auto vector = dyn_cast<VectorType>(type))
      elements = std::max(elements, vector.getNumElements());
  return elements;
}

/// The element operations a block runs, each loop's body counted once per
/// iteration.
int64_t estimateWork(Block &block) {
  int64_t work = 0;
  for (Operation &op : block) {
    int64_t trips = 1;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      trips = estimateTripCount(loop.getLowerBound(), loop.getUpperBound(),
                                loop.getStep());
    if (auto loop = dyn_cast<scf::ParallelOp>(op))
      for (auto [lb, ub, step] : llvm::zip(
               loop.getLowerBound(), loop.getUpperBound(), loop.getStep()))
        trips = saturatingMultiply(trips, estimateTripCount(lb, ub, step));
    int64_t inner = op.getNumRegions() == 0 ? countElements(op) : 1;
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        inner = std::min(kWorkCap, inner + estimateWork(nested));
    work = std::min(kWorkCap, work + saturatingMultiply(trips, inner));
  }
  return work;
}

bool isStaticStackBuffer(Operation *op) {
  auto alloca = dyn_cast<memref::AllocaOp>(op);
  return alloca && alloca.getType().hasStaticShape() &&
         alloca->getNumOperands() == 0;
}

/// Whether `copy` becomes a memcpy intrinsic rather than a call of the
/// runtime's strided copy: both sides have the identity layout. Bufferization
/// leaves such copies between a row's scratch buffers where two reductions
/// start from the same fill (layer norm's mean and variance).
bool isContiguousCopy(Operation *op) {
  auto copy = dyn_cast<memref::CopyOp>(op);
  if (!copy)
    return false;
  auto isIdentity = [](Value buffer) {
    auto type = dyn_cast<MemRefType>(buffer.getType());
    return type && type.getLayout().isIdentity();
  };
  return isIdentity(copy.getSource()) && isIdentity(copy.getTarget());
}

/// Whether `op` may run inside an outlined loop: control flow, loads,
/// stores, contiguous copies, computation and scratch buffers of static size
/// on the stack, nothing that calls the runtime or allocates from it.
bool isLoopBodyOp(Operation *op) {
  if (isStaticStackBuffer(op) || isContiguousCopy(op))
    return true;
  if (isa<scf::ForOp, scf::IfOp, scf::ParallelOp, scf::WhileOp, scf::YieldOp,
          scf::ConditionOp, scf::ReduceOp, scf::ReduceReturnOp, memref::LoadOp,
          memref::StoreOp, vector::LoadOp, vector::StoreOp,
          vector::MaskedLoadOp, vector::MaskedStoreOp, vector::TransferReadOp,
          vector::TransferWriteOp>(op))
    return true;
  return op->getNumRegions() == 0 && isMemoryEffectFree(op);
}

/// Clones into the loop the pure ops outside it whose results it uses
/// (constants, views, index arithmetic), until what it uses from outside is
/// made by something else. A constant global stays a capture: the layers
/// of a model then outline to the same function but for the weights they
/// pass, and LLVM keeps one of them.
void sinkPureDefinitions(scf::ParallelOp loop) {
  Region &body = loop.getRegion();
  bool sunk = true;
  while (sunk) {
    sunk = false;
    SetVector<Value> used;
    getUsedValuesDefinedAbove(body, used);
    for (Value value : used) {
      Operation *definition = value.getDefiningOp();
      if (!definition || definition->getNumRegions() != 0 ||
          !isMemoryEffectFree(definition) ||
          isa<memref::GetGlobalOp>(definition))
        continue;
      OpBuilder builder = OpBuilder::atBlockBegin(&body.front());
      Operation *clone = builder.clone(*definition);
      for (auto [original, copy] :
           llvm::zip(definition->getResults(), clone->getResults()))
        replaceAllUsesInRegionWith(original, copy, body);
      sunk = true;
    }
  }
}

/// How a captured value is kept in the 8-byte slots: one slot, or for an
/// identity-layout memref its aligned pointer and then its dynamic sizes.
std::optional<int64_t> getSlotCount(Type type) {
  if (type.isIndex() || isa<LLVM::LLVMPointerType>(type))
    return 1;
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth() <= 64 ? std::optional<int64_t>(1)
                                              : std::nullopt;
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.getLayout().isIdentity() || memref.getMemorySpace())
    return std::nullopt;
  return 1 + memref.getNumDynamicDims();
}

// A first dimension shorter than this leaves cores idle: a [1, 128, 768]
// loop nest splits over its 128 rows instead.
constexpr int64_t kMinOuterTrips = 8;

/// Merges the leading dimensions of `loop` into one until it has at least
/// kMinOuterTrips iterations, keeping the innermost dimension apart when it
/// is the contiguous loop of an elementwise nest (its body has no loop).
/// Returns the loop that replaces `loop`.
scf::ParallelOp collapseShortLeadingDims(scf::ParallelOp loop) {
  unsigned dims = loop.getNumLoops();
  bool bodyHasLoops = false;
  loop.getBody()->walk([&](LoopLikeOpInterface) { bodyHasLoops = true; });
  unsigned mergeable = bodyHasLoops ? dims : dims - 1;
  unsigned merged = 1;
  int64_t trips = 1;
  for (; merged <= mergeable; ++merged) {
    std::optional<int64_t> count = getConstantTripCount(
        loop.getLowerBound()[merged - 1], loop.getUpperBound()[merged - 1],
        loop.getStep()[merged - 1]);
    if (!count)
      break;
    trips = saturatingMultiply(trips, *count);
    if (trips >= kMinOuterTrips)
      break;
  }
  merged = std::min(merged, mergeable);
  if (merged < 2)
    return loop;
  std::vector<unsigned> leading;
  for (unsigned dim = 0; dim < merged; ++dim)
    leading.push_back(dim);
  SmallVector<std::vector<unsigned>> groups = {leading};
  for (unsigned dim = merged; dim < dims; ++dim)
    groups.push_back({dim});
  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  Operation *previous = loop->getPrevNode();
  Block *block = loop->getBlock();
  collapseParallelLoops(rewriter, loop, groups);
  for (Operation &op : llvm::make_range(
           previous ? std::next(previous->getIterator()) : block->begin(),
           block->end()))
    if (auto collapsed = dyn_cast<scf::ParallelOp>(op))
      return collapsed;
  llvm_unreachable("collapsing leaves a parallel loop");
}

/// Every iteration of a loop that is left runs on the thread that reached
/// it, one after the other, so its scratch buffers can be taken once, at
/// the function's entry, instead of growing the stack every iteration.
void hoistStackBuffers(func::FuncOp func) {
  Block &entry = func.getBody().front();
  SmallVector<Operation *> buffers;
  func.walk([&](memref::AllocaOp alloca) {
    if (alloca->getBlock() != &entry && isStaticStackBuffer(alloca))
      buffers.push_back(alloca);
  });
  for (Operation *buffer : buffers)
    buffer->moveBefore(&entry, entry.begin());
}

class Outliner {
public:
  Outliner(func::FuncOp func, SymbolTable &symbols, int64_t minChunkWork)
      : func(func), symbols(symbols), minChunkWork(minChunkWork) {}

  /// Replaces `loop` by a parallel-for when it qualifies.
  void run(scf::ParallelOp loop) {
    if (loop.getNumReductions() != 0)
      return;
    bool onlyLoopBodyOps = true;
    loop.getRegion().walk([&](Operation *op) {
      if (!isLoopBodyOp(op))
        onlyLoopBodyOps = false;
    });
    if (!onlyLoopBodyOps)
      return;
    int64_t innerWork = estimateWork(*loop.getBody());
    for (unsigned dim = 1; dim < loop.getNumLoops(); ++dim)
      innerWork = saturatingMultiply(
          innerWork,
          estimateTripCount(loop.getLowerBound()[dim],
                            loop.getUpperBound()[dim], loop.getStep()[dim]));
    innerWork = std::max<int64_t>(innerWork, 1);
    std::optional<int64_t> outerTrips = getConstantTripCount(
        loop.getLowerBound()[0], loop.getUpperBound()[0], loop.getStep()[0]);
    if (outerTrips &&
        saturatingMultiply(*outerTrips, innerWork) < 2 * minChunkWork)
      return;

    sinkPureDefinitions(loop);
    SetVector<Value> captures;
    getUsedValuesDefinedAbove(loop.getRegion(), captures);
    // Constant bounds are rebuilt in the body, where they keep the inner
    // loops' trip counts static.
    for (Value bound : loop->getOperands())
      if (!matchPattern(bound, m_Constant()))
        captures.insert(bound);
    int64_t slots = 0;
    for (Value capture : captures) {
      std::optional<int64_t> count = getSlotCount(capture.getType());
      if (!count)
        return;
      slots += *count;
    }
    int64_t grain =
        std::max<int64_t>(1, (minChunkWork + innerWork - 1) / innerWork);
    outline(loop, captures.getArrayRef(), std::max<int64_t>(slots, 1), grain);
  }

private:
  void outline(scf::ParallelOp loop, ArrayRef<Value> captures, int64_t slots,
               int64_t grain) {
    MLIRContext *context = func.getContext();
    Location loc = loop.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i64Type = IntegerType::get(context, 64);
    auto slotsType = LLVM::LLVMArrayType::get(i64Type, slots);

    // The slots live in the entry block, so that a loop inside another loop
    // does not grow the stack on every iteration.
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    Value one = LLVM::ConstantOp::create(builder, loc, i64Type,
                                         builder.getI64IntegerAttr(1));
    Value slotArray =
        LLVM::AllocaOp::create(builder, loc, ptrType, slotsType, one);

    builder.setInsertionPoint(loop);
    int64_t next = 0;
    auto slotAt = [&](OpBuilder &b, Value array, int64_t index) -> Value {
      return LLVM::GEPOp::create(b, loc, ptrType, slotsType, array,
                                 ArrayRef<LLVM::GEPArg>{0, index});
    };
    auto storeIndex = [&](Value index) {
      Value value = arith::IndexCastOp::create(builder, loc, i64Type, index);
      LLVM::StoreOp::create(builder, loc, value,
                            slotAt(builder, slotArray, next++));
    };
    for (Value capture : captures) {
      Type type = capture.getType();
      if (type.isIndex()) {
        storeIndex(capture);
      } else if (auto memref = dyn_cast<MemRefType>(type)) {
        storeIndex(memref::ExtractAlignedPointerAsIndexOp::create(builder, loc,
                                                                  capture));
        for (int64_t dim = 0; dim < memref.getRank(); ++dim)
          if (memref.isDynamicDim(dim))
            storeIndex(memref::DimOp::create(builder, loc, capture, dim));
      } else {
        LLVM::StoreOp::create(builder, loc, capture,
                              slotAt(builder, slotArray, next++));
      }
    }

    // Iterations of the first dimension: ceil((ub - lb) / step), at least 0.
    Value lower = loop.getLowerBound()[0], upper = loop.getUpperBound()[0],
          step = loop.getStep()[0];
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value span = arith::SubIOp::create(builder, loc, upper, lower);
    Value count = arith::MaxSIOp::create(
        builder, loc, zero,
        arith::CeilDivSIOp::create(builder, loc, span, step));
    Value grainValue = arith::ConstantIndexOp::create(builder, loc, grain);

    func::FuncOp body = createBody(loop, captures, slotsType);
    disc_ral::ParallelForOp::create(builder, loc, func.getArgument(0),
                                    body.getSymName(), slotArray, count,
                                    grainValue);
    loop.erase();
  }

  /// The function that runs iterations [begin, end) of `loop`'s first
  /// dimension, reading `captures` back from the slots.
  func::FuncOp createBody(scf::ParallelOp loop, ArrayRef<Value> captures,
                          LLVM::LLVMArrayType slotsType) {
    MLIRContext *context = func.getContext();
    Location loc = loop.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i64Type = IntegerType::get(context, 64);
    auto indexType = IndexType::get(context);
    OpBuilder moduleBuilder(func);
    moduleBuilder.setInsertionPointAfter(func);
    auto body = func::FuncOp::create(
        moduleBuilder, loc, (func.getSymName() + "_parallel").str(),
        FunctionType::get(context, {ptrType, indexType, indexType}, {}));
    body.setPrivate();
    symbols.insert(body);

    Block *entry = body.addEntryBlock();
    OpBuilder builder = OpBuilder::atBlockBegin(entry);
    Value slotArray = entry->getArgument(0);
    int64_t next = 0;
    auto loadSlot = [&](Type type) -> Value {
      Value slot =
          LLVM::GEPOp::create(builder, loc, ptrType, slotsType, slotArray,
                              ArrayRef<LLVM::GEPArg>{0, next++});
      return LLVM::LoadOp::create(builder, loc, type, slot);
    };
    auto loadIndex = [&]() -> Value {
      return arith::IndexCastOp::create(builder, loc, indexType,
                                        loadSlot(i64Type));
    };
    IRMapping mapping;
    for (Value capture : captures) {
      Type type = capture.getType();
      Value loaded;
      if (type.isIndex()) {
        loaded = loadIndex();
      } else if (auto memref = dyn_cast<MemRefType>(type)) {
        Value pointer =
            LLVM::IntToPtrOp::create(builder, loc, ptrType, loadSlot(i64Type));
        SmallVector<Value> sizes;
        for (int64_t dim = 0; dim < memref.getRank(); ++dim)
          if (memref.isDynamicDim(dim))
            sizes.push_back(loadIndex());
        loaded = disc_ral::MemRefFromPtrOp::create(builder, loc, memref,
                                                   pointer, sizes);
      } else {
        loaded = loadSlot(type);
      }
      mapping.map(capture, loaded);
    }

    for (Value bound : loop->getOperands())
      if (!mapping.contains(bound))
        mapping.map(bound, builder.clone(*bound.getDefiningOp())->getResult(0));

    Value begin = entry->getArgument(1), end = entry->getArgument(2);
    SmallVector<Value> lowers = {begin}, uppers = {end},
                       steps = {
                           arith::ConstantIndexOp::create(builder, loc, 1)};
    for (unsigned dim = 1; dim < loop.getNumLoops(); ++dim) {
      lowers.push_back(mapping.lookup(loop.getLowerBound()[dim]));
      uppers.push_back(mapping.lookup(loop.getUpperBound()[dim]));
      steps.push_back(mapping.lookup(loop.getStep()[dim]));
    }
    Value lower = mapping.lookup(loop.getLowerBound()[0]);
    Value step = mapping.lookup(loop.getStep()[0]);
    scf::ParallelOp::create(
        builder, loc, lowers, uppers, steps,
        [&](OpBuilder &b, Location l, ValueRange ivs) {
          // The original first induction variable: lb + n * step.
          Value first = arith::AddIOp::create(
              b, l, lower, arith::MulIOp::create(b, l, ivs[0], step));
          mapping.map(loop.getInductionVars()[0], first);
          for (unsigned dim = 1; dim < ivs.size(); ++dim)
            mapping.map(loop.getInductionVars()[dim], ivs[dim]);
          for (Operation &op : loop.getBody()->without_terminator())
            b.clone(op, mapping);
        });
    func::ReturnOp::create(builder, loc);
    return body;
  }

  func::FuncOp func;
  SymbolTable &symbols;
  int64_t minChunkWork;
};

struct CpuParallelForPass
    : mlir::disc::impl::CpuParallelForPassBase<CpuParallelForPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> funcs;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && func.getNumArguments() != 0 &&
          isa<disc_ral::ContextType>(func.getArgument(0).getType()))
        funcs.push_back(func);
    for (func::FuncOp func : funcs) {
      SmallVector<scf::ParallelOp> outermost;
      func.walk([&](scf::ParallelOp loop) {
        if (!loop->getParentOfType<scf::ParallelOp>())
          outermost.push_back(loop);
      });
      Outliner outliner(func, symbols, minChunkWork);
      for (scf::ParallelOp loop : outermost)
        outliner.run(collapseShortLeadingDims(loop));
    }
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        hoistStackBuffers(func);
  }
};

} // namespace
