"""What the ral-run tests share: running the tool and collecting failed checks.

A test script calls `use(ral_run)` once, then `run`, `check` and
`expect_error`, and ends with `sys.exit(report())`.
"""
import subprocess

_ral_run = None
_default_args = ()
failures = []


def use(ral_run, *default_args):
    """Runs `ral_run` with `default_args` (say, --plugin=LIB) after each run's
    own: before them, a list option would take the model as its value."""
    global _ral_run, _default_args
    _ral_run = ral_run
    _default_args = default_args


def run(*args):
    result = subprocess.run([_ral_run, *args, *_default_args], capture_output=True,
                            text=True)
    return result.returncode, result.stdout, result.stderr


def check(label, condition, detail=""):
    if not condition:
        failures.append(f"{label}: {detail}")


def expect_error(label, args, message):
    code, out, err = run(*args)
    check(label, code == 1, f"exit code {code}")
    check(label, err == f"ral-run: error: {message}\n", f"stderr {err!r}")
