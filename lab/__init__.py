"""The lab: how pincite's shipped models and gold sets are made, kept apart from the product (``src/pincite``).

Run from the repository root as modules (``python -m lab.train_ranker ...``); nothing in ``src/`` imports it.

- training: ``train_ranker`` (the default ranker and its abstention model; cross-validation by writer folds in
  ``cv_seeds``, ``ranker_cv``, ``compare_oof``), ``train_answerer`` (the learned generator's weights),
  ``biencoder_train`` / ``reader_train`` / ``reader_pairs`` / ``reader_eval`` / ``reader_attempt`` / ``losses`` /
  ``reader_bench`` (the fine-tuned bi-encoder and the reader generator), ``rebuild_ranker.sh`` (every step, in
  order, resumable);
- training data: ``data/`` (``train.jsonl``, ``train_more.jsonl``, ``multipart.jsonl``), split into small stores
  by ``small_stores``, assembled from writers' parts by ``make_train`` and ``make_multipart``, adjudicated by
  ``adjudicate``;
- gold building: ``gold/`` (LegalBench-RAG and CUAD cross gold, the check drafts, the claim passages and
  generated adversaries, and ``check_gold`` which proves every gold quote sits in its unit);
- notes: ``notes/`` (what was measured, by topic, with an index in ``notes/README.md``).
"""
