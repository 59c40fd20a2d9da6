"""The package as `cmake --install` lays it out: imported from the prefix by
a python that knows nothing of the build, it finds the installed
disc-compile, compiler library and runtime library beside itself and compiles and runs the
sample MLP."""
import os
import subprocess
import sys
import textwrap
import unittest

import common

SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    import disc
    from disc import _locate
    prefix = sys.argv[1]
    for path in (disc.__file__, _locate.compiler_path(), _locate.compiler_library_path(),
                 _locate.runtime_library_path()):
        assert path.startswith(prefix + "/"), path
    g = np.random.default_rng(0)
    x, w1, b1, w2, b2 = inputs = [g.standard_normal(shape).astype(np.float32) for shape in
                                  [(8, 64), (64, 128), (128,), (128, 10), (10,)]]
    y = disc.compile(sys.argv[2])(*inputs)
    expected = np.maximum(x.astype(np.float64) @ w1 + b1, 0) @ w2 + b2
    np.testing.assert_allclose(y, expected, rtol=1e-4, atol=1e-4)
    print("ok")
""")


class InstallTest(unittest.TestCase):
    def test_installed_package(self):
        build_dir = os.environ["DISC_BUILD_DIR"]
        work = common.work_dir("install")
        prefix = os.path.join(work, "prefix")
        subprocess.run(["cmake", "--install", build_dir, "--prefix", prefix],
                       check=True, stdout=subprocess.DEVNULL)
        site_packages = os.path.join(prefix, "lib", "python3", "site-packages")
        self.assertTrue(os.path.isfile(os.path.join(site_packages, "disc", "_install_layout.py")))
        environment = {key: value for key, value in os.environ.items()
                       if not key.startswith("DISC_") and key != "PYTHONPATH"}
        environment["PYTHONPATH"] = site_packages
        environment["XDG_CACHE_HOME"] = os.path.join(work, "cache")
        result = subprocess.run([sys.executable, "-c", SCRIPT, prefix, common.MLP_MLIR],
                                cwd=work, env=environment, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "ok")


if __name__ == "__main__":
    unittest.main()
