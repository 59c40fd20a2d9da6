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
config.substitutions.append(("%disc_src_root", config.disc_src_root))
