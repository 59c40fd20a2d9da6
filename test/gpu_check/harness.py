"""What the gpu_check tests share: running the scripts, failing with a
message, and a main that takes --tools and --work-dir and prints PASS/FAIL."""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def run(argv):
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def main(name, description, check):
    """Runs check(args) and prints `PASS name` or `FAIL name: why`; returns
    the exit status."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--tools", required=True, help="directory holding disc-compile and ral-run")
    parser.add_argument("--work-dir", required=True)
    args = parser.parse_args()
    args.tools = os.path.abspath(args.tools)
    os.makedirs(args.work_dir, exist_ok=True)
    try:
        check(args)
    except Failure as failure:
        print("FAIL %s: %s" % (name, failure))
        return 1
    print("PASS %s" % name)
    return 0
