// The CPU runtime's way to spread work over the cores: the host work queue's
// workers (one per core) and the calling thread. Compiled loops reach it
// through ral_parallel_for, matrix products through ral_gemm, so that the
// two never compete for the cores with a pool of another library.
#ifndef DISC_RAL_LIB_CPU_PARALLEL_FOR_H
#define DISC_RAL_LIB_CPU_PARALLEL_FOR_H

#include <cstdint>
#include <functional>

namespace disc::ral {
class ExecutionContext;
} // namespace disc::ral

namespace disc::ral::cpu {

// How many threads a run of `run` may spread work over: one per worker of
// the process's work queue, or fewer when its context caps them.
int getRunThreads(const ExecutionContext *run);

// Runs `chunk(begin, end)` over [0, count) in chunks of at least `grain`
// iterations, `threads` of them at most, on the calling thread and the
// workers of the process's work queue; returns once every chunk has run.
void runInChunks(int64_t count, int64_t grain, int threads,
                 const std::function<void(int64_t, int64_t)> &chunk);

} // namespace disc::ral::cpu

#endif // DISC_RAL_LIB_CPU_PARALLEL_FOR_H
