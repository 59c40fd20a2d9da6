"""disc._cache: compiled programs on disk, keyed by the text, the target,
the options and the compiler, written safely by concurrent processes."""
import os
import shutil
import subprocess
import sys
import textwrap
import unittest

import numpy as np

import common
import disc
from disc import _cache, _compiler, _locate

NEGATE = """func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.negate %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}
"""


class CacheTest(unittest.TestCase):
    def setUp(self):
        self.work = common.work_dir("cache")
        self.saved_environment = dict(os.environ)
        os.environ["XDG_CACHE_HOME"] = os.path.join(self.work, "cache")

    def tearDown(self):
        os.environ.clear()
        os.environ.update(self.saved_environment)

    def test_one_program_per_text_target_and_options(self):
        path = _cache.compile_cached(NEGATE)
        self.assertEqual(os.path.dirname(path),
                         os.path.join(self.work, "cache", "disc", "programs"))
        self.assertEqual(_cache.compile_cached(NEGATE), path)
        self.assertNotEqual(_cache.compile_cached(NEGATE, cpu_library="none"), path)
        self.assertNotEqual(_cache.compile_cached(NEGATE + "\n"), path)
        self.assertEqual(sorted(os.listdir(os.path.dirname(path))),
                         sorted(os.path.basename(p) for p in (
                             path, _cache.compile_cached(NEGATE, cpu_library="none"),
                             _cache.compile_cached(NEGATE + "\n"))))
        np.testing.assert_array_equal(disc.load(path)(np.array([1, -2, 3], np.float32)),
                                      [-1, 2, -3])

    def test_a_rebuilt_compiler_compiles_again(self):
        # A process opens the compiler library once, so each compile runs in
        # a process of its own, as it would after a rebuild.
        library = os.path.join(self.work, "libdisc_compiler.so")
        shutil.copy2(_locate.compiler_library_path(), library)
        os.environ["DISC_COMPILER_LIBRARY"] = library
        script = "import sys; from disc import _cache; print(_cache.compile_cached(sys.argv[1]))"

        def compile_in_a_process():
            return subprocess.run([sys.executable, "-c", script, NEGATE], check=True,
                                  capture_output=True, text=True).stdout.strip()

        before = compile_in_a_process()
        self.assertEqual(compile_in_a_process(), before)
        os.utime(library, ns=(0, os.stat(library).st_mtime_ns + 1))
        self.assertNotEqual(compile_in_a_process(), before)

    def test_concurrent_processes(self):
        script = textwrap.dedent("""
            import sys
            import numpy as np
            from disc import _cache, load
            path = _cache.compile_cached(sys.argv[1])
            print(path, load(path)(np.array([1, 2, 3], np.float32)).tolist())
        """)
        processes = [subprocess.Popen([sys.executable, "-c", script, NEGATE],
                                      stdout=subprocess.PIPE, text=True) for _ in range(4)]
        outputs = {process.communicate()[0].strip() for process in processes}
        self.assertEqual([process.returncode for process in processes], [0] * 4)
        self.assertEqual(len(outputs), 1, outputs)
        path = outputs.pop().split(" ")[0]
        self.assertEqual(os.listdir(os.path.dirname(path)), [os.path.basename(path)])

    def test_options_become_compile_options(self):
        self.assertEqual(
            _compiler.compile_options("cuda", {"cuda_arch": ["sm_80", "sm_90"],
                                               "cpu_library": "none", "timing": True,
                                               "verbose": False, "opt_level": 3,
                                               "compile_to": None}),
            [("target", "cuda"), ("cpu-library", "none"), ("cuda-arch", "sm_80,sm_90"),
             ("opt-level", "3"), ("timing", "1"), ("verbose", "0")])
        with self.assertRaisesRegex(disc.Error, "unknown compile option 'no-such-flag'"):
            _cache.compile_cached(NEGATE, no_such_flag=1)
        with self.assertRaisesRegex(disc.Error, "opt-level '7' is not 0, 1, 2 or 3"):
            _cache.compile_cached(NEGATE, opt_level=7)

    def test_compile_error(self):
        with self.assertRaisesRegex(disc.Error, r"<stdin>:2:\d+: error: .*stablehlo.frobnicate") as raised:
            _cache.compile_cached(NEGATE.replace("stablehlo.negate", "stablehlo.frobnicate"))
        error = raised.exception.diagnostics[0]
        self.assertEqual((error.severity, error.file, error.line), ("error", "<stdin>", 2))
        self.assertIn("stablehlo.frobnicate", error.message)
        self.assertIn("^", error.text)
        with self.assertRaisesRegex(disc.Error, "^error: unknown target 'tpu' for --target") as raised:
            _cache.compile_cached(NEGATE, "tpu")
        self.assertEqual(raised.exception.diagnostics[0].file, "")
        self.assertEqual(os.listdir(os.path.join(self.work, "cache", "disc", "programs")), [])


if __name__ == "__main__":
    unittest.main()
