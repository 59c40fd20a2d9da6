#include "disc/ral/host/async_value.h"

namespace disc::host {

namespace detail {

namespace {

// One entry per possible id: a program instantiates far fewer payload types
// than a uint16_t counts, and the untouched part of the table costs no
// memory.
constexpr uint32_t kMaxTypes = 65536;

struct TypeTable {
  TypeInfo entries[kMaxTypes] = {};
  std::atomic<uint32_t> count{1};
};

TypeTable &typeTable() {
  static TypeTable table;
  return table;
}

} // namespace

uint16_t registerType(TypeInfo info) {
  TypeTable &table = typeTable();
  // Relaxed: each id is handed out once; the entry is published to other
  // threads by the static initialization of typeIdOf<T>'s id.
  auto id = static_cast<uint16_t>(
      table.count.fetch_add(1, std::memory_order_relaxed) % kMaxTypes);
  table.entries[id] = info;
  return id;
}

const TypeInfo &typeInfo(uint16_t id) { return typeTable().entries[id]; }

namespace {

// Size classes of 16, 32, 48 and 64 bytes; larger values use the heap.
constexpr size_t kClassBytes = 16;
constexpr size_t kClasses = 4;
// A thread keeps at most this many free values per class.
constexpr uint32_t kMaxCached = 4096;

struct FreeNode {
  FreeNode *next;
};

// Trivially destructible, so it stays usable while other thread-local
// destructors still free values; `flusher` empties it at thread exit.
// Initial-exec: a direct %fs access instead of a __tls_get_addr call, which
// would cost as much as the allocation it saves.
struct FreeLists {
  FreeNode *heads[kClasses];
  uint32_t counts[kClasses];
  // Whether `flusher` is armed: touching it costs a __tls_get_addr call, so
  // only the first free of a thread does.
  bool flusherArmed;
  bool exited;
};
__attribute__((tls_model("initial-exec"))) thread_local FreeLists freeLists;

struct FreeListFlusher {
  // Written by a thread's first free, which constructs the flusher
  // and so schedules its destructor for the thread's exit.
  bool armed = false;
  ~FreeListFlusher() {
    for (size_t c = 0; c < kClasses; ++c) {
      while (FreeNode *node = freeLists.heads[c]) {
        freeLists.heads[c] = node->next;
        ::operator delete(node);
      }
      freeLists.counts[c] = 0;
    }
    freeLists.exited = true;
  }
};
thread_local FreeListFlusher flusher;

size_t sizeClass(size_t bytes) {
  return (bytes + kClassBytes - 1) / kClassBytes - 1;
}

} // namespace

void *allocateValue(size_t bytes) {
  size_t c = sizeClass(bytes);
  if (c >= kClasses)
    return ::operator new(bytes);
  if (FreeNode *node = freeLists.heads[c]) {
    freeLists.heads[c] = node->next;
    --freeLists.counts[c];
    return node;
  }
  return ::operator new((c + 1) * kClassBytes);
}

void freeValue(void *pointer, size_t bytes) {
  size_t c = sizeClass(bytes);
  if (c >= kClasses || freeLists.exited || freeLists.counts[c] >= kMaxCached) {
    ::operator delete(pointer);
    return;
  }
  if (!freeLists.flusherArmed) {
    flusher.armed = true;
    freeLists.flusherArmed = true;
  }
  auto *node = static_cast<FreeNode *>(pointer);
  node->next = freeLists.heads[c];
  freeLists.heads[c] = node;
  ++freeLists.counts[c];
}

} // namespace detail

namespace {
// The payload type of a value created as an error.
struct ErrorOnly {};
} // namespace

const AsyncError &AsyncValue::error() const {
  const AsyncValue *value = target();
  return *detail::typeInfo(value->typeId_).error(value);
}

void AsyncValue::setError(std::string message) {
  if (kind_ == Kind::kIndirect) {
    static_cast<IndirectAsyncValue *>(this)->forwardToError(std::move(message));
    return;
  }
  detail::typeInfo(typeId_).setError(this, new AsyncError{std::move(message)});
  notifyAvailable(State::kError);
}

void AsyncValue::setStateConcrete() { notifyAvailable(State::kConcrete); }

void AsyncValue::notifyAvailable(State state) {
  // Acq_rel: release publishes the payload to waiters and readers; acquire
  // makes the waiter nodes pushed by other threads visible here.
  uintptr_t old = waitersAndState_.exchange(static_cast<uintptr_t>(state),
                                            std::memory_order_acq_rel);
  auto *waiter = reinterpret_cast<detail::Waiter *>(old & ~kStateMask);
  // The list is newest first; run the waiters in the order they came.
  detail::Waiter *ordered = nullptr;
  while (waiter) {
    detail::Waiter *next = waiter->next;
    waiter->next = ordered;
    ordered = waiter;
    waiter = next;
  }
  while (ordered) {
    detail::Waiter *next = ordered->next;
    ordered->run();
    delete ordered;
    ordered = next;
  }
}

void AsyncValue::destroy() {
  if (kind_ == Kind::kIndirect)
    IndirectAsyncValue::destroyValue(this);
  else
    detail::typeInfo(typeId_).destroy(this);
}

void IndirectAsyncValue::forwardTo(RCReference<AsyncValue> value) {
  // An available indirect value is replaced by its target, so chains of
  // indirections never form.
  if (value->isAvailable() && value->isIndirect())
    value = formRef(static_cast<IndirectAsyncValue *>(value.get())->value_);
  if (!value->isAvailable()) {
    AsyncValue *pending = value.get();
    pending->andThen(
        [self = formRef(this), value = std::move(value)]() mutable {
          self->forwardTo(std::move(value));
        });
    return;
  }
  State state = value->state();
  value_ = value.release();
  notifyAvailable(state);
}

void IndirectAsyncValue::forwardToError(std::string message) {
  forwardTo(makeErrorValue(std::move(message)));
}

void IndirectAsyncValue::destroyValue(AsyncValue *value) {
  auto *self = static_cast<IndirectAsyncValue *>(value);
  if (self->value_)
    self->value_->dropRef();
  delete self;
}

RCReference<AsyncValue> makeErrorValue(std::string message) {
  return RCReference<AsyncValue>::adopt(new ConcreteAsyncValue<ErrorOnly>(
      ConcreteAsyncValue<ErrorOnly>::ErrorTag(), std::move(message)));
}

RCReference<IndirectAsyncValue> makeIndirectValue() {
  return RCReference<IndirectAsyncValue>::adopt(new IndirectAsyncValue());
}

} // namespace disc::host
