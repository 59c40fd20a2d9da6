//===- TargetPhases.h - Where the targets' phases differ --------*- C++ -*-===//
//
// The phase builders shared by every target call a TargetPhases at the
// points where targets differ, so that no phase tests the target. Each
// target's file (CpuPhases.cpp, CudaPhases.cpp) defines one.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_LIB_PIPELINE_TARGETPHASES_H
#define DISC_LIB_PIPELINE_TARGETPHASES_H

#include "disc/Conversion/StablehloToLinalg/Passes.h"
#include "disc/Pipeline/Pipeline.h"

#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace disc {

class TargetPhases {
public:
  virtual ~TargetPhases() = default;

  /// The device the runtime's calls name ("cpu", "gpu").
  virtual StringRef getRuntimeDevice() const = 0;

  /// Hlo: whether bf16 and f16 products accumulate in f32, as their sums
  /// always do.
  virtual bool widensNarrowProducts(const CompileOptions &options) const = 0;

  /// Linalg: the passes that choose how products and convolutions are
  /// computed, before StableHLO is lowered.
  virtual void addBeforeLinalgLowering(OpPassManager &pm,
                                       const CompileOptions &options) const = 0;

  /// Linalg: how the StableHLO lowering computes scans, FFTs and scatters.
  virtual StablehloToLinalgPassOptions
  getLinalgLoweringOptions(const CompileOptions &options) const = 0;

  /// Linalg: the passes after elementwise fusion (rows, tiles).
  virtual void
  addAfterElementwiseFusion(OpPassManager &pm,
                            const CompileOptions &options) const = 0;

  /// Buffers: the passes on each function after buffers are hoisted.
  virtual void addBufferPasses(OpPassManager &functions,
                               const CompileOptions &options) const = 0;

  /// Device: the whole phase, from buffers and runtime calls to code the
  /// LLVM phase can translate.
  virtual void buildDevicePhase(OpPassManager &pm,
                                const CompileOptions &options) const = 0;
};

const TargetPhases &getCpuPhases();
const TargetPhases &getCudaPhases();

/// Math and index lowering both targets run, on the host code or in the
/// kernels.
void addMathAndIndexLowering(OpPassManager &pm);

} // namespace disc
} // namespace mlir

#endif // DISC_LIB_PIPELINE_TARGETPHASES_H
