/* The contract between a compiled kernel-graph function (a program of
 * tfrt.* / tfrt_test.* / dht.* kernels, compiled by disc-compile) and the
 * host runtime that runs it. Plain C: the compiled .so mirrors these layouts
 * as LLVM structs, and KernelGraphAbiAgreementTest keeps both sides in step.
 *
 * A kernel-graph .so exports, besides disc_model_abi_version and
 * disc_model_metadata, one entry per public function:
 *
 *   void disc_kg_entry_<function>(void **ctx_struct, DiscKgValue **args,
 *                                 DiscKgValue **results);
 *
 * with ctx_struct = { host_execution_context, &disc_ral_api_call, &api },
 * api being a `const DiscKgApi *`. Private functions and outlined regions
 * have the same signature and are reached through DiscKgFunction records.
 *
 * The runtime finds the public functions in the metadata JSON, in source
 * order, as the runtime stub reads them (runtime_stub/lib/
 * kernel_graph_model.cpp):
 *
 *   "kernel_graph_functions": [
 *     {"name": "f", "entry": "disc_kg_entry_f",
 *      "inputs": ["i32", "!tfrt.chain"], "outputs": ["i32"]}, ...]
 *
 * Type spellings (disc/ral/host/kg_types.h): "!tfrt.chain", "i1", "i8",
 * "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "f16", "bf16", "f32",
 * "f64", "!tfrt.string", "tensor" (a host tensor), "opaque" (any other
 * type).
 */
#ifndef DISC_RAL_HOST_KERNEL_GRAPH_ABI_H
#define DISC_RAL_HOST_KERNEL_GRAPH_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An AsyncValue, opaque to the compiled code. */
typedef struct DiscKgValue DiscKgValue;

/* Arguments are borrowed: the callee adds a reference to what it keeps.
 * Each result slot receives one new reference owned by the caller. A
 * function never fails: a failure is an error value in its results. */
typedef void (*DiscKgFunctionPtr)(void **ctx_struct, DiscKgValue **args,
                                  DiscKgValue **results);

/* The value types a kernel graph passes around. */
enum DiscKgType {
  DISC_KG_CHAIN = 1,  /* !tfrt.chain */
  DISC_KG_I1 = 2,
  DISC_KG_I8 = 3,
  DISC_KG_I16 = 4,
  DISC_KG_I32 = 5,
  DISC_KG_I64 = 6,
  DISC_KG_UI8 = 7,
  DISC_KG_UI16 = 8,
  DISC_KG_UI32 = 9,
  DISC_KG_UI64 = 10,
  DISC_KG_F16 = 11,
  DISC_KG_BF16 = 12,
  DISC_KG_F32 = 13,
  DISC_KG_F64 = 14,
  DISC_KG_STRING = 15, /* !tfrt.string */
  DISC_KG_TENSOR = 16, /* a host tensor (!t.tensor, !dht.host_tensor) */
  DISC_KG_OPAQUE = 17  /* any other type; the kernels agree on its content */
};

/* A function a kernel may call: a tfrt.call callee, a tfrt.if/tfrt.repeat
 * region, a tfrt.cond/tfrt.case/tfrt.while branch. */
typedef struct DiscKgFunction {
  DiscKgFunctionPtr entry;
  const char *name; /* MLIR symbol, or "<parent>.region<N>" for a region */
  int32_t num_args;
  int32_t num_results;
  const uint8_t *arg_types;    /* DiscKgType per argument */
  const uint8_t *result_types; /* DiscKgType per result */
} DiscKgFunction;

enum DiscKgAttributeKind {
  DISC_KG_ATTR_BOOL = 1,   /* data: uint8_t[size] */
  DISC_KG_ATTR_I32 = 2,    /* data: int32_t[size] */
  DISC_KG_ATTR_I64 = 3,    /* data: int64_t[size] */
  DISC_KG_ATTR_F32 = 4,    /* data: float[size] */
  DISC_KG_ATTR_F64 = 5,    /* data: double[size] */
  DISC_KG_ATTR_STRING = 6, /* data: char[size], not NUL-terminated */
  DISC_KG_ATTR_UI32 = 7,   /* data: uint32_t[size] */
  DISC_KG_ATTR_TYPE = 8,   /* data: uint8_t[size] DiscKgType codes */
  DISC_KG_ATTR_ARRAY = 9   /* data: const DiscKgAttribute[size], named "" */
};

/* One attribute of a kernel. A scalar has size 1; an array attribute of
 * integers or floats of one kind has one entry per element. Any other
 * array (of strings, of mixed kinds, of arrays) is a DISC_KG_ATTR_ARRAY
 * whose elements are attributes themselves, nested as in the source. */
typedef struct DiscKgAttribute {
  const char *name;
  int32_t kind; /* DiscKgAttributeKind */
  int32_t size;
  const void *data;
} DiscKgAttribute;

/* One kernel call site in the compiled program; lives in the .so's
 * writable data so the runtime can cache the resolved kernel in it. */
typedef struct DiscKgSite {
  const char *kernel;   /* "tfrt.add.i32", "tfrt_test.print_hello", ... */
  const char *location; /* "file.mlir:12:3", for messages */
  int32_t num_args;
  int32_t num_results;
  const uint8_t *arg_types;    /* DiscKgType per argument */
  const uint8_t *result_types; /* DiscKgType per result */
  int32_t num_attributes;
  int32_t num_functions;
  const DiscKgAttribute *attributes;
  const DiscKgFunction *const *functions;
  /* Zero in the .so; the runtime stores the resolved kernel here once
   * (release/acquire). */
  void *resolved;
} DiscKgSite;

/* What the runtime provides to compiled kernel-graph code. */
typedef struct DiscKgApi {
  uint32_t abi_version; /* 1 */
  uint32_t size;        /* sizeof(DiscKgApi) */
  /* Runs the kernel at `site` now if its arguments are available, else
   * once they are; errors in arguments skip it and propagate. Arguments
   * are borrowed; each result slot receives one new reference. */
  void (*invoke)(void *host_execution_context, DiscKgSite *site,
                 DiscKgValue **args, DiscKgValue **results);
  void (*add_ref)(DiscKgValue *value);
  void (*drop_ref)(DiscKgValue *value);
  /* The fields below exist when `size` covers them. They let compiled code
   * run scalar kernels it knows (tfrt.constant.*, tfrt.add.*, ...) inline.
   *
   * 1 if the run is not cancelled and `value` is concrete with a payload of
   * scalar type `type` (a DiscKgType from i1 to f64), which is then copied
   * into `cell` (8 bytes, the payload at its start); else 0. */
  int32_t (*read_scalar)(void *host_execution_context, DiscKgValue *value,
                         int32_t type, void *cell);
  /* A new concrete value of scalar type `type` holding the payload at the
   * start of `cell`; the caller owns its one reference. */
  DiscKgValue *(*make_scalar)(int32_t type, const void *cell);
} DiscKgApi;

#ifdef __cplusplus
}
#endif

#endif /* DISC_RAL_HOST_KERNEL_GRAPH_ABI_H */
