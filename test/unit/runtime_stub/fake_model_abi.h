/* The ABI plumbing (docs/ABI.md) shared by the hand-written fake models:
   they import nothing and reach the runtime only through ctx_struct[1], so
   each call builds its slot array here. Every helper returns nonzero on
   success, as the compiled code's status checks do. */
#ifndef DISC_TEST_UNIT_RUNTIME_STUB_FAKE_MODEL_ABI_H
#define DISC_TEST_UNIT_RUNTIME_STUB_FAKE_MODEL_ABI_H

#include <stdint.h>

#define EXPORT __attribute__((visibility("default")))

typedef int32_t (*api_call_fn)(void *context, const char *name, void **args);

typedef struct {
  float *allocated;
  float *data;
  int64_t offset;
  int64_t size;
  int64_t stride;
} memref1_f32;

static inline int recv_input(void *context, api_call_fn call, int64_t index,
                             memref1_f32 *memref) {
  void *args[] = {&context,       &index,          &memref->allocated,
                  &memref->data,  &memref->offset, &memref->size,
                  &memref->stride};
  return call(context, "ral_recv_input___cpu___pvoid_i64___m1df32", args) == 0;
}

static inline int send_output(void *context, api_call_fn call, int64_t index,
                              memref1_f32 *memref) {
  void *args[] = {&context,       &index,          &memref->allocated,
                  &memref->data,  &memref->offset, &memref->size,
                  &memref->stride};
  return call(context, "ral_send_output___cpu___pvoid_i64_m1df32___void",
              args) == 0;
}

static inline float *alloc_floats(void *context, api_call_fn call,
                                  int64_t count) {
  int64_t bytes = count * (int64_t)sizeof(float);
  float *buffer = 0;
  void *args[] = {&context, &bytes, &buffer};
  if (call(context, "ral_alloc___cpu___pvoid_i64___pvoid", args) != 0)
    return 0;
  return buffer;
}

static inline void dealloc(void *context, api_call_fn call, float *buffer) {
  void *args[] = {&context, &buffer};
  call(context, "ral_dealloc___cpu___pvoid_pvoid___void", args);
}

#endif /* DISC_TEST_UNIT_RUNTIME_STUB_FAKE_MODEL_ABI_H */
