//===- GpuModuleToBinary.cpp - PTX and cubins of each GPU module ----------===//

#include "disc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace mlir {
namespace disc {
#define GEN_PASS_DEF_GPUMODULETOBINARYPASS
#include "disc/Codegen/GPU/Passes.h.inc"
} // namespace disc
} // namespace mlir

using namespace mlir;

namespace {

bool hasPtxas(StringRef toolkit) {
  if (toolkit.empty())
    return false;
  llvm::SmallString<128> ptxas(toolkit);
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  return llvm::sys::fs::can_execute(ptxas);
}

struct GpuModuleToBinaryPass
    : disc::impl::GpuModuleToBinaryPassBase<GpuModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool cubins = hasPtxas(toolkit);
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      ArrayAttr targets = gpuModule.getTargetsAttr();
      if (!targets || targets.empty()) {
        gpuModule.emitError() << "gpu.module @" << gpuModule.getName()
                              << " has no target to compile for (run "
                                 "nvvm-attach-target)";
        return signalPassFailure();
      }
      SmallVector<Attribute> objects;
      for (Attribute targetAttr : targets) {
        auto target = dyn_cast<gpu::TargetAttrInterface>(targetAttr);
        if (!target) {
          gpuModule.emitError()
              << "target " << targetAttr << " cannot compile a gpu.module";
          return signalPassFailure();
        }
        SmallVector<gpu::CompilationTarget, 2> formats = {
            gpu::CompilationTarget::Assembly};
        if (cubins)
          formats.push_back(gpu::CompilationTarget::Binary);
        for (gpu::CompilationTarget format : formats) {
          gpu::TargetOptions options(toolkit, {}, {}, {}, format);
          std::optional<SmallVector<char, 0>> object =
              target.serializeToObject(gpuModule, options);
          if (!object) {
            gpuModule.emitError()
                << "cannot compile gpu.module @" << gpuModule.getName()
                << " for " << targetAttr;
            return signalPassFailure();
          }
          objects.push_back(target.createObject(gpuModule, *object, options));
        }
      }
      OpBuilder builder(gpuModule);
      gpu::BinaryOp::create(builder, gpuModule.getLoc(), gpuModule.getName(),
                            Attribute(), objects);
      gpuModule.erase();
    }
  }
};

} // namespace
