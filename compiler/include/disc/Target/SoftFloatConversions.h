//===- SoftFloatConversions.h - In-model f16/bf16 conversion helpers -*- C++
//-*-===//
//
// On CPUs without F16C/AVX512-BF16, LLVM lowers conversions between float and
// half/bfloat to calls of compiler-rt's __extendhfsf2, __truncsfhf2 and
// __truncsfbf2. A model .so may import from libc/libm only, so the model
// carries its own definitions of these, in integer arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef DISC_TARGET_SOFTFLOATCONVERSIONS_H
#define DISC_TARGET_SOFTFLOATCONVERSIONS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlir {
namespace disc {

/// Defines, with internal linkage, the conversion helpers LLVM may call for
/// the half/bfloat conversions `module` contains. The linker drops the ones
/// that code generation did not need.
void addSoftFloatConversions(llvm::Module &module);

} // namespace disc
} // namespace mlir

#endif // DISC_TARGET_SOFTFLOATCONVERSIONS_H
