/* Two models linked into this one program: mlp (samples/models/mlp.mlir,
   relu(x @ w1 + b1) @ w2 + b2) and scale (scale.mlir: affine = x * s + 1 and
   negate = -x). Each was compiled with `disc-compile --emit=obj`, whose
   header gives <prefix>_model(), the descriptor disc_model_open_static opens.
   The program runs every function and checks the results against values
   computed here in plain C; it prints "static_link: OK" when all match. */
#include "mlp.h"
#include "scale.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { kRows = 8, kIn = 64, kHidden = 128, kOut = 10 };

static float x[kRows][kIn], w1[kIn][kHidden], b1[kHidden], w2[kHidden][kOut],
    b2[kOut];

/* Small exact multiples of 1/16 in [-0.5, 0.5], from a fixed pattern. */
static float pattern(int i, int j, int salt) {
  return (float)((i * 7 + j * 13 + salt * 5) % 17 - 8) / 16.0f;
}

static int report(disc_status *status, const char *what) {
  fprintf(stderr, "%s: %s\n", what, disc_status_message(status));
  disc_status_free(status);
  return 1;
}

static int open_function(const disc_static_model *linked, const char *name,
                         disc_model **model, int64_t *function) {
  disc_status *status = disc_model_open_static(linked, model);
  if (status)
    return report(status, linked->name);
  *function = disc_model_find_function(*model, name);
  if (*function < 0) {
    fprintf(stderr, "%s: no function '%s'\n", linked->name, name);
    return 1;
  }
  return 0;
}

/* Runs `function` and compares its only output with `expected`. */
static int run_and_check(disc_model *model, int64_t function,
                         const disc_tensor *inputs, int64_t input_count,
                         const float *expected, int64_t count,
                         const char *what) {
  disc_outputs *outputs = NULL;
  disc_status *status =
      disc_model_run(model, function, inputs, input_count, &outputs);
  if (status)
    return report(status, what);
  const disc_tensor *y = disc_outputs_get(outputs, 0);
  int64_t size = 1;
  for (int64_t d = 0; d < y->rank; ++d)
    size *= y->shape[d];
  int failed = strcmp(y->dtype, "f32") != 0 || size != count;
  const float *values = (const float *)y->data;
  for (int64_t i = 0; !failed && i < count; ++i) {
    if (fabsf(values[i] - expected[i]) > 1e-4f * (1.0f + fabsf(expected[i]))) {
      fprintf(stderr, "%s: element %lld is %g, expected %g\n", what,
              (long long)i, values[i], expected[i]);
      failed = 1;
    }
  }
  printf("%s: %s, y[0] = %g\n", what, failed ? "MISMATCH" : "ok",
         count > 0 ? values[0] : 0.0f);
  disc_outputs_free(outputs);
  return failed;
}

static int check_mlp(void) {
  for (int i = 0; i < kRows; ++i)
    for (int k = 0; k < kIn; ++k)
      x[i][k] = pattern(i, k, 1);
  for (int k = 0; k < kIn; ++k)
    for (int j = 0; j < kHidden; ++j)
      w1[k][j] = pattern(k, j, 2);
  for (int j = 0; j < kHidden; ++j) {
    b1[j] = pattern(j, 0, 3);
    for (int o = 0; o < kOut; ++o)
      w2[j][o] = pattern(j, o, 4);
  }
  for (int o = 0; o < kOut; ++o)
    b2[o] = pattern(o, 1, 5);

  float expected[kRows][kOut];
  for (int i = 0; i < kRows; ++i) {
    double hidden[kHidden];
    for (int j = 0; j < kHidden; ++j) {
      double sum = b1[j];
      for (int k = 0; k < kIn; ++k)
        sum += (double)x[i][k] * w1[k][j];
      hidden[j] = sum > 0 ? sum : 0;
    }
    for (int o = 0; o < kOut; ++o) {
      double sum = b2[o];
      for (int j = 0; j < kHidden; ++j)
        sum += hidden[j] * w2[j][o];
      expected[i][o] = (float)sum;
    }
  }

  const int64_t x_shape[] = {kRows, kIn}, w1_shape[] = {kIn, kHidden},
                b1_shape[] = {kHidden}, w2_shape[] = {kHidden, kOut},
                b2_shape[] = {kOut};
  const disc_tensor inputs[] = {
      {"f32", 2, x_shape, x},   {"f32", 2, w1_shape, w1},
      {"f32", 1, b1_shape, b1}, {"f32", 2, w2_shape, w2},
      {"f32", 1, b2_shape, b2},
  };
  disc_model *model = NULL;
  int64_t function = 0;
  if (open_function(mlp_model(), "main", &model, &function))
    return 1;
  int failed = run_and_check(model, function, inputs, 5, &expected[0][0],
                             kRows * kOut, "mlp.main");
  disc_model_free(model);
  return failed;
}

static int check_scale(void) {
  const float sx[2][4] = {{1, 2, 3, 4}, {-1, 0, 0.5f, -2}};
  const float s[4] = {2, -1, 0.5f, 0};
  /* x * s + 1 and -x, worked out by hand. */
  const float affine[8] = {3, -1, 2.5f, 1, -1, 1, 1.25f, 1};
  const float negated[8] = {-1, -2, -3, -4, 1, 0, -0.5f, 2};
  const int64_t x_shape[] = {2, 4}, s_shape[] = {4};
  const disc_tensor inputs[] = {{"f32", 2, x_shape, sx},
                                {"f32", 1, s_shape, s}};

  disc_model *model = NULL;
  int64_t function = 0;
  if (open_function(scale_model(), "affine", &model, &function))
    return 1;
  int failed =
      run_and_check(model, function, inputs, 2, affine, 8, "scale.affine");
  function = disc_model_find_function(model, "negate");
  failed |=
      run_and_check(model, function, inputs, 1, negated, 8, "scale.negate");

  /* A wrong input is an error value, as with a loaded .so. */
  disc_outputs *outputs = NULL;
  disc_status *status =
      disc_model_run(model, function, inputs + 1, 1, &outputs);
  if (!status) {
    fprintf(stderr, "scale.negate accepted a 4xf32 input\n");
    disc_outputs_free(outputs);
    failed = 1;
  } else {
    printf("scale.negate on a 4xf32 input: %s\n", disc_status_message(status));
    disc_status_free(status);
  }
  disc_model_free(model);
  return failed;
}

int main(void) {
  int failed = check_mlp();
  failed |= check_scale();
  if (failed)
    return 1;
  printf("static_link: OK\n");
  return 0;
}
