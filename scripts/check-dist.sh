#!/usr/bin/env bash
# Fails when the committed dist/ does not match a fresh build of src/.
#   bash scripts/check-dist.sh                      builds, then compares (what a developer runs)
#   bash scripts/check-dist.sh --built-after STAMP  compares what a build made after STAMP was touched
# The second form is for .ci/run, whose `npm test` has just built dist/ on the clean clone (pretest):
# a second build of the same tree would only spend the time again. So that it never passes on a
# dist/ nobody rebuilt, every file there must have been written after STAMP.
set -euo pipefail
if [ "${1:-}" = "--built-after" ]; then
  stamp="${2:?--built-after needs the stamp file touched before the build}"
  [ -f "$stamp" ] || { echo "check-dist: no stamp file $stamp: touch it before the build, or run without --built-after" >&2; exit 2; }
  [ -d dist ] || { echo "check-dist: there is no dist/: run 'npm run build' first, or check-dist.sh without --built-after" >&2; exit 1; }
  stale="$(find dist -type f ! -newer "$stamp")"
  if [ -n "$stale" ]; then
    echo "check-dist: these dist/ files were not written by a build after $stamp (run 'npm run build', or check-dist.sh without --built-after):" >&2
    echo "$stale" >&2
    exit 1
  fi
elif [ $# -gt 0 ]; then
  echo "check-dist: unknown argument $1 (the only option is --built-after STAMP)" >&2
  exit 2
else
  npm run -s build
fi
if [ -n "$(git status --porcelain -- dist)" ]; then
  echo "dist/ does not match src/: run 'npm run build' and commit dist/." >&2
  git status --porcelain -- dist >&2
  git diff --stat -- dist >&2 || true
  exit 1
fi
echo "dist/ matches src/."
