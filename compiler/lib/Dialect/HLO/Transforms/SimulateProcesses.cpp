//===- SimulateProcesses.cpp - Every process of a program on one device ---===//
//
// A program of mhlo.num_replicas x mhlo.num_partitions processes runs its
// entry's body once per process. On one device the entry takes and returns
// every process's values and holds one copy of the body per process, each
// seeing its own replica_id and partition_id, and each collective becomes
// the data movement between the copies that the StableHLO spec defines.
// The copies are built op by op in step, so the k-th collective of every
// process is the same op of the body: that is where they meet. A while, if
// or case holding a collective is one op for all processes, whose regions
// are copied in step in turn; the run fails where the processes would part.
// Processes that run functions of their own (disc.process_programs) run on
// until a send meets a recv on the same channel.
// A sharded program (Shardy's sdy.mesh, GSPMD's mhlo.sharding) is global
// but for its manual computations, which run per device: there the body of
// each is copied per device, on the device's shards, and the results are
// put back together; the rest runs once, as the whole program it describes.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/HLO/Transforms/Passes.h"
#include "disc/Dialect/RAL/EntrySignature.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <map>

namespace mlir::disc {
#define GEN_PASS_DEF_SIMULATEPROCESSESPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;

namespace {

/// More copies of the body than this make a program no one would wait to
/// compile; the spec's grids for tests are a handful of processes.
constexpr int64_t kMaxProcesses = 1024;

struct Grid {
  int64_t replicas = 1;
  int64_t partitions = 1;
  int64_t size() const { return replicas * partitions; }
  int64_t process(int64_t replica, int64_t partition) const {
    return replica * partitions + partition;
  }
};

using ProcessGroups = SmallVector<SmallVector<int64_t>>;
/// Per process, per operand (or result) of a collective.
using PerProcess = SmallVector<SmallVector<Value>>;

/// How a collective's id lists name processes (the spec's "process groups"
/// strategies).
enum class GroupMode {
  CrossReplica,
  CrossPartition,
  CrossReplicaAndPartition,
  FlattenedIds,
};

bool isCollective(Operation *op) {
  return isa<stablehlo::AllReduceOp, stablehlo::AllGatherOp,
             stablehlo::AllToAllOp, stablehlo::ReduceScatterOp,
             stablehlo::CollectiveReduceOp, stablehlo::CollectiveBroadcastOp,
             stablehlo::CollectivePermuteOp>(op);
}

/// A while, if or case whose regions hold a collective runs as one op for
/// all processes, its regions copied in step, since the collectives inside
/// meet only if every process runs them as often as the others.
bool isLockstepControlFlow(Operation *op) {
  return isa<stablehlo::WhileOp, stablehlo::IfOp, stablehlo::CaseOp>(op);
}

bool holdsCollective(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isCollective(nested) ? WalkResult::interrupt()
                                    : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The module attribute that gives each process a function of its own:
/// entry name -> one function per process, process 0's first.
constexpr StringLiteral kProcessProgramsAttrName = "disc.process_programs";

bool isTransfer(Operation *op) {
  return isa<stablehlo::SendOp, stablehlo::RecvOp>(op);
}

int64_t channelOf(Operation *op) {
  if (auto send = dyn_cast<stablehlo::SendOp>(op))
    return send.getChannelHandle().getHandle();
  return cast<stablehlo::RecvOp>(op).getChannelHandle().getHandle();
}

bool hasChannel(Operation *op) {
  auto channel =
      op->getAttrOfType<stablehlo::ChannelHandleAttr>("channel_handle");
  return channel && channel.getHandle() > 0;
}

/// The spec's choice of strategy for the op, from its channel_id and
/// use_global_device_ids.
FailureOr<GroupMode> getGroupMode(Operation *op) {
  bool channel = hasChannel(op);
  if (isa<stablehlo::AllReduceOp, stablehlo::AllGatherOp,
          stablehlo::ReduceScatterOp>(op)) {
    bool globalIds = op->hasAttr("use_global_device_ids");
    if (globalIds && !channel)
      return op->emitError()
             << op->getName()
             << " has use_global_device_ids without a channel_handle whose "
                "handle is above 0, which the spec leaves undefined";
    if (globalIds)
      return GroupMode::FlattenedIds;
    return channel ? GroupMode::CrossReplicaAndPartition
                   : GroupMode::CrossReplica;
  }
  return channel ? GroupMode::CrossPartition : GroupMode::CrossReplica;
}

/// The rows of an id list, without XLA's -1 padding of uneven rows. No
/// groups, as XLA reads replica_groups, is one group of every id below
/// `bound`; no source_target_pairs is no pair.
FailureOr<ProcessGroups> readIdRows(Operation *op, StringRef attrName,
                                    int64_t bound, StringRef idKind) {
  auto ids = op->getAttrOfType<DenseIntElementsAttr>(attrName);
  auto idsType = ids ? dyn_cast<RankedTensorType>(ids.getType()) : nullptr;
  if (!idsType || idsType.getRank() != 2)
    return op->emitError() << op->getName() << " needs " << attrName
                           << " as a 2-d tensor of ids";
  ProcessGroups rows;
  if (ids.empty()) {
    if (attrName == "replica_groups")
      rows.push_back(llvm::to_vector(llvm::seq<int64_t>(0, bound)));
    return rows;
  }
  SmallVector<int64_t> values(ids.getValues<int64_t>());
  int64_t width = idsType.getDimSize(1);
  for (size_t start = 0; start < values.size(); start += width) {
    SmallVector<int64_t> &row = rows.emplace_back();
    for (int64_t id : ArrayRef(values).slice(start, width)) {
      if (id == -1)
        continue;
      if (id < 0 || id >= bound)
        return op->emitError()
               << op->getName() << " names " << idKind << " " << id << " in "
               << attrName << ", but the program has " << bound << " " << idKind
               << "s";
      row.push_back(id);
    }
  }
  return rows;
}

/// The process groups of the spec: each row of ids, as replicas or
/// partitions or flattened process ids, becomes groups of process ids
/// (replica * partitions + partition), in the spec's order.
FailureOr<ProcessGroups> getProcessGroups(Operation *op, GroupMode mode,
                                          const Grid &grid) {
  int64_t bound = mode == GroupMode::CrossPartition ? grid.partitions
                  : mode == GroupMode::FlattenedIds ? grid.size()
                                                    : grid.replicas;
  StringRef idKind = mode == GroupMode::CrossPartition ? "partition"
                     : mode == GroupMode::FlattenedIds ? "process"
                                                       : "replica";
  FailureOr<ProcessGroups> rows =
      readIdRows(op, "replica_groups", bound, idKind);
  if (failed(rows))
    return failure();
  ProcessGroups groups;
  for (ArrayRef<int64_t> row : *rows) {
    switch (mode) {
    case GroupMode::CrossReplica:
      for (int64_t partition = 0; partition < grid.partitions; ++partition)
        groups.push_back(llvm::map_to_vector(row, [&](int64_t replica) {
          return grid.process(replica, partition);
        }));
      break;
    case GroupMode::CrossPartition:
      for (int64_t replica = 0; replica < grid.replicas; ++replica)
        groups.push_back(llvm::map_to_vector(row, [&](int64_t partition) {
          return grid.process(replica, partition);
        }));
      break;
    case GroupMode::CrossReplicaAndPartition: {
      SmallVector<int64_t> &group = groups.emplace_back();
      for (int64_t partition = 0; partition < grid.partitions; ++partition)
        for (int64_t replica : row)
          group.push_back(grid.process(replica, partition));
      break;
    }
    case GroupMode::FlattenedIds:
      groups.push_back(llvm::to_vector(row));
      break;
    }
  }
  SmallVector<bool> seen(grid.size(), false);
  for (ArrayRef<int64_t> group : groups)
    for (int64_t process : group) {
      if (seen[process])
        return op->emitError() << op->getName() << " puts process " << process
                               << " in more than one group of replica_groups";
      seen[process] = true;
    }
  return groups;
}

Value zerosOf(OpBuilder &b, Location loc, Type type) {
  return stablehlo::ConstantOp::create(b, loc,
                                       cast<ElementsAttr>(b.getZeroAttr(type)));
}

/// `value` with the element type of `type` (a reduction body may take a
/// wider type than the operands, as the spec allows).
Value convertTo(OpBuilder &b, Location loc, Value value, Type type) {
  auto valueType = cast<RankedTensorType>(value.getType());
  Type element = cast<ShapedType>(type).getElementType();
  if (valueType.getElementType() == element)
    return value;
  return stablehlo::ConvertOp::create(b, loc, valueType.clone(element), value);
}

/// The reduction body, a binary computation on scalars, applied element by
/// element to two processes' values of each operand: a stablehlo.map each.
SmallVector<Value> combine(OpBuilder &b, Location loc, Region &body,
                           ValueRange lhs, ValueRange rhs,
                           TypeRange resultTypes) {
  SmallVector<Value> results;
  for (auto [left, right, type] : llvm::zip(lhs, rhs, resultTypes)) {
    SmallVector<Value> inputs = {
        convertTo(b, loc, left, body.getArgument(0).getType()),
        convertTo(b, loc, right, body.getArgument(1).getType())};
    int64_t rank = cast<RankedTensorType>(type).getRank();
    auto map = stablehlo::MapOp::create(
        b, loc, type, inputs,
        b.getDenseI64ArrayAttr(llvm::to_vector(llvm::seq<int64_t>(0, rank))));
    IRMapping mapping;
    body.cloneInto(&map.getComputation(), mapping);
    results.push_back(map.getResult());
  }
  return results;
}

/// The reduction over a group, folded in the group's order.
SmallVector<Value> reduceGroup(OpBuilder &b, Location loc, Region &body,
                               ArrayRef<int64_t> group,
                               const PerProcess &operands,
                               TypeRange resultTypes) {
  SmallVector<Value> accumulated;
  for (auto [value, type] : llvm::zip(operands[group.front()], resultTypes))
    accumulated.push_back(convertTo(b, loc, value, type));
  for (int64_t process : group.drop_front())
    accumulated =
        combine(b, loc, body, accumulated, operands[process], resultTypes);
  return accumulated;
}

Value sliceAlong(OpBuilder &b, Location loc, Value value, int64_t dim,
                 int64_t part, int64_t size) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
      strides(type.getRank(), 1), shape(type.getShape());
  start[dim] = part * size;
  limit[dim] = start[dim] + size;
  shape[dim] = size;
  return stablehlo::SliceOp::create(
      b, loc, type.clone(shape), value, b.getDenseI64ArrayAttr(start),
      b.getDenseI64ArrayAttr(limit), b.getDenseI64ArrayAttr(strides));
}

class CollectiveSimulator {
public:
  CollectiveSimulator(OpBuilder &b, const Grid &grid) : b(b), grid(grid) {}

  /// Each process's results of `op`, given each process's operands.
  FailureOr<PerProcess> simulate(Operation *op, const PerProcess &operands) {
    FailureOr<GroupMode> mode = getGroupMode(op);
    if (failed(mode))
      return failure();
    if (op->getNumRegions() == 1 && op->getRegion(0).getNumArguments() != 2)
      return op->emitError()
             << op->getName()
             << " needs a body of two arguments, a binary computation, got "
             << op->getRegion(0).getNumArguments();
    PerProcess results(grid.size());
    if (auto permute = dyn_cast<stablehlo::CollectivePermuteOp>(op)) {
      if (failed(simulatePermute(permute, *mode, operands, results)))
        return failure();
      return fillWithZeros(op, results);
    }
    FailureOr<ProcessGroups> groups = getProcessGroups(op, *mode, grid);
    if (failed(groups))
      return failure();
    Location loc = op->getLoc();
    for (ArrayRef<int64_t> group : *groups) {
      if (group.empty())
        continue;
      if (auto allReduce = dyn_cast<stablehlo::AllReduceOp>(op)) {
        SmallVector<Value> reduced =
            reduceGroup(b, loc, allReduce.getComputation(), group, operands,
                        op->getResultTypes());
        for (int64_t process : group)
          results[process] = reduced;
      } else if (auto reduceScatter =
                     dyn_cast<stablehlo::ReduceScatterOp>(op)) {
        // The whole reduction, of the operand's shape, before the split.
        Type reducedType = cast<RankedTensorType>(reduceScatter.getType())
                               .clone(cast<RankedTensorType>(
                                          reduceScatter.getOperand().getType())
                                          .getShape());
        SmallVector<Value> reduced =
            reduceGroup(b, loc, reduceScatter.getComputation(), group, operands,
                        reducedType);
        int64_t dim = reduceScatter.getScatterDimension();
        int64_t size =
            cast<RankedTensorType>(reduceScatter.getType()).getDimSize(dim);
        if (size * static_cast<int64_t>(group.size()) !=
            cast<RankedTensorType>(reducedType).getDimSize(dim))
          return op->emitError()
                 << "stablehlo.reduce_scatter's result is not 1/"
                 << group.size() << " of its operand along scatter_dimension "
                 << dim << " for a group of " << group.size() << " processes";
        for (auto [index, process] : llvm::enumerate(group))
          results[process] = {
              sliceAlong(b, loc, reduced.front(), dim, index, size)};
      } else if (auto allGather = dyn_cast<stablehlo::AllGatherOp>(op)) {
        SmallVector<Value> gathered;
        for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
          SmallVector<Value> parts = llvm::map_to_vector(
              group, [&](int64_t process) { return operands[process][index]; });
          gathered.push_back(stablehlo::ConcatenateOp::create(
              b, loc, type, parts, allGather.getAllGatherDim()));
        }
        for (int64_t process : group)
          results[process] = gathered;
      } else if (auto allToAll = dyn_cast<stablehlo::AllToAllOp>(op)) {
        if (failed(simulateAllToAll(allToAll, group, operands, results)))
          return failure();
      } else if (auto broadcast =
                     dyn_cast<stablehlo::CollectiveBroadcastOp>(op)) {
        if (failed(simulateBroadcast(broadcast, group, operands, results)))
          return failure();
      } else if (auto reduce = dyn_cast<stablehlo::CollectiveReduceOp>(op)) {
        results[group.front()] =
            reduceGroup(b, loc, reduce.getComputation(), group, operands,
                        op->getResultTypes());
      }
    }
    if (!isa<stablehlo::CollectiveBroadcastOp, stablehlo::CollectiveReduceOp>(
            op))
      for (int64_t process = 0; process < grid.size(); ++process)
        if (results[process].empty())
          return op->emitError()
                 << op->getName() << " leaves process " << process
                 << " out of every group of replica_groups";
    return fillWithZeros(op, results);
  }

private:
  /// Processes that received nothing get zeros, as the spec says for
  /// collective_permute, collective_broadcast and collective_reduce.
  PerProcess fillWithZeros(Operation *op, PerProcess &results) {
    SmallVector<Value> zeros;
    for (SmallVector<Value> &values : results) {
      if (!values.empty())
        continue;
      if (zeros.empty())
        for (Type type : op->getResultTypes())
          zeros.push_back(zerosOf(b, op->getLoc(), type));
      values = zeros;
    }
    return results;
  }

  LogicalResult simulatePermute(stablehlo::CollectivePermuteOp op,
                                GroupMode mode, const PerProcess &operands,
                                PerProcess &results) {
    bool acrossPartitions = mode == GroupMode::CrossPartition;
    int64_t bound = acrossPartitions ? grid.partitions : grid.replicas;
    FailureOr<ProcessGroups> pairs =
        readIdRows(op, "source_target_pairs", bound,
                   acrossPartitions ? "partition" : "replica");
    if (failed(pairs))
      return failure();
    int64_t others = acrossPartitions ? grid.replicas : grid.partitions;
    for (ArrayRef<int64_t> pair : *pairs) {
      if (pair.size() != 2)
        return op.emitError("stablehlo.collective_permute needs "
                            "source_target_pairs of [source, target] pairs");
      for (int64_t other = 0; other < others; ++other) {
        int64_t source = acrossPartitions ? grid.process(other, pair[0])
                                          : grid.process(pair[0], other);
        int64_t target = acrossPartitions ? grid.process(other, pair[1])
                                          : grid.process(pair[1], other);
        if (!results[target].empty())
          return op.emitError()
                 << "stablehlo.collective_permute sends to process " << target
                 << " more than once";
        results[target] = operands[source];
      }
    }
    return success();
  }

  LogicalResult simulateAllToAll(stablehlo::AllToAllOp op,
                                 ArrayRef<int64_t> group,
                                 const PerProcess &operands,
                                 PerProcess &results) {
    int64_t count = op.getSplitCount();
    if (count != static_cast<int64_t>(group.size()))
      return op.emitError()
             << "stablehlo.all_to_all splits into " << count
             << " parts for a group of " << group.size() << " processes";
    Location loc = op.getLoc();
    int64_t splitDim = op.getSplitDimension();
    for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
      int64_t whole =
          cast<RankedTensorType>(operands[group.front()][index].getType())
              .getDimSize(splitDim);
      if (whole % count != 0)
        return op.emitError()
               << "stablehlo.all_to_all cannot split dimension " << splitDim
               << " of size " << whole << " of operand " << index << " into "
               << count << " parts";
      int64_t size = whole / count;
      for (auto [position, receiver] : llvm::enumerate(group)) {
        SmallVector<Value> parts =
            llvm::map_to_vector(group, [&](int64_t sender) {
              return sliceAlong(b, loc, operands[sender][index], splitDim,
                                position, size);
            });
        results[receiver].push_back(stablehlo::ConcatenateOp::create(
            b, loc, type, parts, op.getConcatDimension()));
      }
    }
    return success();
  }

  /// Every process of the group gets the first one's operands or, with
  /// has_dynamic_root, for each data operand the operand of the process at
  /// the index its own root operand holds.
  LogicalResult simulateBroadcast(stablehlo::CollectiveBroadcastOp op,
                                  ArrayRef<int64_t> group,
                                  const PerProcess &operands,
                                  PerProcess &results) {
    Location loc = op.getLoc();
    if (!op.getHasDynamicRoot()) {
      for (int64_t process : group)
        results[process] = llvm::to_vector(
            ArrayRef(operands[group.front()]).take_front(op->getNumResults()));
      return success();
    }
    auto rootsType = cast<RankedTensorType>(op->getOperands().back().getType());
    if (rootsType.getRank() != 1 ||
        rootsType.getDimSize(0) != op->getNumResults() ||
        !isa<IntegerType>(rootsType.getElementType()))
      return op.emitError()
             << "stablehlo.collective_broadcast with has_dynamic_root needs "
                "a last operand of one integer index per result, got "
             << rootsType;
    for (int64_t receiver : group) {
      Value roots = operands[receiver].back();
      auto rootType = RankedTensorType::get({}, rootsType.getElementType());
      for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
        Value root = stablehlo::ReshapeOp::create(
            b, loc, rootType, sliceAlong(b, loc, roots, 0, index, /*size=*/1));
        Value chosen = operands[group.front()][index];
        for (auto [position, sender] : llvm::enumerate(group)) {
          if (position == 0)
            continue;
          Value positionValue = stablehlo::ConstantOp::create(
              b, loc,
              DenseElementsAttr::get(
                  rootType,
                  b.getIntegerAttr(rootsType.getElementType(), position)));
          Value isRoot = stablehlo::CompareOp::create(
              b, loc, RankedTensorType::get({}, b.getI1Type()), root,
              positionValue, stablehlo::ComparisonDirection::EQ, nullptr);
          auto resultType = cast<RankedTensorType>(type);
          Value mask = stablehlo::BroadcastInDimOp::create(
              b, loc, resultType.clone(b.getI1Type()), isRoot,
              b.getDenseI64ArrayAttr({}));
          chosen = stablehlo::SelectOp::create(b, loc, type, mask,
                                               operands[sender][index], chosen);
        }
        results[receiver].push_back(chosen);
      }
    }
    return success();
  }

  OpBuilder &b;
  const Grid &grid;
};

Grid readGrid(ModuleOp module) {
  Grid grid;
  if (auto replicas = module->getAttrOfType<IntegerAttr>("mhlo.num_replicas"))
    grid.replicas = replicas.getInt();
  if (auto partitions =
          module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
    grid.partitions = partitions.getInt();
  return grid;
}

bool isSimulatedEntry(func::FuncOp function) {
  return function.isPublic() && !function.isDeclaration();
}

bool isManualComputation(Operation *op) {
  return op && op->getName().getStringRef() == "sdy.manual_computation";
}

/// Ops the copies cannot run apart: collectives anywhere but in what runs
/// per process (an entry's body or, in a sharded program, a manual
/// computation's) and the while, if and case bodies in it, which no order
/// pairs across processes, and the ops of host transfers and point-to-point
/// channels.
LogicalResult checkSimulatable(ModuleOp module, bool global) {
  bool failedAny = false;
  module.walk([&](Operation *op) {
    if (isa<stablehlo::InfeedOp, stablehlo::OutfeedOp>(op)) {
      op->emitError() << op->getName()
                      << " cannot run on simulated processes: disc has no "
                         "host transfer queue";
      failedAny = true;
      return;
    }
    if (isTransfer(op)) {
      op->emitError() << op->getName()
                      << " on processes that all run one function: disc "
                         "pairs sends with receives between the functions "
                         "that the module's "
                      << kProcessProgramsAttrName << " gives each process";
      failedAny = true;
      return;
    }
    if (!isCollective(op))
      return;
    Operation *parent = op->getParentOp();
    while (isLockstepControlFlow(parent))
      parent = parent->getParentOp();
    auto function = dyn_cast<func::FuncOp>(parent);
    if (global ? isManualComputation(parent)
               : function && isSimulatedEntry(function))
      return;
    if (global && function)
      op->emitError() << op->getName()
                      << " outside every sdy.manual_computation: in a "
                         "sharded program only those run per device";
    else if (function)
      op->emitError() << op->getName() << " in @" << function.getSymName()
                      << ", which is not an entry (public function): only "
                         "an entry's collectives can be simulated";
    else
      op->emitError() << op->getName() << " inside " << parent->getName()
                      << ": a collective in a region other than a while, if "
                         "or case body cannot be paired across simulated "
                         "processes";
    failedAny = true;
  });
  return failure(failedAny);
}

bool isProcessId(Operation *op) {
  return isa<stablehlo::ReplicaIdOp, stablehlo::PartitionIdOp>(op);
}

/// What replica_id or partition_id `op` returns on `process`.
Value buildProcessId(OpBuilder &b, Operation *op, const Grid &grid,
                     int64_t process) {
  int64_t id = isa<stablehlo::ReplicaIdOp>(op) ? process / grid.partitions
                                               : process % grid.partitions;
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  return stablehlo::ConstantOp::create(
      b, op->getLoc(),
      DenseElementsAttr::get(type,
                             b.getIntegerAttr(type.getElementType(), id)));
}

/// The replica_id and partition_id ops that a copy nests in its regions.
void setNestedProcessIds(Operation *copy, const Grid &grid, int64_t process) {
  copy->walk([&](Operation *op) {
    if (!isProcessId(op))
      return;
    OpBuilder b(op);
    op->getResult(0).replaceAllUsesWith(buildProcessId(b, op, grid, process));
    op->erase();
  });
}

/// Values of one type, one per process, as one list, process 0's first.
SmallVector<Value> flatten(const PerProcess &values) {
  SmallVector<Value> flat;
  for (ArrayRef<Value> processValues : values)
    llvm::append_range(flat, processValues);
  return flat;
}

Value scalarConstant(OpBuilder &b, Location loc, Type element, int64_t value) {
  auto type = RankedTensorType::get({}, element);
  return stablehlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getIntegerAttr(element, value)));
}

/// Copies blocks once per process, op by op in step: each collective
/// becomes the exchange between the copies, and a while, if or case holding
/// one becomes one op whose regions are copied the same way.
class StepCopier {
public:
  StepCopier(OpBuilder &b, const Grid &grid)
      : b(b), grid(grid), simulator(b, grid) {}

  /// Copies the ops of `body` but its terminator at `b`; `mappings[process]`
  /// maps the body's arguments to the process's values and, after, every
  /// value of the body to the process's copy.
  LogicalResult copyBlock(Block &body, MutableArrayRef<IRMapping> mappings) {
    // The last op returns (func.return, stablehlo.return, or sdy.return,
    // which being unregistered is not known to terminate).
    for (Operation &op : llvm::drop_end(body)) {
      if (isProcessId(&op)) {
        for (int64_t process = 0; process < grid.size(); ++process)
          mappings[process].map(op.getResult(0),
                                buildProcessId(b, &op, grid, process));
        continue;
      }
      if (isLockstepControlFlow(&op) && holdsCollective(&op)) {
        if (failed(copyInLockstep(&op, mappings)))
          return failure();
        continue;
      }
      if (!isCollective(&op)) {
        for (int64_t process = 0; process < grid.size(); ++process)
          setNestedProcessIds(b.clone(op, mappings[process]), grid, process);
        continue;
      }
      FailureOr<PerProcess> results =
          simulator.simulate(&op, lookUp(op.getOperands(), mappings));
      if (failed(results))
        return failure();
      for (int64_t process = 0; process < grid.size(); ++process)
        mappings[process].map(op.getResults(), (*results)[process]);
    }
    return success();
  }

private:
  PerProcess lookUp(ValueRange values, ArrayRef<IRMapping> mappings) {
    return llvm::map_to_vector(mappings, [&](const IRMapping &mapping) {
      return llvm::map_to_vector(
          values, [&](Value value) { return mapping.lookupOrDefault(value); });
    });
  }

  /// One while, if or case for all processes: a while carries every
  /// process's values and stops when the processes' conditions do; an if
  /// or case takes the branch of process 0's predicate or index. Where the
  /// processes could disagree, the run checks that they do not, since on
  /// the spec's processes the collectives of the one that went on would
  /// wait forever.
  LogicalResult copyInLockstep(Operation *op,
                               MutableArrayRef<IRMapping> mappings) {
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    auto loop = dyn_cast<stablehlo::WhileOp>(op);
    if (loop) {
      operands = flatten(lookUp(op->getOperands(), mappings));
    } else {
      Value selector = op->getOperand(0);
      PerProcess choices = lookUp(selector, mappings);
      operands.push_back(choices.front().front());
      if (!isShared(selector))
        requireAgreement(op, normalizedChoices(op, choices),
                         "which branch to take");
    }
    OperationState state(loc, op->getName());
    state.addOperands(operands);
    for (int64_t process = 0; process < grid.size(); ++process)
      state.addTypes(op->getResultTypes());
    state.addAttributes(op->getAttrs());
    for (unsigned i = 0; i < op->getNumRegions(); ++i)
      state.addRegion();
    Operation *lockstep = b.create(state);

    OpBuilder::InsertionGuard guard(b);
    for (auto [region, copy] :
         llvm::zip(op->getRegions(), lockstep->getRegions())) {
      FailureOr<PerProcess> returned = copyRegion(region, copy, mappings);
      if (failed(returned))
        return failure();
      Location returnLoc = region.front().back().getLoc();
      if (loop && &region == &loop.getCond()) {
        requireAgreement(op, *returned, "whether to run another iteration");
        stablehlo::ReturnOp::create(b, returnLoc, returned->front());
        continue;
      }
      stablehlo::ReturnOp::create(b, returnLoc, flatten(*returned));
    }
    unsigned count = op->getNumResults();
    for (int64_t process = 0; process < grid.size(); ++process)
      mappings[process].map(op->getResults(), lockstep->getResults().slice(
                                                  process * count, count));
    return success();
  }

  /// Copies the one block of `region` into `copy`, whose block takes every
  /// process's arguments; returns each process's operands of its
  /// terminator, and leaves `b` at the end of the new block. The region's
  /// values join `mappings`, where no value outside it can clash with them.
  FailureOr<PerProcess> copyRegion(Region &region, Region &copy,
                                   MutableArrayRef<IRMapping> mappings) {
    Block &block = region.front();
    Block *copied = b.createBlock(&copy);
    for (IRMapping &mapping : mappings)
      for (BlockArgument argument : block.getArguments())
        mapping.map(argument,
                    copied->addArgument(argument.getType(), argument.getLoc()));
    if (failed(copyBlock(block, mappings)))
      return failure();
    return lookUp(block.back().getOperands(), mappings);
  }

  /// Each process's case index as the branch it takes (an index out of
  /// range takes the last), or each process's if predicate.
  PerProcess normalizedChoices(Operation *op, const PerProcess &choices) {
    auto caseOp = dyn_cast<stablehlo::CaseOp>(op);
    if (!caseOp)
      return choices;
    Location loc = op->getLoc();
    auto indexType = cast<RankedTensorType>(caseOp.getIndex().getType());
    auto flagType = indexType.clone(b.getI1Type());
    Type element = indexType.getElementType();
    int64_t branches = caseOp.getBranches().size();
    Value zero = scalarConstant(b, loc, element, 0);
    Value count = scalarConstant(b, loc, element, branches);
    Value last = scalarConstant(b, loc, element, branches - 1);
    return llvm::map_to_vector(choices, [&](ArrayRef<Value> choice) {
      Value index = choice.front();
      Value below = stablehlo::CompareOp::create(
          b, loc, flagType, index, zero, stablehlo::ComparisonDirection::LT,
          nullptr);
      Value above = stablehlo::CompareOp::create(
          b, loc, flagType, index, count, stablehlo::ComparisonDirection::GE,
          nullptr);
      Value outside = stablehlo::OrOp::create(b, loc, flagType, below, above);
      return SmallVector<Value>{
          stablehlo::SelectOp::create(b, loc, indexType, outside, last, index)};
    });
  }

  /// Fails the run, naming `op` and each process's choice, unless every
  /// process made the same one: an @shape_assertion, as jax.export's checks
  /// of its inputs are, which returns from the entry when it fails.
  void requireAgreement(Operation *op, const PerProcess &choices,
                        StringRef what) {
    Location loc = op->getLoc();
    Value first = choices.front().front();
    auto flagType =
        cast<RankedTensorType>(first.getType()).clone(b.getI1Type());
    Value agree;
    SmallVector<Value> operands = {Value()};
    std::string message;
    llvm::raw_string_ostream os(message);
    os << op->getName() << ": its simulated processes disagree on " << what
       << ", so their collectives would not meet; process by process:";
    for (auto [process, choice] : llvm::enumerate(choices)) {
      if (process > 0) {
        Value same = stablehlo::CompareOp::create(
            b, loc, flagType, first, choice.front(),
            stablehlo::ComparisonDirection::EQ, nullptr);
        agree = agree ? stablehlo::AndOp::create(b, loc, flagType, agree, same)
                      : same;
      }
      // The message shows each choice as an integer; an i1 would widen to
      // -1 for true.
      Value shown = choice.front();
      if (flagType == first.getType())
        shown = stablehlo::ConvertOp::create(
            b, loc, flagType.clone(b.getI32Type()), shown);
      operands.push_back(shown);
      os << " {" << process << "}";
    }
    operands.front() = agree;
    stablehlo::CustomCallOp::create(
        b, loc, TypeRange(), operands,
        ArrayRef<NamedAttribute>{
            b.getNamedAttr("call_target_name",
                           b.getStringAttr("shape_assertion")),
            b.getNamedAttr("has_side_effect", b.getBoolAttr(true)),
            b.getNamedAttr("error_message", b.getStringAttr(message))});
  }

  /// Whether `value` is provably the same on every process: computed
  /// without side effects (regions included) from constants, from the ids
  /// the grid gives one value, and from all_reduce and all_gather over one
  /// group of all.
  bool isShared(Value value) {
    auto known = shared.find(value);
    if (known != shared.end())
      return known->second;
    Operation *definition = value.getDefiningOp();
    bool result = false;
    if (!definition) {
      result = false;
    } else if (isa<stablehlo::ReplicaIdOp>(definition)) {
      result = grid.replicas == 1;
    } else if (isa<stablehlo::PartitionIdOp>(definition)) {
      result = grid.partitions == 1;
    } else if (isa<stablehlo::AllReduceOp, stablehlo::AllGatherOp>(
                   definition)) {
      FailureOr<GroupMode> mode = getGroupMode(definition);
      FailureOr<ProcessGroups> groups =
          succeeded(mode) ? getProcessGroups(definition, *mode, grid)
                          : FailureOr<ProcessGroups>(failure());
      result = succeeded(groups) && groups->size() == 1 &&
               static_cast<int64_t>(groups->front().size()) == grid.size();
    } else {
      result = isMemoryEffectFree(definition) && isSharedOp(definition);
    }
    shared[value] = result;
    return result;
  }

  /// Whether every process computes the same with `op`: its operands, and
  /// the values its regions take from outside, are shared, and its regions
  /// hold no collective and no id that differs between processes.
  bool isSharedOp(Operation *op) {
    if (!llvm::all_of(op->getOperands(),
                      [&](Value operand) { return isShared(operand); }))
      return false;
    WalkResult walk = op->walk([&](Operation *nested) {
      if (nested == op)
        return WalkResult::advance();
      bool sameOnEvery =
          !isCollective(nested) &&
          !(isa<stablehlo::ReplicaIdOp>(nested) && grid.replicas > 1) &&
          !(isa<stablehlo::PartitionIdOp>(nested) && grid.partitions > 1) &&
          llvm::all_of(nested->getOperands(), [&](Value operand) {
            return op->isAncestor(operand.getParentRegion()->getParentOp()) ||
                   isShared(operand);
          });
      return sameOnEvery ? WalkResult::advance() : WalkResult::interrupt();
    });
    return !walk.wasInterrupted();
  }

  OpBuilder &b;
  const Grid &grid;
  CollectiveSimulator simulator;
  DenseMap<Value, bool> shared;
};

/// Copies the ops of `body` but its terminator once per process at `b`, in
/// step (see StepCopier::copyBlock).
LogicalResult copyInStep(Block &body, OpBuilder &b, const Grid &grid,
                         MutableArrayRef<IRMapping> mappings) {
  return StepCopier(b, grid).copyBlock(body, mappings);
}

/// The attributes of value `i` of `all` (a function's argument or result
/// attributes), with the process whose value it is.
DictionaryAttr withProcess(ArrayAttr all, unsigned i, int64_t process,
                           const Grid &grid, MLIRContext *context) {
  NamedAttrList attrs(all ? cast<DictionaryAttr>(all[i]) : DictionaryAttr());
  attrs.set(disc::kProcessAttrName,
            StringAttr::get(context, "replica " +
                                         Twine(process / grid.partitions) +
                                         ", partition " +
                                         Twine(process % grid.partitions)));
  return attrs.getDictionary(context);
}

LogicalResult simulateEntry(func::FuncOp function, const Grid &grid) {
  if (!function.getBody().hasOneBlock())
    return function.emitError()
           << "@" << function.getSymName()
           << " has more than one block; simulated processes need one";
  Block &body = function.getBody().front();
  int64_t processes = grid.size();
  FunctionType type = function.getFunctionType();
  SmallVector<Type> inputs, outputs;
  SmallVector<Attribute> argAttrs, resultAttrs;
  MLIRContext *context = function.getContext();
  for (int64_t process = 0; process < processes; ++process) {
    llvm::append_range(inputs, type.getInputs());
    llvm::append_range(outputs, type.getResults());
    for (unsigned i = 0; i < type.getNumInputs(); ++i)
      argAttrs.push_back(
          withProcess(function.getAllArgAttrs(), i, process, grid, context));
    for (unsigned i = 0; i < type.getNumResults(); ++i)
      resultAttrs.push_back(
          withProcess(function.getAllResultAttrs(), i, process, grid, context));
  }

  auto *copies = new Block();
  function.getBody().push_back(copies);
  SmallVector<IRMapping> mappings(processes);
  for (int64_t process = 0; process < processes; ++process)
    for (BlockArgument argument : body.getArguments())
      mappings[process].map(
          argument, copies->addArgument(argument.getType(), argument.getLoc()));
  auto b = OpBuilder::atBlockEnd(copies);
  if (failed(copyInStep(body, b, grid, mappings)))
    return failure();
  Operation *terminator = &body.back();
  SmallVector<Value> returned;
  for (int64_t process = 0; process < processes; ++process)
    for (Value value : terminator->getOperands())
      returned.push_back(mappings[process].lookupOrDefault(value));
  func::ReturnOp::create(b, terminator->getLoc(), returned);

  body.dropAllReferences();
  body.erase();
  function.setType(FunctionType::get(function.getContext(), inputs, outputs));
  function.setAllArgAttrs(argAttrs);
  function.setAllResultAttrs(resultAttrs);
  return success();
}

/// Copies each process's own function body into one block, each process
/// running on until its next send or recv; a send and a recv on the same
/// channel meet there, as the spec's processes do (a send waits for its
/// receiver), the recv's results becoming the send's operands. Where the
/// processes wait on each other for good, or a send and its recv disagree
/// on types, that is an error naming the op.
class TransferScheduler {
public:
  TransferScheduler(OpBuilder &b, const Grid &grid, ArrayRef<Block *> bodies,
                    MutableArrayRef<IRMapping> mappings)
      : b(b), grid(grid), bodies(bodies), mappings(mappings) {
    for (Block *body : bodies)
      next.push_back(body->begin());
  }

  LogicalResult run() {
    while (true) {
      for (int64_t process = 0; process < grid.size(); ++process)
        if (failed(runToTransfer(process)))
          return failure();
      FailureOr<bool> met = meetOnce();
      if (failed(met))
        return failure();
      if (*met)
        continue;
      if (llvm::all_of(llvm::seq<int64_t>(0, grid.size()),
                       [&](int64_t process) { return !waiting(process); }))
        return success();
      return reportWaitingForever();
    }
  }

private:
  /// The send or recv the process stopped at, or null once it has returned.
  Operation *waiting(int64_t process) {
    Operation *op = &*next[process];
    return op == &bodies[process]->back() ? nullptr : op;
  }

  LogicalResult runToTransfer(int64_t process) {
    for (; waiting(process) && !isTransfer(waiting(process)); ++next[process]) {
      Operation *op = waiting(process);
      if (isProcessId(op)) {
        mappings[process].map(op->getResult(0),
                              buildProcessId(b, op, grid, process));
        continue;
      }
      Operation *nested = nullptr;
      op->walk([&](Operation *inner) {
        if (!nested && (isTransfer(inner) || isCollective(inner)))
          nested = inner;
      });
      if (nested && isCollective(nested))
        return nested->emitError()
               << nested->getName() << " in a function of "
               << kProcessProgramsAttrName
               << ": collectives pair only between processes that all run "
                  "one entry";
      if (nested)
        return nested->emitError()
               << nested->getName() << " inside " << op->getName()
               << ": sends and receives pair only at the top of a "
                  "process's function";
      setNestedProcessIds(b.clone(*op, mappings[process]), grid, process);
    }
    return success();
  }

  /// Pairs the first process waiting at a send with the first waiting at a
  /// recv on the same channel, and moves both on; false when none pair.
  FailureOr<bool> meetOnce() {
    for (int64_t sender = 0; sender < grid.size(); ++sender) {
      auto send = dyn_cast_or_null<stablehlo::SendOp>(waiting(sender));
      if (!send)
        continue;
      for (int64_t receiver = 0; receiver < grid.size(); ++receiver) {
        auto recv = dyn_cast_or_null<stablehlo::RecvOp>(waiting(receiver));
        if (!recv || channelOf(recv) != channelOf(send))
          continue;
        if (failed(exchange(send, sender, recv, receiver)))
          return failure();
        ++next[sender];
        ++next[receiver];
        return true;
      }
    }
    return false;
  }

  LogicalResult exchange(stablehlo::SendOp send, int64_t sender,
                         stablehlo::RecvOp recv, int64_t receiver) {
    TypeRange sent = send.getInputs().getTypes();
    TypeRange received = recv.getResults().drop_back().getTypes();
    if (sent != received) {
      auto list = [](TypeRange types) {
        std::string text;
        llvm::raw_string_ostream os(text);
        llvm::interleaveComma(types, os);
        return text;
      };
      InFlightDiagnostic error = recv.emitError();
      error << "stablehlo.recv on channel " << channelOf(recv) << " of process "
            << receiver << " receives (" << list(received)
            << "), but the stablehlo.send it meets on process " << sender
            << " sends (" << list(sent) << ")";
      error.attachNote(send.getLoc()) << "the stablehlo.send";
      return error;
    }
    for (auto [result, input] :
         llvm::zip(recv.getResults().drop_back(), send.getInputs()))
      mappings[receiver].map(result, mappings[sender].lookupOrDefault(input));
    mappings[receiver].map(recv.getResults().back(),
                           mappings[receiver].lookupOrDefault(recv.getToken()));
    mappings[sender].map(send.getResult(),
                         mappings[sender].lookupOrDefault(send.getToken()));
    return success();
  }

  /// Every process that has not returned waits at a send or recv that no
  /// other process will meet.
  LogicalResult reportWaitingForever() {
    for (int64_t process = 0; process < grid.size(); ++process) {
      Operation *op = waiting(process);
      if (!op)
        continue;
      bool sends = isa<stablehlo::SendOp>(op);
      op->emitError() << op->getName() << " on channel " << channelOf(op)
                      << " of process " << process
                      << " would wait forever: no other process "
                      << (sends ? "receives" : "sends") << " on channel "
                      << channelOf(op) << " while it waits";
    }
    return failure();
  }

  OpBuilder &b;
  const Grid &grid;
  ArrayRef<Block *> bodies;
  MutableArrayRef<IRMapping> mappings;
  SmallVector<Block::iterator> next;
};

/// Builds the public function `name` that runs `functions[p]` on process p:
/// it takes every process's inputs and returns every process's results,
/// process 0's first, but for tokens, which order one process's effects:
/// each process starts from a token of its own and its returned tokens go.
LogicalResult simulateProcessPrograms(ModuleOp module, StringAttr name,
                                      MutableArrayRef<func::FuncOp> functions,
                                      const Grid &grid) {
  MLIRContext *context = module.getContext();
  Location loc = functions.front().getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto entry = func::FuncOp::create(b, loc, name, b.getFunctionType({}, {}));
  Block *copies = entry.addEntryBlock();
  b.setInsertionPointToEnd(copies);
  SmallVector<Type> inputs, outputs;
  SmallVector<Attribute> argAttrs, resultAttrs;
  SmallVector<IRMapping> mappings(grid.size());
  SmallVector<Block *> bodies;
  for (auto [process, function] : llvm::enumerate(functions)) {
    Block &body = function.getBody().front();
    bodies.push_back(&body);
    for (BlockArgument argument : body.getArguments()) {
      Value value;
      if (isa<stablehlo::TokenType>(argument.getType())) {
        value = stablehlo::AfterAllOp::create(
            b, argument.getLoc(), stablehlo::TokenType::get(context),
            ValueRange());
      } else {
        value = copies->addArgument(argument.getType(), argument.getLoc());
        inputs.push_back(argument.getType());
        argAttrs.push_back(withProcess(function.getAllArgAttrs(),
                                       argument.getArgNumber(), process, grid,
                                       context));
      }
      mappings[process].map(argument, value);
    }
  }
  if (failed(TransferScheduler(b, grid, bodies, mappings).run()))
    return failure();
  SmallVector<Value> returned;
  for (auto [process, function] : llvm::enumerate(functions))
    for (auto [index, value] :
         llvm::enumerate(bodies[process]->back().getOperands())) {
      if (isa<stablehlo::TokenType>(value.getType()))
        continue;
      returned.push_back(mappings[process].lookupOrDefault(value));
      outputs.push_back(value.getType());
      resultAttrs.push_back(withProcess(function.getAllResultAttrs(), index,
                                        process, grid, context));
    }
  func::ReturnOp::create(b, loc, returned);
  entry.setType(FunctionType::get(context, inputs, outputs));
  entry.setAllArgAttrs(argAttrs);
  entry.setAllResultAttrs(resultAttrs);
  return success();
}

/// The entries disc.process_programs asks for, each built from the
/// functions it names, which then go; returns the entries.
FailureOr<SmallVector<Operation *>>
simulateAllProcessPrograms(ModuleOp module, const Grid &grid) {
  auto programs =
      module->getAttrOfType<DictionaryAttr>(kProcessProgramsAttrName);
  SmallVector<Operation *> entries;
  if (!module->hasAttr(kProcessProgramsAttrName))
    return entries;
  if (!programs)
    return module.emitError()
           << kProcessProgramsAttrName
           << " must be a dictionary from entry names to arrays of one "
              "function per process";
  SetVector<Operation *> consumed;
  for (NamedAttribute program : programs) {
    auto names = dyn_cast<ArrayAttr>(program.getValue());
    if (!names || static_cast<int64_t>(names.size()) != grid.size())
      return module.emitError()
             << kProcessProgramsAttrName << " gives @"
             << program.getName().getValue() << " "
             << (names ? static_cast<int64_t>(names.size()) : 0)
             << " functions, but the program has " << grid.size()
             << " processes (mhlo.num_replicas x mhlo.num_partitions): it "
                "needs one per process";
    if (SymbolTable::lookupSymbolIn(module, program.getName()))
      return module.emitError()
             << kProcessProgramsAttrName << " would build @"
             << program.getName().getValue()
             << ", but the module already has a symbol of that name";
    SmallVector<func::FuncOp> functions;
    for (Attribute attr : names) {
      auto symbol = dyn_cast<FlatSymbolRefAttr>(attr);
      auto function =
          symbol ? SymbolTable::lookupSymbolIn(module, symbol) : nullptr;
      auto funcOp = dyn_cast_or_null<func::FuncOp>(function);
      if (!funcOp || funcOp.isDeclaration() || !funcOp.getBody().hasOneBlock())
        return module.emitError()
               << kProcessProgramsAttrName << " names " << attr << " for @"
               << program.getName().getValue()
               << ", which is not a function of one block in the module";
      functions.push_back(funcOp);
      consumed.insert(funcOp);
    }
    if (failed(simulateProcessPrograms(module, program.getName(), functions,
                                       grid)))
      return failure();
    entries.push_back(SymbolTable::lookupSymbolIn(module, program.getName()));
  }
  for (Operation *function : consumed)
    if (SymbolTable::symbolKnownUseEmpty(function, module))
      function->erase();
  module->removeAttr(kProcessProgramsAttrName);
  return entries;
}

/// The comma-separated items of a bracketed Shardy text (`[a, <b, c>]`),
/// as disc's sdy parser spells it: items apart by ", " outside brackets.
SmallVector<StringRef> splitItems(StringRef bracketed) {
  StringRef inner = bracketed.drop_front().drop_back();
  SmallVector<StringRef> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (StringRef("<[{(").contains(c))
      ++depth;
    else if (StringRef(">]})").contains(c))
      --depth;
    else if (depth == 0 && inner.substr(i).starts_with(", ")) {
      items.push_back(inner.slice(start, i));
      start = i + 2;
    }
  }
  if (!inner.empty())
    items.push_back(inner.substr(start));
  return items;
}

/// The quoted names in `text`: `{"a", "b", ?}` gives a and b.
SmallVector<std::string> quotedNames(StringRef text) {
  SmallVector<std::string> names;
  while (true) {
    size_t open = text.find('"');
    if (open == StringRef::npos)
      return names;
    size_t close = text.find('"', open + 1);
    if (close == StringRef::npos)
      return names;
    names.push_back(text.slice(open + 1, close).str());
    text = text.substr(close + 1);
  }
}

/// A mesh's axes, major to minor; device d sits at the row-major position d.
struct Mesh {
  SmallVector<std::pair<std::string, int64_t>> axes;

  int64_t coordinate(int64_t device, StringRef axis) const {
    int64_t stride = 1;
    for (const auto &[name, size] : llvm::reverse(axes)) {
      if (name == axis)
        return device / stride % size;
      stride *= size;
    }
    return 0;
  }
  int64_t size(StringRef axis) const {
    for (const auto &[name, size] : axes)
      if (name == axis)
        return size;
    return 0;
  }
  int64_t devices() const {
    int64_t count = 1;
    for (const auto &axis : axes)
      count *= axis.second;
    return count;
  }
};

/// Of a sharding `<@mesh, [{"a"}, {}, ...]>`: per dimension, the axes it is
/// split over, major first.
using DimAxes = SmallVector<SmallVector<std::string>>;

FailureOr<DimAxes> readSharding(Operation *op, StringRef sharding,
                                const Mesh &mesh) {
  size_t dimsStart = sharding.find('[');
  if (!sharding.starts_with("<@") || dimsStart == StringRef::npos)
    return op->emitError() << "sdy.manual_computation's sharding " << sharding
                           << " does not name a mesh declared with sdy.mesh";
  int depth = 0;
  size_t dimsEnd = dimsStart;
  for (; dimsEnd < sharding.size(); ++dimsEnd) {
    depth += sharding[dimsEnd] == '[' ? 1 : sharding[dimsEnd] == ']' ? -1 : 0;
    if (depth == 0)
      break;
  }
  DimAxes dims;
  for (StringRef dim : splitItems(sharding.slice(dimsStart, dimsEnd + 1))) {
    if (dim.contains(':'))
      return op->emitError()
             << "sdy.manual_computation's sharding " << sharding
             << " splits a mesh axis into sub-axes, which simulated "
                "processes do not support";
    SmallVector<std::string> axes = quotedNames(dim);
    for (const std::string &axis : axes)
      if (!mesh.size(axis))
        return op->emitError()
               << "sdy.manual_computation's sharding " << sharding
               << " names an axis \"" << axis << "\" its mesh does not have";
    dims.push_back(std::move(axes));
  }
  return dims;
}

/// Which shard of a dimension split over `axes` the device holds, and how
/// many shards there are.
std::pair<int64_t, int64_t>
shardOf(const Mesh &mesh, ArrayRef<std::string> axes, int64_t device) {
  int64_t index = 0, count = 1;
  for (const std::string &axis : axes) {
    index = index * mesh.size(axis) + mesh.coordinate(device, axis);
    count *= mesh.size(axis);
  }
  return {index, count};
}

FailureOr<Mesh> readMesh(Operation *op, ModuleOp module, StringRef sharding) {
  StringRef name = sharding.drop_front(2).take_until(
      [](char c) { return c == ',' || c == '>'; });
  Operation *meshOp = nullptr;
  module.walk([&](Operation *candidate) {
    auto symbol = candidate->getAttrOfType<StringAttr>("sym_name");
    if (candidate->getName().getStringRef() == "sdy.mesh" && symbol &&
        symbol.getValue() == name)
      meshOp = candidate;
  });
  auto text = meshOp ? meshOp->getAttrOfType<StringAttr>("mesh") : nullptr;
  if (!text)
    return op->emitError() << "sdy.manual_computation names a mesh @" << name
                           << " that no sdy.mesh declares";
  if (text.getValue().contains("device_ids"))
    return op->emitError()
           << "sdy.mesh @" << name
           << " orders its devices with device_ids, which simulated "
              "processes do not support";
  Mesh mesh;
  StringRef axes = text.getValue().drop_front().drop_back();
  for (StringRef axis : splitItems(axes)) {
    auto [quoted, size] = axis.rsplit('=');
    int64_t count;
    if (size.getAsInteger(10, count))
      return op->emitError()
             << "sdy.mesh @" << name << ": cannot read " << axis;
    mesh.axes.emplace_back(quoted.trim('"').str(), count);
  }
  return mesh;
}

/// The manual computation's body runs once per device on the device's
/// shards of the operands; the results are the devices' results put
/// together along the dimensions their out_shardings split, and taken from
/// the first device along the axes they do not split (where every device
/// holds the same value).
LogicalResult simulateManualComputation(Operation *op, ModuleOp module,
                                        const Grid &grid) {
  auto inShardings = op->getAttrOfType<StringAttr>("in_shardings");
  auto outShardings = op->getAttrOfType<StringAttr>("out_shardings");
  auto manualAxes = op->getAttrOfType<StringAttr>("manual_axes");
  if (!inShardings || !outShardings || !manualAxes ||
      op->getNumRegions() != 1 || !op->getRegion(0).hasOneBlock())
    return op->emitError("sdy.manual_computation needs in_shardings, "
                         "out_shardings, manual_axes and a body of one block");
  SmallVector<StringRef> ins = splitItems(inShardings.getValue());
  SmallVector<StringRef> outs = splitItems(outShardings.getValue());
  Block &body = op->getRegion(0).front();
  if (ins.size() != op->getNumOperands() ||
      outs.size() != op->getNumResults() ||
      body.getNumArguments() != op->getNumOperands())
    return op->emitError("sdy.manual_computation needs a sharding and a body "
                         "argument per operand and a sharding per result");
  if (ins.empty() && outs.empty())
    return op->emitError("sdy.manual_computation without operands or results "
                         "names no mesh");
  FailureOr<Mesh> mesh =
      readMesh(op, module, ins.empty() ? outs.front() : ins.front());
  if (failed(mesh))
    return failure();
  SmallVector<std::string> manual = quotedNames(manualAxes.getValue());
  for (const auto &[axis, size] : mesh->axes)
    if (size > 1 && !llvm::is_contained(manual, axis))
      return op->emitError()
             << "sdy.manual_computation leaves mesh axis \"" << axis
             << "\" to the partitioner; simulated processes need every axis "
                "manual";
  if (mesh->devices() != grid.size())
    return op->emitError() << "sdy.manual_computation's mesh has "
                           << mesh->devices() << " devices, the program "
                           << grid.size() << " processes";

  OpBuilder b(op);
  Location loc = op->getLoc();
  SmallVector<IRMapping> mappings(grid.size());
  for (auto [index, operand, argument] :
       llvm::enumerate(op->getOperands(), body.getArguments())) {
    FailureOr<DimAxes> dims = readSharding(op, ins[index], *mesh);
    if (failed(dims))
      return failure();
    auto argumentType = cast<RankedTensorType>(argument.getType());
    if (static_cast<int64_t>(dims->size()) != argumentType.getRank())
      return op->emitError() << "sdy.manual_computation's sharding "
                             << ins[index] << " does not have a dimension "
                             << "per dimension of operand " << index;
    for (int64_t device = 0; device < grid.size(); ++device) {
      Value shard = operand;
      for (auto [dim, axes] : llvm::enumerate(*dims)) {
        auto [part, count] = shardOf(*mesh, axes, device);
        int64_t size = argumentType.getDimSize(dim);
        if (count == 1)
          continue;
        if (size * count !=
            cast<RankedTensorType>(operand.getType()).getDimSize(dim))
          return op->emitError()
                 << "sdy.manual_computation's body sees dimension " << dim
                 << " of operand " << index << " as " << size
                 << ", not the operand's split into " << count;
        shard = sliceAlong(b, loc, shard, dim, part, size);
      }
      mappings[device].map(argument, shard);
    }
  }
  if (failed(copyInStep(body, b, grid, mappings)))
    return failure();

  Operation *terminator = &body.back();
  for (auto [index, result, local] :
       llvm::enumerate(op->getResults(), terminator->getOperands())) {
    FailureOr<DimAxes> dims = readSharding(op, outs[index], *mesh);
    if (failed(dims))
      return failure();
    // The devices at 0 along the axes the result is not split over, by
    // their shard of each dimension.
    std::map<SmallVector<int64_t>, int64_t> deviceAt;
    for (int64_t device = 0; device < grid.size(); ++device) {
      bool first = llvm::all_of(mesh->axes, [&](const auto &axis) {
        return llvm::any_of(*dims,
                            [&](ArrayRef<std::string> axes) {
                              return llvm::is_contained(axes, axis.first);
                            }) ||
               mesh->coordinate(device, axis.first) == 0;
      });
      if (first)
        deviceAt[llvm::map_to_vector(*dims, [&](ArrayRef<std::string> axes) {
          return shardOf(*mesh, axes, device).first;
        })] = device;
    }
    auto resultType = cast<RankedTensorType>(result.getType());
    if (static_cast<int64_t>(dims->size()) != resultType.getRank())
      return op->emitError() << "sdy.manual_computation's sharding "
                             << outs[index] << " does not have a dimension "
                             << "per dimension of result " << index;
    std::function<Value(size_t, SmallVector<int64_t> &)> assemble =
        [&](size_t dim, SmallVector<int64_t> &at) -> Value {
      if (dim == dims->size())
        return mappings[deviceAt[at]].lookupOrDefault(local);
      int64_t count = shardOf(*mesh, (*dims)[dim], 0).second;
      SmallVector<Value> parts;
      for (int64_t part = 0; part < count; ++part) {
        at[dim] = part;
        parts.push_back(assemble(dim + 1, at));
      }
      at[dim] = 0;
      if (count == 1)
        return parts.front();
      auto partType = cast<RankedTensorType>(parts.front().getType());
      SmallVector<int64_t> shape(partType.getShape());
      shape[dim] *= count;
      return stablehlo::ConcatenateOp::create(b, loc, partType.clone(shape),
                                              parts, dim);
    };
    SmallVector<int64_t> at(dims->size(), 0);
    Value whole = assemble(0, at);
    if (whole.getType() != resultType)
      return op->emitError()
             << "sdy.manual_computation's result " << index << " of type "
             << resultType << " is not its devices' " << whole.getType()
             << " put together by its out_sharding";
    result.replaceAllUsesWith(whole);
  }
  op->erase();
  return success();
}

/// Whether the module is one program over all devices that a partitioner
/// would split (Shardy's sdy.mesh, GSPMD's mhlo.sharding), rather than the
/// program of each process. GSPMD's manual regions, whose bodies see
/// shards, are an error: unlike Shardy's, they do not say how to split.
FailureOr<bool> isGlobalProgram(ModuleOp module) {
  bool global = false;
  WalkResult walk = module.walk([&](Operation *op) -> WalkResult {
    StringRef name = op->getName().getStringRef();
    global |= name == "sdy.mesh" || isManualComputation(op);
    if (auto call = dyn_cast<stablehlo::CustomCallOp>(op)) {
      StringRef target = call.getCallTargetName();
      if (target == "SPMDFullToShardShape" ||
          target == "SPMDShardToFullShape") {
        op->emitError() << "stablehlo.custom_call @" << target
                        << ": GSPMD's manual sharding cannot be simulated; "
                           "JAX exports it as Shardy's "
                           "sdy.manual_computation, which can";
        return WalkResult::interrupt();
      }
      global |= target == "Sharding";
    }
    if (auto function = dyn_cast<func::FuncOp>(op)) {
      auto hasSharding = [](ArrayAttr attrs) {
        return attrs && llvm::any_of(attrs, [](Attribute dict) {
                 return cast<DictionaryAttr>(dict).contains("mhlo.sharding");
               });
      };
      global |= hasSharding(function.getAllArgAttrs()) ||
                hasSharding(function.getAllResultAttrs());
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return global;
}

/// The module now describes one process, the whole grid on one device.
void setOneProcess(ModuleOp module) {
  for (StringRef name : {"mhlo.num_replicas", "mhlo.num_partitions"})
    if (auto count = module->getAttrOfType<IntegerAttr>(name))
      module->setAttr(name, IntegerAttr::get(count.getType(), 1));
}

struct SimulateProcessesPass
    : public disc::impl::SimulateProcessesPassBase<SimulateProcessesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Grid grid = readGrid(module);
    if (grid.replicas < 1 || grid.partitions < 1 ||
        grid.size() > kMaxProcesses) {
      module.emitError() << "mhlo.num_replicas = " << grid.replicas
                         << " and mhlo.num_partitions = " << grid.partitions
                         << ": simulated processes need at least 1 of each "
                            "and at most "
                         << kMaxProcesses << " in all";
      return signalPassFailure();
    }
    FailureOr<SmallVector<Operation *>> programEntries =
        simulateAllProcessPrograms(module, grid);
    if (failed(programEntries))
      return signalPassFailure();
    if (grid.size() == 1)
      return;
    // A sharded program is one global program whose manual computations
    // run per device; any other runs its entries per process.
    FailureOr<bool> global = isGlobalProgram(module);
    if (failed(global))
      return signalPassFailure();
    SmallVector<Operation *> manualComputations;
    module.walk([&](Operation *op) {
      if (isManualComputation(op))
        manualComputations.push_back(op);
    });
    if (failed(checkSimulatable(module, *global)))
      return signalPassFailure();
    for (Operation *op : manualComputations) {
      for (Operation *parent = op->getParentOp(); parent;
           parent = parent->getParentOp())
        if (isManualComputation(parent)) {
          op->emitError("sdy.manual_computation inside another cannot be "
                        "simulated");
          return signalPassFailure();
        }
    }
    for (Operation *op : manualComputations)
      if (failed(simulateManualComputation(op, module, grid)))
        return signalPassFailure();
    if (!*global) {
      for (auto function :
           llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
        if (isSimulatedEntry(function) &&
            !llvm::is_contained(*programEntries, function) &&
            failed(simulateEntry(function, grid)))
          return signalPassFailure();
    }
    // The meshes' devices are now the one device.
    module.walk([](Operation *op) {
      if (op->getName().getStringRef() == "sdy.mesh")
        op->erase();
    });
    setOneProcess(module);
  }
};

} // namespace
