"""Runs ral-run on the fake kernel-graph model and checks what it prints.

usage: ral_run_kg_test.py RAL_RUN FAKE_KG_MODEL_SO TFRT_TEST_KERNELS_SO
"""
import os
import sys

# The checks the ral-run tests share live one folder up.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ral_run_checks import check, expect_error, failures, run  # noqa: E402
import ral_run_checks  # noqa: E402

RAL_RUN, MODEL, TFRT_TEST_KERNELS = sys.argv[1:4]
# The model calls TFRT's test kernels, which live apart from the runtime.
ral_run_checks.use(RAL_RUN, "--plugin=" + TFRT_TEST_KERNELS)


# What TFRT's bef_executor prints for these functions (see the MLIR beside
# each one in fake_kg_model.c): 1 + 2 = 3; 42 / 0 is an error that reaches
# only the quotient; add_one(1) = 2 and `if true` picks 1; the partially
# failed value skips only its print; 1024 increments joined by merge_chains.
EXPECTED_RUN_ALL = """\
--- Running 'add_print':
int32 = 3
'add_print' returned 3,!tfrt.chain value
--- Not running 'add_one' because it has arguments.
--- Running 'divide_by_zero':
'divide_by_zero' returned <<error: Divide by zero>>,42
--- Running 'call_and_select':
'call_and_select' returned 2,1
--- Running 'no_results':
hello host executor!
--- Not running 'sleep_forever' because it has arguments.
--- Running 'partial_failure':
int32 = 1
'partial_failure' returned 1,<<error: something bad happened>>
--- Running 'async_increments':
'async_increments' returned 1024
--- Not running 'count_down' because it has arguments.
--- Not running 'unknown_kernel' because it has arguments.
"""

code, out, err = run("--run-all", MODEL)
check("run-all", code == 0 and err == "", f"exit {code}, stderr {err!r}")
check("run-all", out == EXPECTED_RUN_ALL, f"stdout {out!r}")

code, out, err = run("--run-all", "--print_error_code", MODEL)
check("error code", "'divide_by_zero' returned <<error: Divide by zero, code: "
      "INTERNAL>>,42\n" in out, f"stdout {out!r}")

code, out, err = run(MODEL, "--function", "add_one", "--inputs", "41")
check("function", code == 0 and out == "42\n", f"exit {code}, stdout {out!r}")

code, out, err = run(MODEL, "--function", "count_down", "--inputs", "5")
check("while", code == 0 and out == "5\n0\n", f"exit {code}, stdout {out!r}")

code, out, err = run(MODEL, "--function", "sleep_forever", "--inputs", "2")
check("blocking sleeps", code == 0 and out == "Slept for 1000 microseconds\n" * 2
      + "!tfrt.chain value\n42\n", f"exit {code}, stdout {out!r}")

expect_error("no input", [MODEL, "--function", "add_one"],
             "function 'add_one' needs a value for its i32 input 0; pass it "
             "with --input")
expect_error("bad input", [MODEL, "--function", "add_one", "--inputs", "4x"],
             "input 0: '4x' is not a valid i32 value")
expect_error("extra input", [MODEL, "--function", "add_one", "--inputs", "1",
                             "2"],
             "function 'add_one' takes 1 non-chain input(s), got 2")
expect_error("unknown function", [MODEL, "--function", "nope"],
             f"'{MODEL}' has no function 'nope'; it has: add_print, add_one, "
             "divide_by_zero, call_and_select, no_results, sleep_forever, "
             "partial_failure, async_increments, count_down, unknown_kernel")
expect_error("no function", [MODEL],
             f"'{MODEL}' is a kernel-graph model: name the function to run "
             "with --function, or run them all with --run-all")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ral-run kernel-graph checks passed")
