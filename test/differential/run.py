#!/usr/bin/env python3
"""Differential test: random JAX programs, compiled by disc and by jax.jit, on the same inputs.

Each program (programs.py, one per seed; regressions.py, by name) is lowered
with jax.jit to StableHLO and run by JAX for the reference outputs; disc
compiles the same text and runs it, and each output is compared:
|disc - jax| <= atol + rtol*|jax| with rtol 1e-4 and atol 1e-5 times the
output's scale (its largest finite magnitude below 1e30, at least 1), bools
and integers exactly, NaN and infinity positions equal.

Many programs are compiled at once, as the functions of one module (each
program's private functions renamed after it); when such a module does not
compile, its programs are compiled one by one so that the failure names the
program. A program that fails inside a module is run alone as well.

    run.py --seeds 0:20 -v                       # programs of seeds 0..19
    run.py --seeds 17:18 --cpu-library none -v   # one seed
    run.py --regressions --seeds 0:0             # the regression cases only

Prints `FAIL <name> seed=<s>: ...` for each mismatch (with -v, `PASS` lines
too) and writes what reproduces it to WORK_DIR/failures/<name>/ (the
StableHLO text, inputs, JAX's and disc's outputs, repro.sh); ends with
`N passed, M failed` and exits 1 when anything failed.

JAX compiles with XLA's backend at -O0 (XLA_FLAGS=--xla_backend_optimization_level=0
unless XLA_FLAGS is set): the same HLO passes and fusions in half the
compile time, which is most of the cost of a reference. JAX's outputs are
kept in --reference-cache (default WORK_DIR/reference), keyed by the
generator's source, the case, JAX's version and XLA_FLAGS, so a second run
(or a run of the other --cpu-library) does not compute them again;
compiled modules are cached in WORK_DIR/cache.
"""

import argparse
import concurrent.futures
import hashlib
import importlib.metadata
import itertools
import json
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
try:
    import disc  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(ROOT, "python"))

RTOL = 1e-4
ATOL = 1e-5            # times the output's scale
SCALE_CUTOFF = 1e30    # magnitudes above are sentinels (finfo.min), left out of the scale
COMPILE_TIMEOUT_S = 900
RUN_TIMEOUT_S = 300
# Bumped when what _prepare stores changes, so old entries are not read.
STORE_VERSION = "1"
MODULE_HEADER = ("module @differential attributes {mhlo.num_partitions = 1 : i32, "
                 "mhlo.num_replicas = 1 : i32} {")


# Cases and their stored references -------------------------------------------

class Case:
    """A generated program (seed) or a regression case (regression name)."""

    def __init__(self, seed=None, regression=None):
        self.seed = seed
        self.regression = regression

    @property
    def label(self):
        return "seed%d" % self.seed if self.regression is None else "reg_" + self.regression

    @property
    def seed_text(self):
        return str(self.seed) if self.regression is None else "-"


def _source_digests():
    """What a stored case depends on, for generated programs and for
    regression cases: its source file (regressions.py imports programs.py),
    JAX's and numpy's versions and XLA_FLAGS."""
    common = hashlib.sha256(STORE_VERSION.encode())
    for package in ("jax", "jaxlib", "numpy"):
        try:
            common.update(importlib.metadata.version(package).encode())
        except importlib.metadata.PackageNotFoundError:
            common.update(b"-")
    common.update(os.environ.get("XLA_FLAGS", "").encode())
    digests = {}
    for kind, names in (("seed", ["programs.py"]), ("regression", ["programs.py", "regressions.py"])):
        digest = common.copy()
        for name in names:
            with open(os.path.join(HERE, name), "rb") as f:
                digest.update(f.read())
        digests[kind] = digest.hexdigest()
    return digests


def store_key(digests, case):
    digest = digests["seed" if case.regression is None else "regression"]
    return "%s-%s" % (case.label, hashlib.sha256((digest + case.label).encode()).hexdigest()[:16])


def regression_names():
    import regressions
    return [program.name for program in regressions.cases()]


def _make_program(case):
    if case.regression is None:
        import programs
        return programs.make(case.seed)
    import regressions
    for program in regressions.cases():
        if program.name == case.regression:
            return program
    raise KeyError("no regression case '%s'" % case.regression)


def _renamed_functions(text, name):
    """The functions of the module `text` with every symbol prefixed by
    `name`, main renamed to `name`: a piece of a module of several programs."""
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir
    with jax_mlir.make_ir_context():
        module = ir.Module.parse(text)
        functions = list(module.body.operations)
        old = [ir.StringAttr(op.attributes["sym_name"]).value for op in functions]
        new = [name if n == "main" else "%s__%s" % (name, n) for n in old]
        for op, before, after in zip(functions, old, new):
            ir.SymbolTable.replace_all_symbol_uses(before, after, module.operation)
            op.attributes["sym_name"] = ir.StringAttr.get(after)
        return "\n".join(str(op) for op in functions)


def _write_store_entry(path, program, text, outputs):
    parent = os.path.dirname(path)
    partial = tempfile.mkdtemp(prefix=".partial-", dir=parent)
    try:
        with open(os.path.join(partial, "program.mlir"), "w") as f:
            f.write(text)
        with open(os.path.join(partial, "functions.mlir"), "w") as f:
            f.write(_renamed_functions(text, program.name))
        np.savez(os.path.join(partial, "inputs.npz"),
                 **{"arg%d" % i: a for i, a in enumerate(program.args)})
        np.savez(os.path.join(partial, "expected.npz"),
                 **{"out%d" % i: a for i, a in enumerate(outputs)})
        meta = {"name": program.name, "description": program.description,
                "inputs": len(program.args), "outputs": len(outputs)}
        with open(os.path.join(partial, "meta.json"), "w") as f:
            json.dump(meta, f)
        try:
            os.rename(partial, path)
        except OSError:
            if not os.path.exists(os.path.join(path, "meta.json")):
                raise
    finally:
        if os.path.exists(partial):
            shutil.rmtree(partial)


def _prepare(items):
    """In a JAX worker process: lowers and runs each (case, store path) not
    stored yet. Returns {label: error text} for those that could not be made."""
    errors = {}
    for case, path in items:
        if os.path.exists(os.path.join(path, "meta.json")):
            continue
        try:
            _prepare_program(_make_program(case), path)
        except Exception as error:  # a generator or JAX failure, reported by the case
            errors[case.label] = _error_line(error)
    return errors


def _error_line(error):
    text = str(error)
    return "%s: %s" % (type(error).__name__, text.splitlines()[0] if text else "")


def _prepare_program(program, path):
    """Lowers `program` with jax.jit, runs it and stores both at `path`."""
    import jax
    lowered = jax.jit(program.fn, keep_unused=True).lower(*program.args)
    text = lowered.as_text()
    results = lowered.compile()(*program.args)
    outputs = [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(results)]
    _write_store_entry(path, program, text, outputs)


def _init_jax_worker():
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    # A worker is one of --jobs processes: no signal of the parent's ^C.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Stored:
    """A prepared case: its program text, inputs and JAX's outputs."""

    def __init__(self, case, path):
        self.case = case
        self.path = path
        with open(os.path.join(path, "meta.json")) as f:
            meta = json.load(f)
        self.name = meta["name"]
        self.description = meta["description"]
        self.n_outputs = meta["outputs"]

    def text(self):
        with open(os.path.join(self.path, "program.mlir")) as f:
            return f.read()

    def functions(self):
        with open(os.path.join(self.path, "functions.mlir")) as f:
            return f.read()

    def inputs(self):
        with np.load(os.path.join(self.path, "inputs.npz")) as data:
            return [data["arg%d" % i] for i in range(len(data.files))]

    def expected(self):
        with np.load(os.path.join(self.path, "expected.npz")) as data:
            return [data["out%d" % i] for i in range(self.n_outputs)]

    @property
    def inputs_path(self):
        return os.path.join(self.path, "inputs.npz")


# Comparison -------------------------------------------------------------------

def output_scale(want):
    if want.dtype.kind not in "fc" or want.size == 0:
        return 1.0
    magnitude = np.abs(want[np.isfinite(want)].astype(np.float64))
    magnitude = magnitude[magnitude < SCALE_CUTOFF]
    return max(1.0, float(magnitude.max())) if magnitude.size else 1.0


def tolerances(expected):
    """(atol, rtol) for ral-run, which takes one atol for all outputs."""
    return ATOL * max([output_scale(e) for e in expected] + [1.0]), RTOL


def _shape_text(a):
    return "%s%s" % ("x".join(map(str, a.shape)) + "x" if a.shape else "", a.dtype)


def compare(index, got, want):
    """None when output `index` matches, else what differs."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return "output %d is %s, JAX gives %s" % (index, _shape_text(got), _shape_text(want))
    if want.size == 0:
        return None
    if want.dtype.kind not in "fc":
        bad = got != want
        if not bad.any():
            return None
        first = np.unravel_index(np.argmax(bad), want.shape)
        return ("output %d: %d of %d elements differ (exact), first at %s: disc %s, jax %s"
                % (index, int(bad.sum()), want.size, list(map(int, first)), got[first], want[first]))
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    scale = output_scale(want)
    atol = ATOL * scale
    nan_g, nan_w = np.isnan(g), np.isnan(w)
    inf_any = np.isinf(g) | np.isinf(w)
    finite = ~(nan_g | nan_w | inf_any)
    err = np.zeros(w.shape)
    err[finite] = np.abs(g[finite] - w[finite])
    bad = (nan_g != nan_w) | (inf_any & ~(nan_g | nan_w) & (g != w))
    bad |= finite & (err > atol + RTOL * np.abs(np.where(finite, w, 0)))
    if not bad.any():
        return None
    err[bad & ~finite] = np.inf
    first = np.unravel_index(np.argmax(bad), want.shape)
    return ("output %d max abs err %.3g (scale %.3g), %d of %d elements differ, first at %s: "
            "disc %r, jax %r" % (index, float(err.max()), scale, int(bad.sum()), want.size,
                                 list(map(int, first)), float(got[first]), float(want[first])))


# Compiling and running with disc ----------------------------------------------

class Tools:
    def __init__(self, cache_dir):
        from disc import _locate
        self.compiler = _locate.compiler_path()
        self.build_dir = os.path.dirname(os.path.dirname(self.compiler))
        self.cache_dir = cache_dir
        os.makedirs(cache_dir, exist_ok=True)
        status = os.stat(self.compiler)
        self.identity = "%s:%d:%d" % (os.path.realpath(self.compiler), status.st_size,
                                      status.st_mtime_ns)
        self.used = set()
        self.lock = threading.Lock()

    def flags(self, target, mode):
        return [f"--target={target}"] + ([f"--cpu-library={mode}"] if target == "cpu" else [])

    def compile(self, text, target, mode, output=None):
        """Compiles `text`; returns (path of the .so, None) or (None, first error).
        Without `output` the .so goes to the cache, keyed by the text, the
        flags and the compiler. It runs disc-compile as a process, not the
        package's in-process compiler, so that a compile that hangs is cut
        off after COMPILE_TIMEOUT_S."""
        flags = self.flags(target, mode)
        if output is None:
            key = hashlib.sha256("\0".join([text, repr(flags), self.identity]).encode())
            output = os.path.join(self.cache_dir, key.hexdigest()[:32] + ".so")
            with self.lock:
                self.used.add(os.path.basename(output))
            if os.path.isfile(output):
                return output, None
        directory = os.path.dirname(os.path.abspath(output))
        os.makedirs(directory, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=".disc-", suffix=".so", dir=directory)
        os.close(handle)
        try:
            argv = [self.compiler, "-", "-o", partial] + flags
            try:
                proc = subprocess.run(argv, input=text, capture_output=True, text=True,
                                      timeout=COMPILE_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                return None, "disc-compile timed out after %d s" % COMPILE_TIMEOUT_S
            if proc.returncode != 0:
                return None, compile_error(proc.returncode, proc.stderr)
            os.replace(partial, output)
            return output, None
        finally:
            if os.path.exists(partial):
                os.unlink(partial)

    def prune_cache(self):
        """Removes the cached modules this run did not use (old compilers' and programs')."""
        for name in os.listdir(self.cache_dir):
            if name.endswith(".so") and name not in self.used:
                os.unlink(os.path.join(self.cache_dir, name))


def compile_error(rc, stderr):
    """disc-compile's first error line, or for a crash where it crashed."""
    crashed = rc < 0 or "PLEASE submit a bug report" in stderr or "Stack dump" in stderr
    if not crashed:
        lines = [line for line in stderr.splitlines() if line.strip()]
        errors = [line for line in lines if "error:" in line]
        if errors:
            return errors[0]
        return lines[-1] if lines else "disc-compile failed without a message"
    where = ""
    for line in stderr.splitlines():
        match = re.match(r"\s*#\d+ 0x[0-9a-f]+ (.+)", line)
        if match and not match.group(1).startswith(("llvm::sys::", "(/")):
            where = ": " + re.sub(r" \(/[^)]*\)$", "", match.group(1))
            break
    messages = [line for line in stderr.splitlines()
                if "error:" in line or "Assertion" in line or "LLVM ERROR" in line]
    if messages:
        where = ": " + messages[0].strip() + where.replace(": ", " in ", 1)
    return "disc-compile crashed (%s)%s" % ("signal %d" % -rc if rc < 0 else "exit %d" % rc, where)


def run_models(so, items, out_dir):
    """Runs each (function or None, inputs .npz) of the model `so` in a child
    process, so that a crash names its program. Returns one entry per item:
    a list of outputs, or the error text."""
    results = [None] * len(items)
    start = 0
    while start < len(items):
        spec = os.path.join(out_dir, "run-spec-%d.json" % start)
        with open(spec, "w") as f:
            json.dump({"so": so, "items": [
                {"function": fn, "inputs": inputs, "output": os.path.join(out_dir, "out%d.npz" % i)}
                for i, (fn, inputs) in enumerate(items) if i >= start], "start": start}, f)
        try:
            proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--run-models", spec],
                                  capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
            stdout, rc = proc.stdout, proc.returncode
            stderr = proc.stderr
        except subprocess.TimeoutExpired as expired:
            stdout = expired.stdout.decode() if isinstance(expired.stdout, bytes) else \
                (expired.stdout or "")
            rc, stderr = None, ""
        running = None
        for line in stdout.splitlines():
            kind, _, rest = line.partition(" ")
            if kind == "RUN":
                running = int(rest)
            elif kind == "DONE":
                i = int(rest)
                with np.load(os.path.join(out_dir, "out%d.npz" % i)) as data:
                    results[i] = [data["out%d" % k] for k in range(len(data.files))]
                running = None
            elif kind == "ERROR":
                i, _, message = rest.partition(" ")
                results[int(i)] = json.loads(message)
                running = None
        if rc == 0:
            break
        if running is None:
            # Died before or between programs: blame the first not run.
            running = next((i for i in range(start, len(items)) if results[i] is None), None)
            if running is None:
                break
        why = ("ran over %d s" % RUN_TIMEOUT_S if rc is None else
               "killed by signal %d" % -rc if rc < 0 else "exit %d" % rc)
        last = [line for line in stderr.splitlines() if line.strip()][-1:]
        results[running] = "the run %s%s" % (why, ": " + last[0] if last else "")
        start = running + 1
    return results


def _run_models_child(spec_path):
    """--run-models: runs the functions a spec names, printing RUN i / DONE i / ERROR i msg."""
    import disc
    with open(spec_path) as f:
        spec = json.load(f)
    model = disc.Model(spec["so"])
    for i, item in enumerate(spec["items"], spec["start"]):
        print("RUN %d" % i, flush=True)
        try:
            with np.load(item["inputs"]) as data:
                inputs = [data["arg%d" % k] for k in range(len(data.files))]
            outputs = model(*inputs, function=item["function"])
            if not isinstance(outputs, tuple):
                outputs = (outputs,)
            np.savez(item["output"], **{"out%d" % k: np.array(o) for k, o in enumerate(outputs)})
            print("DONE %d" % i, flush=True)
        except disc.Error as error:
            print("ERROR %d %s" % (i, json.dumps("run error: " + str(error).splitlines()[0])),
                  flush=True)
    return 0


# The run ------------------------------------------------------------------------

class Runner:
    def __init__(self, args):
        self.args = args
        self.work_dir = os.path.abspath(args.work_dir)
        self.store_dir = os.path.abspath(args.reference_cache or
                                         os.path.join(self.work_dir, "reference"))
        os.makedirs(self.store_dir, exist_ok=True)
        self.modes = ["auto", "none"] if args.cpu_library == "both" else [args.cpu_library]
        self.digests = _source_digests()
        self.print_lock = threading.Lock()
        self.passed = self.failed = 0
        self.failures = []
        self.pool = None
        self.tools = None
        self.store_used = set()

    def say(self, line):
        with self.print_lock:
            print(line, flush=True)

    def jax_pool(self):
        if self.pool is None:
            self.pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.args.jobs, mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_jax_worker)
        return self.pool

    def prepare(self, cases):
        """The Stored entries of `cases` (computing the missing ones in a JAX
        worker) and {label: error} for those that could not be made."""
        items = [(case, os.path.join(self.store_dir, store_key(self.digests, case)))
                 for case in cases]
        with self.print_lock:
            self.store_used.update(os.path.basename(path) for _, path in items)
        missing = [item for item in items if not os.path.exists(os.path.join(item[1], "meta.json"))]
        errors = self.jax_pool().submit(_prepare, missing).result() if missing else {}
        stored = []
        for case, path in items:
            if case.label not in errors:
                stored.append(Stored(case, path))
        return stored, errors

    def report(self, stored_or_case, mode, problem, got=None, note=""):
        if isinstance(stored_or_case, Stored):
            name, case = stored_or_case.name, stored_or_case.case
        else:
            name, case = stored_or_case.label, stored_or_case
        where = " cpu-library=%s" % mode if len(self.modes) > 1 else ""
        if problem is None:
            with self.print_lock:
                self.passed += 1
            if self.args.verbose:
                self.say("PASS %s seed=%s%s" % (name, case.seed_text, where))
            return
        repro = ""
        if isinstance(stored_or_case, Stored) and not self.args.prepare_only:
            repro = self.write_repro(stored_or_case, mode, problem + note, got)
        with self.print_lock:
            self.failed += 1
            self.failures.append((name, case.seed_text, mode, repro, problem))
            print("FAIL %s seed=%s%s: %s%s" % (name, case.seed_text, where, problem, note),
                  flush=True)
            if repro:
                print("  reproduce: %s/repro.sh" % repro, flush=True)

    def report_module(self, stored, mode, error, module):
        """A module of several programs that did not compile while each of
        them compiles alone (a crash that comes and goes, or one of the
        module): a failure of its own, with the module to reproduce it."""
        name = "module_%s_to_%s" % (stored[0].case.label, stored[-1].case.label)
        directory = os.path.join(self.work_dir, "failures", name + ("." + mode if len(self.modes) > 1
                                                                    else ""))
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, "module.mlir"), "w") as f:
            f.write(module)
        where = " cpu-library=%s" % mode if len(self.modes) > 1 else ""
        with self.print_lock:
            self.failed += 1
            self.failures.append((name, "-", mode, directory, error))
            print("FAIL %s seed=-%s: disc-compile of the module of %d programs: %s (each alone "
                  "compiles)\n  reproduce: disc-compile %s/module.mlir --cpu-library=%s"
                  % (name, where, len(stored), error, directory, mode), flush=True)

    def write_repro(self, stored, mode, problem, got):
        directory = os.path.join(self.work_dir, "failures",
                                 stored.name + ("." + mode if len(self.modes) > 1 else ""))
        if os.path.exists(directory):
            shutil.rmtree(directory)
        os.makedirs(directory)
        with open(os.path.join(directory, "program.mlir"), "w") as f:
            f.write(stored.text())
        inputs = ["input%d.npy" % i for i in range(len(stored.inputs()))]
        for path, value in zip(inputs, stored.inputs()):
            np.save(os.path.join(directory, path), value)
        expected = stored.expected()
        expected_paths = ["expected%d.npy" % i for i in range(len(expected))]
        for path, value in zip(expected_paths, expected):
            np.save(os.path.join(directory, path), value)
        for i, value in enumerate(got or []):
            np.save(os.path.join(directory, "disc%d.npy" % i), value)
        with open(os.path.join(directory, "description.txt"), "w") as f:
            f.write("%s seed=%s --cpu-library=%s\n%s\n\n%s\n"
                    % (stored.name, stored.case.seed_text, mode, problem, stored.description))
        atol, rtol = tolerances(expected)
        build = self.tools.build_dir if self.tools else os.path.join(ROOT, "build")
        with open(os.path.join(directory, "repro.sh"), "w") as f:
            f.write("#!/bin/sh\n# %s seed=%s: %s\n" % (stored.name, stored.case.seed_text,
                                                       problem.replace("\n", " ")))
            f.write('set -e\ncd "$(dirname "$0")"\nbuild="${DISC_BUILD_DIR:-%s}"\n' % build)
            f.write('"$build/bin/disc-compile" program.mlir -o program.so --cpu-library=%s\n'
                    % mode)
            f.write('"$build/bin/ral-run" program.so --inputs %s %s --atol=%r --rtol=%r\n'
                    % (" ".join(inputs), " ".join("--expected_output=@" + p
                                                  for p in expected_paths), atol, rtol))
        os.chmod(os.path.join(directory, "repro.sh"), 0o755)
        return directory

    def check(self, stored, outputs):
        """None when disc's `outputs` (or error text) match JAX's."""
        if isinstance(outputs, str):
            return outputs
        expected = stored.expected()
        if len(outputs) != len(expected):
            return "disc returns %d outputs, JAX %d" % (len(outputs), len(expected))
        for i, (got, want) in enumerate(zip(outputs, expected)):
            problem = compare(i, got, want)
            if problem:
                return problem
        return None

    def run_alone(self, stored, mode, scratch, cached=True):
        """Compiles and runs one program as its own module: (outputs or error, so)."""
        output = None if cached else os.path.join(scratch, "alone.so")
        so, error = self.tools.compile(stored.text(), "cpu", mode, output)
        if so is None:
            return (error if error.startswith("disc-compile") else "disc-compile: " + error), None
        return run_models(so, [(None, stored.inputs_path)], scratch)[0], so

    def run_batch(self, index, cases):
        if self.stop.is_set() or self.deadline and time.time() >= self.deadline:
            return
        with self.print_lock:
            self.started_cases.extend(cases)
        stored, errors = self.prepare(cases)
        for case in cases:
            if case.label in errors:
                self.report(case, self.modes[0], "could not make the program: " +
                            errors[case.label])
        if self.args.prepare_only:
            for entry in stored:
                self.report(entry, self.modes[0], None)
            return
        if self.args.bundle:
            self.bundle_batch(index, stored)
            return
        scratch = tempfile.mkdtemp(prefix="batch%d-" % index, dir=os.path.join(self.work_dir,
                                                                                "runs"))
        try:
            for mode in self.modes:
                self.run_batch_mode(stored, mode, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        if self.failed and not self.args.keep_going:
            self.stop.set()

    def run_batch_mode(self, stored, mode, scratch):
        module = "\n".join([MODULE_HEADER] + [entry.functions() for entry in stored] + ["}", ""])
        so, error = self.tools.compile(module, "cpu", mode) if len(stored) > 1 else (None, None)
        if so is None:
            # One by one, so that a compile error names its program.
            problems = []
            for entry in stored:
                outputs, _ = self.run_alone(entry, mode, scratch)
                problems.append(self.check(entry, outputs))
                self.report(entry, mode, problems[-1],
                            outputs if isinstance(outputs, list) else None)
            if error and not any(problems):
                self.report_module(stored, mode, error, module)
            return
        results = run_models(so, [(entry.name, entry.inputs_path) for entry in stored], scratch)
        for entry, outputs in zip(stored, results):
            problem = self.check(entry, outputs)
            note = ""
            if problem:
                alone, _ = self.run_alone(entry, mode, scratch)
                if self.check(entry, alone) is None:
                    note = " (only in a module of several programs; alone it passes)"
            self.report(entry, mode, problem, outputs if isinstance(outputs, list) else None, note)

    # --minimize -------------------------------------------------------------

    def minimize(self, seed, mode, problem):
        """Drops the steps of a failing generated program one at a time while
        it still fails, and reports what is left (MINIMAL ...)."""
        import programs
        scratch = tempfile.mkdtemp(prefix="minimize%d-" % seed, dir=os.path.join(self.work_dir,
                                                                                 "runs"))
        tries = [0]
        # A crash may come and go: a smaller program must crash in one of 5 compiles.
        repeats = [5 if "crashed" in problem else 1]

        def attempt(keep):
            tries[0] += 1
            path = os.path.join(scratch, "try%d" % tries[0])
            try:
                _prepare_program(programs.make(seed, keep), path)
            except Exception:   # a step needs one that was dropped
                return None, None
            stored = Stored(Case(seed=seed), path)
            for _ in range(repeats[0]):
                outputs, so = self.run_alone(stored, mode, scratch, cached=False)
                problem = self.check(stored, outputs)
                if problem:
                    return problem, (stored, outputs)
            return None, None

        try:
            full = programs.make(seed)
            keep = set(range(1, full.n_steps - 1))
            problem, found = attempt(keep)
            if not problem:
                return
            changed = True
            while changed:
                changed = False
                for step in sorted(keep, reverse=True):
                    trial_problem, trial = attempt(keep - {step})
                    if trial_problem:
                        keep, problem, found, changed = keep - {step}, trial_problem, trial, True
            stored, outputs = found
            repro = self.write_repro(stored, mode, problem,
                                     outputs if isinstance(outputs, list) else None)
            with self.print_lock:
                print("MINIMAL %s seed=%d (steps %s of %d, %d tries): %s\n  reproduce: %s/repro.sh"
                      % (stored.name, seed, sorted(keep), full.n_steps, tries[0], problem, repro))
                print("\n".join("  " + line for line in stored.description.splitlines()),
                      flush=True)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    # --bundle ---------------------------------------------------------------

    def bundle_batch(self, index, stored):
        """Compiles the batch for --bundle's target into the work dir and
        records each program's manifest entry."""
        target = self.args.bundle
        mode = self.modes[0]
        so_name = "batch%04d.so" % index
        module = "\n".join([MODULE_HEADER] + [entry.functions() for entry in stored] + ["}", ""])
        so, _ = self.tools.compile(module, target, mode, os.path.join(self.work_dir, so_name))
        for entry in stored:
            record = {"name": entry.name}
            function = entry.name
            entry_so = so_name
            if so is None:
                entry_so = "%s.so" % entry.name
                alone, error = self.tools.compile(entry.text(), target, mode,
                                                  os.path.join(self.work_dir, entry_so))
                function = None
                if alone is None:
                    record["skip"] = error
                    self.bundle_entries[entry.name] = record
                    self.report(entry, mode, None)
                    continue
            inputs = []
            for i, value in enumerate(entry.inputs()):
                inputs.append("%s.input%d.npy" % (entry.name, i))
                np.save(os.path.join(self.work_dir, inputs[-1]), value)
            expected = entry.expected()
            expected_paths = []
            for i, value in enumerate(expected):
                expected_paths.append("%s.expected%d.npy" % (entry.name, i))
                np.save(os.path.join(self.work_dir, expected_paths[-1]), np.array(value, order="C"))
            atol, rtol = tolerances(expected)
            record.update(so=entry_so, inputs=inputs, expected=expected_paths, atol=atol, rtol=rtol)
            if function:
                record["function"] = function
            self.bundle_entries[entry.name] = record
            self.report(entry, mode, None)

    # -------------------------------------------------------------------------

    def batches(self):
        """(index, cases) in order: the regressions first, then the seeds."""
        args = self.args
        cases = [Case(regression=name) for name in (regression_names() if args.regressions else [])]
        seeds = itertools.count(args.seed_start) if args.seed_stop is None else \
            iter(range(args.seed_start, args.seed_stop))
        index = 0
        if cases:
            yield index, cases
            index += 1
        while True:
            chunk = [Case(seed=s) for s in itertools.islice(seeds, args.batch_size)]
            if not chunk:
                return
            yield index, chunk
            index += 1

    def run(self):
        args = self.args
        started = time.time()
        self.deadline = deadline = started + args.time_limit if args.time_limit else None
        self.started_cases = []
        self.stop = threading.Event()
        self.bundle_entries = {}
        if not args.prepare_only:
            self.tools = Tools(os.path.abspath(args.cache_dir or os.path.join(self.work_dir,
                                                                               "cache")))
            if not args.bundle:
                os.makedirs(os.path.join(self.work_dir, "runs"), exist_ok=True)
        self.jax_pool()
        batches = self.batches()
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as threads:
            running = set()
            try:
                for index, cases in batches:
                    if deadline and time.time() >= deadline or self.stop.is_set():
                        break
                    running.add(threads.submit(self.run_batch, index, cases))
                    # Keep at most one batch waiting per thread: an open-ended
                    # run draws new seeds only as it goes.
                    while len(running) >= 2 * args.jobs:
                        done, running = concurrent.futures.wait(
                            running, return_when=concurrent.futures.FIRST_COMPLETED)
                        for future in done:
                            future.result()
                for future in concurrent.futures.as_completed(running):
                    future.result()
            except KeyboardInterrupt:
                self.stop.set()
                raise
            finally:
                if self.pool is not None:
                    self.pool.shutdown(cancel_futures=True)
        if args.minimize:
            for name, seed, mode, _, problem in list(self.failures)[:args.minimize]:
                if seed != "-":
                    self.minimize(int(seed), mode, problem)
        if self.tools is not None and not args.cache_dir and not args.bundle:
            self.tools.prune_cache()
        if args.prune_reference and not self.stop.is_set():
            for name in os.listdir(self.store_dir):
                if name not in self.store_used and not name.startswith(".partial-"):
                    shutil.rmtree(os.path.join(self.store_dir, name), ignore_errors=True)
        if args.bundle:
            entries = [self.bundle_entries[n] for n in sorted(self.bundle_entries,
                                                              key=_natural_key)]
            with open(os.path.join(self.work_dir, "manifest.json"), "w") as f:
                json.dump({"cases": entries}, f, indent=1)
            skipped = sum("skip" in e for e in entries)
            print("%d bundled, %d skipped%s" % (len(entries) - skipped, skipped,
                                                 ", %d not made" % self.failed if self.failed
                                                 else ""))
            return 1 if self.failed else 0
        if args.time_limit:
            seeds = [c.seed for c in self.started_cases if c.seed is not None]
            if seeds:
                print("seeds %d..%d in %.0f s" % (min(seeds), max(seeds), time.time() - started))
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


def _natural_key(name):
    digits = "".join(itertools.takewhile(str.isdigit, name[3:])) if name.startswith("gen") else ""
    return (0, name, 0) if not digits else (1, "", int(digits))


def _seed_range(text):
    start, sep, stop = text.partition(":")
    try:
        if not sep:
            return int(start), int(start) + 1
        return int(start), (int(stop) if stop else None)
    except ValueError:
        raise argparse.ArgumentTypeError("expected A:B, A: or A, got '%s'" % text)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--run-models"]:
        return _run_models_child(argv[1])
    # Before JAX is imported here or in a worker (which inherits it).
    os.environ.setdefault("XLA_FLAGS", "--xla_backend_optimization_level=0")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=_seed_range, default=(0, 100), metavar="A:B",
                        help="the generated programs of seeds A..B-1 (A: is open-ended, for "
                        "--time-limit; A alone is one seed; default 0:100)")
    parser.add_argument("--regressions", action="store_true",
                        help="run the cases of regressions.py first")
    parser.add_argument("--cpu-library", choices=("auto", "none", "both"), default="auto",
                        help="disc-compile --cpu-library (both: each program under each)")
    parser.add_argument("--work-dir", default=os.path.join(tempfile.gettempdir(), "disc-differential"),
                        help="failures/, the caches and scratch files (default: %(default)s)")
    parser.add_argument("--reference-cache", metavar="DIR",
                        help="where JAX's outputs are kept (default: WORK_DIR/reference)")
    parser.add_argument("--prune-reference", action="store_true",
                        help="remove what the reference cache holds for other cases (after a "
                        "change of programs.py, JAX or XLA_FLAGS)")
    parser.add_argument("--cache-dir", metavar="DIR",
                        help="where compiled modules are kept (default: WORK_DIR/cache, pruned "
                        "of what a run does not use)")
    parser.add_argument("-j", "--jobs", type=int, default=2,
                        help="batches worked on at once (each a JAX or disc process; default 2)")
    parser.add_argument("--batch-size", type=int, default=25,
                        help="programs compiled as one module (default 25)")
    parser.add_argument("--keep-going", action="store_true",
                        help="go on after a failure (without it, no new batch starts)")
    parser.add_argument("--time-limit", type=float, metavar="SECONDS",
                        help="start no batch after this many seconds (for open-ended --seeds)")
    parser.add_argument("--prepare-only", action="store_true",
                        help="compute and store JAX's outputs only (no disc)")
    parser.add_argument("--bundle", choices=("cpu", "cuda"),
                        help="compile for this target into WORK_DIR with the inputs, JAX's "
                        "outputs and manifest.json, as test/e2e's --bundle does, instead of running")
    parser.add_argument("--minimize", type=int, nargs="?", const=10, default=0, metavar="N",
                        help="after the run, shrink the first N failing generated programs "
                        "(default 10) to the fewest steps that still fail")
    parser.add_argument("-v", "--verbose", action="store_true", help="print PASS lines too")
    args = parser.parse_args(argv)
    args.seed_start, args.seed_stop = args.seeds
    if args.jobs < 1 or args.batch_size < 1:
        parser.error("--jobs and --batch-size must be at least 1")
    if args.seed_stop is None and not args.time_limit:
        parser.error("an open-ended --seeds A: needs --time-limit")
    if args.bundle and args.cpu_library == "both":
        parser.error("--bundle takes one --cpu-library")
    scratch = None
    if args.bundle:
        # The bundle travels: the caches stay out of it.
        os.makedirs(args.work_dir, exist_ok=True)
        scratch = tempfile.mkdtemp(prefix="disc-differential-bundle-")
        args.reference_cache = args.reference_cache or os.path.join(scratch, "reference")
        args.cache_dir = args.cache_dir or os.path.join(scratch, "cache")
    try:
        return Runner(args).run()
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
