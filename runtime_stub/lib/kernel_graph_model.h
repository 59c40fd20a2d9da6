// A loaded kernel-graph model (disc_kg_model of the C API).
#ifndef DISC_RUNTIME_STUB_KERNEL_GRAPH_MODEL_H
#define DISC_RUNTIME_STUB_KERNEL_GRAPH_MODEL_H

#include "disc/ral/host/kernel_graph_abi.h"
#include "disc/ral/host/work_queue.h"
#include "disc/runtime_stub.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace disc::kg {

struct Function {
  std::string name;
  std::string symbol;
  DiscKgFunctionPtr entry = nullptr;
  std::vector<std::string> inputSpellings;
  std::vector<std::string> outputSpellings;
  std::vector<uint8_t> inputTypes;  // DiscKgType
  std::vector<uint8_t> outputTypes; // DiscKgType
};

struct Model {
  std::string path;
  void *handle = nullptr;
  std::vector<Function> functions;
  // Made on first choice of "s" and kept: runs started on it may still be
  // in flight when the choice changes back.
  std::unique_ptr<host::ConcurrentWorkQueue> singleThreadedQueue;
  bool useSingleThreadedQueue = false;

  ~Model();
  // The queue new runs start on (disc_kg_model_set_work_queue).
  host::ConcurrentWorkQueue &workQueue() const;
  disc_status *readMetadata(const char *text);
  disc_status *error(const std::string &message) const;
  const Function *function(int64_t index) const;
};

} // namespace disc::kg

struct disc_kg_model : disc::kg::Model {};

#endif // DISC_RUNTIME_STUB_KERNEL_GRAPH_MODEL_H
