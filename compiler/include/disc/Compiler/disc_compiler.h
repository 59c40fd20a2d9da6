/*===- disc_compiler.h - The compiler's C API ------------------------------===
 *
 * Compiles a program's text in memory into a model (or the IR of a phase),
 * with diagnostics as values. Options are the disc-compile flags without
 * their dashes ("target" = "cuda", "cuda-arch" = "sm_80,sm_90", "opt-level"
 * = "3", "simulate-processes" = "1"). No function aborts or throws; every
 * failure is in the result.
 *
 *   disc_compile_options *options = disc_compile_options_create();
 *   disc_compile_options_set(options, "target", "cpu");
 *   disc_compile_result *result =
 *       disc_compile(text, size, "model.mlir", options);
 *   if (disc_compile_result_succeeded(result)) {
 *     size_t bytes;
 *     const char *so = disc_compile_result_artifact(result, &bytes);
 *     ...
 *   }
 *   disc_compile_result_destroy(result);
 *   disc_compile_options_destroy(options);
 *
 *===----------------------------------------------------------------------===*/

#ifndef DISC_COMPILER_DISC_COMPILER_H
#define DISC_COMPILER_DISC_COMPILER_H

#include <stddef.h>

#if defined(__GNUC__)
#define DISC_COMPILER_EXPORT __attribute__((visibility("default")))
#else
#define DISC_COMPILER_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Version of this API; bumped when a function changes. */
#define DISC_COMPILER_API_VERSION 1
DISC_COMPILER_EXPORT int disc_compiler_api_version(void);

typedef struct disc_compile_options disc_compile_options;
typedef struct disc_compile_result disc_compile_result;

DISC_COMPILER_EXPORT disc_compile_options *disc_compile_options_create(void);
DISC_COMPILER_EXPORT void
disc_compile_options_destroy(disc_compile_options *options);

/* Sets option `name` to `value`. Returns 0, or -1 for an unknown name or a
 * value of the wrong form, with the reason in `error` (NUL-terminated,
 * truncated to `error_size`) when it is not NULL. */
DISC_COMPILER_EXPORT int
disc_compile_options_set(disc_compile_options *options, const char *name,
                         const char *value, char *error, size_t error_size);

/* Compiles `size` bytes of program text. `source_name` names it in
 * diagnostics ("-" for stdin). Never NULL. */
DISC_COMPILER_EXPORT disc_compile_result *
disc_compile(const char *source, size_t size, const char *source_name,
             const disc_compile_options *options);
DISC_COMPILER_EXPORT void
disc_compile_result_destroy(disc_compile_result *result);

/* 1 when the compile succeeded, else 0. */
DISC_COMPILER_EXPORT int
disc_compile_result_succeeded(const disc_compile_result *result);
/* The model .so, object or text asked for; `size` gets its length. */
DISC_COMPILER_EXPORT const char *
disc_compile_result_artifact(const disc_compile_result *result, size_t *size);
/* --emit=obj: the C header of the object; else empty. */
DISC_COMPILER_EXPORT const char *
disc_compile_result_header(const disc_compile_result *result, size_t *size);

DISC_COMPILER_EXPORT size_t
disc_compile_result_diagnostic_count(const disc_compile_result *result);

typedef struct disc_compile_diagnostic {
  /* "error", "warning", "note" or "remark". */
  const char *severity;
  /* The source file, or "" for a problem not at a place in the program. */
  const char *file;
  unsigned line;
  unsigned column;
  const char *message;
  /* As a compiler prints it: location, severity, message, the source line
   * and a caret, then its notes; "" for a note. */
  const char *text;
} disc_compile_diagnostic;

/* Fills `diagnostic` with diagnostic `index` (in the order they arose).
 * Returns 0, or -1 when index is out of range. The strings live as long as
 * the result. */
DISC_COMPILER_EXPORT int
disc_compile_result_diagnostic(const disc_compile_result *result, size_t index,
                               disc_compile_diagnostic *diagnostic);

#ifdef __cplusplus
}
#endif

#endif /* DISC_COMPILER_DISC_COMPILER_H */
