/* A hand-written stand-in for a model .so built by disc-compile: it follows
   docs/ABI.md and imports nothing, reaching the runtime only through
   ctx_struct[1]. */
#include "fake_model_abi.h"

#ifndef FAKE_MODEL_ABI_VERSION
#define FAKE_MODEL_ABI_VERSION 1
#endif

/* The metadata's "target"; other values test the runtime's check. */
#ifndef FAKE_MODEL_TARGET
#define FAKE_MODEL_TARGET "cpu"
#endif

EXPORT int32_t disc_model_abi_version(void) { return FAKE_MODEL_ABI_VERSION; }

EXPORT const char *disc_model_metadata(void) {
  return "{\n"
         "  \"abi_version\": 1,\n"
         "  \"compiler_version\": \"fake model 1.0\",\n"
         "  \"target\": \"" FAKE_MODEL_TARGET "\",\n"
         "  \"target_cpu\": \"generic\",\n"
         "  \"source_hash\": \"fnv1a64:0000000000000001\",\n"
         "  \"functions\": [\n"
         "    {\"name\": \"add\", \"symbol\": \"disc_entry_add\",\n"
         "     \"inputs\": [{\"name\": \"a\", \"dtype\": \"f32\", \"shape\": "
         "[4]},\n"
         "                {\"name\": \"b\", \"dtype\": \"f32\", \"shape\": "
         "[4]}],\n"
         "     \"outputs\": [{\"name\": \"sum\", \"dtype\": \"f32\", "
         "\"shape\": [4]}]},\n"
         "    {\"name\": \"bad_api\", \"symbol\": \"disc_entry_bad_api\",\n"
         "     \"inputs\": [{\"name\": \"x\", \"dtype\": \"f32\", \"shape\": "
         "[-1]}],\n"
         "     \"outputs\": []}\n"
         "  ]\n"
         "}\n";
}

/* sum = a + b, built in a temporary with stride 2 so that send_output has to
   gather a strided memref. */
EXPORT void disc_entry_add(void **ctx_struct) {
  void *context = ctx_struct[0];
  api_call_fn call = (api_call_fn)ctx_struct[1];
  memref1_f32 a, b;
  if (!recv_input(context, call, 0, &a) || !recv_input(context, call, 1, &b))
    return;

  float *buffer = alloc_floats(context, call, a.size * 2);
  if (!buffer)
    return;
  for (int64_t i = 0; i < a.size; ++i)
    buffer[2 * i] =
        a.data[a.offset + i * a.stride] + b.data[b.offset + i * b.stride];

  memref1_f32 sum = {buffer, buffer, 0, a.size, 2};
  if (send_output(context, call, 0, &sum))
    dealloc(context, call, buffer);
}

EXPORT void disc_entry_bad_api(void **ctx_struct) {
  void *context = ctx_struct[0];
  api_call_fn call = (api_call_fn)ctx_struct[1];
  void *args[] = {&context};
  call(context, "ral_no_such_api___cpu___pvoid___void", args);
}
