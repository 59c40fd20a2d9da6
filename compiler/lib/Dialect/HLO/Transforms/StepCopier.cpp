//===- StepCopier.cpp - Copying a body once per process ------------------===//
//
// Copies a body once per process, op by op in step, so that the k-th
// collective of every process is one op of the body; while, if and case ops
// that hold a collective stay one op for all processes.
//
//===----------------------------------------------------------------------===//

#include "SimulateProcesses.h"

#include "disc/Dialect/RAL/EntrySignature.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::disc::processes {

bool isProcessId(Operation *op) {
  return isa<stablehlo::ReplicaIdOp, stablehlo::PartitionIdOp>(op);
}

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
static SmallVector<Value> flatten(const PerProcess &values) {
  SmallVector<Value> flat;
  for (ArrayRef<Value> processValues : values)
    llvm::append_range(flat, processValues);
  return flat;
}

static Value scalarConstant(OpBuilder &b, Location loc, Type element,
                            int64_t value) {
  auto type = RankedTensorType::get({}, element);
  return stablehlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getIntegerAttr(element, value)));
}

namespace {

/// Copies blocks once per process, op by op in step: each collective
/// becomes the exchange between the copies, and a while, if or case holding
/// one becomes one op whose regions are copied the same way.
class StepCopier {
public:
  StepCopier(OpBuilder &b, const Grid &grid) : b(b), grid(grid) {}

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
          simulateCollective(b, grid, &op, lookUp(op.getOperands(), mappings));
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
  DenseMap<Value, bool> shared;
};

} // namespace

LogicalResult copyInStep(Block &body, OpBuilder &b, const Grid &grid,
                         MutableArrayRef<IRMapping> mappings) {
  return StepCopier(b, grid).copyBlock(body, mappings);
}

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

} // namespace mlir::disc::processes
