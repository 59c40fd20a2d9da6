//===- InitAll.cpp - Register every dialect and pass disc uses ------------===//

#include "disc/InitAll.h"

#include "disc/Codegen/CPU/Passes.h"
#include "disc/Codegen/Common/Passes.h"
#include "disc/Codegen/GPU/Passes.h"
#include "disc/Conversion/ChloToStablehlo/Passes.h"
#include "disc/Conversion/KernelGraphToLLVM/Passes.h"
#include "disc/Conversion/LinalgToGPU/Passes.h"
#include "disc/Conversion/LinalgToRAL/Passes.h"
#include "disc/Conversion/MhloToStablehlo/Passes.h"
#include "disc/Conversion/RALToLLVM/Passes.h"
#include "disc/Conversion/StablehloToLinalg/Passes.h"
#include "disc/Dialect/HLO/ChloOps.h"
#include "disc/Dialect/HLO/MhloOps.h"
#include "disc/Dialect/HLO/ShardyDialect.h"
#include "disc/Dialect/HLO/StablehloOps.h"
#include "disc/Dialect/HLO/Transforms/Passes.h"
#include "disc/Dialect/RAL/RALOps.h"
#include "disc/Dialect/RAL/Transforms/Passes.h"
#include "disc/Dialect/TFRT/TFRTOps.h"
#include "disc/Input/Passes.h"
#include "disc/Pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void mlir::disc::registerAllDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // Kernels are translated to LLVM IR for the NVPTX backend in a pass.
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::disc_ral::RALDialect>();
  registry.insert<mlir::stablehlo::StablehloDialect, mlir::mhlo::MhloDialect,
                  mlir::chlo::ChloDialect, mlir::sdy::ShardyDialect>();
  registry
      .insert<mlir::tfrt::TFRTDialect, mlir::tfrt_test::TFRTTestDialect,
              mlir::dht::DHTDialect, mlir::tfrt_tensor::TFRTTensorDialect>();
}

void mlir::disc::registerAllPasses() {
  mlir::registerAllPasses();
  mlir::disc::registerInputPasses();
  mlir::disc::registerRALTransformsPasses();
  mlir::disc::registerCodegenCommonPasses();
  mlir::disc::registerCodegenCPUPasses();
  mlir::disc::registerCodegenGPUPasses();
  mlir::disc::registerChloToStablehloPasses();
  mlir::disc::registerHloTransformsPasses();
  mlir::disc::registerKernelGraphToLLVMPasses();
  mlir::disc::registerLinalgToGPUPasses();
  mlir::disc::registerLinalgToRALPasses();
  mlir::disc::registerMhloToStablehloPasses();
  mlir::disc::registerRALToLLVMPasses();
  mlir::disc::registerStablehloToLinalgPasses();
  mlir::disc::registerDiscPipelines();
}
