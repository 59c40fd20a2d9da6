"""Running disc-compile."""
import os
import subprocess
import tempfile

from . import _locate
from ._errors import Error


def flags(target, options):
    """disc-compile's flags for `target` and keyword options: cuda_arch="sm_90"
    is --cuda-arch=sm_90, a true bool a bare flag, a list a comma-separated
    value, opt_level=3 is -O3."""
    result = [f"--target={target}"]
    for key, value in sorted(options.items()):
        if key == "opt_level":
            result.append(f"-O{value}")
            continue
        flag = "--" + key.replace("_", "-")
        if value is True:
            result.append(flag)
        elif value is False or value is None:
            continue
        elif isinstance(value, (list, tuple)):
            result.append(f"{flag}={','.join(str(item) for item in value)}")
        else:
            result.append(f"{flag}={value}")
    return result


def first_error(stderr):
    """The first error of disc-compile's diagnostics with the source line and
    caret that follow it, or its last line when it printed no error."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    for start, line in enumerate(lines):
        if "error:" in line:
            end = start + 1
            while end < len(lines) and end < start + 3 and not any(
                    kind in lines[end] for kind in ("error:", "warning:", "note:")):
                end += 1
            return "\n".join(lines[start:end])
    return lines[-1] if lines else "disc-compile failed without a message"


def compile_file(source_path, output, target, options, stdin_text=None):
    """Compiles `source_path` ("-" with `stdin_text`) into `output`, written
    under a temporary name beside it and renamed into place, so that
    concurrent compiles of the same output never see a partial file."""
    directory = os.path.dirname(os.path.abspath(output))
    os.makedirs(directory, exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=".disc-", suffix=".so", dir=directory)
    os.close(handle)
    try:
        command = [_locate.compiler_path(), source_path, "-o", partial] + flags(target, options)
        result = subprocess.run(command, input=stdin_text, capture_output=True, text=True)
        if result.returncode != 0:
            raise Error(first_error(result.stderr))
        os.replace(partial, output)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return output
