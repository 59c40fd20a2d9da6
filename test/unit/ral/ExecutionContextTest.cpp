#include "disc/ral/api.h"
#include "disc/ral/context.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace disc::ral {
namespace {

void *callAlloc(ExecutionContext &context, int64_t bytes) {
  void *contextPointer = &context;
  void *result = nullptr;
  void *args[] = {&contextPointer, &bytes, &result};
  disc_ral_api_call(&context, "ral_alloc___cpu___pvoid_i64___pvoid", args);
  return result;
}

int32_t callDealloc(ExecutionContext &context, void *pointer) {
  void *contextPointer = &context;
  void *args[] = {&contextPointer, &pointer};
  return disc_ral_api_call(&context, "ral_dealloc___cpu___pvoid_pvoid___void",
                           args);
}

TEST(ExecutionContext, AllocatesAlignedTemporariesAndFreesThem) {
  ExecutionContext context(nullptr, {}, 0);
  void *first = callAlloc(context, 100);
  void *second = callAlloc(context, 0);
  ASSERT_TRUE(context.ok()) << context.errorMessage();
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_NE(first, second);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(first) % 64, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(second) % 64, 0u);
  std::memset(first, 0xab, 100);
  EXPECT_EQ(context.liveTemporaries(), 2u);
  EXPECT_EQ(callDealloc(context, first), 0);
  EXPECT_EQ(context.liveTemporaries(), 1u);
  EXPECT_EQ(callDealloc(context, nullptr), 0);
  EXPECT_TRUE(context.ok());
}

TEST(ExecutionContext, DeallocOfAForeignPointerIsAnError) {
  ExecutionContext context(nullptr, {}, 0);
  int local = 0;
  EXPECT_NE(callDealloc(context, &local), 0);
  EXPECT_FALSE(context.ok());
  EXPECT_NE(context.errorMessage().find("is not a live temporary of this run"),
            std::string::npos)
      << context.errorMessage();
}

TEST(ExecutionContext, NegativeAllocationIsAnError) {
  ExecutionContext context(nullptr, {}, 0);
  EXPECT_EQ(callAlloc(context, -8), nullptr);
  EXPECT_EQ(context.errorMessage(), "ral_alloc: negative size -8");
}

TEST(ExecutionContext, ReportErrorFailsTheCallWithTheMessage) {
  ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  const char *message = "model.mlir:3:8: dimension 0 of the operands differ";
  void *args[] = {&contextPointer, &message};
  EXPECT_NE(disc_ral_api_call(
                &context, "ral_report_error___cpu___pvoid_pvoid___void", args),
            0);
  EXPECT_FALSE(context.ok());
  EXPECT_EQ(context.errorMessage(), message);
}

// jax.export's shape assertions: each {i} is values[i]; a placeholder past
// the values, or not a number, stays as written.
TEST(ExecutionContext, ShapeAssertionFillsItsMessageWithTheValues) {
  ExecutionContext context(nullptr, {}, 0);
  void *contextPointer = &context;
  const char *message = "'b' = {0} for args[0].shape[0] (= {0}), 'c' = {1}, "
                        "{2} {x} {}";
  int64_t values[] = {0, 12};
  void *data = values;
  int64_t offset = 0, size = 2, stride = 1;
  void *args[] = {&contextPointer, &message, &data,  &data,
                  &offset,         &size,    &stride};
  EXPECT_NE(disc_ral_api_call(
                &context,
                "ral_report_shape_assertion___cpu___pvoid_pvoid_m1di64___void",
                args),
            0);
  EXPECT_EQ(context.errorMessage(),
            "'b' = 0 for args[0].shape[0] (= 0), 'c' = 12, {2} {x} {}");
}

TEST(ExecutionContext, FirstErrorWins) {
  ExecutionContext context(nullptr, {}, 0);
  EXPECT_TRUE(context.ok());
  context.setError("first");
  context.setError("second");
  EXPECT_FALSE(context.ok());
  EXPECT_EQ(context.errorMessage(), "first");
}

struct MemRef2 {
  float *allocated = nullptr;
  float *data = nullptr;
  int64_t offset = -1;
  int64_t sizes[2] = {-1, -1};
  int64_t strides[2] = {-1, -1};
};

int32_t recvInput2(ExecutionContext &context, const char *name, int64_t index,
                   MemRef2 &out) {
  void *contextPointer = &context;
  void *args[] = {&contextPointer, &index,          &out.allocated,
                  &out.data,       &out.offset,     &out.sizes[0],
                  &out.sizes[1],   &out.strides[0], &out.strides[1]};
  return disc_ral_api_call(&context, name, args);
}

TEST(RecvInput, GivesTheBoundInputAsARowMajorMemRef) {
  std::vector<float> data = {1, 2, 3, 4, 5, 6};
  ExecutionContext context(nullptr, {{DType::f32, {2, 3}, data.data()}}, 0);
  MemRef2 memref;
  ASSERT_EQ(recvInput2(context, "ral_recv_input___cpu___pvoid_i64___m2df32", 0,
                       memref),
            0)
      << context.errorMessage();
  EXPECT_EQ(memref.data, data.data());
  EXPECT_EQ(memref.allocated, data.data());
  EXPECT_EQ(memref.offset, 0);
  EXPECT_EQ(memref.sizes[0], 2);
  EXPECT_EQ(memref.sizes[1], 3);
  EXPECT_EQ(memref.strides[0], 3);
  EXPECT_EQ(memref.strides[1], 1);
}

TEST(RecvInput, ChecksIndexDtypeAndRank) {
  std::vector<float> data(6);
  {
    ExecutionContext context(nullptr, {{DType::f32, {2, 3}, data.data()}}, 0);
    MemRef2 memref;
    EXPECT_NE(recvInput2(context, "ral_recv_input___cpu___pvoid_i64___m2df32",
                         1, memref),
              0);
    EXPECT_EQ(context.errorMessage(),
              "ral_recv_input: input index 1 is out of range, the run has 1 "
              "inputs");
  }
  {
    ExecutionContext context(nullptr, {{DType::f32, {2, 3}, data.data()}}, 0);
    MemRef2 memref;
    EXPECT_NE(recvInput2(context, "ral_recv_input___cpu___pvoid_i64___m2di32",
                         0, memref),
              0);
    EXPECT_EQ(context.errorMessage(),
              "ral_recv_input: input 0 is f32, the compiled code expects i32");
  }
  {
    ExecutionContext context(nullptr, {{DType::f32, {6}, data.data()}}, 0);
    MemRef2 memref;
    EXPECT_NE(recvInput2(context, "ral_recv_input___cpu___pvoid_i64___m2df32",
                         0, memref),
              0);
    EXPECT_EQ(context.errorMessage(),
              "ral_recv_input: input 0 has rank 1, the compiled code expects "
              "rank 2");
  }
}

TEST(SendOutput, CopiesAStridedMemRefIntoAContiguousBuffer) {
  // A 3x2 transposed view of a row-major 2x3 buffer, starting at offset 1 of
  // a larger allocation.
  std::vector<float> storage = {-1, 1, 2, 3, 4, 5, 6};
  float *pointer = storage.data();
  int64_t index = 0, offset = 1;
  int64_t sizes[2] = {3, 2}, strides[2] = {1, 3};
  ExecutionContext context(nullptr, {}, 1);
  void *contextPointer = &context;
  void *args[] = {&contextPointer, &index,    &pointer,    &pointer,   &offset,
                  &sizes[0],       &sizes[1], &strides[0], &strides[1]};
  ASSERT_EQ(disc_ral_api_call(&context,
                              "ral_send_output___cpu___pvoid_i64_m2df32___void",
                              args),
            0)
      << context.errorMessage();
  const OutputTensor &output = context.outputs()[0];
  ASSERT_TRUE(output.sent);
  EXPECT_EQ(output.dtype, DType::f32);
  EXPECT_EQ(output.shape, (std::vector<int64_t>{3, 2}));
  const float *values = static_cast<const float *>(output.buffer.get());
  EXPECT_EQ(std::vector<float>(values, values + 6),
            (std::vector<float>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(values) % 64, 0u);

  // Sending the same output again is a bug in the compiled code.
  EXPECT_NE(disc_ral_api_call(&context,
                              "ral_send_output___cpu___pvoid_i64_m2df32___void",
                              args),
            0);
  EXPECT_EQ(context.errorMessage(), "ral_send_output: output 0 was sent twice");
}

TEST(SendOutput, HandlesRankZeroAndBroadcastStrides) {
  ExecutionContext context(nullptr, {}, 2);
  void *contextPointer = &context;
  int64_t scalarData[2] = {0, 42};
  int64_t *scalarPointer = scalarData;
  int64_t index = 0, offset = 1;
  void *scalarArgs[] = {&contextPointer, &index, &scalarPointer, &scalarPointer,
                        &offset};
  ASSERT_EQ(disc_ral_api_call(&context,
                              "ral_send_output___cpu___pvoid_i64_m0di64___void",
                              scalarArgs),
            0)
      << context.errorMessage();
  EXPECT_TRUE(context.outputs()[0].shape.empty());
  EXPECT_EQ(*static_cast<int64_t *>(context.outputs()[0].buffer.get()), 42);

  // Stride 0 repeats one element: a broadcast view.
  bool flag = true;
  bool *flagPointer = &flag;
  int64_t outputIndex = 1, zero = 0, size = 3, stride = 0;
  void *broadcastArgs[] = {&contextPointer, &outputIndex, &flagPointer,
                           &flagPointer,    &zero,        &size,
                           &stride};
  ASSERT_EQ(disc_ral_api_call(&context,
                              "ral_send_output___cpu___pvoid_i64_m1di1___void",
                              broadcastArgs),
            0)
      << context.errorMessage();
  const uint8_t *bytes =
      static_cast<const uint8_t *>(context.outputs()[1].buffer.get());
  EXPECT_EQ(std::vector<uint8_t>(bytes, bytes + 3),
            (std::vector<uint8_t>{1, 1, 1}));
}

// Sends the 2x3 f32 memref at `pointer` with `strides` as output `index`.
int32_t sendMatrix(ExecutionContext &context, int64_t index, float *pointer,
                   int64_t rowStride, int64_t columnStride) {
  void *contextPointer = &context;
  int64_t offset = 0, rows = 2, columns = 3;
  void *args[] = {&contextPointer, &index,   &pointer,   &pointer,     &offset,
                  &rows,           &columns, &rowStride, &columnStride};
  return disc_ral_api_call(
      &context, "ral_send_output___cpu___pvoid_i64_m2df32___void", args);
}

// A row-major temporary sent whole becomes the output without a copy, and
// the compiled code's dealloc of it afterwards leaves it to the output; a
// second output of the same memory, or a strided view, is copied.
TEST(SendOutput, HandsOverARowMajorTemporaryWithoutACopy) {
  ExecutionContext context(nullptr, {}, 3);
  float *temporary = static_cast<float *>(callAlloc(context, 6 * 4));
  for (int i = 0; i < 6; ++i)
    temporary[i] = static_cast<float>(i);
  ASSERT_EQ(sendMatrix(context, 0, temporary, 3, 1), 0)
      << context.errorMessage();
  EXPECT_EQ(context.outputs()[0].buffer.get(), temporary);
  EXPECT_EQ(context.liveTemporaries(), 0u);
  EXPECT_EQ(context.temporaryBytes(), 0);
  ASSERT_EQ(sendMatrix(context, 1, temporary, 3, 1), 0)
      << context.errorMessage();
  EXPECT_NE(context.outputs()[1].buffer.get(), temporary);
  EXPECT_EQ(callDealloc(context, temporary), 0);
  EXPECT_TRUE(context.ok()) << context.errorMessage();
  const float *values =
      static_cast<const float *>(context.outputs()[0].buffer.get());
  EXPECT_EQ(std::vector<float>(values, values + 6),
            (std::vector<float>{0, 1, 2, 3, 4, 5}));

  // Transposed: a 2x3 view of a 3x2 temporary is copied, not taken.
  float *transposed = static_cast<float *>(callAlloc(context, 6 * 4));
  for (int i = 0; i < 6; ++i)
    transposed[i] = static_cast<float>(i);
  ASSERT_EQ(sendMatrix(context, 2, transposed, 1, 2), 0)
      << context.errorMessage();
  EXPECT_NE(context.outputs()[2].buffer.get(), transposed);
  EXPECT_EQ(context.liveTemporaries(), 1u);
  values = static_cast<const float *>(context.outputs()[2].buffer.get());
  EXPECT_EQ(std::vector<float>(values, values + 6),
            (std::vector<float>{0, 2, 4, 1, 3, 5}));
  // Freeing it again after the hand-over is still a bug.
  EXPECT_EQ(callDealloc(context, temporary), 1);
}

TEST(SendOutput, ChecksTheIndex) {
  ExecutionContext context(nullptr, {}, 1);
  void *contextPointer = &context;
  float value = 1;
  float *pointer = &value;
  int64_t index = 3, offset = 0;
  void *args[] = {&contextPointer, &index, &pointer, &pointer, &offset};
  EXPECT_NE(disc_ral_api_call(&context,
                              "ral_send_output___cpu___pvoid_i64_m0df32___void",
                              args),
            0);
  EXPECT_EQ(context.errorMessage(),
            "ral_send_output: output index 3 is out of range, the function "
            "has 1 outputs");
}

TEST(DType, TokensRoundTrip) {
  for (DType dtype : kAllDTypes) {
    auto parsed = dtypeFromToken(dtypeToken(dtype));
    ASSERT_TRUE(parsed.has_value()) << dtypeToken(dtype);
    EXPECT_EQ(*parsed, dtype);
  }
  EXPECT_FALSE(dtypeFromToken("f17").has_value());
  EXPECT_EQ(dtypeSize(DType::i1), 1u);
  EXPECT_EQ(dtypeSize(DType::bf16), 2u);
  EXPECT_EQ(dtypeSize(DType::ui64), 8u);
}

TEST(HalfConversion, CoversNormalsSubnormalsAndSpecials) {
  EXPECT_EQ(toFloat(half{0x3c00}), 1.0f);
  EXPECT_EQ(toFloat(half{0xc000}), -2.0f);
  EXPECT_EQ(toFloat(half{0x7bff}), 65504.0f);
  EXPECT_EQ(toFloat(half{0x0001}), 5.9604644775390625e-08f);
  EXPECT_TRUE(std::isinf(toFloat(half{0x7c00})));
  EXPECT_TRUE(std::isnan(toFloat(half{0x7e00})));
  EXPECT_EQ(toFloat(bfloat16{0x3f80}), 1.0f);
  EXPECT_EQ(toFloat(bfloat16{0xc040}), -3.0f);
}

} // namespace
} // namespace disc::ral
