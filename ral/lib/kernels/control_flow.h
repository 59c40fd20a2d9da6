// What the control-flow kernels share with kernels elsewhere that run a
// function of their site (tfrt_test.do.async, in the test kernels' library):
// calling it and handing out results that arrive later.
#ifndef DISC_RAL_LIB_KERNELS_CONTROL_FLOW_H
#define DISC_RAL_LIB_KERNELS_CONTROL_FLOW_H

#include "disc/ral/host/async_value.h"
#include "disc/ral/host/kernel_frame.h"

#include <string>
#include <vector>

namespace disc::kernels {

using Values = std::vector<host::RCReference<host::AsyncValue>>;

// The frame's arguments from `first` on, one reference each.
Values argsFrom(const host::KernelFrame &frame, int first);

// Calls `function` on `args`; its results, one reference each.
Values callFunction(host::HostExecution &execution,
                    const DiscKgFunction &function, const Values &args);

// The results of a kernel that finishes after it returns: indirect values
// handed out now and forwarded later. Counted as work of the run meanwhile.
class LateResults {
public:
  explicit LateResults(host::KernelFrame &frame)
      : execution_(frame.execution()) {
    for (int i = 0; i < frame.numResults(); ++i)
      results_.push_back(frame.allocateIndirectResult(i));
    execution_.beginWork();
  }
  LateResults(LateResults &&other) noexcept
      : execution_(other.execution_), results_(std::move(other.results_)) {
    other.done_ = true;
  }
  LateResults(const LateResults &) = delete;
  ~LateResults() {
    if (!done_)
      fail("Cancelled");
  }

  host::HostExecution &execution() const { return execution_; }

  void forward(Values values) {
    for (size_t i = 0; i < results_.size(); ++i)
      results_[i]->forwardTo(i < values.size()
                                 ? std::move(values[i])
                                 : host::makeErrorValue("missing result"));
    finish();
  }
  void forwardAll(const host::RCReference<host::AsyncValue> &value) {
    for (auto &result : results_)
      result->forwardTo(value);
    finish();
  }
  void fail(const std::string &message) {
    forwardAll(host::makeErrorValue(message));
  }

private:
  void finish() {
    done_ = true;
    execution_.endWork();
  }
  host::HostExecution &execution_;
  std::vector<host::RCReference<host::IndirectAsyncValue>> results_;
  bool done_ = false;
};

} // namespace disc::kernels

#endif // DISC_RAL_LIB_KERNELS_CONTROL_FLOW_H
