#!/usr/bin/env bash
# Installs every Debian package memplan needs to build and test (Debian 12, as root).
# Safe to rerun: apt-get skips what is already there.
set -euo pipefail
pkgs=(cmake ninja-build gcc g++ clang libclang-rt-14-dev pkg-config
      coinor-libcbc-dev libcmocka-dev libjansson-dev
      libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
      python3)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-deps: missing packages: ${missing[*]} (run as root)" >&2; exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
