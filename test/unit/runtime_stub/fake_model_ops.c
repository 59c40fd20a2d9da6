/* A second hand-written stand-in for a model .so (docs/ABI.md), for the
   runtime's error, memory and plugin paths: it imports nothing and reaches
   the runtime only through ctx_struct[1].

   scale(x: ?xf32) -> y: ?xf32      y = x * x * 0.1 + x / 3, computed in a
                                    ral_alloc temporary of 4 * n bytes.
   checked_sum(x: ?xf32) -> s: f32  the sum of x, from the user kernel
                                    "test_checked_sum" a plugin registers.
   add_dynamic(a: ?xf32, b: ?xf32) -> s: ?xf32
                                    a + b; sizes that differ end the run
                                    through ral_report_error, as the
                                    compiled code's run-time checks do. */
#include "fake_model_abi.h"

EXPORT int32_t disc_model_abi_version(void) { return 1; }

EXPORT const char *disc_model_metadata(void) {
  return "{\"abi_version\": 1, \"compiler_version\": \"fake model ops 1.0\",\n"
         " \"target\": \"cpu\", \"target_cpu\": \"generic\",\n"
         " \"source_hash\": \"fnv1a64:0000000000000002\",\n"
         " \"functions\": [\n"
         "  {\"name\": \"scale\", \"symbol\": \"disc_entry_scale\",\n"
         "   \"inputs\": [{\"name\": \"x\", \"dtype\": \"f32\", "
         "\"shape\": [-1]}],\n"
         "   \"outputs\": [{\"name\": \"y\", \"dtype\": \"f32\", "
         "\"shape\": [-1]}]},\n"
         "  {\"name\": \"checked_sum\", \"symbol\": "
         "\"disc_entry_checked_sum\",\n"
         "   \"inputs\": [{\"name\": \"x\", \"dtype\": \"f32\", "
         "\"shape\": [-1]}],\n"
         "   \"outputs\": [{\"name\": \"s\", \"dtype\": \"f32\", "
         "\"shape\": []}]},\n"
         "  {\"name\": \"add_dynamic\", \"symbol\": "
         "\"disc_entry_add_dynamic\",\n"
         "   \"inputs\": [{\"name\": \"a\", \"dtype\": \"f32\", "
         "\"shape\": [-1]},\n"
         "              {\"name\": \"b\", \"dtype\": \"f32\", "
         "\"shape\": [-1]}],\n"
         "   \"outputs\": [{\"name\": \"s\", \"dtype\": \"f32\", "
         "\"shape\": [-1]}]}\n"
         " ]}\n";
}

EXPORT void disc_entry_scale(void **ctx_struct) {
  void *context = ctx_struct[0];
  api_call_fn call = (api_call_fn)ctx_struct[1];
  memref1_f32 x;
  if (!recv_input(context, call, 0, &x))
    return;
  float *buffer = alloc_floats(context, call, x.size);
  if (!buffer)
    return;
  for (int64_t i = 0; i < x.size; ++i) {
    float value = x.data[x.offset + i * x.stride];
    buffer[i] = value * value * 0.1f + value / 3.0f;
  }
  memref1_f32 y = {buffer, buffer, 0, x.size, 1};
  if (send_output(context, call, 0, &y))
    dealloc(context, call, buffer);
}

EXPORT void disc_entry_checked_sum(void **ctx_struct) {
  void *context = ctx_struct[0];
  api_call_fn call = (api_call_fn)ctx_struct[1];
  memref1_f32 x;
  if (!recv_input(context, call, 0, &x))
    return;
  float sum = 0;
  void *kernel_args[] = {&context, &x.allocated, &x.data, &x.offset,
                         &x.size,  &x.stride,    &sum};
  if (call(context, "test_checked_sum___cpu___pvoid_m1df32___f32",
           kernel_args) != 0)
    return;
  float *scalar = alloc_floats(context, call, 1);
  if (!scalar)
    return;
  *scalar = sum;
  int64_t output = 0, offset = 0;
  void *send_args[] = {&context, &output, &scalar, &scalar, &offset};
  if (call(context, "ral_send_output___cpu___pvoid_i64_m0df32___void",
           send_args) != 0)
    return;
  dealloc(context, call, scalar);
}

EXPORT void disc_entry_add_dynamic(void **ctx_struct) {
  void *context = ctx_struct[0];
  api_call_fn call = (api_call_fn)ctx_struct[1];
  memref1_f32 a, b;
  if (!recv_input(context, call, 0, &a) || !recv_input(context, call, 1, &b))
    return;
  if (a.size != b.size) {
    const char *message = "fake_model_ops.mlir:4:10: dimension 0 of the "
                          "operands of stablehlo.add differ";
    void *args[] = {&context, &message};
    call(context, "ral_report_error___cpu___pvoid_pvoid___void", args);
    return;
  }
  float *sum = alloc_floats(context, call, a.size);
  if (!sum)
    return;
  for (int64_t i = 0; i < a.size; ++i)
    sum[i] = a.data[a.offset + i * a.stride] + b.data[b.offset + i * b.stride];
  memref1_f32 s = {sum, sum, 0, a.size, 1};
  if (send_output(context, call, 0, &s))
    dealloc(context, call, sum);
}
