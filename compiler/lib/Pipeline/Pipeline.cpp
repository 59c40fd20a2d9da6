//===- Pipeline.cpp - The named phases of disc-compile --------------------===//

#include "disc/Pipeline/Pipeline.h"

#include "disc/Dialect/TFRT/TFRTOps.h"
#include "disc/Pipeline/Passes.h"
#include "disc/Transforms/EntrySignature.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::disc;

namespace {
struct PhaseName {
  Phase phase;
  const char *name;
};
} // namespace

static constexpr PhaseName kPhaseNames[] = {
    {Phase::Input, "input"},     {Phase::Hlo, "hlo"}, {Phase::Linalg, "linalg"},
    {Phase::Buffers, "buffers"}, {Phase::Ral, "ral"}, {Phase::Device, "device"},
    {Phase::Llvm, "llvm"},
};

static constexpr Phase kAllPhases[] = {
    Phase::Input, Phase::Hlo,    Phase::Linalg, Phase::Buffers,
    Phase::Ral,   Phase::Device, Phase::Llvm,
};

ArrayRef<Phase> mlir::disc::getAllPhases() { return kAllPhases; }

StringRef mlir::disc::getPhaseName(Phase phase) {
  for (const PhaseName &entry : kPhaseNames)
    if (entry.phase == phase)
      return entry.name;
  llvm_unreachable("every phase has a name");
}

std::optional<Phase> mlir::disc::parsePhase(StringRef name) {
  for (const PhaseName &entry : kPhaseNames)
    if (name == entry.name)
      return entry.phase;
  return std::nullopt;
}

std::string mlir::disc::getPhaseNameList() {
  std::string list;
  llvm::raw_string_ostream os(list);
  llvm::interleaveComma(kAllPhases, os,
                        [&](Phase phase) { os << getPhaseName(phase); });
  return list;
}

bool mlir::disc::isPhaseOf(ProgramKind kind, Phase phase) {
  return kind == ProgramKind::Tensor || phase == Phase::Input ||
         phase == Phase::Llvm;
}

std::string mlir::disc::getPhaseNameList(ProgramKind kind) {
  std::string list;
  llvm::raw_string_ostream os(list);
  llvm::interleaveComma(
      llvm::make_filter_range(
          kAllPhases, [&](Phase phase) { return isPhaseOf(kind, phase); }),
      os, [&](Phase phase) { os << getPhaseName(phase); });
  return list;
}

static bool isKernelGraphDialect(Dialect *dialect) {
  return isa_and_nonnull<tfrt::TFRTDialect, tfrt_test::TFRTTestDialect,
                         dht::DHTDialect, tfrt_tensor::TFRTTensorDialect>(
      dialect);
}

static bool usesKernelGraph(func::FuncOp func) {
  if (llvm::any_of(
          func.getFunctionType().getInputs(),
          [](Type type) { return isKernelGraphDialect(&type.getDialect()); }) ||
      llvm::any_of(func.getFunctionType().getResults(), [](Type type) {
        return isKernelGraphDialect(&type.getDialect());
      }))
    return true;
  return func
      .walk([](Operation *op) {
        return isKernelGraphDialect(op->getDialect()) ? WalkResult::interrupt()
                                                      : WalkResult::advance();
      })
      .wasInterrupted();
}

FailureOr<ProgramKind> mlir::disc::classifyProgram(ModuleOp module) {
  if (module->hasAttr(kKernelGraphSignaturesAttrName))
    return ProgramKind::KernelGraph;
  func::FuncOp kernelGraph, tensor;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration())
      continue;
    func::FuncOp &first = usesKernelGraph(func) ? kernelGraph : tensor;
    if (!first)
      first = func;
  }
  if (kernelGraph && tensor)
    return tensor.emitError()
           << "@" << tensor.getSymName() << " is a tensor function but @"
           << kernelGraph.getSymName()
           << " is a kernel graph; a program is one or the other (compile "
              "them separately)";
  if (kernelGraph)
    return ProgramKind::KernelGraph;
  WalkResult unregistered = module.walk([](Operation *op) {
    if (op->isRegistered())
      return WalkResult::advance();
    op->emitError() << "'" << op->getName()
                    << "' is an op of an unregistered dialect; a tensor "
                       "program may use only the dialects disc knows";
    return WalkResult::interrupt();
  });
  if (unregistered.wasInterrupted())
    return failure();
  return ProgramKind::Tensor;
}

StringRef mlir::disc::getTargetName(Target target) {
  switch (target) {
  case Target::Cpu:
    return "cpu";
  case Target::Cuda:
    return "cuda";
  }
  llvm_unreachable("every target has a name");
}

std::optional<Target> mlir::disc::parseTarget(StringRef name) {
  if (name == "cpu")
    return Target::Cpu;
  if (name == "cuda")
    return Target::Cuda;
  return std::nullopt;
}

// The inputs are never written (disc-mark-entry-args-read-only), function
// signatures keep identity layouts so disc-ral-bind-io sees plain buffers.
// drop-equivalent-buffer-results is left out: after inlining only the entry
// functions return buffers, and an entry that returns its input unchanged
// must keep that output.
// On the CPU, a row's scratch buffers in a loop by rows are taken from the
// stack of the thread that runs the row; CSE merges the views that a loop by
// rows writes its result through, so that canonicalize drops the copy of the
// result onto itself.
static std::string getBufferizePipeline(const CompileOptions &options) {
  return std::string("func.func(disc-mark-entry-args-read-only),"
                     "one-shot-bufferize{bufferize-function-boundaries "
                     "function-boundary-type-conversion=identity-layout-map "
                     "allow-return-allocs-from-loops},"
                     "func.func(buffer-hoisting,buffer-loop-hoisting") +
         (options.target == Target::Cpu ? ",disc-parallel-loop-buffers-to-stack"
                                        : "") +
         "),cse,canonicalize";
}

// Matrix products and convolutions become calls of the runtime's libraries
// unless the model must need no library; the loops by rows become scf.parallel
// like every other parallel loop; strided copies must become loops before the
// linalg lowering, and loops are ordered for unit-stride inner loops before
// they are emitted; the outer parallel loops run on every core; math ops are
// approximated after f16/bf16 math is widened to f32; expanding strided
// metadata produces affine.apply, so lower-affine comes after it.
static std::string getCpuDevicePipeline(const CompileOptions &options) {
  return std::string("func.func(") +
         (options.cpuLibraryCalls ? "disc-linalg-matmul-to-ral{device=cpu},"
                                    "disc-linalg-conv-to-ral,"
                                  : "") +
         "scf-forall-to-parallel,"
         "disc-memref-copy-to-linalg,disc-linalg-contiguous-inner-loop,"
         "convert-linalg-to-parallel-loops),"
         "disc-cpu-parallel-for,"
         "math-extend-to-supported-types,"
         "disc-math-polynomial-approximation,"
         "expand-strided-metadata,"
         "lower-affine,"
         "convert-scf-to-cf,"
         "canonicalize";
}

// Buffers the host reads element by element (shape and control values) move
// to host memory with the small computations that produce them. A matrix
// product that overwrites its output becomes a cuBLAS call; each
// fused group, and each copy of a buffer, becomes a kernel; the
// kernels are compiled for every architecture while the host code around
// them still has its memrefs, then each launch becomes a runtime call and the
// host code is lowered like the CPU's. A row reduction becomes a kernel with
// a block per row, whose gpu.all_reduce convert-gpu-to-nvvm lowers to warp
// shuffles and shared memory; any other reduction a kernel with a thread per
// output element. Constants (static sizes) move into the kernels before
// outlining, so that kernels divide by constants rather than by arguments,
// and so do reads of constant globals, which outlining then copies into the
// kernel's module: the kernel reads device memory, not the host's copy;
// the grid size of a dynamic shape is an arith.ceildivui that arith-expand
// lowers on the host. Math is approximated in the kernels as on the CPU, so
// that both targets compute the same functions and PTX needs no libdevice for
// them; the integer math the NVVM conversion leaves (popcount, leading
// zeros, abs) becomes LLVM intrinsics, which NVPTX has instructions for.
static std::string getCudaDevicePipeline(const CompileOptions &options) {
  std::string pipeline = "func.func(disc-gpu-place-host-buffers,"
                         "disc-memref-copy-to-linalg{"
                         "include-contiguous},"
                         "disc-linalg-matmul-to-ral{device=gpu},"
                         "disc-linalg-reduction-to-gpu-launch,"
                         "disc-linalg-to-gpu-launch,"
                         "gpu-launch-sink-index-computations,"
                         "disc-gpu-sink-constant-globals),"
                         "gpu-kernel-outlining,";
  for (const std::string &arch : options.cudaArchs)
    pipeline += "nvvm-attach-target{chip=" + arch +
                " O=" + std::to_string(options.optLevel) + "},";
  pipeline += "gpu.module(math-extend-to-supported-types,"
              "disc-math-polynomial-approximation,expand-strided-metadata,"
              "lower-affine,convert-scf-to-cf,convert-gpu-to-nvvm,"
              "convert-math-to-llvm,"
              "reconcile-unrealized-casts),"
              "disc-gpu-module-to-binary{toolkit=" +
              options.cudaToolkit +
              "},"
              "disc-gpu-launch-to-ral,"
              "arith-expand,"
              "expand-strided-metadata,"
              "lower-affine,"
              "convert-scf-to-cf,"
              "canonicalize";
  return pipeline;
}

static StringRef getRuntimeDevice(Target target) {
  return target == Target::Cuda ? "gpu" : "cpu";
}

std::string mlir::disc::getPhasePipeline(Phase phase,
                                         const CompileOptions &options) {
  assert(isPhaseOf(options.program, phase) &&
         "the program kind has no such phase");
  // A kernel graph is taken as written: every kernel runs, used or not, so
  // nothing may fold or erase one.
  if (options.program == ProgramKind::KernelGraph)
    return std::string(
        phase == Phase::Input ? "" : "disc-kernel-graph-to-llvm,canonicalize");
  switch (phase) {
  case Phase::Input:
    return std::string("disc-mhlo-to-stablehlo,inline,symbol-dce,canonicalize,"
                       "disc-record-entry-signature");
  case Phase::Hlo:
    return std::string("canonicalize,cse");
  case Phase::Linalg:
    // A convolution becomes im2col and a matrix product, which the device
    // phase hands to cuBLAS or to the CPU's BLAS; on the CPU, a 2-D f32 one
    // becomes a named convolution first, which the device phase hands to
    // oneDNN. On the CPU, ops that read a row reduction are then computed a
    // row at a time with it (the GPU has its own row kernels).
    return (Twine(options.target == Target::Cuda
                      ? "func.func(disc-convolution-to-gemm),"
                  : options.cpuLibraryCalls
                      ? "func.func(disc-convolution-to-linalg-conv,"
                        "disc-convolution-to-gemm),"
                      : "") +
            "disc-stablehlo-to-linalg,disc-linalg-fuse-elementwise,"
            "canonicalize,cse," +
            (options.target == Target::Cpu
                 ? "func.func(disc-linalg-fuse-rows),canonicalize,cse,"
                 : "") +
            "disc-linalg-update-loop-state-in-place")
        .str();
  case Phase::Buffers:
    return getBufferizePipeline(options);
  case Phase::Ral:
    // Once outputs are handed to the runtime (which copies them), every
    // temporary can be freed after its last use: a loop's buffers each
    // iteration rather than when the run ends.
    return ("disc-ral-inject-context,disc-ral-bind-io,"
            "func.func(ownership-based-buffer-deallocation),canonicalize,"
            "func.func(buffer-deallocation-simplification),"
            "bufferization-lower-deallocations,canonicalize,"
            "disc-ral-legalize-to-dispatch{device=" +
            getRuntimeDevice(options.target) + "}")
        .str();
  case Phase::Device:
    if (options.target == Target::Cuda)
      return getCudaDevicePipeline(options);
    return getCpuDevicePipeline(options);
  case Phase::Llvm:
    return std::string("disc-ral-to-llvm,reconcile-unrealized-casts,"
                       "canonicalize");
  }
  llvm_unreachable("every phase has a pipeline");
}

LogicalResult mlir::disc::addPhasePasses(OpPassManager &pm, Phase phase,
                                         const CompileOptions &options,
                                         raw_ostream &errorStream) {
  if (!isPhaseOf(options.program, phase)) {
    errorStream << "kernel-graph programs have no " << getPhaseName(phase)
                << " phase (their phases: " << getPhaseNameList(options.program)
                << ")";
    return failure();
  }
  std::string pipeline = getPhasePipeline(phase, options);
  // Passes may anchor on func.func or on the module; implicit nesting places
  // each where it runs.
  OpPassManager::Nesting previous = pm.getNesting();
  pm.setNesting(OpPassManager::Nesting::Implicit);
  std::string parseError;
  llvm::raw_string_ostream parseErrorStream(parseError);
  LogicalResult parsed = parsePassPipeline(pipeline, pm, parseErrorStream);
  pm.setNesting(previous);
  if (succeeded(parsed))
    return success();
  // The parser's report spans several lines and quotes the pipeline; its
  // message alone names the pass at fault.
  StringRef message = StringRef(parseError).split('\n').first;
  size_t errorTag = message.find("error: ");
  if (errorTag != StringRef::npos)
    message = message.drop_front(errorTag + strlen("error: "));
  errorStream << "cannot build the " << getPhaseName(phase)
              << " phase: " << message;
  return failure();
}

LogicalResult mlir::disc::addPhasePassesInRange(OpPassManager &pm, Phase first,
                                                Phase last,
                                                const CompileOptions &options,
                                                raw_ostream &errorStream) {
  for (Phase phase : kAllPhases) {
    if (phase < first || phase > last || !isPhaseOf(options.program, phase))
      continue;
    if (failed(addPhasePasses(pm, phase, options, errorStream)))
      return failure();
  }
  return success();
}

void mlir::disc::registerDiscPipelines() {
  registerDiscPipelinePasses();
  registerPassPipeline(
      "disc-cpu-pipeline",
      "Every disc phase for the CPU target, from the input program to the LLVM "
      "dialect",
      [](OpPassManager &pm, StringRef options,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        if (!options.empty())
          return errorHandler("disc-cpu-pipeline takes no options");
        std::string error;
        llvm::raw_string_ostream errorStream(error);
        if (failed(addPhasePassesInRange(pm, Phase::Input, Phase::Llvm,
                                         CompileOptions(), errorStream)))
          return errorHandler(error);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)>) {});
}
