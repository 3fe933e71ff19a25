#!/usr/bin/env bash
# Installs the toolchains the tests and the benchmark's scenarios use, when they are missing:
# go (Debian's golang-go), cargo, and pytest. Node and npm come with the machine; the npm
# packages (jest, vitest, mocha, tsc, Node 24) come from `npm ci`. Prints what it installed.
set -euo pipefail

missing=()
command -v go >/dev/null 2>&1 || missing+=(golang-go)
command -v cargo >/dev/null 2>&1 || missing+=(cargo)
python3 -m pytest --version >/dev/null 2>&1 || missing+=(python3-pytest)

if [ ${#missing[@]} -eq 0 ]; then
  echo "toolchains: go, cargo and pytest are already installed"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "toolchains: missing ${missing[*]}; run this as root or install them with your package manager" >&2; exit 1; }
  sudo=(sudo)
fi
command -v apt-get >/dev/null 2>&1 || { echo "toolchains: missing ${missing[*]}, and this machine has no apt-get: install them with its package manager" >&2; exit 1; }

echo "toolchains: installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
for tool in go cargo; do
  command -v "$tool" >/dev/null 2>&1 && echo "toolchains: $tool: $("$tool" version 2>/dev/null || "$tool" --version)"
done
python3 -m pytest --version 2>&1 | sed 's/^/toolchains: /'
