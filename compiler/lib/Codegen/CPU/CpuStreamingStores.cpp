//===- CpuStreamingStores.cpp - Elementwise loops that stream -------------===//
//
// An elementwise loop writing more than a cache holds,
//
//   scf.parallel (%i, %j) = (%lb, %c0) to (%ub, %c1024) step (%c1, %c1) {
//     %x = memref.load %in[%i, %j]
//     %y = arith.mulf %x, %s
//     memref.store %y, %out[%i, %j]
//   }
//
// becomes a loop over blocks of one cache line of output each,
//
//   scf.parallel (%i, %b) = (%lb, %c0) to (%ub, %c64) step (%c1, %c1) {
//     %j = %b * 16
//     %x = vector.load %in[%i, %j] : vector<16xf32>
//     %y = arith.mulf %x, broadcast(%s)
//     vector.store %y, %out[%i, %j] {alignment = 64, nontemporal = true}
//   }
//
// A plain store of a line the cache does not hold first reads it from
// memory (a read for ownership) only to overwrite all of it; a
// non-temporal store writes the line without reading it, so a loop that
// reads two buffers and writes one moves three buffers through memory
// instead of four. The lines it writes do not stay in the cache, which
// costs nothing when the output is larger than the cache anyway.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/CPU/Passes.h"

#include "disc/Dialect/RAL/RALOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_CPUSTREAMINGSTORESPASS
#include "disc/Codegen/CPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

// One cache line: what each vector store writes.
constexpr int64_t kLineBytes = 64;

/// Whether `buffer` is memory from ral_alloc, which is 64-byte aligned
/// (docs/ABI.md), viewed whole.
bool isAlignedRuntimeBuffer(Value buffer) {
  auto view = buffer.getDefiningOp<disc_ral::MemRefFromPtrOp>();
  if (!view)
    return false;
  auto dispatch = view.getPtr().getDefiningOp<disc_ral::DispatchOp>();
  return dispatch && dispatch.getCallTargetName() == "ral_alloc";
}

/// How the loop's body is to be rewritten: which values differ from lane
/// to lane (those computed from the innermost induction variable), the
/// loads that become vector loads, and the lanes per vector.
struct StreamingPlan {
  int64_t lanes = 0;
  DenseSet<Value> varying;
  DenseSet<Operation *> vectorLoads;
};

/// Whether `indices` address consecutive elements along `innermost` in a
/// contiguous memref: the last is `innermost` itself and no other depends
/// on it.
bool isContiguousAccess(Value memref, ValueRange indices, Value innermost,
                        const DenseSet<Value> &varying) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || !type.getLayout().isIdentity() || indices.empty() ||
      indices.back() != innermost)
    return false;
  return llvm::none_of(indices.drop_back(),
                       [&](Value index) { return varying.contains(index); });
}

/// The plan for `loop`, or nullopt where it is not an elementwise loop that
/// writes at least `minBytes` into runtime buffers.
std::optional<StreamingPlan> planStreaming(scf::ParallelOp loop,
                                           int64_t minBytes) {
  if (loop.getNumReductions() != 0 || !loop.getRegion().hasOneBlock())
    return std::nullopt;
  unsigned innermostDim = loop.getNumLoops() - 1;
  std::optional<int64_t> lower =
      getConstantIntValue(loop.getLowerBound()[innermostDim]);
  std::optional<int64_t> upper =
      getConstantIntValue(loop.getUpperBound()[innermostDim]);
  std::optional<int64_t> step =
      getConstantIntValue(loop.getStep()[innermostDim]);
  if (!lower || *lower != 0 || !upper || !step || *step != 1)
    return std::nullopt;
  Value innermost = loop.getInductionVars()[innermostDim];

  StreamingPlan plan;
  plan.varying.insert(innermost);
  int64_t storedBytes = 0;
  DenseSet<Value> stored, loaded;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0)
      return std::nullopt;
    bool readsVarying = llvm::any_of(op.getOperands(), [&](Value operand) {
      return plan.varying.contains(operand);
    });
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      loaded.insert(load.getMemRef());
      if (!readsVarying)
        continue;
      if (!isContiguousAccess(load.getMemRef(), load.getIndices(), innermost,
                              plan.varying))
        return std::nullopt;
      plan.vectorLoads.insert(load);
      plan.varying.insert(load.getResult());
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      MemRefType type = store.getMemRefType();
      if (!isContiguousAccess(store.getMemRef(), store.getIndices(), innermost,
                              plan.varying) ||
          !type.hasStaticShape() ||
          !isAlignedRuntimeBuffer(store.getMemRef()) ||
          !VectorType::isValidElementType(type.getElementType()))
        return std::nullopt;
      unsigned bits = type.getElementTypeBitWidth();
      if (bits % 8 != 0 || kLineBytes % (bits / 8) != 0)
        return std::nullopt;
      int64_t lanes = kLineBytes / (bits / 8);
      if (plan.lanes && plan.lanes != lanes)
        return std::nullopt;
      plan.lanes = lanes;
      // Every row (and so every line of it) starts on a line boundary.
      if (type.getRank() > 1 && type.getShape().back() % lanes != 0)
        return std::nullopt;
      stored.insert(store.getMemRef());
      storedBytes += type.getNumElements() * (bits / 8);
      continue;
    }
    // Cloned once per line rather than run once per element: only pure
    // ops may be.
    if (!isMemoryEffectFree(&op))
      return std::nullopt;
    if (!readsVarying)
      continue;
    if (!OpTrait::hasElementwiseMappableTraits(&op) ||
        !op.hasTrait<OpTrait::Vectorizable>() || op.getNumResults() != 1 ||
        !op.getResult(0).getType().isIntOrFloat() ||
        llvm::any_of(op.getOperands(), [&](Value operand) {
          return operand == innermost || !operand.getType().isIntOrFloat();
        }))
      return std::nullopt;
    plan.varying.insert(op.getResult(0));
  }
  // A load of what the loop writes would read it before or after the
  // store depending on the line it falls in.
  if (llvm::any_of(stored,
                   [&](Value buffer) { return loaded.contains(buffer); }))
    return std::nullopt;
  if (!plan.lanes || storedBytes < minBytes ||
      (loop.getNumLoops() > 1 && *upper % plan.lanes != 0))
    return std::nullopt;
  return plan;
}

/// `value` as a vector of `lanes`: itself when it varies, else broadcast
/// once into `broadcasts`.
Value vectorOf(OpBuilder &b, Location loc, Value value, int64_t lanes,
               const StreamingPlan &plan, IRMapping &mapping,
               DenseMap<Value, Value> &broadcasts) {
  Value mapped = mapping.lookupOrDefault(value);
  if (plan.varying.contains(value))
    return mapped;
  Value &broadcast = broadcasts[value];
  if (!broadcast)
    broadcast = vector::BroadcastOp::create(
        b, loc, VectorType::get({lanes}, value.getType()), mapped);
  return broadcast;
}

/// Builds, before `loop`, the loop over whole lines of its innermost
/// dimension that `plan` describes, and leaves `loop` to run only the
/// elements after the last whole line (erased when there are none).
void rewriteStreaming(scf::ParallelOp loop, const StreamingPlan &plan) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  unsigned innermostDim = loop.getNumLoops() - 1;
  int64_t elements = *getConstantIntValue(loop.getUpperBound()[innermostDim]);
  int64_t lanes = plan.lanes;
  int64_t lines = elements / lanes;
  SmallVector<Value> upper(loop.getUpperBound());
  upper[innermostDim] = arith::ConstantIndexOp::create(b, loc, lines);
  auto streaming = scf::ParallelOp::create(b, loc, loop.getLowerBound(), upper,
                                           loop.getStep());
  b.setInsertionPointToStart(streaming.getBody());
  IRMapping mapping;
  for (auto [from, to] :
       llvm::zip(loop.getInductionVars(), streaming.getInductionVars()))
    mapping.map(from, to);
  Value first =
      arith::MulIOp::create(b, loc, streaming.getInductionVars()[innermostDim],
                            arith::ConstantIndexOp::create(b, loc, lanes));
  mapping.map(loop.getInductionVars()[innermostDim], first);
  DenseMap<Value, Value> broadcasts;
  auto mapIndices = [&](ValueRange indices) {
    return llvm::to_vector(llvm::map_range(
        indices, [&](Value index) { return mapping.lookupOrDefault(index); }));
  };

  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      Value value = vectorOf(b, loc, store.getValueToStore(), lanes, plan,
                             mapping, broadcasts);
      vector::StoreOp::create(b, loc, value, store.getMemRef(),
                              mapIndices(store.getIndices()),
                              /*nontemporal=*/true, llvm::Align(kLineBytes));
      continue;
    }
    if (plan.vectorLoads.contains(&op)) {
      auto load = cast<memref::LoadOp>(op);
      auto type = VectorType::get({lanes}, load.getType());
      Value vector = vector::LoadOp::create(b, loc, type, load.getMemRef(),
                                            mapIndices(load.getIndices()));
      mapping.map(load.getResult(), vector);
      continue;
    }
    if (!plan.varying.contains(op.getResult(0))) {
      b.clone(op, mapping);
      continue;
    }
    OperationState state(op.getLoc(), op.getName());
    for (Value operand : op.getOperands())
      state.addOperands(
          vectorOf(b, loc, operand, lanes, plan, mapping, broadcasts));
    state.addTypes(VectorType::get({lanes}, op.getResult(0).getType()));
    state.addAttributes(op.getAttrs());
    mapping.map(op.getResult(0), b.create(state)->getResult(0));
  }

  if (lines * lanes == elements) {
    loop.erase();
    return;
  }
  OpBuilder tail(loop);
  loop.getLowerBoundMutable()[innermostDim].assign(
      arith::ConstantIndexOp::create(tail, loc, lines * lanes));
}

struct CpuStreamingStores
    : disc::impl::CpuStreamingStoresPassBase<CpuStreamingStores> {
  using CpuStreamingStoresPassBase::CpuStreamingStoresPassBase;

  void runOnOperation() override {
    SmallVector<std::pair<scf::ParallelOp, StreamingPlan>> rewrites;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (loop->getParentOfType<scf::ParallelOp>())
        return;
      if (std::optional<StreamingPlan> plan = planStreaming(loop, minBytes))
        rewrites.emplace_back(loop, std::move(*plan));
    });
    for (auto &[loop, plan] : rewrites)
      rewriteStreaming(loop, plan);
  }
};

} // namespace
