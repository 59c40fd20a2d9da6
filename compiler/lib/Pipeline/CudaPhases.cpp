//===- CudaPhases.cpp - The CUDA target's part of the phases --------------===//

#include "TargetPhases.h"

#include "disc/Codegen/Common/Passes.h"
#include "disc/Codegen/GPU/Passes.h"
#include "disc/Conversion/LinalgToGPU/Passes.h"
#include "disc/Conversion/LinalgToRAL/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::disc;

namespace {
class CudaPhases final : public TargetPhases {
public:
  StringRef getRuntimeDevice() const override { return "gpu"; }

  // cuBLAS accumulates bf16 and f16 products in f32 already.
  bool widensNarrowProducts(const CompileOptions &) const override {
    return false;
  }

  // A convolution becomes im2col and a matrix product for cuBLAS, which
  // ConvolutionToGemm does for every target.
  void addBeforeLinalgLowering(OpPassManager &,
                               const CompileOptions &) const override {}

  StablehloToLinalgPassOptions
  getLinalgLoweringOptions(const CompileOptions &) const override {
    return {};
  }

  // The GPU computes rows in kernels of its own (LinalgReductionToGPU).
  void addAfterElementwiseFusion(OpPassManager &,
                                 const CompileOptions &) const override {}

  void addBufferPasses(OpPassManager &, const CompileOptions &) const override {
  }

  // Buffers the host reads element by element (shape and control values)
  // move to host memory with the small computations that produce them. A
  // matrix product that overwrites its output becomes a cuBLAS call, before
  // copies become kernels, so that it still sees a copy of shared zeros as
  // its output's initialization; each fused group, and each copy of a
  // buffer, becomes a kernel; the kernels are compiled for every
  // architecture while the host code around them still has its memrefs,
  // then each launch becomes a runtime call and the host code is lowered
  // like the CPU's. A row reduction becomes a kernel with a block per row,
  // whose gpu.all_reduce convert-gpu-to-nvvm lowers to warp shuffles and
  // shared memory; any other reduction a kernel with a thread per output
  // element. Constants (static sizes) move into the kernels before
  // outlining, so that kernels divide by constants rather than by
  // arguments, and so do reads of constant globals, which outlining then
  // copies into the kernel's module: the kernel reads device memory, not
  // the host's copy; the grid size of a dynamic shape is an arith.ceildivui
  // that arith-expand lowers on the host. Math is approximated in the
  // kernels as on the CPU, so that both targets compute the same functions
  // and PTX needs no libdevice for them; the integer math the NVVM
  // conversion leaves (popcount, leading zeros, abs) becomes LLVM
  // intrinsics, which NVPTX has instructions for. Vectors of booleans in
  // kernel memory are a byte a lane, as on the CPU.
  void buildDevicePhase(OpPassManager &pm,
                        const CompileOptions &options) const override {
    OpPassManager &functions = pm.nest<func::FuncOp>();
    functions.addPass(createGpuPlaceHostBuffersPass());
    LinalgMatmulToRALPassOptions gemm;
    gemm.device = "gpu";
    functions.addPass(createLinalgMatmulToRALPass(gemm));
    MemrefCopyToLinalgPassOptions copies;
    copies.includeContiguous = true;
    functions.addPass(createMemrefCopyToLinalgPass(copies));
    functions.addPass(createLinalgReductionToGPULaunchPass());
    functions.addPass(createLinalgToGPULaunchPass());
    functions.addPass(createGpuLaunchSinkIndexComputationsPass());
    functions.addPass(createGpuSinkConstantGlobalsPass());
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
    kernels.addPass(createByteLanesInMemoryPass());
    disc::GpuModuleToBinaryPassOptions binary;
    binary.toolkit = options.cudaToolkit;
    pm.addPass(disc::createGpuModuleToBinaryPass(binary));
    pm.addPass(createGpuLaunchToRALPass());
    pm.addPass(arith::createArithExpandOpsPass());
    pm.addPass(memref::createExpandStridedMetadataPass());
    pm.addPass(createLowerAffinePass());
    pm.addPass(createSCFToControlFlowPass());
    pm.addPass(createCanonicalizerPass());
  }
};
} // namespace

const TargetPhases &mlir::disc::getCudaPhases() {
  static const CudaPhases phases;
  return phases;
}
