// AsyncValue: a reference-counted future, after TFRT's. A value is
// unconstructed (no payload yet), constructed (payload built, not yet
// published), concrete (payload available) or an error (a message). An
// IndirectAsyncValue stands for a value not yet known and forwards to it once
// it is. Waiters registered with andThen() are kept in a lock-free list and
// run once the value is available (concrete or error).
//
// The header is 16 bytes and has no vtable: the payload type is a small
// integer (typeIdOf<T>(), no RTTI) indexing a table of destroy/error
// functions.
#ifndef DISC_RAL_HOST_ASYNC_VALUE_H
#define DISC_RAL_HOST_ASYNC_VALUE_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace disc::host {

class AsyncValue;
class IndirectAsyncValue;
template <typename T> class ConcreteAsyncValue;

// The error an AsyncValue may hold instead of its payload.
struct AsyncError {
  std::string message;
};

namespace detail {

// What the runtime needs to know about a payload type, found by type id.
struct TypeInfo {
  void (*destroy)(AsyncValue *value);
  AsyncError *(*error)(const AsyncValue *value);
  void (*setError)(AsyncValue *value, AsyncError *error);
};

// Memory for values: small ones come from a per-thread free list, since a
// kernel graph makes and drops a value per kernel.
void *allocateValue(size_t bytes);
void freeValue(void *pointer, size_t bytes);

// Adds `info` to the table and returns its id; ids start at 1.
uint16_t registerType(TypeInfo info);
const TypeInfo &typeInfo(uint16_t id);

// A waiter of the lock-free list; nodes are at least 4-byte aligned, so
// the low two bits of a node pointer are free to hold the state.
struct Waiter {
  Waiter *next = nullptr;
  virtual void run() = 0;
  virtual ~Waiter() = default;

  // From the values' free lists: a kernel that waits adds a node per
  // argument not yet available.
  static void *operator new(size_t bytes) { return allocateValue(bytes); }
  static void operator delete(void *pointer, size_t bytes) {
    freeValue(pointer, bytes);
  }
};

template <typename F> struct WaiterFor final : Waiter {
  template <typename G>
  explicit WaiterFor(G &&function) : function(std::forward<G>(function)) {}
  void run() override { function(); }
  F function;
};

} // namespace detail

// The type id of payload type T: distinct per type, assigned on first use.
template <typename T> uint16_t typeIdOf();

// An intrusive reference to an AsyncValue (or a subclass).
template <typename T> class RCReference {
public:
  RCReference() = default;
  // Adopts one reference that the caller already holds.
  static RCReference adopt(T *value) {
    RCReference ref;
    ref.value_ = value;
    return ref;
  }
  RCReference(const RCReference &other) : value_(other.value_) {
    if (value_)
      value_->addRef();
  }
  RCReference(RCReference &&other) noexcept : value_(other.value_) {
    other.value_ = nullptr;
  }
  template <typename U, typename = std::enable_if_t<std::is_base_of_v<T, U>>>
  RCReference(RCReference<U> &&other) noexcept : value_(other.release()) {}
  template <typename U, typename = std::enable_if_t<std::is_base_of_v<T, U>>>
  RCReference(const RCReference<U> &other) : value_(other.get()) {
    if (value_)
      value_->addRef();
  }
  RCReference &operator=(RCReference other) noexcept {
    std::swap(value_, other.value_);
    return *this;
  }
  ~RCReference() {
    if (value_)
      value_->dropRef();
  }

  T *get() const { return value_; }
  T *operator->() const { return value_; }
  T &operator*() const { return *value_; }
  explicit operator bool() const { return value_ != nullptr; }
  // Gives up the reference without dropping it.
  T *release() {
    T *value = value_;
    value_ = nullptr;
    return value;
  }
  void reset() { RCReference().swap(*this); }
  void swap(RCReference &other) noexcept { std::swap(value_, other.value_); }

private:
  T *value_ = nullptr;
};

// Takes a new reference to `value`.
template <typename T> RCReference<T> formRef(T *value) {
  value->addRef();
  return RCReference<T>::adopt(value);
}

class AsyncValue {
public:
  enum class State : uint8_t {
    kUnconstructed = 0,
    kConstructed = 1,
    kConcrete = 2,
    kError = 3
  };

  AsyncValue(const AsyncValue &) = delete;
  AsyncValue &operator=(const AsyncValue &) = delete;

  State state() const {
    // Acquire: a reader that sees an available state sees its payload.
    return static_cast<State>(waitersAndState_.load(std::memory_order_acquire) &
                              kStateMask);
  }
  bool isAvailable() const { return state() >= State::kConcrete; }
  bool isUnavailable() const { return !isAvailable(); }
  bool isConcrete() const { return state() == State::kConcrete; }
  bool isError() const { return state() == State::kError; }
  bool isIndirect() const { return kind_ == Kind::kIndirect; }

  // The payload type, or 0 for an indirect value not yet forwarded.
  uint16_t typeId() const;
  template <typename T> bool isType() const {
    return typeId() == typeIdOf<T>();
  }

  // The payload of a concrete value of type T.
  template <typename T> const T &get() const;
  template <typename T> T &get();
  // The error of a value in the error state.
  const AsyncError &error() const;
  const std::string &errorMessage() const { return error().message; }

  // Builds the payload of an unconstructed ConcreteAsyncValue<T> and makes it
  // concrete.
  template <typename T, typename... Args> void emplace(Args &&...args);
  // Makes an unavailable value an error (an indirect one forwards to it).
  void setError(std::string message);
  // Publishes a constructed payload.
  void setStateConcrete();

  // Runs `waiter` once the value is available: now, on this thread, if it
  // already is; else on the thread that makes it available.
  template <typename F> void andThen(F &&waiter);

  void addRef(uint32_t count = 1) {
    // Relaxed: taking a reference needs one already held; nothing to order.
    refCount_.fetch_add(count, std::memory_order_relaxed);
  }
  void dropRef(uint32_t count = 1) {
    // Acquire on the sole-owner fast path so the destroy sees every write of
    // the threads that dropped their references before.
    if (refCount_.load(std::memory_order_acquire) == count) {
      destroy();
      return;
    }
    // Acq_rel: release our writes to the destroyer, acquire theirs if we are.
    if (refCount_.fetch_sub(count, std::memory_order_acq_rel) == count)
      destroy();
  }
  uint32_t refCount() const {
    return refCount_.load(std::memory_order_relaxed);
  }

protected:
  enum class Kind : uint8_t { kConcrete, kIndirect };

  AsyncValue(Kind kind, State state, uint16_t typeId)
      : refCount_(1), typeId_(typeId), kind_(kind),
        waitersAndState_(static_cast<uintptr_t>(state)) {}
  ~AsyncValue() = default;

  // Publishes `state` (concrete or error) and runs the waiters.
  void notifyAvailable(State state);

  // The value holding the payload: this, or what an indirect one forwards to.
  const AsyncValue *target() const;
  AsyncValue *target() {
    return const_cast<AsyncValue *>(std::as_const(*this).target());
  }

  void destroy();

  static constexpr uintptr_t kStateMask = 3;

  std::atomic<uint32_t> refCount_;
  uint16_t typeId_;
  Kind kind_;
  // The waiter list's head pointer with the state in its low two bits.
  std::atomic<uintptr_t> waitersAndState_;

  friend class IndirectAsyncValue;
};

static_assert(sizeof(AsyncValue) == 16, "the AsyncValue header is 16 bytes");

// A value with a payload of type T (or an error in its place).
template <typename T> class ConcreteAsyncValue final : public AsyncValue {
public:
  struct UnconstructedTag {};
  struct ErrorTag {};

  explicit ConcreteAsyncValue(UnconstructedTag)
      : AsyncValue(Kind::kConcrete, State::kUnconstructed, typeIdOf<T>()) {}
  template <typename... Args>
  explicit ConcreteAsyncValue(std::in_place_t, Args &&...args)
      : AsyncValue(Kind::kConcrete, State::kConcrete, typeIdOf<T>()) {
    new (&payload_.value) T(std::forward<Args>(args)...);
  }
  ConcreteAsyncValue(ErrorTag, std::string message)
      : AsyncValue(Kind::kConcrete, State::kError, typeIdOf<T>()) {
    payload_.error = new AsyncError{std::move(message)};
  }

  const T &value() const { return payload_.value; }
  T &value() { return payload_.value; }

  static void *operator new(size_t bytes) {
    return detail::allocateValue(bytes);
  }
  static void operator delete(void *pointer, size_t bytes) {
    detail::freeValue(pointer, bytes);
  }
  static void *operator new(size_t bytes, std::align_val_t alignment) {
    return ::operator new(bytes, alignment);
  }
  static void operator delete(void *pointer, std::align_val_t alignment) {
    ::operator delete(pointer, alignment);
  }

  // Builds the payload in place without publishing it.
  template <typename... Args> void construct(Args &&...args) {
    new (&payload_.value) T(std::forward<Args>(args)...);
    // Release is not needed: setStateConcrete publishes with release.
    waitersAndState_.fetch_or(static_cast<uintptr_t>(State::kConstructed),
                              std::memory_order_relaxed);
  }

  static void destroyValue(AsyncValue *value) {
    auto *self = static_cast<ConcreteAsyncValue *>(value);
    State state = self->state();
    if (state == State::kConcrete || state == State::kConstructed)
      self->payload_.value.~T();
    else if (state == State::kError)
      delete self->payload_.error;
    delete self;
  }
  static AsyncError *errorOf(const AsyncValue *value) {
    return static_cast<const ConcreteAsyncValue *>(value)->payload_.error;
  }
  static void setErrorOf(AsyncValue *value, AsyncError *error) {
    static_cast<ConcreteAsyncValue *>(value)->payload_.error = error;
  }

private:
  ~ConcreteAsyncValue() = default;

  union Payload {
    Payload() {}
    ~Payload() {}
    T value;
    AsyncError *error;
  } payload_;

  friend class AsyncValue;
};

// A value that forwards to another once that one is known.
class IndirectAsyncValue final : public AsyncValue {
public:
  IndirectAsyncValue()
      : AsyncValue(Kind::kIndirect, State::kUnconstructed, 0) {}

  // Forwards to `value`: this value becomes available when `value` does,
  // with its payload or error. Called once.
  void forwardTo(RCReference<AsyncValue> value);
  void forwardToError(std::string message);

  static void destroyValue(AsyncValue *value);

  static void *operator new(size_t bytes) {
    return detail::allocateValue(bytes);
  }
  static void operator delete(void *pointer, size_t bytes) {
    detail::freeValue(pointer, bytes);
  }

private:
  ~IndirectAsyncValue() = default;
  // Set before the state is published (release), read after (acquire).
  AsyncValue *value_ = nullptr;
  friend class AsyncValue;
};

template <typename T> uint16_t typeIdOf() {
  static const uint16_t id = detail::registerType(
      {&ConcreteAsyncValue<T>::destroyValue, &ConcreteAsyncValue<T>::errorOf,
       &ConcreteAsyncValue<T>::setErrorOf});
  return id;
}

inline const AsyncValue *AsyncValue::target() const {
  if (kind_ == Kind::kConcrete)
    return this;
  return static_cast<const IndirectAsyncValue *>(this)->value_;
}

inline uint16_t AsyncValue::typeId() const {
  const AsyncValue *value = isAvailable() ? target() : this;
  return value ? value->typeId_ : 0;
}

template <typename T> const T &AsyncValue::get() const {
  return static_cast<const ConcreteAsyncValue<T> *>(target())->value();
}
template <typename T> T &AsyncValue::get() {
  return static_cast<ConcreteAsyncValue<T> *>(target())->value();
}

template <typename T, typename... Args>
void AsyncValue::emplace(Args &&...args) {
  static_cast<ConcreteAsyncValue<T> *>(this)->construct(
      std::forward<Args>(args)...);
  notifyAvailable(State::kConcrete);
}

template <typename F> void AsyncValue::andThen(F &&waiter) {
  // Acquire: if it is available, the waiter may read the payload now.
  uintptr_t old = waitersAndState_.load(std::memory_order_acquire);
  if ((old & kStateMask) >= static_cast<uintptr_t>(State::kConcrete)) {
    waiter();
    return;
  }
  auto *node = new detail::WaiterFor<std::decay_t<F>>(std::forward<F>(waiter));
  for (;;) {
    if ((old & kStateMask) >= static_cast<uintptr_t>(State::kConcrete)) {
      // The value became available while we were pushing; run it now.
      node->run();
      delete node;
      return;
    }
    node->next = reinterpret_cast<detail::Waiter *>(old & ~kStateMask);
    // Release publishes the node to the notifier; acquire on failure so a
    // newly available state's payload is visible to the waiter.
    if (waitersAndState_.compare_exchange_weak(
            old, reinterpret_cast<uintptr_t>(node) | (old & kStateMask),
            std::memory_order_release, std::memory_order_acquire))
      return;
  }
}

// A new available value of type T (one reference).
template <typename T, typename... Args>
RCReference<AsyncValue> makeAvailableValue(Args &&...args) {
  return RCReference<AsyncValue>::adopt(
      new ConcreteAsyncValue<T>(std::in_place, std::forward<Args>(args)...));
}
// A new unavailable value of type T, to emplace() or setError() later.
template <typename T> RCReference<AsyncValue> makeUnconstructedValue() {
  return RCReference<AsyncValue>::adopt(new ConcreteAsyncValue<T>(
      typename ConcreteAsyncValue<T>::UnconstructedTag()));
}
// A new value in the error state.
RCReference<AsyncValue> makeErrorValue(std::string message);
RCReference<IndirectAsyncValue> makeIndirectValue();

} // namespace disc::host

#endif // DISC_RAL_HOST_ASYNC_VALUE_H
