#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the build and the tests need and is
# missing. Safe to run again: it only calls apt-get when something is absent.
# Packages named as arguments are installed the same way, along with these
# (scripts/fuzz.sh adds clang and its libFuzzer runtime).
set -euo pipefail

LLVM_VERSION=22
packages=(
  cmake ninja-build ccache g++ pkg-config
  "llvm-${LLVM_VERSION}-dev" "llvm-${LLVM_VERSION}-tools" "libmlir-${LLVM_VERSION}-dev"
  "mlir-${LLVM_VERSION}-tools" "lld-${LLVM_VERSION}" "liblld-${LLVM_VERSION}-dev"
  zlib1g-dev libzstd-dev
  libspdlog-dev libfmt-dev libcli11-dev libgtest-dev libgmock-dev
  libopenblas0-pthread libdnnl2 libdnnl-dev libfftw3-double3 libfftw3-single3
  python3 python3-numpy python3-venv
  "$@"
)

find_missing() {
  missing=()
  for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
      missing+=("$package")
    fi
  done
}

find_missing
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

# Tests run this at once (ctest's two sanitizer builds each add clang), and
# apt-get fails at once when another one holds its lock: one call installs
# at a time, and the next looks again at what is still missing.
exec 9>"${TMPDIR:-/tmp}/disc-setup.lock"
flock 9
find_missing
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends \
  -o DPkg::Lock::Timeout=600 "${missing[@]}"
