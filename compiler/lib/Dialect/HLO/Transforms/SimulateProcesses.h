//===- SimulateProcesses.h - Simulated processes, shared --------*- C++ -*-===//
//
// What the files of disc-simulate-processes share: the grid of processes,
// the values of each process, and the entry points of each part (the
// collectives, the copier that runs the processes in step, the send/recv
// scheduler and the manual computations). Private to the folder.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_LIB_DIALECT_HLO_TRANSFORMS_SIMULATEPROCESSES_H
#define DISC_LIB_DIALECT_HLO_TRANSFORMS_SIMULATEPROCESSES_H

#include "disc/Dialect/HLO/StablehloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::disc::processes {

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

/// The module attribute that gives each process a function of its own:
/// entry name -> one function per process, process 0's first.
constexpr StringLiteral kProcessProgramsAttrName = "disc.process_programs";

//===----------------------------------------------------------------------===//
// CollectiveSimulator.cpp
//===----------------------------------------------------------------------===//

/// The ops whose results depend on other processes' operands, which the
/// copies of a body meet at.
bool isCollective(Operation *op);

/// A while, if or case whose regions hold a collective runs as one op for
/// all processes, its regions copied in step, since the collectives inside
/// meet only if every process runs them as often as the others.
bool isLockstepControlFlow(Operation *op);

/// Whether a collective is nested in the regions of `op`.
bool holdsCollective(Operation *op);

/// send and recv, which meet another process on a channel.
bool isTransfer(Operation *op);

/// The channel a send or recv names.
int64_t channelOf(Operation *op);

/// The spec's choice of strategy for the op, from its channel_id and
/// use_global_device_ids.
FailureOr<GroupMode> getGroupMode(Operation *op);

/// The process groups of the spec: each row of ids, as replicas or
/// partitions or flattened process ids, becomes groups of process ids
/// (replica * partitions + partition), in the spec's order.
FailureOr<ProcessGroups> getProcessGroups(Operation *op, GroupMode mode,
                                          const Grid &grid);

/// Part `part` of `value` cut along `dim` into parts of `size`.
Value sliceAlong(OpBuilder &b, Location loc, Value value, int64_t dim,
                 int64_t part, int64_t size);

/// Each process's results of the collective `op`, given each process's
/// operands: the stablehlo ops over the copies' operands that the spec
/// defines, built at `b`.
FailureOr<PerProcess> simulateCollective(OpBuilder &b, const Grid &grid,
                                         Operation *op,
                                         const PerProcess &operands);

//===----------------------------------------------------------------------===//
// StepCopier.cpp
//===----------------------------------------------------------------------===//

/// replica_id and partition_id, constants in each process's copy.
bool isProcessId(Operation *op);

/// What replica_id or partition_id `op` returns on `process`.
Value buildProcessId(OpBuilder &b, Operation *op, const Grid &grid,
                     int64_t process);

/// The replica_id and partition_id ops that a copy nests in its regions.
void setNestedProcessIds(Operation *copy, const Grid &grid, int64_t process);

/// Copies the ops of `body` but its terminator once per process at `b`, in
/// step (see StepCopier::copyBlock).
LogicalResult copyInStep(Block &body, OpBuilder &b, const Grid &grid,
                         MutableArrayRef<IRMapping> mappings);

/// The attributes of value `i` of `all` (a function's argument or result
/// attributes), with the process whose value it is.
DictionaryAttr withProcess(ArrayAttr all, unsigned i, int64_t process,
                           const Grid &grid, MLIRContext *context);

/// Makes the public `function` take and return every process's values,
/// process 0's first, its body copied once per process in step.
LogicalResult simulateEntry(func::FuncOp function, const Grid &grid);

//===----------------------------------------------------------------------===//
// TransferScheduler.cpp
//===----------------------------------------------------------------------===//

/// The entries disc.process_programs asks for, each built from the
/// functions it names, which then go; returns the entries.
FailureOr<SmallVector<Operation *>>
simulateAllProcessPrograms(ModuleOp module, const Grid &grid);

//===----------------------------------------------------------------------===//
// ManualComputations.cpp
//===----------------------------------------------------------------------===//

/// An sdy.manual_computation, known by name as the op is unregistered.
bool isManualComputation(Operation *op);

/// The manual computation's body runs once per device on the device's
/// shards of the operands; the results are the devices' results put
/// together along the dimensions their out_shardings split, and taken from
/// the first device along the axes they do not split (where every device
/// holds the same value).
LogicalResult simulateManualComputation(Operation *op, ModuleOp module,
                                        const Grid &grid);

/// Whether the module is one program over all devices that a partitioner
/// would split (Shardy's sdy.mesh, GSPMD's mhlo.sharding), rather than the
/// program of each process. GSPMD's manual regions, whose bodies see
/// shards, are an error: unlike Shardy's, they do not say how to split.
FailureOr<bool> isGlobalProgram(ModuleOp module);

} // namespace mlir::disc::processes

#endif // DISC_LIB_DIALECT_HLO_TRANSFORMS_SIMULATEPROCESSES_H
