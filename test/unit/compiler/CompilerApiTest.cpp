//===- CompilerApiTest.cpp - The compiler's C API -------------------------===//

#include "disc/Compiler/disc_compiler.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace {

constexpr char kNegate[] =
    R"(func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.negate %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}
)";

struct OptionsDeleter {
  void operator()(disc_compile_options *options) const {
    disc_compile_options_destroy(options);
  }
};
struct ResultDeleter {
  void operator()(disc_compile_result *result) const {
    disc_compile_result_destroy(result);
  }
};
using Options = std::unique_ptr<disc_compile_options, OptionsDeleter>;
using Result = std::unique_ptr<disc_compile_result, ResultDeleter>;

Options makeOptions() { return Options(disc_compile_options_create()); }

Result compile(const std::string &source, const Options &options) {
  return Result(disc_compile(source.data(), source.size(), "program.mlir",
                             options.get()));
}

std::string getArtifact(const Result &result) {
  size_t size = 0;
  const char *data = disc_compile_result_artifact(result.get(), &size);
  return std::string(data, size);
}

TEST(CompilerApi, CompilesAProgramIntoASharedObject) {
  Options options = makeOptions();
  Result result = compile(kNegate, options);
  ASSERT_EQ(disc_compile_result_succeeded(result.get()), 1);
  std::string artifact = getArtifact(result);
  ASSERT_GT(artifact.size(), 4u);
  EXPECT_EQ(artifact.substr(0, 4), "\x7f"
                                   "ELF");
  EXPECT_EQ(disc_compile_result_diagnostic_count(result.get()), 0u);
}

TEST(CompilerApi, StopsAfterAPhaseAndReturnsItsIr) {
  Options options = makeOptions();
  ASSERT_EQ(disc_compile_options_set(options.get(), "compile-to", "linalg",
                                     nullptr, 0),
            0);
  Result result = compile(kNegate, options);
  ASSERT_EQ(disc_compile_result_succeeded(result.get()), 1);
  std::string ir = getArtifact(result);
  EXPECT_NE(ir.find("linalg.generic"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("stablehlo."), std::string::npos) << ir;
}

TEST(CompilerApi, ReportsAnErrorAtItsPlaceInTheSource) {
  std::string source = kNegate;
  source.replace(source.find("stablehlo.negate"), 16, "stablehlo.frobnicate");
  Options options = makeOptions();
  Result result = compile(source, options);
  EXPECT_EQ(disc_compile_result_succeeded(result.get()), 0);
  size_t size = 1;
  disc_compile_result_artifact(result.get(), &size);
  EXPECT_EQ(size, 0u);
  ASSERT_GE(disc_compile_result_diagnostic_count(result.get()), 1u);
  disc_compile_diagnostic diagnostic;
  ASSERT_EQ(disc_compile_result_diagnostic(result.get(), 0, &diagnostic), 0);
  EXPECT_STREQ(diagnostic.severity, "error");
  EXPECT_STREQ(diagnostic.file, "program.mlir");
  EXPECT_EQ(diagnostic.line, 2u);
  EXPECT_EQ(diagnostic.column, 8u);
  EXPECT_NE(std::string(diagnostic.message).find("stablehlo.frobnicate"),
            std::string::npos);
  std::string text = diagnostic.text;
  EXPECT_EQ(text.rfind("program.mlir:2:8: error: ", 0), 0u) << text;
  EXPECT_NE(text.find("^"), std::string::npos) << text;
  EXPECT_EQ(disc_compile_result_diagnostic(result.get(), 99, &diagnostic), -1);
}

TEST(CompilerApi, ReportsABadRequestWithoutALocation) {
  Options options = makeOptions();
  ASSERT_EQ(
      disc_compile_options_set(options.get(), "target", "tpu", nullptr, 0), 0);
  Result result = compile(kNegate, options);
  EXPECT_EQ(disc_compile_result_succeeded(result.get()), 0);
  ASSERT_EQ(disc_compile_result_diagnostic_count(result.get()), 1u);
  disc_compile_diagnostic diagnostic;
  ASSERT_EQ(disc_compile_result_diagnostic(result.get(), 0, &diagnostic), 0);
  EXPECT_STREQ(diagnostic.file, "");
  EXPECT_STREQ(diagnostic.message,
               "unknown target 'tpu' for --target (expected cpu or cuda)");
}

TEST(CompilerApi, RefusesUnknownOptionsAndValuesSayingWhy) {
  Options options = makeOptions();
  char error[64];
  EXPECT_EQ(disc_compile_options_set(options.get(), "no-such-option", "1",
                                     error, sizeof(error)),
            -1);
  EXPECT_STREQ(error, "unknown compile option 'no-such-option'");
  EXPECT_EQ(disc_compile_options_set(options.get(), "opt-level", "7", error,
                                     sizeof(error)),
            -1);
  EXPECT_STREQ(error, "opt-level '7' is not 0, 1, 2 or 3");
  char small[8];
  EXPECT_EQ(disc_compile_options_set(options.get(), "timing", "maybe", small,
                                     sizeof(small)),
            -1);
  EXPECT_STREQ(small, "option ");
  EXPECT_EQ(disc_compile_options_set(nullptr, "target", "cpu", nullptr, 0), -1);
}

TEST(CompilerApi, TakesNoNullArgument) {
  Options options = makeOptions();
  Result result(disc_compile(nullptr, 0, "program.mlir", options.get()));
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(disc_compile_result_succeeded(result.get()), 0);
  EXPECT_EQ(disc_compile_result_diagnostic_count(result.get()), 1u);
}

} // namespace
