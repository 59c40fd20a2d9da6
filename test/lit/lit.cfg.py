import os

import lit.formats

config.name = "disc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.disc_obj_root, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.disc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%tfrt_test_kernels", config.tfrt_test_kernels))
config.substitutions.append(("%disc_src_root", config.disc_src_root))

# The CUDA toolkit whose ptxas makes cubins; tests of cubins need it.
cuda_toolkit = os.environ.get("CUDA_PATH", "/usr/local/cuda")
config.substitutions.append(("%cuda_toolkit", cuda_toolkit))
if os.access(os.path.join(cuda_toolkit, "bin", "ptxas"), os.X_OK):
    config.available_features.add("ptxas")

# Whether this machine has an NVIDIA driver; CI has none, so the tests of
# CUDA models without one run there.
try:
    import ctypes

    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
