// Task: a move-only callable that the work queue runs once. A callable of
// up to kInlineBytes is kept inside the Task, so queuing the small closures
// of kernels (a value and a result to fill) allocates nothing; a larger one
// is kept on the heap.
#ifndef DISC_RAL_HOST_TASK_H
#define DISC_RAL_HOST_TASK_H

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace disc::host {

class Task {
public:
  static constexpr size_t kInlineBytes = 48;

  Task() = default;
  Task(std::nullptr_t) {}
  template <typename F, typename = std::enable_if_t<
                            !std::is_same_v<std::decay_t<F>, Task> &&
                            std::is_invocable_v<std::decay_t<F> &>>>
  Task(F &&function) {
    using Callable = std::decay_t<F>;
    if constexpr (fitsInline<Callable>()) {
      new (storage_) Callable(std::forward<F>(function));
      ops_ = &kInlineOps<Callable>;
    } else {
      new (storage_) Callable *(new Callable(std::forward<F>(function)));
      ops_ = &kHeapOps<Callable>;
    }
  }
  Task(Task &&other) noexcept { takeFrom(other); }
  Task &operator=(Task &&other) noexcept {
    if (this != &other) {
      reset();
      takeFrom(other);
    }
    return *this;
  }
  Task &operator=(std::nullptr_t) {
    reset();
    return *this;
  }
  Task(const Task &) = delete;
  Task &operator=(const Task &) = delete;
  ~Task() { reset(); }

  explicit operator bool() const { return ops_ != nullptr; }
  void operator()() { ops_->invoke(storage_); }

private:
  struct Ops {
    void (*invoke)(void *storage);
    // Move-constructs into `to` and destroys what is left in `from`.
    void (*relocate)(void *from, void *to);
    void (*destroy)(void *storage);
  };

  template <typename Callable> static constexpr bool fitsInline() {
    return sizeof(Callable) <= kInlineBytes &&
           alignof(Callable) <= alignof(std::max_align_t) &&
           std::is_nothrow_move_constructible_v<Callable>;
  }

  template <typename Callable>
  static constexpr Ops kInlineOps = {
      [](void *storage) { (*static_cast<Callable *>(storage))(); },
      [](void *from, void *to) {
        auto *source = static_cast<Callable *>(from);
        new (to) Callable(std::move(*source));
        source->~Callable();
      },
      [](void *storage) { static_cast<Callable *>(storage)->~Callable(); }};

  template <typename Callable>
  static constexpr Ops kHeapOps = {
      [](void *storage) { (**static_cast<Callable **>(storage))(); },
      [](void *from, void *to) {
        new (to) Callable *(*static_cast<Callable **>(from));
      },
      [](void *storage) { delete *static_cast<Callable **>(storage); }};

  void takeFrom(Task &other) noexcept {
    if (!other.ops_)
      return;
    other.ops_->relocate(other.storage_, storage_);
    ops_ = other.ops_;
    other.ops_ = nullptr;
  }
  void reset() {
    if (!ops_)
      return;
    const Ops *ops = ops_;
    ops_ = nullptr;
    ops->destroy(storage_);
  }

  alignas(std::max_align_t) unsigned char storage_[kInlineBytes];
  const Ops *ops_ = nullptr;
};

} // namespace disc::host

#endif // DISC_RAL_HOST_TASK_H
