//===- GpuLaunchToRAL.cpp - Kernel launches as RAL dispatches -------------===//

#include "disc/Codegen/GPU/DeviceBlob.h"
#include "disc/Codegen/GPU/Passes.h"
#include "disc/Dialect/RAL/Transforms/StringConstants.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_GPULAUNCHTORALPASS
#include "disc/Codegen/GPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;
namespace blob = ::disc::ral::device_blob;

namespace {

/// The images of a gpu.binary as the runtime reads them.
FailureOr<SmallVector<mlir::disc::DeviceImage>>
collectImages(gpu::BinaryOp binary) {
  SmallVector<mlir::disc::DeviceImage> images;
  for (Attribute attr : binary.getObjects()) {
    auto object = cast<gpu::ObjectAttr>(attr);
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
    if (!target)
      return binary.emitError()
             << "gpu.binary @" << binary.getName() << " holds an object for "
             << object.getTarget() << "; the runtime loads NVVM objects only";
    std::optional<uint32_t> sm = mlir::disc::parseSmVersion(target.getChip());
    if (!sm)
      return binary.emitError() << "gpu.binary @" << binary.getName()
                                << ": cannot read the SM version of chip '"
                                << target.getChip() << "'";
    StringRef data = object.getObject().getValue();
    switch (object.getFormat()) {
    case gpu::CompilationTarget::Assembly:
      // Serialized PTX may carry its terminating NUL already.
      data.consume_back(StringRef("\0", 1));
      images.push_back({blob::ImageKind::Ptx, *sm, data.str()});
      break;
    case gpu::CompilationTarget::Binary:
      images.push_back({blob::ImageKind::Cubin, *sm, data.str()});
      break;
    default:
      return binary.emitError()
             << "gpu.binary @" << binary.getName() << " holds a "
             << gpu::stringifyCompilationTarget(object.getFormat())
             << " object; the runtime loads PTX and cubins only";
    }
  }
  return images;
}

/// Replaces each gpu.binary by a private constant holding its device blob,
/// in the section the runtime and the tests find it in.
FailureOr<llvm::StringMap<LLVM::GlobalOp>> lowerBinaries(ModuleOp module) {
  llvm::StringMap<LLVM::GlobalOp> blobs;
  SymbolTable symbols(module);
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  for (gpu::BinaryOp binary : binaries) {
    FailureOr<SmallVector<mlir::disc::DeviceImage>> images =
        collectImages(binary);
    if (failed(images))
      return failure();
    std::string bytes = mlir::disc::encodeDeviceBlob(*images);
    OpBuilder builder(binary);
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    auto global = LLVM::GlobalOp::create(
        builder, binary.getLoc(), type, /*isConstant=*/true,
        LLVM::Linkage::Private, ("__disc_gpu_blob." + binary.getName()).str(),
        builder.getStringAttr(bytes), /*alignment=*/8);
    global.setSection(mlir::disc::kDeviceBlobSection);
    StringRef name = binary.getName();
    symbols.erase(binary);
    symbols.insert(global);
    blobs[name] = global;
  }
  return blobs;
}

LogicalResult lowerLaunch(gpu::LaunchFuncOp launch,
                          const llvm::StringMap<LLVM::GlobalOp> &blobs,
                          mlir::disc::StringConstants &kernelNames) {
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty())
    return launch.emitOpError("is asynchronous; the runtime launches on the "
                              "context's stream in program order");
  if (launch.hasClusterSize())
    return launch.emitOpError("uses thread block clusters, which the runtime "
                              "does not launch");
  auto func = launch->getParentOfType<FunctionOpInterface>();
  if (!func || func.isExternal() || func.getNumArguments() == 0 ||
      !isa<disc_ral::ContextType>(func.getArgument(0).getType()))
    return launch.emitOpError("needs the runtime, but its function has no "
                              "leading !disc_ral.context argument");
  StringRef moduleName = launch.getKernelModuleName().getValue();
  auto blob = blobs.find(moduleName);
  if (blob == blobs.end())
    return launch.emitOpError()
           << "launches a kernel of @" << moduleName
           << ", which is not a gpu.binary (run disc-gpu-module-to-binary)";

  OpBuilder builder(launch);
  Location loc = launch.getLoc();
  auto toI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                      index);
  };
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  Value sharedMemory = launch.getDynamicSharedMemorySize();
  if (!sharedMemory)
    sharedMemory = arith::ConstantIntOp::create(builder, loc, 0, 32);
  auto params = disc_ral::KernelArgsOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext()),
      launch.getKernelOperands());
  Value numParams =
      arith::ConstantIntOp::create(builder, loc, params.getNumParams(), 64);
  Value blobAddress = LLVM::AddressOfOp::create(builder, loc, blob->second);
  Value kernelName = LLVM::AddressOfOp::create(
      builder, loc,
      kernelNames.get(launch.getKernelName().getValue(), launch.getLoc()));
  SmallVector<Value> args = {blobAddress,        kernelName,     toI64(grid.x),
                             toI64(grid.y),      toI64(grid.z),  toI64(block.x),
                             toI64(block.y),     toI64(block.z), sharedMemory,
                             params.getResult(), numParams};
  disc_ral::DispatchOp::create(builder, loc, TypeRange(), func.getArgument(0),
                               "ral_kernel_launch", "gpu",
                               /*may_fail=*/true, args);
  launch.erase();
  return success();
}

struct GpuLaunchToRALPass
    : mlir::disc::impl::GpuLaunchToRALPassBase<GpuLaunchToRALPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<llvm::StringMap<LLVM::GlobalOp>> blobs = lowerBinaries(module);
    if (failed(blobs))
      return signalPassFailure();
    mlir::disc::StringConstants kernelNames(module, "__disc_kernel_name");
    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp launch) { launches.push_back(launch); });
    for (gpu::LaunchFuncOp launch : launches)
      if (failed(lowerLaunch(launch, *blobs, kernelNames)))
        return signalPassFailure();
    WalkResult leftover = module.walk([](Operation *op) {
      if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect())) {
        op->emitOpError("remains on the host after the kernels were "
                        "outlined and compiled");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (leftover.wasInterrupted())
      return signalPassFailure();
    module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }
};

} // namespace
