#include "disc/ral/registry.h"
#include "disc/ral/api.h"
#include "disc/ral/context.h"

#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <tuple>
#include <vector>

namespace disc::ral {
namespace {

// Records what ral_test received so the test can check the unpacking.
struct Seen {
  float lhsFirst = 0;
  int64_t lhsSize1 = 0;
  int64_t rhsStride0 = 0;
  float rhsAtOffset = 0;
  bool flag = false;
};
Seen seen;

void testFunction(ExecutionContext *, MemRefType<float, 2> lhs,
                  MemRefType<float, 2> rhs, bool flag) {
  seen.lhsFirst = lhs.data[lhs.offset];
  seen.lhsSize1 = lhs.sizes[1];
  seen.rhsStride0 = rhs.strides[0];
  seen.rhsAtOffset = rhs.data[rhs.offset];
  seen.flag = flag;
}
TAO_RAL_API("ral_test", "cpu", testFunction);

double scaleAndCount(ExecutionContext *, double value, int32_t factor) {
  return value * factor;
}
TAO_RAL_API("ral_test_scale", "cpu", scaleAndCount);

std::tuple<int64_t, MemRefType<int8_t, 1>>
splitResults(ExecutionContext *, MemRefType<int8_t, 1> input) {
  MemRefType<int8_t, 1> tail = input;
  tail.offset += 1;
  tail.sizes[0] -= 1;
  return {input.sizes[0], tail};
}
TAO_RAL_API("ral_test_split", "cpu", splitResults);

void failing(ExecutionContext *context, int64_t code) {
  context->setError("failure " + std::to_string(code));
}
TAO_RAL_API("ral_test_fail", "cpu", failing);

void throwing(ExecutionContext *) { throw std::runtime_error("boom"); }
TAO_RAL_API("ral_test_throw", "cpu", throwing);

template <typename T> void generic(void *, MemRefType<T, 0>, uint16_t) {}

int8_t *noThrow(ExecutionContext *, const MemRefType<bool, 3> &) noexcept {
  return nullptr;
}
TAO_RAL_API("ral_test_nothrow", "cpu", noThrow);

TEST(MangledName, FollowsTheSignature) {
  EXPECT_EQ(mangledName<decltype(&testFunction)>("ral_test", "cpu"),
            "ral_test___cpu___pvoid_m2df32_m2df32_i1___void");
  EXPECT_EQ(mangledName<decltype(&scaleAndCount)>("ral_test_scale", "cpu"),
            "ral_test_scale___cpu___pvoid_f64_i32___f64");
  EXPECT_EQ(mangledName<decltype(&splitResults)>("ral_test_split", "cpu"),
            "ral_test_split___cpu___pvoid_m1di8___i64_m1di8");
  EXPECT_EQ(mangledName<decltype(&generic<half>)>("g", "cuda"),
            "g___cuda___pvoid_m0df16_ui16___void");
  EXPECT_EQ(mangledName<decltype(&generic<bfloat16>)>("g", "cpu"),
            "g___cpu___pvoid_m0dbf16_ui16___void");
  EXPECT_EQ(mangledName<decltype(&generic<uint64_t>)>("g", "cpu"),
            "g___cpu___pvoid_m0dui64_ui16___void");
  EXPECT_EQ(mangledName<decltype(noThrow)>("ral_test_nothrow", "cpu"),
            "ral_test_nothrow___cpu___pvoid_m3di1___pvoid");
  EXPECT_NE(
      Registry::global().find("ral_test_nothrow___cpu___pvoid_m3di1___pvoid"),
      nullptr);
}

TEST(Registry, HoldsTheAbiApis) {
  Registry &registry = Registry::global();
  EXPECT_NE(registry.find("ral_recv_input___cpu___pvoid_i64___m2df32"),
            nullptr);
  EXPECT_NE(registry.find("ral_recv_input___cpu___pvoid_i64___m8di1"), nullptr);
  EXPECT_NE(registry.find("ral_recv_input___cpu___pvoid_i64___m0dbf16"),
            nullptr);
  EXPECT_NE(registry.find("ral_send_output___cpu___pvoid_i64_m3dui32___void"),
            nullptr);
  EXPECT_NE(registry.find("ral_alloc___cpu___pvoid_i64___pvoid"), nullptr);
  EXPECT_NE(registry.find("ral_dealloc___cpu___pvoid_pvoid___void"), nullptr);
  EXPECT_EQ(registry.find("ral_recv_input___cpu___pvoid_i64___m9df32"),
            nullptr);
  EXPECT_NE(registry.find("ral_recv_input___gpu___pvoid_i64___m2df32"),
            nullptr);
  EXPECT_NE(registry.find("ral_kernel_launch___gpu___pvoid_pvoid_pvoid_i64_"
                          "i64_i64_i64_i64_i64_i32_pvoid_i64___void"),
            nullptr);
  // Every dtype x 9 ranks for each of recv/send, plus alloc and dealloc, on
  // each of the cpu and gpu devices.
  size_t abiApis = 0;
  for (const std::string &name : registry.names())
    abiApis += name.rfind("ral_recv_input___", 0) == 0 ||
               name.rfind("ral_send_output___", 0) == 0 ||
               name.rfind("ral_alloc___", 0) == 0 ||
               name.rfind("ral_dealloc___", 0) == 0;
  EXPECT_EQ(abiApis, 2u * (2u * std::size(kAllDTypes) * 9u + 2u));
}

TEST(Registry, KeepsTheFirstRegistration) {
  EXPECT_FALSE(registerApi<&failing>("ral_test_fail", "cpu"));
  EXPECT_TRUE(registerApi<&failing>("ral_test_fail_again", "cpu"));
}

TEST(ApiCall, UnpacksMemRefsAndScalars) {
  ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  float lhsData[6] = {1, 2, 3, 4, 5, 6};
  float rhsData[8] = {10, 11, 12, 13, 14, 15, 16, 17};
  float *lhsPtr = lhsData, *rhsPtr = rhsData;
  int64_t lhsOffset = 2, lhsSizes[2] = {2, 2}, lhsStrides[2] = {3, 1};
  int64_t rhsOffset = 5, rhsSizes[2] = {1, 3}, rhsStrides[2] = {4, 1};
  uint8_t flag = 1;
  void *args[] = {
      &contextPointer, &lhsPtr,        &lhsPtr,        &lhsOffset,
      &lhsSizes[0],    &lhsSizes[1],   &lhsStrides[0], &lhsStrides[1],
      &rhsPtr,         &rhsPtr,        &rhsOffset,     &rhsSizes[0],
      &rhsSizes[1],    &rhsStrides[0], &rhsStrides[1], &flag};
  ASSERT_EQ(disc_ral_api_call(&context,
                              "ral_test___cpu___pvoid_m2df32_m2df32_i1___void",
                              args),
            0)
      << context.errorMessage();
  EXPECT_EQ(seen.lhsFirst, 3);
  EXPECT_EQ(seen.lhsSize1, 2);
  EXPECT_EQ(seen.rhsStride0, 4);
  EXPECT_EQ(seen.rhsAtOffset, 15);
  EXPECT_TRUE(seen.flag);
}

TEST(ApiCall, WritesResultsThroughTheirSlots) {
  ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  double value = 1.5;
  int32_t factor = 4;
  double product = 0;
  void *scaleArgs[] = {&contextPointer, &value, &factor, &product};
  ASSERT_EQ(disc_ral_api_call(&context,
                              "ral_test_scale___cpu___pvoid_f64_i32___f64",
                              scaleArgs),
            0);
  EXPECT_EQ(product, 6.0);

  int8_t data[5] = {1, 2, 3, 4, 5};
  int8_t *pointer = data;
  int64_t offset = 0, size = 5, stride = 1;
  int64_t count = 0;
  int8_t *tailAllocated = nullptr, *tailData = nullptr;
  int64_t tailOffset = -1, tailSize = -1, tailStride = -1;
  void *splitArgs[] = {&contextPointer, &pointer,    &pointer,  &offset,
                       &size,           &stride,     &count,    &tailAllocated,
                       &tailData,       &tailOffset, &tailSize, &tailStride};
  ASSERT_EQ(disc_ral_api_call(&context,
                              "ral_test_split___cpu___pvoid_m1di8___i64_m1di8",
                              splitArgs),
            0);
  EXPECT_EQ(count, 5);
  EXPECT_EQ(tailAllocated, data);
  EXPECT_EQ(tailData, data);
  EXPECT_EQ(tailOffset, 1);
  EXPECT_EQ(tailSize, 4);
  EXPECT_EQ(tailStride, 1);
}

TEST(ApiCall, UnknownNameIsAnError) {
  ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  void *args[] = {&contextPointer};
  EXPECT_NE(disc_ral_api_call(&context, "ral_nope___cpu___pvoid___void", args),
            0);
  EXPECT_FALSE(context.ok());
  EXPECT_EQ(context.errorMessage(),
            "unknown RAL API 'ral_nope___cpu___pvoid___void'");
}

TEST(ApiCall, FirstErrorWinsAndLaterCallsFail) {
  ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  int64_t code = 7;
  void *args[] = {&contextPointer, &code};
  EXPECT_NE(disc_ral_api_call(&context,
                              "ral_test_fail___cpu___pvoid_i64___void", args),
            0);
  code = 8;
  EXPECT_NE(disc_ral_api_call(&context,
                              "ral_test_fail___cpu___pvoid_i64___void", args),
            0);
  EXPECT_EQ(context.errorMessage(), "failure 7");
}

TEST(ApiCall, ExceptionsBecomeErrors) {
  ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  void *args[] = {&contextPointer};
  EXPECT_NE(
      disc_ral_api_call(&context, "ral_test_throw___cpu___pvoid___void", args),
      0);
  EXPECT_EQ(context.errorMessage(),
            "RAL API 'ral_test_throw___cpu___pvoid___void' failed: boom");
}

TEST(ApiCall, NullContextOrArgsFail) {
  EXPECT_NE(disc_ral_api_call(nullptr, "ral_alloc___cpu___pvoid_i64___pvoid",
                              nullptr),
            0);
  ExecutionContext context(nullptr, {}, 0);
  EXPECT_NE(disc_ral_api_call(&context, "ral_alloc___cpu___pvoid_i64___pvoid",
                              nullptr),
            0);
  EXPECT_FALSE(context.ok());
}

TEST(Context, CachesLookupsAndChecksTheName) {
  Context context;
  char name[64] = "ral_alloc___cpu___pvoid_i64___pvoid";
  ApiFunction alloc = context.lookup(name);
  ASSERT_NE(alloc, nullptr);
  EXPECT_EQ(context.lookup(name), alloc);
  // Same address, different text: the cache must not answer with alloc.
  std::string other = "ral_dealloc___cpu___pvoid_pvoid___void";
  std::copy(other.begin(), other.end(), name);
  name[other.size()] = '\0';
  ApiFunction dealloc = context.lookup(name);
  ASSERT_NE(dealloc, nullptr);
  EXPECT_NE(dealloc, alloc);
  std::string unknown = "ral_unknown";
  std::copy(unknown.begin(), unknown.end(), name);
  name[unknown.size()] = '\0';
  EXPECT_EQ(context.lookup(name), nullptr);
}

} // namespace
} // namespace disc::ral
