//===- CpuPhases.cpp - The CPU target's part of the phases ----------------===//

#include "TargetPhases.h"

#include "disc/Codegen/CPU/Passes.h"
#include "disc/Codegen/Common/Passes.h"
#include "disc/Conversion/LinalgToRAL/Passes.h"
#include "disc/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::disc;

namespace {
class CpuPhases final : public TargetPhases {
public:
  StringRef getRuntimeDevice() const override { return "cpu"; }

  bool widensNarrowProducts(const CompileOptions &) const override {
    return true;
  }

  // With a library, a transpose that only feeds a product is folded into
  // it, which the library reads in place. A 2-D f32 convolution becomes a
  // named convolution, which the device phase hands to oneDNN or, without
  // a library, is tiled and vectorized reading its windows in place (one of
  // several feature groups only with a library, for oneDNN); other
  // convolutions become im2col and a matrix product.
  void addBeforeLinalgLowering(OpPassManager &pm,
                               const CompileOptions &options) const override {
    if (options.cpuLibraryCalls)
      pm.addPass(createFoldDotTransposesPass());
    ConvolutionToLinalgConvPassOptions convolutions;
    convolutions.grouped = options.cpuLibraryCalls;
    pm.addNestedPass<func::FuncOp>(
        createConvolutionToLinalgConvPass(convolutions));
  }

  // Prefix scans are a loop along the scanned dimension, FFTs calls of the
  // runtime's FFTW, and a scatter runs in parallel over blocks of a window
  // dimension its indices do not move.
  StablehloToLinalgPassOptions
  getLinalgLoweringOptions(const CompileOptions &) const override {
    StablehloToLinalgPassOptions lowering;
    lowering.sequentialScans = true;
    lowering.fftCalls = true;
    lowering.splitScatterWindows = true;
    return lowering;
  }

  // With a library, a product that only a transpose reads is written in its
  // layout. Ops that read a row reduction are then computed a row at a time
  // with it, reductions over leading dimensions are split in column chunks
  // or blocks of rows for the cores, and the products no library takes (all
  // of them without a library) are tiled for the cache and the registers.
  void addAfterElementwiseFusion(OpPassManager &pm,
                                 const CompileOptions &options) const override {
    if (options.cpuLibraryCalls)
      pm.addNestedPass<func::FuncOp>(createLinalgWriteProductsTransposedPass());
    pm.addNestedPass<func::FuncOp>(createLinalgFuseRowsPass());
    CpuParallelReductionsPassOptions columns;
    columns.vectorBits = options.cpuVectorBits;
    pm.addNestedPass<func::FuncOp>(createCpuParallelReductionsPass(columns));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    CpuTileContractionsPassOptions tiles;
    tiles.vectorBits = options.cpuVectorBits;
    tiles.registerRows =
        std::min<int64_t>(8, (options.cpuVectorRegisters - 4) / 2);
    tiles.libraryProducts = options.cpuLibraryCalls;
    pm.addNestedPass<func::FuncOp>(createCpuTileContractionsPass(tiles));
  }

  // A row's scratch buffers in a loop by rows are taken from the stack of
  // the thread that runs the row.
  void addBufferPasses(OpPassManager &functions,
                       const CompileOptions &) const override {
    functions.addPass(createParallelLoopBuffersToStackPass());
  }

  // Matrix products and convolutions become calls of the runtime's
  // libraries unless the model must need no library or no library takes
  // them (then their register tiles become FMAs on vector registers once on
  // buffers, and the ceildivs in the bounds of their peeled loops become
  // plain arithmetic); the loops by rows become scf.parallel like every
  // other parallel loop; strided copies must become loops before the linalg
  // lowering, and loops are ordered for unit-stride inner loops before they
  // are emitted; transposes are copied in square blocks transposed in vector
  // registers; a row's elementwise steps become vectors of the target's
  // registers (and their transfers loads, stores and masked ones, with the
  // register tiles' lowering); elementwise loops with outputs larger than
  // the cache store whole lines past it; the outer parallel loops run on
  // every core.
  void buildDevicePhase(OpPassManager &pm,
                        const CompileOptions &options) const override {
    OpPassManager &functions = pm.nest<func::FuncOp>();
    if (options.cpuLibraryCalls) {
      LinalgMatmulToRALPassOptions gemm;
      gemm.device = "cpu";
      functions.addPass(createLinalgMatmulToRALPass(gemm));
      functions.addPass(createLinalgConvToRALPass());
    }
    functions.addPass(createForallToParallelLoopPass());
    functions.addPass(createMemrefCopyToLinalgPass());
    functions.addPass(createLinalgContiguousInnerLoopPass());
    CpuTileTransposesPassOptions transposes;
    transposes.vectorBits = options.cpuVectorBits;
    functions.addPass(createCpuTileTransposesPass(transposes));
    CpuVectorizeRowsPassOptions rows;
    rows.vectorBits = options.cpuVectorBits;
    functions.addPass(createCpuVectorizeRowsPass(rows));
    functions.addPass(createConvertLinalgToParallelLoopsPass());
    functions.addPass(createCpuLowerVectorContractionsPass());
    functions.addPass(createCpuStreamingStoresPass());
    pm.addPass(createCpuParallelForPass());
    addMathAndIndexLowering(pm);
    pm.addPass(createExpandCeilFloorDivisionsPass());
    pm.addPass(createSCFToControlFlowPass());
    pm.addPass(createCanonicalizerPass());
  }
};
} // namespace

const TargetPhases &mlir::disc::getCpuPhases() {
  static const CpuPhases phases;
  return phases;
}
