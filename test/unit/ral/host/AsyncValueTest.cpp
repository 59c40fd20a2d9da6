#include "disc/ral/host/async_value.h"
#include "disc/ral/host/chain.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace disc::host {
namespace {

// Counts its live instances, to check that payloads are destroyed.
struct Tracked {
  static std::atomic<int> live;
  explicit Tracked(int value) : value(value) { ++live; }
  Tracked(const Tracked &other) : value(other.value) { ++live; }
  ~Tracked() { --live; }
  int value;
};
std::atomic<int> Tracked::live{0};

TEST(AsyncValue, HeaderIsSixteenBytes) { EXPECT_EQ(sizeof(AsyncValue), 16u); }

TEST(AsyncValue, AvailableValueHoldsItsPayload) {
  RCReference<AsyncValue> value = makeAvailableValue<int32_t>(42);
  EXPECT_TRUE(value->isAvailable());
  EXPECT_TRUE(value->isConcrete());
  EXPECT_FALSE(value->isError());
  EXPECT_TRUE(value->isType<int32_t>());
  EXPECT_FALSE(value->isType<int64_t>());
  EXPECT_EQ(value->get<int32_t>(), 42);
  EXPECT_EQ(value->refCount(), 1u);
}

TEST(AsyncValue, TypeIdsAreDistinctPerType) {
  EXPECT_NE(typeIdOf<int32_t>(), typeIdOf<float>());
  EXPECT_EQ(typeIdOf<std::string>(), typeIdOf<std::string>());
  EXPECT_NE(typeIdOf<int32_t>(), 0);
}

TEST(AsyncValue, StatesGoFromUnconstructedToConcrete) {
  RCReference<AsyncValue> value = makeUnconstructedValue<std::string>();
  EXPECT_EQ(value->state(), AsyncValue::State::kUnconstructed);
  EXPECT_TRUE(value->isUnavailable());
  static_cast<ConcreteAsyncValue<std::string> *>(value.get())
      ->construct("built");
  EXPECT_EQ(value->state(), AsyncValue::State::kConstructed);
  EXPECT_TRUE(value->isUnavailable());
  value->setStateConcrete();
  EXPECT_EQ(value->state(), AsyncValue::State::kConcrete);
  EXPECT_EQ(value->get<std::string>(), "built");
}

TEST(AsyncValue, WaitersRunInOrderWhenTheValueBecomesAvailable) {
  RCReference<AsyncValue> value = makeUnconstructedValue<int32_t>();
  std::vector<int> seen;
  value->andThen([&] { seen.push_back(value->get<int32_t>()); });
  value->andThen([&] { seen.push_back(value->get<int32_t>() + 1); });
  EXPECT_TRUE(seen.empty());
  value->emplace<int32_t>(7);
  EXPECT_EQ(seen, (std::vector<int>{7, 8}));
  value->andThen([&] { seen.push_back(0); });
  EXPECT_EQ(seen, (std::vector<int>{7, 8, 0}));
}

TEST(AsyncValue, ErrorsCarryTheirMessage) {
  RCReference<AsyncValue> error = makeErrorValue("something bad happened");
  EXPECT_TRUE(error->isError());
  EXPECT_TRUE(error->isAvailable());
  EXPECT_EQ(error->errorMessage(), "something bad happened");

  RCReference<AsyncValue> value = makeUnconstructedValue<Tracked>();
  bool ran = false;
  value->andThen([&] { ran = true; });
  value->setError("Divide by zero");
  EXPECT_TRUE(ran);
  EXPECT_TRUE(value->isError());
  EXPECT_EQ(value->errorMessage(), "Divide by zero");
}

TEST(AsyncValue, PayloadsAreDestroyedWithTheLastReference) {
  int before = Tracked::live;
  {
    RCReference<AsyncValue> value = makeAvailableValue<Tracked>(3);
    RCReference<AsyncValue> copy = value;
    EXPECT_EQ(value->refCount(), 2u);
    EXPECT_EQ(Tracked::live, before + 1);
  }
  EXPECT_EQ(Tracked::live, before);
  { RCReference<AsyncValue> unconstructed = makeUnconstructedValue<Tracked>(); }
  EXPECT_EQ(Tracked::live, before);
}

TEST(AsyncValue, IndirectValueForwardsToAnAvailableValue) {
  RCReference<IndirectAsyncValue> indirect = makeIndirectValue();
  EXPECT_TRUE(indirect->isUnavailable());
  int seen = 0;
  indirect->andThen([&] { seen = indirect->get<int32_t>(); });
  indirect->forwardTo(makeAvailableValue<int32_t>(5));
  EXPECT_TRUE(indirect->isConcrete());
  EXPECT_TRUE(indirect->isType<int32_t>());
  EXPECT_EQ(seen, 5);
}

TEST(AsyncValue, IndirectValueWaitsForAnUnavailableTarget) {
  RCReference<IndirectAsyncValue> outer = makeIndirectValue();
  RCReference<IndirectAsyncValue> inner = makeIndirectValue();
  RCReference<AsyncValue> target = makeUnconstructedValue<int64_t>();
  outer->forwardTo(RCReference<AsyncValue>(inner));
  inner->forwardTo(target);
  EXPECT_TRUE(outer->isUnavailable());
  target->emplace<int64_t>(9);
  EXPECT_TRUE(inner->isConcrete());
  EXPECT_TRUE(outer->isConcrete());
  EXPECT_EQ(outer->get<int64_t>(), 9);
}

TEST(AsyncValue, IndirectValueForwardsErrors) {
  RCReference<IndirectAsyncValue> indirect = makeIndirectValue();
  RCReference<AsyncValue> target = makeUnconstructedValue<int32_t>();
  indirect->forwardTo(target);
  target->setError("Cancelled");
  EXPECT_TRUE(indirect->isError());
  EXPECT_EQ(indirect->errorMessage(), "Cancelled");

  RCReference<IndirectAsyncValue> direct = makeIndirectValue();
  direct->setError("late");
  EXPECT_EQ(direct->errorMessage(), "late");
}

TEST(AsyncValue, ReadyChainIsSharedAndAvailable) {
  RCReference<AsyncValue> first = readyChain();
  RCReference<AsyncValue> second = readyChain();
  EXPECT_EQ(first.get(), second.get());
  EXPECT_TRUE(first->isConcrete());
  EXPECT_TRUE(first->isType<Chain>());
}

// Many threads add waiters while another makes the value available: every
// waiter runs exactly once, whichever side wins the race.
TEST(AsyncValueStress, EveryWaiterRunsOnceUnderContention) {
  constexpr int kRounds = 50;
  constexpr int kThreads = 4;
  constexpr int kWaitersPerThread = 50;
  for (int round = 0; round < kRounds; ++round) {
    RCReference<AsyncValue> value = makeUnconstructedValue<int32_t>();
    std::atomic<int> ran{0};
    std::atomic<int64_t> sum{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&] {
        while (!go.load(std::memory_order_acquire))
          std::this_thread::yield();
        for (int w = 0; w < kWaitersPerThread; ++w)
          value->andThen([&, value = value] {
            sum += value->get<int32_t>();
            ++ran;
          });
      });
    go.store(true, std::memory_order_release);
    value->emplace<int32_t>(round);
    for (std::thread &thread : threads)
      thread.join();
    ASSERT_EQ(ran.load(), kThreads * kWaitersPerThread);
    ASSERT_EQ(sum.load(), int64_t{round} * kThreads * kWaitersPerThread);
    ASSERT_EQ(value->refCount(), 1u);
  }
}

// References taken and dropped from many threads leave the count exact and
// destroy the payload once.
TEST(AsyncValueStress, ReferenceCountsStayExact) {
  int before = Tracked::live;
  RCReference<AsyncValue> value = makeAvailableValue<Tracked>(1);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 20000; ++i) {
        RCReference<AsyncValue> copy = value;
        EXPECT_EQ(copy->get<Tracked>().value, 1);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(value->refCount(), 1u);
  value.reset();
  EXPECT_EQ(Tracked::live, before);
}

} // namespace
} // namespace disc::host
