"""The lab: how pincite's shipped models and gold sets are made, kept apart from the product (``src/pincite``).

Run from the repository root as modules (``python -m lab.train_ranker ...``); nothing in ``src/`` imports it.

- training: ``train_ranker`` (the default ranker and its abstention model, over ``records``: every gold
  question's candidates and features, asked through the engine; cross-validation by writer folds in
  ``cv_seeds``, ``ranker_cv``, ``compare_oof``), ``biencoder_train`` (the fine-tuned bi-encoder the ranker reads,
  with ``reader_train``'s tokenizer, encoding and resumable loop and ``reader_pairs``' CUAD groups),
  ``rebuild_ranker.sh`` (every step, in order, resumable);
- training data: ``data/`` (``train.jsonl``, ``train_more.jsonl``, ``multipart.jsonl``), split into small stores
  by ``small_stores``, assembled from writers' parts by ``make_train`` and ``make_multipart``, adjudicated by
  ``adjudicate``;
- gold building: ``gold/`` (LegalBench-RAG and CUAD cross gold, the check drafts, the claim passages and
  generated adversaries, and ``check_gold`` which proves every gold quote sits in its unit);
- notes: ``notes/`` (what was measured, by topic, with an index in ``notes/README.md``).
"""
