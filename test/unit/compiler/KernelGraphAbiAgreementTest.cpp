//===- KernelGraphAbiAgreementTest.cpp - One layout on both sides ---------===//
//
// Compiled kernel-graph code builds DiscKgSite, DiscKgFunction and
// DiscKgAttribute records and reads DiscKgApi as LLVM structs; the runtime
// reads and provides them as the C structs of kernel_graph_abi.h. These
// tests hold the host's layout of both equal, and the type codes the
// compiler assigns equal to the header's.
//
//===----------------------------------------------------------------------===//

#include "disc/Conversion/KernelGraphToLLVM/KernelGraphAbi.h"
#include "disc/Dialect/TFRT/TFRTOps.h"
#include "disc/Target/ModelCodegen.h"
#include "disc/ral/host/kernel_graph_abi.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/TypeToLLVM.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Target/TargetMachine.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <set>
#include <vector>

namespace {

class KernelGraphAbiAgreementTest : public ::testing::Test {
protected:
  KernelGraphAbiAgreementTest() {
    context.loadDialect<mlir::LLVM::LLVMDialect, mlir::tfrt::TFRTDialect,
                        mlir::tfrt_tensor::TFRTTensorDialect>();
    std::unique_ptr<llvm::TargetMachine> machine =
        llvm::cantFail(mlir::disc::createHostTargetMachine("host", 0));
    layout = std::make_unique<llvm::DataLayout>(machine->createDataLayout());
  }

  /// The host layout of `type` and the offsets of its fields.
  const llvm::StructLayout *layoutOf(mlir::LLVM::LLVMStructType type) {
    mlir::LLVM::TypeToLLVMIRTranslator translator(llvmContext);
    return layout->getStructLayout(
        llvm::cast<llvm::StructType>(translator.translateType(type)));
  }

  std::vector<uint64_t> offsets(const llvm::StructLayout *structLayout,
                                unsigned count) {
    std::vector<uint64_t> result;
    for (unsigned i = 0; i < count; ++i)
      result.push_back(structLayout->getElementOffset(i));
    return result;
  }

  mlir::MLIRContext context;
  mlir::Builder b{&context};
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::DataLayout> layout;
};

TEST_F(KernelGraphAbiAgreementTest, Site) {
  const llvm::StructLayout *site =
      layoutOf(mlir::disc::getKernelGraphSiteType(&context));
  EXPECT_EQ(site->getSizeInBytes(), sizeof(DiscKgSite));
  std::vector<uint64_t> expected = {
      offsetof(DiscKgSite, kernel),         offsetof(DiscKgSite, location),
      offsetof(DiscKgSite, num_args),       offsetof(DiscKgSite, num_results),
      offsetof(DiscKgSite, arg_types),      offsetof(DiscKgSite, result_types),
      offsetof(DiscKgSite, num_attributes), offsetof(DiscKgSite, num_functions),
      offsetof(DiscKgSite, attributes),     offsetof(DiscKgSite, functions),
      offsetof(DiscKgSite, resolved)};
  EXPECT_EQ(offsets(site, expected.size()), expected);
}

TEST_F(KernelGraphAbiAgreementTest, Function) {
  const llvm::StructLayout *function =
      layoutOf(mlir::disc::getKernelGraphFunctionType(&context));
  EXPECT_EQ(function->getSizeInBytes(), sizeof(DiscKgFunction));
  std::vector<uint64_t> expected = {offsetof(DiscKgFunction, entry),
                                    offsetof(DiscKgFunction, name),
                                    offsetof(DiscKgFunction, num_args),
                                    offsetof(DiscKgFunction, num_results),
                                    offsetof(DiscKgFunction, arg_types),
                                    offsetof(DiscKgFunction, result_types)};
  EXPECT_EQ(offsets(function, expected.size()), expected);
}

TEST_F(KernelGraphAbiAgreementTest, Attribute) {
  const llvm::StructLayout *attribute =
      layoutOf(mlir::disc::getKernelGraphAttributeType(&context));
  EXPECT_EQ(attribute->getSizeInBytes(), sizeof(DiscKgAttribute));
  std::vector<uint64_t> expected = {
      offsetof(DiscKgAttribute, name), offsetof(DiscKgAttribute, kind),
      offsetof(DiscKgAttribute, size), offsetof(DiscKgAttribute, data)};
  EXPECT_EQ(offsets(attribute, expected.size()), expected);
}

// Compiled models carry these codes in their data, so a new kind is only
// ever added; nested arrays (9) point at records of the same layout.
TEST_F(KernelGraphAbiAgreementTest, AttributeKindsKeepTheirCodes) {
  EXPECT_EQ(DISC_KG_ATTR_BOOL, 1);
  EXPECT_EQ(DISC_KG_ATTR_I32, 2);
  EXPECT_EQ(DISC_KG_ATTR_I64, 3);
  EXPECT_EQ(DISC_KG_ATTR_F32, 4);
  EXPECT_EQ(DISC_KG_ATTR_F64, 5);
  EXPECT_EQ(DISC_KG_ATTR_STRING, 6);
  EXPECT_EQ(DISC_KG_ATTR_UI32, 7);
  EXPECT_EQ(DISC_KG_ATTR_TYPE, 8);
  EXPECT_EQ(DISC_KG_ATTR_ARRAY, 9);
}

TEST_F(KernelGraphAbiAgreementTest, Api) {
  const llvm::StructLayout *api =
      layoutOf(mlir::disc::getKernelGraphApiType(&context));
  EXPECT_EQ(api->getSizeInBytes(), sizeof(DiscKgApi));
  EXPECT_EQ(api->getElementOffset(mlir::disc::kApiAbiVersion),
            offsetof(DiscKgApi, abi_version));
  EXPECT_EQ(api->getElementOffset(mlir::disc::kApiSize),
            offsetof(DiscKgApi, size));
  EXPECT_EQ(api->getElementOffset(mlir::disc::kApiInvoke),
            offsetof(DiscKgApi, invoke));
  EXPECT_EQ(api->getElementOffset(mlir::disc::kApiAddRef),
            offsetof(DiscKgApi, add_ref));
  EXPECT_EQ(api->getElementOffset(mlir::disc::kApiDropRef),
            offsetof(DiscKgApi, drop_ref));
  EXPECT_EQ(api->getElementOffset(mlir::disc::kApiReadScalar),
            offsetof(DiscKgApi, read_scalar));
  EXPECT_EQ(api->getElementOffset(mlir::disc::kApiMakeScalar),
            offsetof(DiscKgApi, make_scalar));
}

TEST_F(KernelGraphAbiAgreementTest, TypeCodes) {
  using mlir::disc::getKernelGraphTypeCode;
  EXPECT_EQ(getKernelGraphTypeCode(mlir::tfrt::ChainType::get(&context)),
            DISC_KG_CHAIN);
  EXPECT_EQ(getKernelGraphTypeCode(mlir::tfrt::StringType::get(&context)),
            DISC_KG_STRING);
  EXPECT_EQ(
      getKernelGraphTypeCode(mlir::tfrt_tensor::HostTensorType::get(&context)),
      DISC_KG_TENSOR);
  EXPECT_EQ(getKernelGraphTypeCode(b.getI1Type()), DISC_KG_I1);
  EXPECT_EQ(getKernelGraphTypeCode(b.getI8Type()), DISC_KG_I8);
  EXPECT_EQ(getKernelGraphTypeCode(b.getI16Type()), DISC_KG_I16);
  EXPECT_EQ(getKernelGraphTypeCode(b.getI32Type()), DISC_KG_I32);
  EXPECT_EQ(getKernelGraphTypeCode(b.getI64Type()), DISC_KG_I64);
  EXPECT_EQ(getKernelGraphTypeCode(b.getIntegerType(8, false)), DISC_KG_UI8);
  EXPECT_EQ(getKernelGraphTypeCode(b.getIntegerType(16, false)), DISC_KG_UI16);
  EXPECT_EQ(getKernelGraphTypeCode(b.getIntegerType(32, false)), DISC_KG_UI32);
  EXPECT_EQ(getKernelGraphTypeCode(b.getIntegerType(64, false)), DISC_KG_UI64);
  EXPECT_EQ(getKernelGraphTypeCode(b.getF16Type()), DISC_KG_F16);
  EXPECT_EQ(getKernelGraphTypeCode(b.getBF16Type()), DISC_KG_BF16);
  EXPECT_EQ(getKernelGraphTypeCode(b.getF32Type()), DISC_KG_F32);
  EXPECT_EQ(getKernelGraphTypeCode(b.getF64Type()), DISC_KG_F64);
  EXPECT_EQ(getKernelGraphTypeCode(b.getIndexType()), DISC_KG_OPAQUE);
  EXPECT_EQ(getKernelGraphTypeCode(mlir::tfrt::TestResourceType::get(&context)),
            DISC_KG_OPAQUE);
}

TEST_F(KernelGraphAbiAgreementTest, TypeSpellings) {
  using mlir::disc::getKernelGraphTypeSpelling;
  EXPECT_EQ(getKernelGraphTypeSpelling(DISC_KG_CHAIN), "!tfrt.chain");
  EXPECT_EQ(getKernelGraphTypeSpelling(DISC_KG_UI32), "ui32");
  EXPECT_EQ(getKernelGraphTypeSpelling(DISC_KG_BF16), "bf16");
  EXPECT_EQ(getKernelGraphTypeSpelling(DISC_KG_STRING), "!tfrt.string");
  EXPECT_EQ(getKernelGraphTypeSpelling(DISC_KG_TENSOR), "tensor");
  EXPECT_EQ(getKernelGraphTypeSpelling(DISC_KG_OPAQUE), "opaque");
  std::set<std::string> spellings;
  for (uint8_t code = DISC_KG_CHAIN; code <= DISC_KG_OPAQUE; ++code)
    spellings.insert(getKernelGraphTypeSpelling(code).str());
  EXPECT_EQ(spellings.size(), size_t(DISC_KG_OPAQUE));
}

} // namespace
