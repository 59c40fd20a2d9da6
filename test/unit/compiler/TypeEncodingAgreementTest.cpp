//===- TypeEncodingAgreementTest.cpp - One name on both sides of the ABI --===//
//
// A runtime API is found by its mangled name: the compiler spells it from the
// MLIR types of a disc_ral.dispatch, the runtime from the C++ signature of
// the registered function. These tests hold the two spellings equal.
//
//===----------------------------------------------------------------------===//

#include "disc/Dialect/RAL/RALOps.h"
#include "disc/Dialect/RAL/TypeEncoding.h"
#include "disc/ral/registry.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <tuple>

namespace {

using disc::ral::bfloat16;
using disc::ral::half;
using disc::ral::MemRefType;

struct ExecutionContext;

class TypeEncodingAgreementTest : public ::testing::Test {
protected:
  TypeEncodingAgreementTest() {
    context.loadDialect<mlir::disc_ral::RALDialect, mlir::LLVM::LLVMDialect>();
  }

  /// The compiler's name for a dispatch of `name` with the context first.
  std::string compilerName(llvm::StringRef name,
                           llvm::ArrayRef<mlir::Type> args,
                           llvm::ArrayRef<mlir::Type> results,
                           llvm::StringRef device = "cpu") {
    llvm::SmallVector<mlir::Type> argTypes{
        mlir::disc_ral::ContextType::get(&context)};
    argTypes.append(args.begin(), args.end());
    std::optional<std::string> mangled =
        mlir::disc_ral::getMangledApiName(name, device, argTypes, results);
    EXPECT_TRUE(mangled.has_value())
        << "no encoding for an operand of " << name.str();
    return mangled.value_or("");
  }

  mlir::MemRefType memref(llvm::ArrayRef<int64_t> shape, mlir::Type element) {
    return mlir::MemRefType::get(shape, element);
  }

  mlir::MLIRContext context;
  mlir::Builder b{&context};
  int64_t dynamic = mlir::ShapedType::kDynamic;
};

TEST_F(TypeEncodingAgreementTest, RecvInput) {
  std::string runtime =
      disc::ral::mangledName<MemRefType<float, 2>(ExecutionContext *, int64_t)>(
          "ral_recv_input", "cpu");
  EXPECT_EQ(runtime, "ral_recv_input___cpu___pvoid_i64___m2df32");
  EXPECT_EQ(compilerName("ral_recv_input", {b.getI64Type()},
                         {memref({dynamic, 64}, b.getF32Type())}),
            runtime);
}

TEST_F(TypeEncodingAgreementTest, SendOutputOfRankZeroUnsigned) {
  std::string runtime = disc::ral::mangledName<void(
      ExecutionContext *, int64_t, MemRefType<uint8_t, 0>)>("ral_send_output",
                                                            "cpu");
  EXPECT_EQ(runtime, "ral_send_output___cpu___pvoid_i64_m0dui8___void");
  EXPECT_EQ(compilerName("ral_send_output",
                         {b.getI64Type(),
                          memref({}, b.getIntegerType(8, /*isSigned=*/false))},
                         {}),
            runtime);
}

TEST_F(TypeEncodingAgreementTest, AllocAndDeallocPassPointers) {
  mlir::Type ptr = mlir::LLVM::LLVMPointerType::get(&context);
  std::string alloc =
      disc::ral::mangledName<void *(ExecutionContext *, int64_t)>("ral_alloc",
                                                                  "cpu");
  EXPECT_EQ(alloc, "ral_alloc___cpu___pvoid_i64___pvoid");
  // `index` travels as int64_t.
  EXPECT_EQ(compilerName("ral_alloc", {b.getIndexType()}, {ptr}), alloc);

  std::string dealloc =
      disc::ral::mangledName<void(ExecutionContext *, void *)>("ral_dealloc",
                                                               "cpu");
  EXPECT_EQ(dealloc, "ral_dealloc___cpu___pvoid_pvoid___void");
  EXPECT_EQ(compilerName("ral_dealloc", {ptr}, {}), dealloc);
}

// The operands disc-gpu-launch-to-ral gives a launch, against the CUDA
// driver's kernelLaunch (ral/lib/cuda/cuda_apis.cpp).
TEST_F(TypeEncodingAgreementTest, KernelLaunchOnTheGpu) {
  mlir::Type ptr = mlir::LLVM::LLVMPointerType::get(&context);
  mlir::Type i64 = b.getI64Type();
  std::string runtime = disc::ral::mangledName<void(
      ExecutionContext *, void *, void *, int64_t, int64_t, int64_t, int64_t,
      int64_t, int64_t, int32_t, void *, int64_t)>("ral_kernel_launch", "gpu");
  EXPECT_EQ(runtime, "ral_kernel_launch___gpu___pvoid_pvoid_pvoid_i64_i64_i64_"
                     "i64_i64_i64_i32_pvoid_i64___void");
  EXPECT_EQ(compilerName("ral_kernel_launch",
                         {ptr, ptr, i64, i64, i64, i64, i64, i64,
                          b.getI32Type(), ptr, i64},
                         {}, "gpu"),
            runtime);
}

TEST_F(TypeEncodingAgreementTest, GemmWithTwoByteFloatsAndFlags) {
  std::string runtime = disc::ral::mangledName<void(
      ExecutionContext *, MemRefType<half, 2>, MemRefType<bfloat16, 2>,
      MemRefType<double, 3>, bool, bool)>("ral_gemm", "cpu");
  EXPECT_EQ(runtime,
            "ral_gemm___cpu___pvoid_m2df16_m2dbf16_m3df64_i1_i1___void");
  EXPECT_EQ(compilerName("ral_gemm",
                         {memref({4, 8}, b.getF16Type()),
                          memref({8, dynamic}, b.getBF16Type()),
                          memref({1, 4, dynamic}, b.getF64Type()),
                          b.getI1Type(), b.getI1Type()},
                         {}),
            runtime);
}

TEST_F(TypeEncodingAgreementTest, ScalarsAndSeveralResults) {
  using Signature = std::tuple<bool, double, MemRefType<int16_t, 8>>(
      ExecutionContext *, int8_t, int16_t, int32_t, uint16_t, uint32_t,
      uint64_t, float, half);
  std::string runtime = disc::ral::mangledName<Signature>("ral_mix", "cpu");
  EXPECT_EQ(runtime, "ral_mix___cpu___pvoid_i8_i16_i32_ui16_ui32_ui64_f32_f16"
                     "___i1_f64_m8di16");
  auto unsignedType = [&](unsigned width) {
    return b.getIntegerType(width, /*isSigned=*/false);
  };
  EXPECT_EQ(
      compilerName("ral_mix",
                   {b.getI8Type(), b.getI16Type(), b.getI32Type(),
                    unsignedType(16), unsignedType(32), unsignedType(64),
                    b.getF32Type(), b.getF16Type()},
                   {b.getI1Type(), b.getF64Type(),
                    memref({1, 1, 1, 1, 1, 1, 1, dynamic}, b.getI16Type())}),
      runtime);
}

// Every row of type_encoding.def, as a scalar and as a rank-3 memref.
template <typename CppType> std::string runtimeNameFor() {
  return disc::ral::mangledName<MemRefType<CppType, 3>(
      ExecutionContext *, CppType)>("ral_row", "cpu");
}

mlir::Type mlirTypeFor(mlir::Builder &b, unsigned width, llvm::StringRef kind,
                       llvm::StringRef token) {
  if (kind == "NarrowFloat")
    return mlir::parseType(token, b.getContext());
  if (kind == "Signless")
    return b.getIntegerType(width);
  if (kind == "Unsigned")
    return b.getIntegerType(width, /*isSigned=*/false);
  if (kind == "BFloat")
    return b.getBF16Type();
  if (kind == "Complex")
    return mlir::ComplexType::get(mlirTypeFor(b, width / 2, "Float", token));
  if (width == 16)
    return b.getF16Type();
  return width == 32 ? b.getF32Type() : b.getF64Type();
}

TEST_F(TypeEncodingAgreementTest, EveryTableRow) {
  int rows = 0;
#define DISC_RAL_SCALAR_TYPE(Token, CppType, BitWidth, Kind)                   \
  {                                                                            \
    ++rows;                                                                    \
    mlir::Type element = mlirTypeFor(b, BitWidth, #Kind, #Token);              \
    EXPECT_EQ(mlir::disc_ral::getElementTypeToken(element), #Token);           \
    EXPECT_EQ(compilerName("ral_row", {element},                               \
                           {memref({2, dynamic, 3}, element)}),                \
              runtimeNameFor<CppType>())                                       \
        << "row " #Token;                                                      \
  }
#include "disc/ral/type_encoding.def"
  EXPECT_EQ(rows, 30);
}

TEST_F(TypeEncodingAgreementTest, TypesWithoutEncoding) {
  using mlir::disc_ral::getTypeToken;
  EXPECT_FALSE(getTypeToken(mlir::ComplexType::get(b.getF16Type())));
  EXPECT_FALSE(getTypeToken(mlir::ComplexType::get(b.getBF16Type())));
  EXPECT_FALSE(getTypeToken(b.getIntegerType(32, /*isSigned=*/true)));
  EXPECT_FALSE(getTypeToken(b.getIntegerType(3)));
  EXPECT_FALSE(getTypeToken(b.getType<mlir::FloatTF32Type>()));
  EXPECT_FALSE(getTypeToken(mlir::VectorType::get({4}, b.getF32Type())));
  EXPECT_FALSE(
      getTypeToken(memref({1, 1, 1, 1, 1, 1, 1, 1, 1}, b.getF32Type())));
  EXPECT_FALSE(getTypeToken(mlir::UnrankedMemRefType::get(b.getF32Type(), {})));
  EXPECT_FALSE(mlir::disc_ral::getMangledApiName(
      "ral_x", "cpu", {b.getF32Type(), b.getIntegerType(7)}, {}));
}

} // namespace
