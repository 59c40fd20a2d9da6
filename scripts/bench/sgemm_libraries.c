/* Times one row-major f32 product M x N x K in each CPU library ral_gemm may
 * call, loaded as the runtime loads them (dlopen): CBLAS's cblas_sgemm, or
 * oneDNN's dnnl_sgemm. Prints the median GFLOP/s of REPEATS calls.
 *
 *   cc -O2 -o /tmp/sgemm_libraries scripts/bench/sgemm_libraries.c -ldl
 *   /tmp/sgemm_libraries LIBRARY M N K [REPEATS]
 *   e.g. /tmp/sgemm_libraries libdnnl.so.2 128 768 768 30
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef void (*CblasSgemm)(int, int, int, int, int, int, float, const float *,
                           int, const float *, int, float, float *, int);
typedef int (*DnnlSgemm)(char, char, long, long, long, float, const float *,
                         long, const float *, long, float, float *, long);

enum { kCblasRowMajor = 101, kCblasNoTrans = 111, kMaxRepeats = 1000 };

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec * 1e-9;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s LIBRARY M N K [REPEATS]\n", argv[0]);
    return 2;
  }
  long m = atol(argv[2]), n = atol(argv[3]), k = atol(argv[4]);
  int repeats = argc > 5 ? atoi(argv[5]) : 30;
  if (m < 1 || n < 1 || k < 1 || repeats < 1 || repeats > kMaxRepeats) {
    fprintf(stderr, "%s: M, N, K must be positive, REPEATS 1..%d\n", argv[0],
            kMaxRepeats);
    return 2;
  }
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "%s: %s\n", argv[0], dlerror());
    return 1;
  }
  CblasSgemm cblas = (CblasSgemm)dlsym(library, "cblas_sgemm");
  DnnlSgemm dnnl = (DnnlSgemm)dlsym(library, "dnnl_sgemm");
  if (!cblas && !dnnl) {
    fprintf(stderr, "%s: %s has neither cblas_sgemm nor dnnl_sgemm\n", argv[0],
            argv[1]);
    return 1;
  }
  float *a = malloc(sizeof(float) * m * k), *b = malloc(sizeof(float) * k * n),
        *c = malloc(sizeof(float) * m * n);
  if (!a || !b || !c) {
    fprintf(stderr, "%s: out of memory\n", argv[0]);
    return 1;
  }
  for (long i = 0; i < m * k; ++i)
    a[i] = (float)(i % 7) * 0.1f;
  for (long i = 0; i < k * n; ++i)
    b[i] = (float)(i % 5) * 0.2f;
  double times[kMaxRepeats];
  for (int r = 0; r < repeats; ++r) {
    double start = seconds();
    if (dnnl)
      dnnl('N', 'N', m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
    else
      cblas(kCblasRowMajor, kCblasNoTrans, kCblasNoTrans, (int)m, (int)n,
            (int)k, 1.0f, a, (int)k, b, (int)n, 0.0f, c, (int)n);
    times[r] = seconds() - start;
  }
  qsort(times, repeats, sizeof(double), compareDoubles);
  printf("%s %ldx%ldx%ld: %.1f GFLOP/s\n", argv[1], m, n, k,
         2.0 * m * n * k / times[repeats / 2] / 1e9);
  free(a);
  free(b);
  free(c);
  return 0;
}
