#include "disc/tooling/compare.h"

#include "disc/tooling/tensor_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace disc::tooling {
namespace {

using ral::DType;

npy::Array parsed(const std::string &spec) {
  npy::Array array;
  std::string error;
  EXPECT_TRUE(parseTypedTensor(spec, array, error)) << error;
  return array;
}

disc_tensor tensorOf(const npy::Array &array) {
  return {ral::dtypeToken(array.dtype),
          static_cast<int64_t>(array.shape.size()), array.shape.data(),
          array.data()};
}

Comparison compare(const std::string &actual, const std::string &expected,
                   std::optional<double> atol = std::nullopt,
                   std::optional<double> rtol = std::nullopt) {
  npy::Array got = parsed(actual), want = parsed(expected);
  Comparison comparison;
  std::string error;
  EXPECT_TRUE(compareOutput(0, tensorOf(got), want, "e.npy", atol, rtol,
                            comparison, error))
      << error;
  return comparison;
}

TEST(CompareTest, DefaultTolerancesFollowTheDtype) {
  EXPECT_EQ(defaultTolerance(DType::i32).atol, 0);
  EXPECT_EQ(defaultTolerance(DType::ui8).rtol, 0);
  EXPECT_EQ(defaultTolerance(DType::f16).atol, 1e-2);
  EXPECT_EQ(defaultTolerance(DType::bf16).rtol, 1e-2);
  EXPECT_EQ(defaultTolerance(DType::f32).atol, 1e-5);
  EXPECT_EQ(defaultTolerance(DType::f32).rtol, 1e-4);
  EXPECT_EQ(defaultTolerance(DType::f64).atol, 1e-10);
  EXPECT_EQ(defaultTolerance(DType::f64).rtol, 1e-8);
}

TEST(CompareTest, MatchesWithinTolerance) {
  // |1000.05 - 1000| = 0.05 <= 1e-5 + 1e-4 * 1000.
  Comparison within = compare("2xf32=1 1000.05", "2xf32=1 1000");
  EXPECT_TRUE(within.matches);
  EXPECT_EQ(within.verdict, "output 0: matches expected (max abs err 0.05)");
  Comparison beyond = compare("2xf32=1 1000.2", "2xf32=1 1000");
  EXPECT_FALSE(beyond.matches);
  EXPECT_EQ(beyond.verdict,
            "output 0: does not match expected: 1 of 2 elements differ, max "
            "abs err 0.2, max rel err 0.0002 (atol 1e-05, rtol 0.0001); "
            "first at [1]: got 1000.2, expected 1000");
}

TEST(CompareTest, OverridesTolerances) {
  EXPECT_TRUE(compare("1xf32=1.5", "1xf32=1", 0.5, 0).matches);
  EXPECT_FALSE(compare("1xf32=1.5", "1xf32=1", 0.4, 0).matches);
  EXPECT_TRUE(compare("1xf32=1.5", "1xf32=1", 0, 0.5).matches);
}

TEST(CompareTest, ComparesIntegersExactly) {
  EXPECT_TRUE(compare("1xi64=9223372036854775807", "1xi64=9223372036854775807")
                  .matches);
  // One apart, where a double cannot tell them apart.
  Comparison near =
      compare("1xi64=9223372036854775806", "1xi64=9223372036854775807");
  EXPECT_FALSE(near.matches);
  EXPECT_NE(near.verdict.find("got 9223372036854775806, expected "
                              "9223372036854775807"),
            std::string::npos)
      << near.verdict;
}

TEST(CompareTest, NanMatchesOnlyNanAndInfinityOnlyItself) {
  EXPECT_TRUE(compare("2xf32=nan inf", "2xf32=nan inf").matches);
  Comparison nan = compare("1xf32=nan", "1xf32=1");
  EXPECT_FALSE(nan.matches);
  EXPECT_EQ(nan.verdict,
            "output 0: does not match expected: 1 of 1 elements differ, max "
            "abs err inf, max rel err inf (atol 1e-05, rtol 0.0001); first "
            "at [0]: got nan, expected 1");
  EXPECT_FALSE(compare("1xf32=-inf", "1xf32=inf").matches);
}

TEST(CompareTest, ReportsTheFirstMismatchByIndex) {
  Comparison comparison = compare("2x2xi32=1 2 3 5", "2x2xi32=1 2 4 6");
  EXPECT_EQ(comparison.verdict,
            "output 0: does not match expected: 2 of 4 elements differ, max "
            "abs err 1, max rel err 0.25 (atol 0, rtol 0); first at [1, 0]: "
            "got 3, expected 4");
}

TEST(CompareTest, ComparesTheTwoPartsOfComplexNumbersApart) {
  EXPECT_EQ(defaultTolerance(DType::c64).atol, 1e-5);
  EXPECT_EQ(defaultTolerance(DType::c128).rtol, 1e-8);
  EXPECT_TRUE(compare("2xc64=1+1000.05j 2j", "2xc64=1+1000j 2j").matches);
  // Both parts of the second element are off: it counts once.
  Comparison comparison =
      compare("3xc128=1+2j 3.5+4.5j 5+6j", "3xc128=1+2j 3+4j 5+6.5j");
  EXPECT_FALSE(comparison.matches);
  EXPECT_EQ(comparison.verdict,
            "output 0: does not match expected: 2 of 3 elements differ, max "
            "abs err 0.5, max rel err 0.17 (atol 1e-10, rtol 1e-08); first "
            "at [1]: got 3.5+4.5j, expected 3+4j");
}

TEST(CompareTest, RefusesAnotherShapeOrDtype) {
  npy::Array got = parsed("2xf32=1 2"), shape = parsed("1x2xf32=1 2"),
             dtype = parsed("2xf64=1 2");
  Comparison comparison;
  std::string error;
  EXPECT_FALSE(compareOutput(3, tensorOf(got), shape, "e.npy", std::nullopt,
                             std::nullopt, comparison, error));
  EXPECT_EQ(error, "output 3 is 2xf32, 'e.npy' holds 1x2xf32");
  EXPECT_FALSE(compareOutput(3, tensorOf(got), dtype, "e.npy", std::nullopt,
                             std::nullopt, comparison, error));
  EXPECT_EQ(error, "output 3 is 2xf32, 'e.npy' holds 2xf64");
}

} // namespace
} // namespace disc::tooling
