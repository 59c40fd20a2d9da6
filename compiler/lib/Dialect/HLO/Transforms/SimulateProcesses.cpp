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

#include "SimulateProcesses.h"

#include "disc/Dialect/HLO/Transforms/Passes.h"
#include "disc/Dialect/RAL/EntrySignature.h"

namespace mlir::disc {
#define GEN_PASS_DEF_SIMULATEPROCESSESPASS
#include "disc/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace mlir::disc

using namespace mlir;
using namespace mlir::disc::processes;

namespace {

/// More copies of the body than this make a program no one would wait to
/// compile; the spec's grids for tests are a handful of processes.
constexpr int64_t kMaxProcesses = 1024;

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
