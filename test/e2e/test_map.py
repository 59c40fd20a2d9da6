"""map: a body applied element by element to one, two and three inputs of
float, integer and f16 elements, a body with a constant and a comparison
(the element type changing), and a dynamic shape, each against numpy."""

import numpy as np

from e2e import Case, dtype_token, jax_module, random_array, rng, run, tensor_type


def map_case(name, arrays, body, result_element, reference, shape=None, atol=1e-5):
    """stablehlo.map over every dimension; `body` holds the lines of the
    computation on %e0, %e1, ... returning %r."""
    elements = [dtype_token(a.dtype) for a in arrays]
    shape = shape or arrays[0].shape
    types = [tensor_type(shape, e) for e in elements]
    result_type = tensor_type(shape, result_element)
    block_args = ", ".join("%%e%d: tensor<%s>" % (i, e) for i, e in enumerate(elements))
    mlir = jax_module(
        [("x%d" % i, t) for i, t in enumerate(types)], [(result_type, "result")], [
            '%%0 = "stablehlo.map"(%s) ({' % ", ".join("%%arg%d" % i for i in range(len(arrays))),
            "^bb0(%s):" % block_args] + ["  " + line for line in body] + [
            "  stablehlo.return %%r : tensor<%s>" % result_element,
            "}) {dimensions = array<i64: %s>} : (%s) -> %s"
            % (", ".join(str(d) for d in range(len(shape))), ", ".join(types), result_type),
            "return %%0 : %s" % result_type])
    return Case(name, mlir, arrays, reference, atol=atol, rtol=1e-5)


def cases():
    g = rng(1301)
    x, y, z = (random_array(g, (5, 7), "f32") for _ in range(3))
    a, b = (random_array(g, (4, 3, 2), "i32", -1000, 1000) for _ in range(2))
    h = random_array(g, (33,), "f16")
    return [
        map_case("map_multiply_add_f32", [x, y, z], [
            "%p = stablehlo.multiply %e0, %e1 : tensor<f32>",
            "%r = stablehlo.add %p, %e2 : tensor<f32>"], "f32", lambda x, y, z: x * y + z),
        map_case("map_max_minus_i32", [a, b], [
            "%m = stablehlo.maximum %e0, %e1 : tensor<i32>",
            "%r = stablehlo.subtract %m, %e1 : tensor<i32>"], "i32",
            lambda a, b: np.maximum(a, b) - b, atol=0),
        map_case("map_exp_f16", [h], ["%r = stablehlo.exponential %e0 : tensor<f16>"], "f16",
                 lambda h: np.exp(h.astype(np.float32)).astype(np.float16), atol=1e-2),
        map_case("map_greater_than_constant_f32", [x], [
            "%c = stablehlo.constant dense<5.000000e-01> : tensor<f32>",
            "%r = stablehlo.compare  GT, %e0, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>"],
            "i1", lambda x: x > 0.5),
        map_case("map_dynamic_f32", [random_array(g, (9, 4), "f32"), random_array(g, (9, 4), "f32")],
                 ["%r = stablehlo.divide %e0, %e1 : tensor<f32>"], "f32",
                 lambda x, y: x / y, shape=(-1, 4), atol=1e-4),
    ]


if __name__ == "__main__":
    run(cases())
