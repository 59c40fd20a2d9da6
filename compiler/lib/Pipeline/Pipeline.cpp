//===- Pipeline.cpp - The named phases of disc-compile --------------------===//

#include "disc/Pipeline/Pipeline.h"

#include "disc/Conversion/ChloToStablehlo/Passes.h"
#include "disc/Conversion/KernelGraphToLLVM/Passes.h"
#include "disc/Conversion/LinalgToGPU/Passes.h"
#include "disc/Conversion/LinalgToRAL/Passes.h"
#include "disc/Conversion/MhloToStablehlo/Passes.h"
#include "disc/Conversion/RALToLLVM/Passes.h"
#include "disc/Conversion/StablehloOneDevice/Passes.h"
#include "disc/Conversion/StablehloToLinalg/Passes.h"
#include "disc/Dialect/HLO/ShardyDialect.h"
#include "disc/Dialect/HLO/Transforms/Passes.h"
#include "disc/Dialect/TFRT/TFRTOps.h"
#include "disc/Pipeline/Passes.h"
#include "disc/Transforms/EntrySignature.h"
#include "disc/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Shape/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
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

// Each phase is built here pass by pass, with typed options, in IREE's
// style; `pm` nests implicitly, so a pass anchored on functions is scheduled
// on every function of the module (as `func.func(...)` would be).

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
  pm.addPass(createDiscEntryScalarsAsTensors());
  pm.addPass(createDiscRecordEntrySignature());
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
// goes into the filter and a bias. Sums of bf16 and f16, and on the CPU their
// products, accumulate in f32.
static void buildHloPhase(OpPassManager &pm, const CompileOptions &options) {
  pm.addPass(createShardyOneDevicePass());
  pm.addPass(createStablehloOneDevicePass());
  pm.addPass(createLapackCustomCallsPass());
  pm.addPass(createExpandQuantizationPass());
  pm.addPass(createChloToStablehloPass());
  pm.addPass(createExpandBatchNormPass());
  pm.addPass(createExpandRngPass());
  pm.addPass(createFoldScalesIntoConvolutionsPass());
  WidenNarrowAccumulationsPassOptions widen;
  widen.products = options.target == Target::Cpu;
  pm.addPass(createWidenNarrowAccumulationsPass(widen));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

// On the CPU with a library, a transpose that only feeds a product is folded
// into it, which the library reads in place, and a product that only a
// transpose reads is written in its layout.
// A convolution becomes im2col and a matrix product, which the device phase
// hands to cuBLAS or to the CPU's BLAS, or which is tiled and vectorized like
// every other product without a library; on the CPU, a 2-D f32 one becomes a
// named convolution first, which the device phase hands to oneDNN or, without
// a library, is tiled and vectorized reading its windows in place (one of
// several feature groups only with a library, for oneDNN). A
// transpose of a constant (a PyTorch filter's OIHW to HWIO) is done at
// compile time. On the CPU,
// prefix scans are a loop along the scanned dimension and a scatter runs in
// parallel over blocks of a window dimension its indices do not move; ops that
// read a row reduction are then computed a row at a time with it (the GPU has
// its own row kernels), reductions over leading dimensions are split in column
// chunks or blocks of rows for the cores, and the products no library takes
// (all of them without a library) are tiled for the cache and the registers.
static void buildLinalgPhase(OpPassManager &pm, const CompileOptions &options) {
  pm.addPass(createFoldDotBroadcastsPass());
  if (options.target == Target::Cpu && options.cpuLibraryCalls)
    pm.addPass(createFoldDotTransposesPass());
  if (options.target == Target::Cpu) {
    ConvolutionToLinalgConvPassOptions convolutions;
    convolutions.grouped = options.cpuLibraryCalls;
    pm.addNestedPass<func::FuncOp>(
        createConvolutionToLinalgConvPass(convolutions));
  }
  pm.addNestedPass<func::FuncOp>(createConvolutionToGemmPass());
  StablehloToLinalgPassOptions lowering;
  lowering.sequentialScans = options.target == Target::Cpu;
  lowering.fftCalls = options.target == Target::Cpu;
  lowering.splitScatterWindows = options.target == Target::Cpu;
  pm.addPass(createStablehloToLinalgPass(lowering));
  pm.addPass(createDiscLinalgFoldConstantPermutations());
  // The lowering transposes a value for each convolution that reads it;
  // merged, a transpose is the one use of its producer, which fuses into it.
  pm.addPass(createCSEPass());
  pm.addPass(createDiscLinalgFuseElementwise());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.target == Target::Cpu) {
    if (options.cpuLibraryCalls)
      pm.addNestedPass<func::FuncOp>(createDiscLinalgWriteProductsTransposed());
    pm.addNestedPass<func::FuncOp>(createDiscLinalgFuseRows());
    DiscCpuParallelReductionsOptions columns;
    columns.vectorBits = options.cpuVectorBits;
    pm.addNestedPass<func::FuncOp>(createDiscCpuParallelReductions(columns));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    DiscCpuTileContractionsOptions tiles;
    tiles.vectorBits = options.cpuVectorBits;
    tiles.registerRows =
        std::min<int64_t>(8, (options.cpuVectorRegisters - 4) / 2);
    tiles.libraryProducts = options.cpuLibraryCalls;
    pm.addNestedPass<func::FuncOp>(createDiscCpuTileContractions(tiles));
  }
  pm.addPass(createDiscLinalgUpdateLoopStateInPlace());
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
static void buildBuffersPhase(OpPassManager &pm,
                              const CompileOptions &options) {
  pm.addNestedPass<func::FuncOp>(createDiscMarkEntryArgsReadOnly());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  OpPassManager &functions = pm.nest<func::FuncOp>();
  functions.addPass(bufferization::createBufferHoistingPass());
  functions.addPass(bufferization::createBufferLoopHoistingPass());
  if (options.target == Target::Cpu)
    functions.addPass(createDiscParallelLoopBuffersToStack());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

static StringRef getRuntimeDevice(Target target) {
  return target == Target::Cuda ? "gpu" : "cpu";
}

// Once outputs are handed to the runtime (which copies them), every
// temporary can be freed after its last use: a loop's buffers each
// iteration rather than when the run ends.
static void buildRalPhase(OpPassManager &pm, const CompileOptions &options) {
  pm.addPass(createDiscRALInjectContext());
  pm.addPass(createDiscRALBindIO());
  pm.addNestedPass<func::FuncOp>(
      bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createCanonicalizerPass());
  pm.addNestedPass<func::FuncOp>(
      bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCanonicalizerPass());
  DiscRALLegalizeToDispatchOptions dispatch;
  dispatch.device = getRuntimeDevice(options.target).str();
  pm.addPass(createDiscRALLegalizeToDispatch(dispatch));
}

// Complex arithmetic becomes arith and math on the parts first (complex
// values themselves stay, as LLVM structs later), so that its math is
// approximated like the rest. Math ops are approximated after f16/bf16 and
// 8-bit float math is widened to f32, and then what remains of the 8-bit
// floats is arithmetic on their bits; expanding strided metadata produces
// affine.apply, so lower-affine comes after it.
static void addMathAndIndexLowering(OpPassManager &pm) {
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(math::createMathExtendToSupportedTypes());
  pm.addPass(createDiscExpandNarrowFloats());
  pm.addPass(createDiscMathPolynomialApproximation());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
}

// Matrix products and convolutions become calls of the runtime's libraries
// unless the model must need no library or no library takes them (then their
// register tiles become FMAs on vector registers once on buffers, and the
// ceildivs in the bounds of their peeled loops become plain arithmetic); the
// loops by rows become
// scf.parallel like every other parallel loop; strided copies must become
// loops before the linalg lowering, and loops are ordered for unit-stride
// inner loops before they are emitted; transposes are copied in square
// blocks transposed in vector registers; a row's elementwise steps become
// vectors of the target's registers (and their transfers loads, stores and
// masked ones, with the register tiles' lowering); elementwise loops with
// outputs larger than the cache store whole lines past it; the outer parallel
// loops run on every core.
static void buildCpuDevicePhase(OpPassManager &pm,
                                const CompileOptions &options) {
  OpPassManager &functions = pm.nest<func::FuncOp>();
  if (options.cpuLibraryCalls) {
    DiscLinalgMatmulToRALOptions gemm;
    gemm.device = "cpu";
    functions.addPass(createDiscLinalgMatmulToRAL(gemm));
    functions.addPass(createDiscLinalgConvToRAL());
  }
  functions.addPass(createForallToParallelLoopPass());
  functions.addPass(createDiscMemrefCopyToLinalg());
  functions.addPass(createDiscLinalgContiguousInnerLoop());
  DiscCpuTileTransposesOptions transposes;
  transposes.vectorBits = options.cpuVectorBits;
  functions.addPass(createDiscCpuTileTransposes(transposes));
  DiscCpuVectorizeRowsOptions rows;
  rows.vectorBits = options.cpuVectorBits;
  functions.addPass(createDiscCpuVectorizeRows(rows));
  functions.addPass(createConvertLinalgToParallelLoopsPass());
  functions.addPass(createDiscCpuLowerVectorContractions());
  functions.addPass(createDiscCpuStreamingStores());
  pm.addPass(createDiscCpuParallelFor());
  addMathAndIndexLowering(pm);
  pm.addPass(createDiscExpandCeilFloorDivisions());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createCanonicalizerPass());
}

// Buffers the host reads element by element (shape and control values) move
// to host memory with the small computations that produce them. A matrix
// product that overwrites its output becomes a cuBLAS call, before copies
// become kernels, so that it still sees a copy of shared zeros as its
// output's initialization; each
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
// Vectors of booleans in kernel memory are a byte a lane, as on the CPU.
static void buildCudaDevicePhase(OpPassManager &pm,
                                 const CompileOptions &options) {
  OpPassManager &functions = pm.nest<func::FuncOp>();
  functions.addPass(createDiscGpuPlaceHostBuffers());
  DiscLinalgMatmulToRALOptions gemm;
  gemm.device = "gpu";
  functions.addPass(createDiscLinalgMatmulToRAL(gemm));
  DiscMemrefCopyToLinalgOptions copies;
  copies.includeContiguous = true;
  functions.addPass(createDiscMemrefCopyToLinalg(copies));
  functions.addPass(createDiscLinalgReductionToGPULaunch());
  functions.addPass(createDiscLinalgToGPULaunch());
  functions.addPass(createGpuLaunchSinkIndexComputationsPass());
  functions.addPass(createDiscGpuSinkConstantGlobals());
  pm.addPass(createGpuKernelOutliningPass());
  for (const std::string &arch : options.cudaArchs) {
    GpuNVVMAttachTargetOptions target;
    target.chip = arch;
    target.optLevel = options.optLevel;
    pm.addPass(createGpuNVVMAttachTarget(target));
  }
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  addMathAndIndexLowering(kernels);
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createConvertMathToLLVMPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  kernels.addPass(createDiscByteLanesInMemory());
  DiscGpuModuleToBinaryOptions binary;
  binary.toolkit = options.cudaToolkit;
  pm.addPass(createDiscGpuModuleToBinary(binary));
  pm.addPass(createDiscGpuLaunchToRAL());
  pm.addPass(arith::createArithExpandOpsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createCanonicalizerPass());
}

// Memory holds a byte per boolean, LLVM's vectors of booleans a bit per
// lane: once everything is LLVM, every vector access agrees with the bytes.
static void buildLlvmPhase(OpPassManager &pm) {
  pm.addPass(createDiscRALToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createDiscByteLanesInMemory());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createDiscConstantGlobalsAsBytes());
}

// A kernel graph is taken as written: every kernel runs, used or not, so
// nothing may fold or erase one.
static void buildKernelGraphPhase(OpPassManager &pm, Phase phase) {
  if (phase == Phase::Input)
    return;
  pm.addPass(createDiscKernelGraphToLLVM());
  pm.addPass(createCanonicalizerPass());
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
  if (options.program == ProgramKind::KernelGraph) {
    buildKernelGraphPhase(pm, phase);
  } else {
    switch (phase) {
    case Phase::Input:
      buildInputPhase(pm, options);
      break;
    case Phase::Hlo:
      buildHloPhase(pm, options);
      break;
    case Phase::Linalg:
      buildLinalgPhase(pm, options);
      break;
    case Phase::Buffers:
      buildBuffersPhase(pm, options);
      break;
    case Phase::Ral:
      buildRalPhase(pm, options);
      break;
    case Phase::Device:
      if (options.target == Target::Cuda)
        buildCudaDevicePhase(pm, options);
      else
        buildCpuDevicePhase(pm, options);
      break;
    case Phase::Llvm:
      buildLlvmPhase(pm);
      break;
    }
  }
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
