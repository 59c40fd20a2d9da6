//===- CollectiveSimulator.cpp - Collectives between copies --------------===//
//
// What a collective computes when every process is a copy of the body on
// one device: the process groups its attributes name, and the stablehlo
// ops over the copies' operands that give each process its results.
//
//===----------------------------------------------------------------------===//

#include "SimulateProcesses.h"

namespace mlir::disc::processes {

bool isCollective(Operation *op) {
  return isa<stablehlo::AllReduceOp, stablehlo::AllGatherOp,
             stablehlo::AllToAllOp, stablehlo::ReduceScatterOp,
             stablehlo::CollectiveReduceOp, stablehlo::CollectiveBroadcastOp,
             stablehlo::CollectivePermuteOp>(op);
}

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

bool isTransfer(Operation *op) {
  return isa<stablehlo::SendOp, stablehlo::RecvOp>(op);
}

int64_t channelOf(Operation *op) {
  if (auto send = dyn_cast<stablehlo::SendOp>(op))
    return send.getChannelHandle().getHandle();
  return cast<stablehlo::RecvOp>(op).getChannelHandle().getHandle();
}

static bool hasChannel(Operation *op) {
  auto channel =
      op->getAttrOfType<stablehlo::ChannelHandleAttr>("channel_handle");
  return channel && channel.getHandle() > 0;
}

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
static FailureOr<ProcessGroups> readIdRows(Operation *op, StringRef attrName,
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

static Value zerosOf(OpBuilder &b, Location loc, Type type) {
  return stablehlo::ConstantOp::create(b, loc,
                                       cast<ElementsAttr>(b.getZeroAttr(type)));
}

/// `value` with the element type of `type` (a reduction body may take a
/// wider type than the operands, as the spec allows).
static Value convertTo(OpBuilder &b, Location loc, Value value, Type type) {
  auto valueType = cast<RankedTensorType>(value.getType());
  Type element = cast<ShapedType>(type).getElementType();
  if (valueType.getElementType() == element)
    return value;
  return stablehlo::ConvertOp::create(b, loc, valueType.clone(element), value);
}

/// The reduction body, a binary computation on scalars, applied element by
/// element to two processes' values of each operand: a stablehlo.map each.
static SmallVector<Value> combine(OpBuilder &b, Location loc, Region &body,
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
static SmallVector<Value> reduceGroup(OpBuilder &b, Location loc, Region &body,
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

namespace {

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

} // namespace

FailureOr<PerProcess> simulateCollective(OpBuilder &b, const Grid &grid,
                                         Operation *op,
                                         const PerProcess &operands) {
  return CollectiveSimulator(b, grid).simulate(op, operands);
}

} // namespace mlir::disc::processes
