/* The one type-erased entry into the RAL runtime (docs/ABI.md). A compiled
   model reaches it through ctx_struct[1]; it never links against it. */
#ifndef DISC_RAL_API_H
#define DISC_RAL_API_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Calls the runtime API `api_name` (a mangled name such as
   "ral_recv_input___cpu___pvoid_i64___m2df32") with the slots in `args`.
   Returns 0 on success. On failure returns non-zero and the execution context
   holds the error message; the caller must return at once. */
__attribute__((visibility("default"))) int32_t
disc_ral_api_call(void *execution_context, const char *api_name, void **args);

typedef int32_t (*disc_ral_api_call_fn)(void *execution_context,
                                        const char *api_name, void **args);

#ifdef __cplusplus
}
#endif

#endif /* DISC_RAL_API_H */
