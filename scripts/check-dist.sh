#!/usr/bin/env bash
# Fails when the committed dist/ does not match a fresh build of src/.
set -euo pipefail
npm run -s build
if [ -n "$(git status --porcelain -- dist)" ]; then
  echo "dist/ does not match src/: run 'npm run build' and commit dist/." >&2
  git status --porcelain -- dist >&2
  git diff --stat -- dist >&2 || true
  exit 1
fi
echo "dist/ matches src/."
