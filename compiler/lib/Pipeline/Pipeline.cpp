//===- Pipeline.cpp - The named phases of disc-compile --------------------===//

#include "disc/Pipeline/Pipeline.h"

#include "TargetPhases.h"

#include "disc/Codegen/Common/Passes.h"
#include "disc/Conversion/ChloToStablehlo/Passes.h"
#include "disc/Conversion/KernelGraphToLLVM/Passes.h"
#include "disc/Conversion/MhloToStablehlo/Passes.h"
#include "disc/Conversion/RALToLLVM/Passes.h"
#include "disc/Dialect/HLO/ShardyDialect.h"
#include "disc/Dialect/HLO/Transforms/Passes.h"
#include "disc/Dialect/RAL/EntrySignature.h"
#include "disc/Dialect/RAL/Transforms/Passes.h"
#include "disc/Dialect/TFRT/TFRTOps.h"
#include "disc/Input/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Shape/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
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
  // Shardy's ops are parsed but not registered; the hlo phase drops them.
  WalkResult unregistered = module.walk([](Operation *op) {
    if (op->isRegistered() ||
        isa_and_nonnull<sdy::ShardyDialect>(op->getDialect()))
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

static const TargetPhases &getTargetPhases(Target target) {
  switch (target) {
  case Target::Cpu:
    return getCpuPhases();
  case Target::Cuda:
    return getCudaPhases();
  }
  llvm_unreachable("every target has its phases");
}

// Each phase is built here pass by pass, with typed options, in IREE's
// style; `pm` nests implicitly, so a pass anchored on functions is scheduled
// on every function of the module (as `func.func(...)` would be). Where the
// targets differ, the phase asks the target's TargetPhases.

// Input: MHLO becomes StableHLO, calls are inlined, and the entry's
// signature is recorded before anything can change it. The shape dialect
// that torch-mlir computes dynamic shapes with becomes tensor and arith ops:
// a broadcastability constraint becomes a cf.assert (a run's error when the
// shapes disagree), which makes its witness constant, so that canonicalize
// inlines the shape.assuming regions it guards before the rest is lowered;
// shape.num_elements (a dynamic reshape's count of elements) becomes a loop
// multiplying the sizes. Scalars an entry takes or returns (torch-mlir's
// Python numbers) become rank-0 tensors. Simulated processes multiply the
// entries' inputs and outputs, so they come before the signature is
// recorded, and after inlining, which brings the callees' collectives into
// the entries where they can be paired.
static void buildInputPhase(OpPassManager &pm, const CompileOptions &options) {
  pm.addPass(createMhloToStablehloPass());
  pm.addPass(createInlinerPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createConvertShapeConstraintsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(createShapeToShapeLoweringPass());
  pm.addPass(createConvertShapeToStandardPass());
  pm.addPass(createCanonicalizerPass());
  if (options.simulateProcesses)
    pm.addPass(createSimulateProcessesPass());
  pm.addPass(createEntryScalarsAsTensorsPass());
  pm.addPass(createRecordEntrySignaturePass());
}

// Hlo: Shardy's sharding annotations go; the ops of several devices, tokens,
// tuples, composites and dynamic forms become one-device static stablehlo;
// JAX's LAPACK custom calls become the stablehlo ops they compute; quantized
// tensors become their storage integers, computed on in the expressed floats;
// then chlo ops become stablehlo.
// Neither need come earlier: the input phase's mhlo rewrite leaves them
// alone, and they inline like HLO ops.
// The batch_norm ops become the reductions and elementwise ops the linalg
// phase fuses into rows; rng_bit_generator becomes elementwise hashing of
// counters, which the linalg phase fuses like any elementwise chain. An
// inference batch norm on a convolution with a constant filter (PyTorch's)
// goes into the filter and a bias. Sums of bf16 and f16, and on targets that
// ask for it their products, accumulate in f32.
static void buildHloPhase(OpPassManager &pm, const CompileOptions &options,
                          const TargetPhases &target) {
  pm.addPass(createShardyOneDevicePass());
  pm.addPass(createStablehloOneDevicePass());
  pm.addPass(createLapackCustomCallsPass());
  pm.addPass(createExpandQuantizationPass());
  pm.addPass(createChloToStablehloPass());
  pm.addPass(createExpandBatchNormPass());
  pm.addPass(createExpandRngPass());
  pm.addPass(createFoldScalesIntoConvolutionsPass());
  WidenNarrowAccumulationsPassOptions widen;
  widen.products = target.widensNarrowProducts(options);
  pm.addPass(createWidenNarrowAccumulationsPass(widen));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

// Linalg: a convolution the target does not take as a named convolution
// becomes im2col and a matrix product, which the device phase hands to a
// library or tiles and vectorizes like every other product. A transpose of a
// constant (a PyTorch filter's OIHW to HWIO) is done at compile time.
static void buildLinalgPhase(OpPassManager &pm, const CompileOptions &options,
                             const TargetPhases &target) {
  pm.addPass(createFoldDotBroadcastsPass());
  target.addBeforeLinalgLowering(pm, options);
  pm.addNestedPass<func::FuncOp>(createConvolutionToGemmPass());
  pm.addPass(
      createStablehloToLinalgPass(target.getLinalgLoweringOptions(options)));
  pm.addPass(createLinalgFoldConstantPermutationsPass());
  // The lowering transposes a value for each convolution that reads it;
  // merged, a transpose is the one use of its producer, which fuses into it.
  pm.addPass(createCSEPass());
  pm.addPass(createLinalgFuseElementwisePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  target.addAfterElementwiseFusion(pm, options);
  pm.addPass(createLinalgUpdateLoopStateInPlacePass());
}

// The inputs are never written (disc-mark-entry-args-read-only), function
// signatures keep identity layouts so disc-ral-bind-io sees plain buffers.
// drop-equivalent-buffer-results is left out: after inlining only the entry
// functions return buffers, and an entry that returns its input unchanged
// must keep that output. CSE merges the views that a loop by rows writes its
// result through, so that canonicalize drops the copy of the result onto
// itself.
static void buildBuffersPhase(OpPassManager &pm, const CompileOptions &options,
                              const TargetPhases &target) {
  pm.addNestedPass<func::FuncOp>(createMarkEntryArgsReadOnlyPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  OpPassManager &functions = pm.nest<func::FuncOp>();
  functions.addPass(bufferization::createBufferHoistingPass());
  functions.addPass(bufferization::createBufferLoopHoistingPass());
  target.addBufferPasses(functions, options);
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

// Once outputs are handed to the runtime (which copies them), every
// temporary can be freed after its last use: a loop's buffers each
// iteration rather than when the run ends.
static void buildRalPhase(OpPassManager &pm, const TargetPhases &target) {
  pm.addPass(createRALInjectContextPass());
  pm.addPass(createRALBindIOPass());
  pm.addNestedPass<func::FuncOp>(
      bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(
      bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCanonicalizerPass());
  RALLegalizeToDispatchPassOptions dispatch;
  dispatch.device = target.getRuntimeDevice().str();
  pm.addPass(createRALLegalizeToDispatchPass(dispatch));
}

// Complex arithmetic becomes arith and math on the parts first (complex
// values themselves stay, as LLVM structs later), so that its math is
// approximated like the rest. Math ops are approximated after f16/bf16 and
// 8-bit float math is widened to f32, and then what remains of the 8-bit
// floats is arithmetic on their bits; expanding strided metadata produces
// affine.apply, so lower-affine comes after it.
void mlir::disc::addMathAndIndexLowering(OpPassManager &pm) {
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(math::createMathExtendToSupportedTypes());
  pm.addPass(createExpandNarrowFloatsPass());
  pm.addPass(createMathPolynomialApproximationPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
}

// Memory holds a byte per boolean, LLVM's vectors of booleans a bit per
// lane: once everything is LLVM, every vector access agrees with the bytes.
static void buildLlvmPhase(OpPassManager &pm) {
  pm.addPass(createRALToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createByteLanesInMemoryPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createConstantGlobalsAsBytesPass());
}

// A kernel graph is taken as written: every kernel runs, used or not, so
// nothing may fold or erase one.
static void buildKernelGraphPhase(OpPassManager &pm, Phase phase) {
  if (phase == Phase::Input)
    return;
  pm.addPass(createKernelGraphToLLVMPass());
  pm.addPass(createCanonicalizerPass());
}

static void buildTensorPhase(OpPassManager &pm, Phase phase,
                             const CompileOptions &options) {
  const TargetPhases &target = getTargetPhases(options.target);
  switch (phase) {
  case Phase::Input:
    return buildInputPhase(pm, options);
  case Phase::Hlo:
    return buildHloPhase(pm, options, target);
  case Phase::Linalg:
    return buildLinalgPhase(pm, options, target);
  case Phase::Buffers:
    return buildBuffersPhase(pm, options, target);
  case Phase::Ral:
    return buildRalPhase(pm, target);
  case Phase::Device:
    return target.buildDevicePhase(pm, options);
  case Phase::Llvm:
    return buildLlvmPhase(pm);
  }
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
  OpPassManager::Nesting previous = pm.getNesting();
  pm.setNesting(OpPassManager::Nesting::Implicit);
  if (options.program == ProgramKind::KernelGraph)
    buildKernelGraphPhase(pm, phase);
  else
    buildTensorPhase(pm, phase, options);
  pm.setNesting(previous);
  return success();
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

namespace {
/// The options of a phase pipeline in disc-opt: the CompileOptions a test
/// sets, with disc-compile's defaults.
struct PhasePipelineOptions : PassPipelineOptions<PhasePipelineOptions> {
  Option<std::string> target{*this, "target", llvm::cl::desc("cpu or cuda"),
                             llvm::cl::init("cpu")};
  Option<bool> kernelGraph{*this, "kernel-graph",
                           llvm::cl::desc("Build the phase of kernel graphs"),
                           llvm::cl::init(false)};
  Option<bool> cpuLibraryCalls{
      *this, "cpu-library",
      llvm::cl::desc("CPU products and convolutions call the runtime's "
                     "libraries"),
      llvm::cl::init(true)};
  Option<unsigned> cpuVectorBits{
      *this, "cpu-vector-bits",
      llvm::cl::desc("Width of the CPU's vector registers"),
      llvm::cl::init(512)};
  Option<bool> simulateProcesses{
      *this, "simulate-processes",
      llvm::cl::desc("Run every process of the program in each entry"),
      llvm::cl::init(false)};
};
} // namespace

static LogicalResult
buildPhasePipeline(OpPassManager &pm, Phase first, Phase last,
                   const PhasePipelineOptions &pipelineOptions,
                   function_ref<LogicalResult(const Twine &)> errorHandler) {
  CompileOptions options;
  std::optional<Target> target = parseTarget(pipelineOptions.target);
  if (!target)
    return errorHandler("unknown target '" + pipelineOptions.target +
                        "' (expected cpu or cuda)");
  options.target = *target;
  options.program = pipelineOptions.kernelGraph ? ProgramKind::KernelGraph
                                                : ProgramKind::Tensor;
  options.cpuLibraryCalls = pipelineOptions.cpuLibraryCalls;
  options.cpuVectorBits = pipelineOptions.cpuVectorBits;
  options.simulateProcesses = pipelineOptions.simulateProcesses;
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  // A phase alone must be one the program kind goes through; a range takes
  // the kind's phases in it.
  LogicalResult built =
      first == last
          ? addPhasePasses(pm, first, options, errorStream)
          : addPhasePassesInRange(pm, first, last, options, errorStream);
  if (failed(built))
    return errorHandler(error);
  return success();
}

static void registerPhasePipeline(const std::string &name,
                                  const std::string &description, Phase first,
                                  Phase last) {
  registerPassPipeline(
      name, description,
      [=](OpPassManager &pm, StringRef text,
          function_ref<LogicalResult(const Twine &)> errorHandler) {
        std::unique_ptr<PhasePipelineOptions> options =
            PhasePipelineOptions::createFromString(text);
        if (!options)
          return errorHandler("invalid options of " + name + ": '" + text +
                              "'");
        return buildPhasePipeline(pm, first, last, *options, errorHandler);
      },
      [](function_ref<void(const detail::PassOptions &)> printOptions) {
        printOptions(PhasePipelineOptions());
      });
}

void mlir::disc::registerDiscPipelines() {
  // One pipeline per phase, e.g. `disc-opt --disc-linalg-phase=target=cuda`,
  // runs a phase alone on the output of the phase before.
  for (Phase phase : kAllPhases)
    registerPhasePipeline(
        ("disc-" + getPhaseName(phase) + "-phase").str(),
        ("The " + getPhaseName(phase) + " phase of disc-compile").str(), phase,
        phase);
  registerPhasePipeline("disc-pipeline",
                        "Every disc phase, from the input program to the LLVM "
                        "dialect of a model",
                        Phase::Input, Phase::Llvm);
}
