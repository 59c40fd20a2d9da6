//===- TransferScheduler.cpp - Processes that send and receive -----------===//
//
// Processes that each run a function of their own (disc.process_programs)
// run until their next send or recv, and a send meets the recv on its
// channel.
//
//===----------------------------------------------------------------------===//

#include "SimulateProcesses.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::disc::processes {

namespace {

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

} // namespace

/// Builds the public function `name` that runs `functions[p]` on process p:
/// it takes every process's inputs and returns every process's results,
/// process 0's first, but for tokens, which order one process's effects:
/// each process starts from a token of its own and its returned tokens go.
static LogicalResult
simulateProcessPrograms(ModuleOp module, StringAttr name,
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

} // namespace mlir::disc::processes
