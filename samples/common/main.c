/* Loads a model compiled by disc-compile from samples/common/model.mlir
   (y = relu(x @ w + b)), runs it on fixed inputs and prints y. */
#include <disc/runtime_stub.h>

#include <stdio.h>

static int report(disc_status *status, const char *what) {
  fprintf(stderr, "%s: %s\n", what, disc_status_message(status));
  disc_status_free(status);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s MODEL.so\n", argv[0]);
    return 2;
  }

  disc_model *model = NULL;
  disc_status *status = disc_model_load(argv[1], &model);
  if (status)
    return report(status, argv[1]);

  int64_t function = 0;
  status = disc_model_default_function(model, &function);
  if (status) {
    disc_model_free(model);
    return report(status, argv[1]);
  }

  const float x[2][3] = {{1, 2, 3}, {-1, 0, 1}};
  const float w[3][4] = {{1, 0, -1, 2}, {0, 1, 1, -1}, {1, 1, 0, 0.5f}};
  const float b[4] = {0.5f, -2, 1, 0};
  const int64_t x_shape[] = {2, 3};
  const int64_t w_shape[] = {3, 4};
  const int64_t b_shape[] = {4};
  const disc_tensor inputs[] = {
      {"f32", 2, x_shape, x},
      {"f32", 2, w_shape, w},
      {"f32", 1, b_shape, b},
  };

  disc_outputs *outputs = NULL;
  status = disc_model_run(model, function, inputs, 3, &outputs);
  if (status) {
    disc_model_free(model);
    return report(status, "run");
  }

  const disc_tensor *y = disc_outputs_get(outputs, 0);
  const float *values = (const float *)y->data;
  int64_t columns = y->shape[y->rank - 1];
  int64_t count = 1;
  for (int64_t d = 0; d < y->rank; ++d)
    count *= y->shape[d];
  printf("y =\n");
  for (int64_t i = 0; i < count; ++i)
    printf("%g%s", values[i], (i + 1) % columns == 0 ? "\n" : " ");

  disc_outputs_free(outputs);
  disc_model_free(model);
  return 0;
}
