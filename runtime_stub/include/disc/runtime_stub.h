/* The runtime stub: load a model .so built by disc-compile, read its
   signature and run its functions (docs/ABI.md).

   Every call that can fail returns a disc_status pointer: NULL on success,
   else an error the caller frees with disc_status_free. Strings and arrays
   handed out stay valid as long as the object they came from. Nothing here
   aborts the process. A loaded model may run from many threads at once. */
#ifndef DISC_RUNTIME_STUB_H
#define DISC_RUNTIME_STUB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DISC_RUNTIME_EXPORT __attribute__((visibility("default")))

/* The model ABI version this runtime supports. */
#define DISC_RUNTIME_MODEL_ABI_VERSION 1

typedef struct disc_status disc_status;
typedef struct disc_model disc_model;
typedef struct disc_outputs disc_outputs;

/* The signature of one input or output: dtype is a token of
   type_encoding.def ("f32"); a dynamic dimension is -1. */
typedef struct {
  const char *name;
  const char *dtype;
  int64_t rank;
  const int64_t *shape;
} disc_tensor_signature;

/* A tensor: contiguous, row-major, every dimension known. */
typedef struct {
  const char *dtype;
  int64_t rank;
  const int64_t *shape;
  const void *data;
} disc_tensor;

DISC_RUNTIME_EXPORT const char *disc_status_message(const disc_status *status);
DISC_RUNTIME_EXPORT void disc_status_free(disc_status *status);

/* Loads the model at `path`; on success *model owns it. The file must be a
   complete ELF shared object of this machine whose dynamic section, the
   tables it names and every relocation lie inside the file's image
   (checked before dlopen, which trusts them and would crash). Loading runs
   the file's initializers and its disc_model_abi_version and
   disc_model_metadata, so a model must come from disc-compile or another
   source you trust. */
DISC_RUNTIME_EXPORT disc_status *disc_model_load(const char *path,
                                                 disc_model **model);
DISC_RUNTIME_EXPORT void disc_model_free(disc_model *model);

/* A model linked into the program (docs/ABI.md, "Static linking"): the
   header that `disc-compile --emit=obj` writes beside the object defines
   `<prefix>_model()`, which returns this descriptor. */
typedef struct {
  /* The "symbol" of a function in the metadata ("disc_entry_main"). */
  const char *symbol;
  void (*entry)(void **ctx_struct);
} disc_static_entry;

typedef struct {
  /* The object's symbol prefix; errors name the model by it. */
  const char *name;
  int32_t (*abi_version)(void);
  const char *(*metadata)(void);
  int64_t entry_count;
  const disc_static_entry *entries;
} disc_static_model;

/* Opens a linked-in model; *model then works like one from disc_model_load
   (free it with disc_model_free). */
DISC_RUNTIME_EXPORT disc_status *
disc_model_open_static(const disc_static_model *linked, disc_model **model);

/* Caps the temporary memory one run of `model` may hold at once (what the
   compiled code asks for through ral_alloc; inputs and outputs do not
   count). A run that would pass it fails with a message naming both sizes;
   the model stays usable. A negative limit, the default, means none. Runs
   already under way keep the limit they started with. */
#define DISC_NO_MEMORY_LIMIT (-1)
DISC_RUNTIME_EXPORT disc_status *disc_model_set_memory_limit(disc_model *model,
                                                             int64_t bytes);
DISC_RUNTIME_EXPORT int64_t disc_model_memory_limit(const disc_model *model);

/* Caps how many threads one CPU run of `model` spreads its parallel loops
   and matrix products over, the calling thread included (the runtime's
   pool has one worker per core). 0, the default, means one per core; a
   negative count is an error. Runs already under way keep the cap they
   started with. */
DISC_RUNTIME_EXPORT disc_status *disc_model_set_max_threads(disc_model *model,
                                                            int threads);
DISC_RUNTIME_EXPORT int disc_model_max_threads(const disc_model *model);

/* Puts the GPU work of a CUDA model's runs (kernels, copies, cuBLAS) on
   `stream`, a CUstream of the caller's on GPU 0's primary context, instead
   of a stream of the model's own; the caller keeps it alive while the model
   runs and destroys it after disc_model_free. NULL returns to the model's
   own stream. Only before the model's first run on the GPU: after that it
   fails, as it does for a model compiled for another target. */
DISC_RUNTIME_EXPORT disc_status *disc_model_set_cuda_stream(disc_model *model,
                                                            void *stream);

/* Loads a user library whose TAO_RAL_API registrations or host kernels
   (static initializers) then serve every model of the process, e.g. the
   runtime side of a stablehlo.custom_call, or TFRT's test kernels. The library stays loaded until the process exits.
   Loading the same library again does nothing; a library that registers no
   new API is an error, and so is one the process had loaded otherwise (it
   registers nothing now). Load plugins before running models that need
   them. */
DISC_RUNTIME_EXPORT disc_status *disc_load_plugin(const char *path);

/* The targets this runtime runs models for, comma-separated ("cpu,cuda"). A
   model whose metadata names another target fails to load. A CUDA model
   loads on any machine; its runs fail with the reason when there is no
   usable GPU. */
DISC_RUNTIME_EXPORT const char *disc_runtime_targets(void);

/* Fields of the model's metadata ("" when the metadata has none). */
DISC_RUNTIME_EXPORT const char *disc_model_target(const disc_model *model);
DISC_RUNTIME_EXPORT const char *disc_model_target_cpu(const disc_model *model);
DISC_RUNTIME_EXPORT const char *
disc_model_compiler_version(const disc_model *model);
DISC_RUNTIME_EXPORT const char *disc_model_source_hash(const disc_model *model);

DISC_RUNTIME_EXPORT int64_t disc_model_function_count(const disc_model *model);
/* NULL when `index` is out of range. */
DISC_RUNTIME_EXPORT const char *
disc_model_function_name(const disc_model *model, int64_t index);
/* The index of the function `name`, or -1. */
DISC_RUNTIME_EXPORT int64_t disc_model_find_function(const disc_model *model,
                                                     const char *name);
/* The function to run when the caller names none: the only one, else
   "main"; an error listing the functions otherwise. */
DISC_RUNTIME_EXPORT disc_status *
disc_model_default_function(const disc_model *model, int64_t *index);

DISC_RUNTIME_EXPORT int64_t disc_function_input_count(const disc_model *model,
                                                      int64_t function);
DISC_RUNTIME_EXPORT int64_t disc_function_output_count(const disc_model *model,
                                                       int64_t function);
/* NULL when an index is out of range. */
DISC_RUNTIME_EXPORT const disc_tensor_signature *
disc_function_input(const disc_model *model, int64_t function, int64_t index);
DISC_RUNTIME_EXPORT const disc_tensor_signature *
disc_function_output(const disc_model *model, int64_t function, int64_t index);

/* Runs function `function` on `inputs`, which are checked against its
   signature first. On success *outputs owns the results. */
DISC_RUNTIME_EXPORT disc_status *
disc_model_run(disc_model *model, int64_t function, const disc_tensor *inputs,
               int64_t input_count, disc_outputs **outputs);

DISC_RUNTIME_EXPORT int64_t disc_outputs_count(const disc_outputs *outputs);
/* NULL when `index` is out of range. */
DISC_RUNTIME_EXPORT const disc_tensor *
disc_outputs_get(const disc_outputs *outputs, int64_t index);
DISC_RUNTIME_EXPORT void disc_outputs_free(disc_outputs *outputs);

/* Kernel-graph models: programs of tfrt.* / tfrt_test.* / dht.* kernels
   compiled by disc-compile (their metadata has "kernel_graph_functions").
   Their functions take and return typed scalars, strings, chains and host
   tensors rather than dense tensors, and run on the host runtime's work
   queue. */
typedef struct disc_kg_model disc_kg_model;
typedef struct disc_kg_run disc_kg_run;

/* One argument or result value. `type` is a type spelling of the metadata
   ("i32", "f32", "i1", "!tfrt.chain", "!tfrt.string", ...); integers (and
   i1) use `integer`, f32/f64 use `real`, strings use `string`. */
typedef struct {
  const char *type;
  int64_t integer;
  double real;
  const char *string;
} disc_kg_scalar;

/* Loads a kernel-graph model; a model without kernel-graph functions is an
   error. */
DISC_RUNTIME_EXPORT disc_status *disc_kg_model_load(const char *path,
                                                    disc_kg_model **model);
DISC_RUNTIME_EXPORT void disc_kg_model_free(disc_kg_model *model);
/* Chooses the work queue of the runs the model starts from now on, by the
   names of TFRT's -work_queue_type: "mstd" (the default), the process's
   pool of one worker per core; "s", a queue of the model's own without
   workers, whose non-blocking tasks run in the order they were queued on
   the thread in disc_kg_run_await (or disc_kg_run_free), so the order of
   effects not ordered by chains is the same on every run. Blocking tasks
   keep a pool of their own either way. Runs already started keep their
   queue. Not concurrently with disc_kg_run_start on the same model. */
DISC_RUNTIME_EXPORT disc_status *
disc_kg_model_set_work_queue(disc_kg_model *model, const char *type);

/* The functions, in the order of the source file. */
DISC_RUNTIME_EXPORT int64_t disc_kg_function_count(const disc_kg_model *model);
/* NULL when an index is out of range. */
DISC_RUNTIME_EXPORT const char *
disc_kg_function_name(const disc_kg_model *model, int64_t function);
/* The index of the function `name`, or -1. */
DISC_RUNTIME_EXPORT int64_t disc_kg_find_function(const disc_kg_model *model,
                                                  const char *name);
DISC_RUNTIME_EXPORT int64_t
disc_kg_function_input_count(const disc_kg_model *model, int64_t function);
DISC_RUNTIME_EXPORT int64_t
disc_kg_function_output_count(const disc_kg_model *model, int64_t function);
/* The type spelling of an input or output; NULL when out of range. */
DISC_RUNTIME_EXPORT const char *
disc_kg_function_input_type(const disc_kg_model *model, int64_t function,
                            int64_t index);
DISC_RUNTIME_EXPORT const char *
disc_kg_function_output_type(const disc_kg_model *model, int64_t function,
                             int64_t index);

/* Starts function `function` on `args` (checked against its input types)
   and returns at once; its kernels run on the calling thread while their
   operands are ready and on the work queue after. */
DISC_RUNTIME_EXPORT disc_status *disc_kg_run_start(disc_kg_model *model,
                                                   int64_t function,
                                                   const disc_kg_scalar *args,
                                                   int64_t arg_count,
                                                   disc_kg_run **run);
/* Cancels the run: kernels not yet started are skipped and what depends on
   them becomes the error "Cancelled". Safe from any thread, any time before
   disc_kg_run_free. */
DISC_RUNTIME_EXPORT void disc_kg_run_cancel(disc_kg_run *run);
/* Waits until every result is known and the run's work has finished. */
DISC_RUNTIME_EXPORT void disc_kg_run_await(disc_kg_run *run);
DISC_RUNTIME_EXPORT int64_t disc_kg_run_result_count(const disc_kg_run *run);
/* After disc_kg_run_await: the error message of result `index`, or NULL when
   it holds a value. */
DISC_RUNTIME_EXPORT const char *disc_kg_run_result_error(const disc_kg_run *run,
                                                         int64_t index);
/* After disc_kg_run_await: the value of result `index`; an error (a result
   that is an error, an index out of range, a tensor) otherwise. A string
   stays valid as long as the run. */
DISC_RUNTIME_EXPORT disc_status *disc_kg_run_result(const disc_kg_run *run,
                                                    int64_t index,
                                                    disc_kg_scalar *value);
/* After disc_kg_run_await: result `index` as TFRT's bef_executor prints it
   ("42", "1.000000", "!tfrt.chain value", "<<error: message>>"; with
   `with_error_code`, "<<error: message, code: INTERNAL>>"). */
DISC_RUNTIME_EXPORT const char *
disc_kg_run_result_text(disc_kg_run *run, int64_t index, int with_error_code);
/* Cancels the run if still going, waits for it and frees it. */
DISC_RUNTIME_EXPORT void disc_kg_run_free(disc_kg_run *run);

#ifdef __cplusplus
}
#endif

#endif /* DISC_RUNTIME_STUB_H */
