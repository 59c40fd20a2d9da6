"""Prints a program whose brackets nest DEPTH levels deep: `nesting.py KIND DEPTH`.

modules: `module {` repeated; parens: a function type of nested `(`;
tuples: nested `tuple<`; attribute: a model whose module attribute nests
its brackets DEPTH levels deep in all; quoted: a model with DEPTH `(` in a
string and DEPTH `{` in a comment, which do not nest.
"""
import sys

kind, depth = sys.argv[1], int(sys.argv[2])
MAIN = """  func.func public @main(%arg0: tensor<4xf32> loc("x")) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.negate %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}"""
if kind == "modules":
    print("module {" * depth)
elif kind == "parens":
    print("func.func private @f(%a: " + "(" * depth + "i32" + ")" * depth + ")")
elif kind == "tuples":
    print("func.func private @f(%a: " + "tuple<" * depth + "i32" + ">" * depth + ")")
elif kind == "attribute":
    # The attribute dict is the first level.
    note = "[" * (depth - 1) + "1" + "]" * (depth - 1)
    print("module attributes {disc.note = %s} {\n%s" % (note, MAIN))
elif kind == "quoted":
    print('module attributes {disc.note = "%s"} {\n// %s\n%s' % ("(" * depth, "{" * depth, MAIN))
else:
    sys.exit("unknown kind " + kind)
