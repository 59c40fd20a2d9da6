//===- GpuPlaceHostBuffers.cpp - Shape and control values on the host ----===//
//
// Host code reads buffers element by element where a value decides what the
// host does next: a slice offset, a pad value, a loop condition, the sizes of
// a dynamic shape. Kernels write device memory asynchronously, so such
// buffers, and the small computations that produce them, are placed on the
// host instead:
//
//   - memrefs that alias (views, loop-carried and branch-yielded values) form
//     one class; a class is rooted at an allocation, at an input, at a
//     constant global, on the host's stack (an alloca, which stays), or at
//     something else (opaque, left on the device);
//   - every allocation class the host reads or writes goes to the host, and so
//     does every class read or written by a linalg op or copy that touches a
//     host class, until nothing changes; those ops run on the host as loops;
//   - inputs and constant globals are read-only: a host class may read them
//     (an input through its own host receive), and the device still gets its
//     own copy.
//
// A host class, and whatever its ops read, must be small and statically
// shaped. When what a host access needs cannot move, its buffer stays on the
// device: a load copies the element from the GPU (waiting for the kernels
// before it), a store is reported.
//
//===----------------------------------------------------------------------===//

#include "disc/Codegen/GPU/Passes.h"
#include "disc/Dialect/RAL/Transforms/MemRefPointer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_GPUPLACEHOSTBUFFERSPASS
#include "disc/Codegen/GPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

constexpr StringLiteral kAlloc = "ral_alloc";
constexpr StringLiteral kDealloc = "ral_dealloc";
constexpr StringLiteral kRecvInput = "ral_recv_input";
constexpr StringLiteral kSendOutput = "ral_send_output";
constexpr StringLiteral kHostDevice = "cpu";

disc_ral::DispatchOp getDispatch(Value value, StringRef name) {
  auto dispatch = value.getDefiningOp<disc_ral::DispatchOp>();
  return dispatch && dispatch.getCallTargetName() == name ? dispatch : nullptr;
}

bool isSendOutput(Operation *op) {
  auto dispatch = dyn_cast<disc_ral::DispatchOp>(op);
  return dispatch && dispatch.getCallTargetName() == kSendOutput;
}

bool isMemRef(Value value) { return isa<MemRefType>(value.getType()); }

Value getAccessedMemRef(Operation *access) {
  if (auto load = dyn_cast<memref::LoadOp>(access))
    return load.getMemRef();
  return cast<memref::StoreOp>(access).getMemRef();
}

/// Element accesses outside linalg bodies and kernels are the host's.
bool isHostAccess(Operation *op) {
  return isa<memref::LoadOp, memref::StoreOp>(op) &&
         !op->getParentOfType<linalg::LinalgOp>() &&
         !op->getParentOfType<gpu::LaunchOp>();
}

/// The memref that `op`'s first result views the buffer of: a view op's
/// source (a metadata extraction's base buffer included), or the signless
/// memref a cast gives unsigned element types.
Value getAliasSource(Operation *op) {
  if (!op || op->getNumResults() == 0 || !isMemRef(op->getResult(0)))
    return nullptr;
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  auto cast = dyn_cast<UnrealizedConversionCastOp>(op);
  if (cast && cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
      isMemRef(cast->getOperand(0)))
    return cast->getOperand(0);
  return nullptr;
}

Value getAliasSource(Value value) {
  if (auto result = dyn_cast<OpResult>(value);
      result && result.getResultNumber() == 0)
    return getAliasSource(result.getOwner());
  return nullptr;
}

/// What a class of aliasing memrefs is rooted at.
enum class RootKind {
  /// Only views and loop values so far: nothing says where it lives.
  None,
  /// Temporaries of the run: the host may own them.
  Allocation,
  /// Read-only data both sides may read: constant globals (the host reads
  /// its copy, kernels their own) and inputs (received again for the host).
  Global,
  Input,
  /// The host's stack (memref.alloca): what host code fills for a runtime
  /// call, such as a failed shape assertion's values. Already on the host.
  Stack,
  /// Anything else (a custom call's result, a mix of roots): device memory.
  Opaque,
};

bool isReadOnly(RootKind kind) {
  return kind == RootKind::Global || kind == RootKind::Input;
}

RootKind getRootKind(Value value) {
  if (auto fromPtr = value.getDefiningOp<disc_ral::MemRefFromPtrOp>())
    return getDispatch(fromPtr->getOperand(0), kAlloc) ? RootKind::Allocation
                                                       : RootKind::Opaque;
  if (getDispatch(value, kRecvInput))
    return RootKind::Input;
  if (value.getDefiningOp<memref::AllocaOp>())
    return RootKind::Stack;
  if (auto getGlobal = value.getDefiningOp<memref::GetGlobalOp>()) {
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        getGlobal, getGlobal.getNameAttr());
    return global && global.getConstant() ? RootKind::Global : RootKind::Opaque;
  }
  if (isa<BlockArgument>(value) || getAliasSource(value))
    return RootKind::None;
  Operation *owner = value.getDefiningOp();
  if (isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(owner))
    return RootKind::None;
  return RootKind::Opaque;
}

RootKind combine(RootKind a, RootKind b) {
  if (a == RootKind::None)
    return b;
  if (b == RootKind::None || a == b)
    return a;
  return RootKind::Opaque;
}

class Placement {
public:
  explicit Placement(func::FuncOp func, int64_t maxHostElements)
      : func(func), maxHostElements(maxHostElements) {}

  LogicalResult run() {
    collectClasses();
    if (failed(placeOnHost()))
      return failure();
    rewrite();
    return success();
  }

private:
  void unite(Value a, Value b) {
    if (isMemRef(a) && isMemRef(b))
      classes.unionSets(a, b);
  }

  void uniteAll(ValueRange a, ValueRange b) {
    for (auto [x, y] : llvm::zip(a, b))
      unite(x, y);
  }

  /// Memrefs that may name the same buffer are one class: a view and its
  /// source, and the values a loop or branch carries from one place to
  /// another.
  void collectClasses() {
    func.walk([&](Operation *op) {
      for (Value result : op->getResults())
        if (isMemRef(result))
          classes.insert(result);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument argument : block.getArguments())
            if (isMemRef(argument))
              classes.insert(argument);
      if (Value source = getAliasSource(op)) {
        unite(op->getResult(0), source);
      } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        uniteAll(forOp.getInitArgs(), forOp.getRegionIterArgs());
        uniteAll(forOp.getResults(), forOp.getRegionIterArgs());
        uniteAll(forOp.getYieldedValues(), forOp.getRegionIterArgs());
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
        uniteAll(whileOp.getInits(), whileOp.getBeforeArguments());
        uniteAll(whileOp.getYieldedValues(), whileOp.getBeforeArguments());
        ValueRange forwarded = whileOp.getConditionOp().getArgs();
        uniteAll(forwarded, whileOp.getAfterArguments());
        uniteAll(forwarded, whileOp.getResults());
      } else if (isa<scf::IfOp, scf::IndexSwitchOp>(op)) {
        for (Region &region : op->getRegions())
          if (!region.empty())
            uniteAll(op->getResults(),
                     region.front().getTerminator()->getOperands());
      }
    });
  }

  Value leader(Value value) { return classes.getLeaderValue(value); }

  RootKind getKind(Value leaderValue) {
    RootKind kind = RootKind::None;
    bool carried = false;
    for (Value member : classes.members(leaderValue)) {
      kind = combine(kind, getRootKind(member));
      carried |=
          getRootKind(member) == RootKind::None && !getAliasSource(member);
    }
    // The host receives an input again only for its direct views.
    return kind == RootKind::Input && carried ? RootKind::Opaque : kind;
  }

  /// Why the class cannot live on the host, or nothing when it can.
  std::optional<std::string> whyNotOnHost(Value leaderValue) {
    RootKind kind = getKind(leaderValue);
    if (kind != RootKind::Allocation)
      return std::string(kind == RootKind::Opaque
                             ? "a buffer the device owns"
                             : "a buffer with no allocation");
    for (Value member : classes.members(leaderValue)) {
      for (Operation *user : member.getUsers())
        if (!isa<ViewLikeOpInterface, UnrealizedConversionCastOp,
                 memref::LoadOp, memref::StoreOp, memref::DimOp,
                 memref::ExtractStridedMetadataOp,
                 memref::ExtractAlignedPointerAsIndexOp, linalg::LinalgOp,
                 memref::CopyOp, scf::ForOp, scf::WhileOp, scf::YieldOp,
                 scf::ConditionOp>(user) &&
            !isSendOutput(user))
          return "a buffer " + user->getName().getStringRef().str() +
                 " uses on the device";
      if (std::optional<std::string> tooLarge = whyTooLarge(member))
        return tooLarge;
    }
    return std::nullopt;
  }

  /// The host works on small buffers only, its own or ones it reads.
  std::optional<std::string> whyTooLarge(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    if (!type.hasStaticShape())
      return std::string("a buffer of dynamic shape");
    if (type.getNumElements() > maxHostElements)
      return "a buffer of " + std::to_string(type.getNumElements()) +
             " elements";
    return std::nullopt;
  }

  /// The ops that read or write a memref of the class as a whole: linalg ops
  /// and copies, which run where the class lives.
  SmallVector<Operation *> getBulkUsers(Value leaderValue) {
    SmallVector<Operation *> users;
    for (Value member : classes.members(leaderValue))
      for (Operation *user : member.getUsers())
        if (isa<linalg::LinalgOp, memref::CopyOp>(user))
          users.push_back(user);
    return users;
  }

  /// Why a class cannot go to the host, and the op that brought it into the
  /// placement (the host access itself, or an op that had to follow it).
  struct Obstacle {
    std::string why;
    Operation *toucher;
  };

  /// Places on the host the class `access` needs and every class and op that
  /// must follow it there, or leaves the placement as it was and returns what
  /// stands in the way.
  std::optional<Obstacle> tryPlaceOnHost(Value leaderValue, Operation *access) {
    llvm::SetVector<Value> newClasses;
    llvm::SetVector<Operation *> newOps;
    SmallVector<std::pair<Value, Operation *>> worklist = {
        {leaderValue, access}};
    while (!worklist.empty()) {
      auto [next, toucher] = worklist.pop_back_val();
      if (hostClasses.contains(next) || !newClasses.insert(next))
        continue;
      if (auto pinned = deviceClasses.find(next); pinned != deviceClasses.end())
        return Obstacle{pinned->second, toucher};
      if (std::optional<std::string> whyNot = whyNotOnHost(next))
        return Obstacle{*whyNot, toucher};
      for (Operation *user : getBulkUsers(next)) {
        if (hostOps.contains(user) || !newOps.insert(user))
          continue;
        for (Value operand : user->getOperands()) {
          if (!isMemRef(operand))
            continue;
          if (!isReadOnly(getKind(leader(operand))))
            worklist.push_back({leader(operand), user});
          else if (std::optional<std::string> tooLarge = whyTooLarge(operand))
            return Obstacle{*tooLarge, user};
        }
      }
    }
    hostClasses.insert_range(newClasses);
    hostOps.insert_range(newOps);
    return std::nullopt;
  }

  /// A value the host needs stays where kernels compute it when its buffer
  /// cannot go to the host: a load then copies the element from the GPU,
  /// waiting for the kernels before it. A store cannot.
  LogicalResult placeOnHost() {
    func.walk([&](Operation *op) {
      if (isHostAccess(op))
        hostAccesses.push_back(op);
    });
    for (Operation *access : hostAccesses) {
      Value leaderValue = leader(getAccessedMemRef(access));
      RootKind kind = getKind(leaderValue);
      if (isReadOnly(kind) || kind == RootKind::Stack ||
          hostClasses.contains(leaderValue))
        continue;
      std::optional<Obstacle> obstacle = tryPlaceOnHost(leaderValue, access);
      if (!obstacle)
        continue;
      deviceClasses.try_emplace(leaderValue, obstacle->why);
      if (isa<memref::LoadOp>(access) &&
          cast<MemRefType>(getAccessedMemRef(access).getType())
              .getElementType()
              .isIntOrFloat()) {
        loadsFromDevice.push_back(cast<memref::LoadOp>(access));
        continue;
      }
      InFlightDiagnostic error = access->emitOpError()
                                 << "writes on the host into " << obstacle->why
                                 << ", which the cuda target keeps on the GPU";
      if (obstacle->toucher != access)
        error.attachNote(obstacle->toucher->getLoc())
            << "the buffer is tied to this op's buffers";
      return error;
    }
    return success();
  }

  bool isOnHost(Value memref) { return hostClasses.contains(leader(memref)); }

  /// The host's memref for an input or a view of one: the input received
  /// again on the host, right after the device's receive, and the same
  /// views of it.
  Value getHostReadable(Value value) {
    if (Value known = hostReadable.lookup(value))
      return known;
    Operation *hostOp;
    if (auto receive = getDispatch(value, kRecvInput)) {
      OpBuilder builder(receive);
      builder.setInsertionPointAfter(receive);
      auto clone = cast<disc_ral::DispatchOp>(builder.clone(*receive));
      clone.setDevice(kHostDevice);
      hostOp = clone;
    } else {
      Value source = getAliasSource(value);
      IRMapping mapping;
      mapping.map(source, getHostReadable(source));
      OpBuilder builder(value.getDefiningOp());
      hostOp = builder.clone(*value.getDefiningOp(), mapping);
    }
    hostReadable[value] = hostOp->getResult(0);
    return hostOp->getResult(0);
  }

  void readInputsOnHost(Operation *op) {
    for (OpOperand &operand : op->getOpOperands())
      if (isMemRef(operand.get()) &&
          getKind(leader(operand.get())) == RootKind::Input)
        operand.set(getHostReadable(operand.get()));
  }

  /// Replaces the load by one from a host buffer the element is copied
  /// into from the GPU.
  void copyFromDevice(memref::LoadOp load, Value context) {
    OpBuilder builder(load);
    Location loc = load.getLoc();
    MemRefType type = load.getMemRefType();
    Type elementType = type.getElementType();
    int64_t elementBytes =
        llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
    Type i64 = builder.getI64Type();
    auto pointerType = LLVM::LLVMPointerType::get(builder.getContext());
    Value bytes = arith::ConstantIntOp::create(builder, loc, i64, elementBytes);

    auto metadata = memref::ExtractStridedMetadataOp::create(builder, loc,
                                                             load.getMemRef());
    Value element = metadata.getOffset();
    for (auto [index, stride] :
         llvm::zip(load.getIndices(), metadata.getStrides()))
      element = arith::AddIOp::create(
          builder, loc, element,
          arith::MulIOp::create(builder, loc, index, stride));
    Value source = LLVM::GEPOp::create(
        builder, loc, pointerType, elementType,
        disc::createAlignedPointer(builder, loc, load.getMemRef()),
        ValueRange(arith::IndexCastOp::create(builder, loc, i64, element)));

    Value hostPointer =
        disc_ral::DispatchOp::create(builder, loc, TypeRange(pointerType),
                                     context, kAlloc, kHostDevice,
                                     /*may_fail=*/true, ValueRange(bytes))
            ->getResult(0);
    disc_ral::DispatchOp::create(builder, loc, TypeRange(), context,
                                 "ral_copy_to_host", "gpu", /*may_fail=*/true,
                                 ValueRange{hostPointer, source, bytes});
    Value host = disc_ral::MemRefFromPtrOp::create(
        builder, loc, MemRefType::get({}, elementType), hostPointer,
        ValueRange());
    load.getMemrefMutable().assign(host);
    load.getIndicesMutable().clear();
  }

  void rewrite() {
    for (Value leaderValue : hostClasses)
      for (Value member : classes.members(leaderValue))
        if (auto fromPtr = member.getDefiningOp<disc_ral::MemRefFromPtrOp>())
          getDispatch(fromPtr->getOperand(0), kAlloc).setDevice(kHostDevice);

    for (Operation *access : hostAccesses)
      readInputsOnHost(access);
    // A constant global is sent from the host's copy; host buffers are freed
    // by the host.
    func.walk([&](disc_ral::DispatchOp dispatch) {
      if (isSendOutput(dispatch)) {
        Value output = dispatch.getArgs().back();
        if (isOnHost(output) || getKind(leader(output)) == RootKind::Global)
          dispatch.setDevice(kHostDevice);
      } else if (dispatch.getCallTargetName() == kDealloc) {
        // disc-ral-legalize-to-dispatch passes the freed buffer's pointer.
        Value freed = disc::getAlignedPointerSource(dispatch.getArgs().front());
        if (freed && isOnHost(freed))
          dispatch.setDevice(kHostDevice);
      }
    });

    IRRewriter rewriter(func.getContext());
    for (Operation *op : hostOps) {
      readInputsOnHost(op);
      rewriter.setInsertionPoint(op);
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (auto copy = dyn_cast<memref::CopyOp>(op))
        linalgOp = linalg::makeMemRefCopyOp(rewriter, copy.getLoc(),
                                            copy.getSource(), copy.getTarget());
      // Static shapes and plain linalg ops always lower to loops.
      (void)linalg::linalgOpToLoops(rewriter, linalgOp);
      if (linalgOp != op)
        rewriter.eraseOp(linalgOp);
      rewriter.eraseOp(op);
    }
    // Last: the host buffers these add are in no class.
    for (memref::LoadOp load : loadsFromDevice)
      copyFromDevice(load, func.getArgument(0));
    // An input only the host reads is not copied to the device; the host
    // receive checks it the same way.
    llvm::SetVector<Operation *> deviceReads;
    for (Value deviceValue : llvm::make_first_range(hostReadable))
      deviceReads.insert(deviceValue.getDefiningOp());
    // Erasing a view frees what it views: repeat until nothing is unused.
    for (bool erased = true; erased;) {
      erased = false;
      for (Operation *op : deviceReads.takeVector()) {
        if (op->use_empty()) {
          rewriter.eraseOp(op);
          erased = true;
        } else {
          deviceReads.insert(op);
        }
      }
    }
  }

  func::FuncOp func;
  int64_t maxHostElements;
  llvm::EquivalenceClasses<Value> classes;
  llvm::SetVector<Value> hostClasses;
  llvm::SetVector<Operation *> hostOps;
  /// Classes that stay on the device, and why they could not move.
  DenseMap<Value, std::string> deviceClasses;
  SmallVector<Operation *> hostAccesses;
  SmallVector<memref::LoadOp> loadsFromDevice;
  DenseMap<Value, Value> hostReadable;
};

struct GpuPlaceHostBuffersPass
    : disc::impl::GpuPlaceHostBuffersPassBase<GpuPlaceHostBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxHostElements < 0) {
      getOperation().emitError("max-host-elements must not be negative");
      return signalPassFailure();
    }
    func::FuncOp func = getOperation();
    // Runtime calls need the context; entry functions take it first.
    if (func.isExternal() || func.getNumArguments() == 0 ||
        !isa<disc_ral::ContextType>(func.getArgument(0).getType()))
      return;
    if (failed(Placement(func, maxHostElements).run()))
      signalPassFailure();
  }
};

} // namespace
