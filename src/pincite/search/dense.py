"""The dense index (numpy): unit vectors of every chunk's pieces, memory-mapped, searched exactly.

numpy is imported inside the methods that use it: loading it costs every command that never searches densely
(``pincite ingest --lexical-only``, ``pincite documents``) a noticeable start-up.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pincite.chunk import split_span
from pincite.errors import IndexUnavailable, VectorsPending
from pincite.search.embed import Embedder
from pincite.search.indexes import (
    MISSING, WRITER_WAIT, Damage, IndexRow, _crc32, _stat_key, _write_json_atomic, _write_text_atomic,
    file_lock, iter_rows, order_ties, plan_changes, report_rebuild, store_identity,
)
from pincite.store import ChangeSet, Store
from pincite.types import DATE_MIN, Chunker, SearchFilters, date_key

if TYPE_CHECKING:
    import numpy as np

#: Bumped whenever what is indexed or embedded for a chunk changes (not only the file layout): an index
#: written by older code is then rebuilt, as a stale one is.
DENSE_FORMAT_VERSION = 5
#: A chunk is embedded in pieces of at most this many characters (split at sentences), each with the header;
#: a chunk's dense score is its best piece's.  The model reads 256 tokens at most, so a whole 1,500-character
#: clause would lose its tail, and one vector for a long clause blurs the sentence a question is about.
PIECE_CHARS = 500


def embedding_inputs(row: IndexRow, header: str = "title+path", piece_chars: int = PIECE_CHARS) -> list[str]:
    """What is embedded for a chunk: a short header (title, section path) and each piece of its text."""
    text = row.text
    pieces = [text[a:b] for a, b in split_span(text, 0, len(text), piece_chars)] if len(text) > piece_chars \
        else [text]
    if header == "none":
        return pieces or [""]
    head = {"title": row.title, "path": row.path.strip()}.get(header, f"{row.title}. {row.path.strip()}")
    return [f"{head}\n{p}" for p in (pieces or [""])]


def text_hash(model_id: str, text: str) -> str:
    return hashlib.blake2b(f"{model_id}\0{text}".encode(), digest_size=12).hexdigest()


#: Texts embedded and committed to the store together: a run killed part-way loses at most one batch.  Large
#: enough that the embedder's own batching by length (32 at a time) keeps its pace; small enough that a batch
#: takes a few seconds on two cores.
EMBED_BATCH = 256


def vectors_for(store: Store, embedder: Embedder, texts: dict[str, str],
                on_progress: Callable[[int, int], None] | None = None, embed: bool = True,
                batch: int = EMBED_BATCH) -> dict[str, "np.ndarray"]:
    """The vectors of ``texts`` (text hash -> text), by hash.  Those the store keeps for the embedder's model
    are read back; the rest are embedded, longest first (the texts of a batch are of like length, and the time
    left is never under-estimated), in batches of ``batch``, each committed to the store before the next is
    started, so a run killed at any point keeps every batch it finished and the next run embeds only the rest.
    ``on_progress(done, total)`` counts the texts embedded (not those read back).  With ``embed`` False, texts
    not yet embedded raise :class:`VectorsPending` instead (nothing is embedded or written)."""
    import numpy as np

    dim = embedder.dim
    got = {h: np.frombuffer(v, dtype="<f4") for h, v in store.get_embeddings(embedder.model_id, list(texts)).items()
           if len(v) == 4 * dim}
    missing = sorted((h for h in texts if h not in got), key=lambda h: -len(texts[h]))
    if missing and not embed:
        raise VectorsPending(f"{len(missing)} passages have no vectors yet ('pincite embed' computes them)",
                             len(missing))
    if missing and on_progress:
        on_progress(0, len(missing))
    for b in range(0, len(missing), max(1, batch)):
        part = missing[b : b + max(1, batch)]
        vecs = np.asarray(embedder.embed_texts([texts[h] for h in part]), dtype="<f4")
        if vecs.shape != (len(part), dim):
            raise IndexUnavailable(f"the embedder {embedder.model_id} gave vectors of shape {vecs.shape} for "
                                   f"{len(part)} texts; {dim} wide was expected")
        store.put_embeddings(embedder.model_id, [(h, v.tobytes()) for h, v in zip(part, vecs)])
        got.update(zip(part, vecs))
        if on_progress:
            on_progress(b + len(part), len(missing))
    return got


class DenseIndex:
    """Unit vectors of every chunk's pieces, memory-mapped; exact (brute-force) inner-product search, a chunk
    scoring its best piece, with the filters applied as a mask over chunks."""

    ROW_ARRAYS = ("doc", "citable", "valid_from", "valid_to", "piece_start")
    FILES = ("params.json", "vectors.npy", "rows.npz")
    LOCK = ".writer.lock"
    rebuilding = False  # a rebuild from the store is under way in this process (others: IndexRebuilding)

    def __init__(self, path: Path, header: str = "title+path", chunker: Chunker = Chunker.STRUCTURAL,
                 piece_chars: int = PIECE_CHARS, store_id: str | None = None) -> None:
        self.path = path
        self.chunker = chunker
        self.header = header
        self.piece_chars = piece_chars
        self.store_id = store_id  # the store this index must have been built from (None: not checked)
        # (params, vectors, rows, doc-mask cache), swapped in one assignment so a search running in another
        # thread never sees half of an old index and half of a new one
        self._state: tuple[dict[str, Any], "np.ndarray", dict[str, "np.ndarray"], dict[Any, "np.ndarray"]] | None = None
        self._last_scores: tuple[tuple[Any, int, bytes], "np.ndarray"] | None = None  # last question, scores
        self._damage: Damage | None = MISSING  # why the files last loaded cannot be answered from
        self._seen: Any = None  # the stat keys of those files
        self._load()

    @property
    def params(self) -> dict[str, Any] | None:
        return self._state[0] if self._state else None

    @property
    def vectors(self) -> "np.ndarray | None":
        return self._state[1] if self._state else None

    @property
    def rows(self) -> dict[str, "np.ndarray"]:
        assert self._state is not None
        return self._state[2]

    def _current(self) -> Path | None:
        try:
            name = (self.path / "CURRENT").read_text(encoding="utf-8").strip()
        except OSError:
            return None
        return self.path / name if name else None

    def _fingerprint(self) -> Any:
        """Stat keys of CURRENT and of the files of the folder it names (None for a missing one)."""
        def key(p: Path) -> tuple[int, ...] | None:
            try:
                return _stat_key(p.stat())
            except OSError:
                return None

        cur = self._current()
        return (key(self.path / "CURRENT"), cur and cur.name,
                tuple(key(cur / f) for f in self.FILES) if cur is not None else None)

    def _load(self, verify: bool = True) -> None:
        """Load the live folder (its files' checksums verified unless ``verify`` is False: files this object
        has just written); :attr:`_damage` says why it cannot be answered from, if it cannot."""
        for _ in range(3):  # another process may replace CURRENT and remove the folder while we read it
            seen = self._fingerprint()
            try:
                state, damage = self._read(verify)
                break
            except FileNotFoundError:
                if self._fingerprint() == seen:
                    state, damage = None, Damage("is damaged (CURRENT names a folder that is not there, or a "
                                                 "file of it is missing)")
                    break
        else:
            state, damage = None, Damage("is changing under us (files vanish while read)")
        self._state, self._damage, self._seen = state, damage, seen

    def _read(self, verify: bool) -> tuple[Any, Damage | None]:
        import numpy as np

        cur = self._current()
        if cur is None:
            exists = (self.path / "CURRENT").exists()
            return None, Damage("is damaged (CURRENT is empty)") if exists else MISSING
        try:
            params = json.loads((cur / "params.json").read_text(encoding="utf-8"))
            if not isinstance(params, dict):
                raise ValueError("not a JSON object")
        except FileNotFoundError:
            raise
        except (OSError, ValueError) as e:
            return None, Damage(f"is damaged (params.json: {e})")
        if (params.get("format") != DENSE_FORMAT_VERSION or params.get("header") != self.header
                or params.get("piece_chars") != self.piece_chars):
            return None, Damage("was written by another pincite version or settings", quiet=True)
        if self.store_id is not None and params.get("store") != self.store_id:
            return None, Damage("does not record which store it was built from" if params.get("store") is None
                                else "was built from another store")
        sums = params.get("checksums")
        if not isinstance(sums, dict):
            return None, Damage("records no checksums of its files")
        if verify:
            for name in ("vectors.npy", "rows.npz"):
                if _crc32(cur / name) != sums.get(name):
                    return None, Damage(f"is damaged ({name}: checksum mismatch)")
        try:
            vectors = np.load(cur / "vectors.npy", mmap_mode="r", allow_pickle=False)
            with np.load(cur / "rows.npz", allow_pickle=False) as z:
                rows = {k: z[k] for k in self.ROW_ARRAYS}
            n = len(params["chunk_ids"])
            shapes_agree = (vectors.shape == (len(params["hashes"]), params["dim"])
                            and all(len(v) == n for v in rows.values()))
        except FileNotFoundError:
            raise
        except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as e:
            return None, Damage(f"is damaged ({type(e).__name__}: {e})")
        if not shapes_agree:
            return None, Damage("is damaged (its files disagree on how many vectors it holds)")
        return (params, vectors, rows, {}), None

    @property
    def generation(self) -> int | None:
        return None if self.params is None else int(self.params["generation"])

    def check(self) -> Damage | None:
        """Why the index cannot be answered from (None: it can): loaded again, checksums and all, when a file
        of it changed on disk since it was loaded (a stat of each file otherwise)."""
        if self._fingerprint() != self._seen:
            self._load()
        return self._damage

    def is_stale(self, generation: int) -> bool:
        """Whether the index must be synced (or rebuilt) before answering for the store at ``generation``."""
        return self.check() is not None or self.generation != generation

    def _pieces_of(self, keep_rows: "np.ndarray") -> "np.ndarray":
        """Indices of the pieces of the given chunk rows, in order."""
        import numpy as np

        assert self.params is not None
        starts = self.rows["piece_start"]
        ends = np.append(starts[1:], len(self.params["hashes"]))
        if len(keep_rows) == 0:
            return np.zeros(0, dtype=np.int64)
        return np.concatenate([np.arange(starts[i], ends[i]) for i in keep_rows])

    def sync(self, store: Store, embedder: Embedder,
             on_progress: Callable[[int, int], None] | None = None, wait: float = WRITER_WAIT,
             embed: bool = True, batch: int = EMBED_BATCH) -> ChangeSet:
        """Bring the vectors up to date with ``store``: unchanged documents keep their rows; changed ones are
        re-indexed, each piece of text taking the vector this index or the store already holds for it, and only
        text never embedded before is embedded (:func:`vectors_for`: in committed batches, kept by the store).
        Rebuilt from scratch (and said so) when missing, damaged or another store's.  Holds
        ``dense/.writer.lock`` while it writes, waiting up to ``wait`` seconds for another process that holds
        it (:class:`IndexBusy` after that).  With ``embed`` False, text with no vector yet raises
        :class:`VectorsPending` and nothing is written."""
        sid = store_identity(store)
        if sid != self.store_id:
            self.store_id, self._seen = sid, None  # look at the files again with the store's id
        damage = self.check()
        if damage is not None and embed:  # (one that may not embed says so once it has rebuilt: below)
            self.rebuilding = True  # before saying so: whoever hears of the rebuild finds it under way
            report_rebuild("dense", self.path, damage)
        try:
            try:
                self.path.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise IndexUnavailable(
                    f"cannot create the dense index folder {self.path}: {e.strerror or e}") from None
            with file_lock(self.path / self.LOCK, wait,
                           f"the dense index at {self.path} is being written by another pincite process"):
                self.check()  # another process may have written it while we waited for the lock
                plan = self._sync(store, embedder, on_progress, embed, batch)
                if damage is not None and not embed:
                    report_rebuild("dense", self.path, damage)
                return plan
        finally:
            self.rebuilding = False

    def _sync(self, store: Store, embedder: Embedder, on_progress: Callable[[int, int], None] | None,
              embed: bool = True, batch: int = EMBED_BATCH) -> ChangeSet:
        import numpy as np

        if self.params is not None and self.params.get("model_id") != embedder.model_id:
            self._state = None
        indexed = {d["id"]: int(d["generation"]) for d in self.params["docs"]} if self.params else {}
        plan = plan_changes(store, indexed)
        if plan.empty and self.params is not None and plan.generation == self.generation:
            return plan
        drop = plan.remove | set(plan.add)
        old_docs: list[dict[str, Any]] = self.params["docs"] if self.params else []
        keep_doc = [d for d in old_docs if d["id"] not in drop]
        doc_index = {d["id"]: i for i, d in enumerate(keep_doc)}
        if self.params:
            drop_idx = [i for i, d in enumerate(old_docs) if d["id"] in drop]
            keep_rows = np.flatnonzero(~np.isin(self.rows["doc"], drop_idx))
            keep_pieces = self._pieces_of(keep_rows)
            old_ids: list[str] = self.params["chunk_ids"]
            old_hashes: list[str] = self.params["hashes"]
        else:
            keep_rows = keep_pieces = np.zeros(0, dtype=np.int64)
            old_ids, old_hashes = [], []
        cache = {h: i for i, h in enumerate(old_hashes)}
        new_rows: list[IndexRow] = []
        new_docs = list(keep_doc)
        for rows in iter_rows(store, plan.add, self.chunker):
            if not rows:
                continue
            r0 = rows[0]
            doc_index[r0.doc_id] = len(new_docs)
            new_docs.append({"id": r0.doc_id, "kind": r0.kind, "source": r0.source, "work": r0.work,
                             "generation": plan.docs[r0.doc_id]})
            new_rows.extend(rows)
        for d in plan.add:  # documents without chunks still count as indexed
            if d not in doc_index:
                doc_index[d] = len(new_docs)
                new_docs.append({"id": d, "kind": "", "source": "", "work": "", "generation": plan.docs[d]})
        inputs: list[str] = []
        counts: list[int] = []
        for r in new_rows:
            parts = embedding_inputs(r, self.header, self.piece_chars)
            inputs.extend(parts)
            counts.append(len(parts))
        hashes = [text_hash(embedder.model_id, t) for t in inputs]
        todo = {h: t for h, t in zip(hashes, inputs) if h not in cache}
        got = vectors_for(store, embedder, todo, on_progress, embed, batch)
        fresh_vecs = np.zeros((len(inputs), embedder.dim), dtype=np.float32)
        for i, h in enumerate(hashes):
            fresh_vecs[i] = self.vectors[cache[h]] if h in cache else got[h]  # type: ignore[index]
        old_vecs = np.asarray(self.vectors[keep_pieces]) if len(keep_pieces) else np.zeros((0, embedder.dim), np.float32)
        vectors = np.concatenate([old_vecs, fresh_vecs]).astype(np.float32, copy=False)
        kept_counts = (np.diff(np.append(self.rows["piece_start"], len(old_hashes)))[keep_rows]
                       if len(keep_rows) else np.zeros(0, dtype=np.int64))
        all_counts = np.concatenate([kept_counts, np.array(counts, dtype=np.int64)])
        old_doc_ids = [old_docs[int(self.rows["doc"][i])]["id"] for i in keep_rows]

        def kept(name: str, dtype: Any) -> "np.ndarray":
            return self.rows[name][keep_rows].astype(dtype) if len(keep_rows) else np.zeros(0, dtype)

        rows_arr = {
            "doc": np.array([doc_index[d] for d in old_doc_ids] + [doc_index[r.doc_id] for r in new_rows],
                            dtype=np.int32),
            "citable": np.concatenate([kept("citable", np.uint8),
                                       np.array([int(r.citable) for r in new_rows], dtype=np.uint8)]),
            "valid_from": np.concatenate([kept("valid_from", np.int32),
                                          np.array([r.valid_from for r in new_rows], dtype=np.int32)]),
            "valid_to": np.concatenate([kept("valid_to", np.int32),
                                        np.array([r.valid_to for r in new_rows], dtype=np.int32)]),
            "piece_start": (np.cumsum(all_counts) - all_counts).astype(np.int64),
        }
        params = {
            "format": DENSE_FORMAT_VERSION, "model_id": embedder.model_id, "dim": embedder.dim,
            "header": self.header, "piece_chars": self.piece_chars, "generation": plan.generation, "docs": new_docs,
            "chunk_ids": [old_ids[i] for i in keep_rows] + [r.chunk_id for r in new_rows],
            "hashes": [old_hashes[i] for i in keep_pieces] + hashes,
        }
        self._write(vectors, rows_arr, params)
        self._load(verify=False)
        return plan

    def _write(self, vectors: "np.ndarray", rows: dict[str, "np.ndarray"], params: dict[str, Any]) -> None:
        import numpy as np

        self.path.mkdir(parents=True, exist_ok=True)
        name = f"g{params['generation']}-{os.getpid()}-{os.urandom(3).hex()}"
        folder = self.path / name
        folder.mkdir()
        np.save(folder / "vectors.npy", vectors, allow_pickle=False)
        np.savez(folder / "rows.npz", **rows)
        params = {**params, "store": self.store_id,
                  "checksums": {f: _crc32(folder / f) for f in ("vectors.npy", "rows.npz")}}
        _write_json_atomic(folder / "params.json", params)
        _write_text_atomic(self.path / "CURRENT", name)
        for p in self.path.iterdir():  # an open memory map of a removed file stays readable until released
            if p.is_dir() and p.name != name:
                shutil.rmtree(p, ignore_errors=True)

    def mask(self, f: SearchFilters, state: Any = None) -> "np.ndarray | None":
        """Chunk rows that pass ``filters`` (None: all rows)."""
        import numpy as np

        st = state or self._state
        assert st is not None
        params, _, rows, doc_masks = st
        m: np.ndarray | None = None

        def both(a: np.ndarray) -> None:
            nonlocal m
            m = a if m is None else (m & a)

        if not f.include_non_citable:
            both(rows["citable"].astype(bool))
        if f.kinds or f.sources or f.works or f.documents:
            key = (f.kinds, f.sources, f.works, f.documents)
            if key not in doc_masks:
                kinds = {k.value for k in f.kinds}
                allowed = np.array([
                    (not kinds or d["kind"] in kinds) and (not f.sources or d["source"] in f.sources)
                    and (not f.works or d["work"] in f.works)
                    and (not f.documents or d["id"] in f.documents or d["source"] in f.documents)
                    for d in params["docs"]
                ] or [False], dtype=bool)
                doc_masks[key] = allowed
            both(doc_masks[key][rows["doc"]])
        if f.as_of:
            d = date_key(f.as_of, DATE_MIN)
            both((rows["valid_from"] <= d) & (rows["valid_to"] > d))
        return m

    def search(self, qvec: "np.ndarray", filters: SearchFilters, limit: int,
               prior: dict[str, float] | None = None) -> list[tuple[str, float]]:
        """Chunk ids and cosine scores (each chunk's best piece), best first, among chunks that pass ``filters``
        (exact search); chunks of the documents in ``prior`` get its value added."""
        import numpy as np

        st = self._state
        if st is None:
            raise IndexUnavailable(f"the dense index at {self.path} is missing or unreadable; sync it first")
        params, vectors, rows, _ = st
        n = len(params["chunk_ids"])
        if n == 0:
            return []
        q = qvec.astype(np.float32)
        key = (params.get("generation"), len(vectors), q.tobytes())
        last = self._last_scores  # one (key, scores) tuple, swapped whole: safe across threads
        if last is not None and last[0] == key:
            scores = last[1]  # the same question again (a named-documents-first search filling up)
        else:
            piece_scores = np.asarray(vectors @ q)
            scores = np.maximum.reduceat(piece_scores, rows["piece_start"]) if len(piece_scores) > n \
                else piece_scores
            self._last_scores = (key, scores)
        if prior:
            ids_of = {d["id"]: i for i, d in enumerate(params["docs"])}
            lift = np.zeros(len(params["docs"]), dtype=np.float32)
            for d, w in prior.items():
                if d in ids_of:
                    lift[ids_of[d]] = w
            scores = scores + lift[rows["doc"]]
        m = self.mask(filters, st)
        if m is not None:
            scores = np.where(m, scores, -np.inf)
        limit = min(limit, n)
        if limit <= 0:
            return []
        # every chunk scoring at least the limit-th best (ties at the cut-off included), best first, equal
        # scores in order_ties order: the index's row order follows the order documents were ingested in
        bound = -np.partition(-scores, limit - 1)[limit - 1]
        top = np.flatnonzero(scores >= bound) if np.isfinite(bound) else np.flatnonzero(np.isfinite(scores))
        top = top[np.argsort(-scores[top], kind="stable")]
        ids = params["chunk_ids"]
        ranked = order_ties(((scores[i], int(i)) for i in top), lambda i: ids[i], limit)
        return [(ids[i], s) for i, s in ranked]
