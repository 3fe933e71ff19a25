#!/usr/bin/env bash
# Checks unbreak's request budget against a real OpenAI-compatible server (llama.cpp's llama-server and a
# tiny random-weight model in $RS, as README.md's "Checked against a real server" says): for each context it starts a server on 127.0.0.1, runs the
# built CLI on throwaway repos with failing node --test suites, and prints per run the outcome, the
# largest request the server counted (task.n_tokens) and any context-overflow 400s. Manual only; no
# test runs it. Usage: RS=<server folder> scripts/real-server-check.sh [contexts...]
set -uo pipefail
RS=${RS:-$HOME/.cache/unbreak-real-server}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NODE=${NODE:-node}
CONTEXTS=${*:-2048 4096 8192}
# KINDS, MCT (--max-completion-tokens) and RUN_TIMEOUT (seconds per run) keep a check short.
KINDS=${KINDS:-small long noisy}
MCT=${MCT:-512}
RUN_TIMEOUT=${RUN_TIMEOUT:-300}
WORK=$(mktemp -d /tmp/unbreak-rs-XXXXXX)
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t

# Three repos: a one-line bug, a bug in a long file (reads fill the context), and many failing
# tests with long messages (the failure output fills the first message).
make_repo() {
  local d=$WORK/repo-$1-$2
  mkdir -p "$d" && cd "$d" && git init -q
  case $1 in
    small)
      printf 'export function add(a, b) {\n  return a - b;\n}\n' > math.js
      printf "import test from 'node:test';\nimport assert from 'node:assert';\nimport { add } from './math.js';\ntest('adds', () => assert.strictEqual(add(2, 3), 5));\n" > math.test.js ;;
    long)
      { for i in $(seq 1 600); do printf 'export function f%d(x) {\n  // step %d of a long pipeline that transforms its input\n  return x + %d;\n}\n' "$i" "$i" "$i"; done
        printf 'export function total(xs) {\n  return xs.reduce((s, x) => s * x, 0);\n}\n'; } > lib.js
      printf "import test from 'node:test';\nimport assert from 'node:assert';\nimport { total, f1 } from './lib.js';\ntest('total', () => assert.strictEqual(total([1, 2, 3]), 6));\ntest('f1', () => assert.strictEqual(f1(1), 2));\n" > lib.test.js ;;
    noisy)
      printf 'export function greet(n) {\n  return "Hello, " + n.toUpperCase() + "?";\n}\n' > greet.js
      { printf "import test from 'node:test';\nimport assert from 'node:assert';\nimport { greet } from './greet.js';\n"
        for i in $(seq 1 40); do printf "test('greets person %d with a long descriptive name that takes room', () => assert.deepStrictEqual({ text: greet('person number %d'), meta: { index: %d, tags: ['a', 'b', 'c', 'd', 'e', 'f'] } }, { text: 'Hello, person number %d!', meta: { index: %d, tags: ['a', 'b', 'c', 'd', 'e', 'f'] } }));\n" "$i" "$i" "$i" "$i" "$i"; done; } > greet.test.js ;;
  esac
  printf '{"type":"module","scripts":{"test":"node --test"}}\n' > package.json
  git add -A && git commit -qm init
  echo "$d"
}

echo "date: $(date -u +%F) commit: $(git -C "$ROOT" rev-parse --short HEAD) server: $("$RS/llama-server.sh" --version 2>&1 | grep -m1 version)"
for c in $CONTEXTS; do
  port=$((18200 + c / 1024)); log=$WORK/server-$c.log
  "$RS/llama-server.sh" -m "$RS/model/bpe-random.gguf" --jinja --chat-template-file "$RS/model/qwen25.jinja" \
    -c "$c" -np 1 -t 1 --host 127.0.0.1 --port "$port" -lv 4 > "$log" 2>&1 &
  spid=$!
  for _ in $(seq 1 60); do curl -sf "127.0.0.1:$port/v1/models" > /dev/null && break; sleep 1; done
  model=$(curl -s "127.0.0.1:$port/v1/models" | "$NODE" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data[0].id))')
  for kind in $KINDS; do
    for rt in "$c" $((c * 2)); do
      repo=$(make_repo "$kind" "$c-$rt")
      before=$(wc -l < "$log")
      out=$(cd "$repo" && UNBREAK_API_KEY=x timeout "$RUN_TIMEOUT" "$NODE" "$ROOT/dist/cli.js" --test "node --test" \
        --base-url "http://127.0.0.1:$port/v1" --model "$model" --max-attempts 3 --no-review \
        --request-tokens "$rt" --max-completion-tokens "$MCT" --model-timeout 60 --test-timeout 30 --json 2> "$repo.err")
      rc=$?
      new=$(tail -n +$((before + 1)) "$log")
      max=$(grep -o 'task.n_tokens = [0-9]*' <<< "$new" | awk '{print $3}' | sort -n | tail -1)
      reqs=$(grep -c 'task.n_tokens = ' <<< "$new")
      over=$(grep -c 'exceeds the available context size' <<< "$new")
      res=$(tail -1 <<< "$out" | "$NODE" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{const j=JSON.parse(s);console.log(j.status,"requests="+(j.usage?.requests??"?"),"retries="+(j.usage?.retries??"?"),"error="+JSON.stringify(j.error??""))}catch{console.log("no-json")}})')
      echo "ctx=$c request-tokens=$rt repo=$kind exit=$rc $res server-requests=$reqs max-n_tokens=${max:-0} overflow-400s=$over"
      echo "  last stderr line: $(grep -v '^ ' "$repo.err" | tail -1 | cut -c1-400)"
    done
  done
  kill "$spid"; wait "$spid" 2> /dev/null
done
echo "logs and repos: $WORK"
