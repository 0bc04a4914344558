"""The one place the stages are composed: retrieve → gather evidence → assemble context → generate → verify →
render.

Nothing reaches the reader unchecked: every citation passes :data:`pincite.answer.verify.CHECKS`; one that fails
is dropped and listed (``--on-fail drop``), or the generator is asked again with the failures named
(``--on-fail retry``) and whatever still fails is dropped.  A claim left with no citation is removed.

A question's options are declared once, in :mod:`pincite.options` (:class:`AskOptions`, with their defaults, help
and bounds); :func:`ask_request` builds the :class:`AskRequest` that :func:`ask` answers.
"""

from __future__ import annotations

import datetime
import time
from dataclasses import replace
from typing import Any, Protocol

from pincite.answer.context import TurnContext, assemble_context
from pincite.answer.evidence import (
    add_definition_passages,
    add_named_provisions,
    add_outcome_passages,
    add_provision_items,
    add_structure_passages,
    prefer_numbers,
    scope_documents,
    search_query,
    unstored_names,
)
from pincite.answer.leads import checked_leads
from pincite.answer.model import Answer, ShownClaim, build_answer, combine_parts, shown_leads
from pincite.answer.protocol import ReplyError, first_messages, parse_reply, retry_messages
from pincite.answer.verify import Check, ClaimSupport, Dropped, Paraphrase, Verified, verify_reply
from pincite.options import AskOptions, AskRequest, OnFail, ask_request
from pincite.errors import NotFound
from pincite.generate.base import Generation, Generator, GeneratorError, as_generation
from pincite.generate.features import answers, read_sentences
from pincite.legal.language import asks_quantity, extents_asked, question_parts
from pincite import versions
from pincite.scope import resolve_filters
from pincite.types import SearchFilters
from pincite.store import Store
from pincite.types import Document, Passage

#: passages retrieved per document when a question is scoped to several (one long document must not crowd out the
#: others, and each document's answer must be among its own passages)
SCOPE_PER_DOCUMENT = 3


class Retrieves(Protocol):
    def search(self, query: str, k: int = 10, filters: Any = None, per_document: int | None = None) -> list[Passage]:
        ...


def ask(request: AskRequest, store: Store, retriever: Retrieves, generator: Generator) -> Answer:
    """Answer ``request`` (see :func:`ask_request`) with checked citations."""
    return answer_question(request.question, store, retriever, generator, request.options, request.filters,
                           request.per_document)


def answer_question(
    question: str,
    store: Store,
    retriever: Retrieves,
    generator: Generator,
    options: AskOptions | None = None,
    filters: SearchFilters | None = None,
    per_document: int | None = None,
) -> Answer:
    """Answer ``question`` with checked citations.

    When ``filters`` scope the question to several documents (ids/sources, a kind, a work), retrieval returns the
    best passages *per document* (``per_document``, default 3) so one long document cannot crowd out the others,
    and the answer is grouped by source, naming the documents in scope that gave no supported answer.
    """
    options = options or AskOptions()
    t0 = time.perf_counter()
    if filters is None:
        filters = options.filters()
    filters = resolve_filters(store, filters)  # a named document or work that is not stored is an error, said
    scope = scope_documents(store, filters)
    k = options.k
    if len(scope) > 1 and per_document is None:
        per_document = SCOPE_PER_DOCUMENT
    if per_document and scope:
        k = max(k, per_document * len(scope))
    if not scope and filters.as_of is None and not options.as_of:
        filters = replace(filters, as_of=current_law_date())  # no date asked: the law as it stands today
    law_date = options.as_of or filters.as_of  # what retrieval used is what every citation is checked against
    missing = unstored_names(store, question) if not scope else []
    if missing:  # the question asks about a document that is not stored: say which, rather than answer from another
        settings = {"k": options.k, "generator": generator.name, "not_found": missing}
        ans = build_answer(question, options.as_of, Verified([], []), [], 0, generator.name, settings)
        ans.not_found = missing
        ans.seconds = time.perf_counter() - t0
        return ans
    parts = question_parts(question) if len(scope) <= 1 else [question]
    if len(parts) > 1:
        return answer_parts(question, parts, store, retriever, generator, options, filters, t0)
    return _answer_one(question, store, retriever, generator, options, filters, scope, k, per_document, law_date, t0)


def other_extent_only(doc: Document, p: Passage, asked: set[str]) -> bool:
    """Whether passage ``p`` holds only a provision's version for an extent the question does not name (CLML's
    alternative versions, ``attrs["extent"]``): the same words as the provision beside it, mostly, for another
    part of the United Kingdom."""
    units = [doc.units[o] for o in p.chunk.units if o < len(doc.units)]
    return bool(units) and all(u.attrs.get("extent") and u.attrs["extent"] not in asked for u in units)


def _answer_one(question: str, store: Store, retriever: Retrieves, generator: Generator, options: AskOptions,
                filters: SearchFilters, scope: list, k: int, per_document: int | None,  # type: ignore[type-arg]
                law_date: datetime.date | None, t0: float) -> Answer:
    """Retrieve, gather evidence, assemble the context and answer one question (filters already resolved)."""
    query = search_query(question, scoped=len(scope) > 1)
    if asks_quantity(question):  # answer-type aware: a provision stating a number answers "how many"
        wide = retriever.search(query, k=3 * k, filters=filters, per_document=per_document)
        found = prefer_numbers(add_provision_items(store, wide, options.include_non_citable), k)
    else:
        found = retriever.search(query, k=k, filters=filters, per_document=per_document)
        found = add_provision_items(store, found, include_non_citable=options.include_non_citable)
    found = add_named_provisions(store, question, found, scope, law_date, options.include_non_citable)
    found = add_definition_passages(store, question, found, options.include_non_citable)
    found = add_outcome_passages(store, question, found, top_documents=max(2, min(len(scope), 12)),
                                 include_non_citable=options.include_non_citable)
    found = add_structure_passages(store, question, found, top_documents=max(2, min(len(scope), 12)),
                                   include_non_citable=options.include_non_citable)
    docs: dict[str, Document] = {}
    passages: list[Passage] = []
    extents = extents_asked(question)
    for p in found:
        if p.document.id not in docs:
            try:
                docs[p.document.id] = store.get_document(p.document.id)
            except NotFound:  # replaced by a concurrent ingest after the search: its passages are gone
                continue
        if other_extent_only(docs[p.document.id], p, extents):
            continue  # section 6 as it applies in Scotland, to a question that names no Scotland: a copy
        passages.append(p)
    budget = options.budget_tokens if len(scope) <= 1 else max(options.budget_tokens, 1500 * len(scope))
    turn = assemble_context(question, passages, docs, options.as_of, budget, law_date=law_date)
    multi = len(scope) > 1
    turn.multi_document = multi
    ans = answer_from_context(turn, generator, options, passages, t0)
    ans.scope = scope if multi else []
    ans.version_windows = version_windows(store, docs.values())
    return ans


#: The later parts of a multi-part question are looked for in the documents the first part was answered from (or,
#: when it found nothing, the best this many it retrieved): "…, and how much notice to cure?" asks about the same
#: contract, not any contract's cure clause.
PART_DOCUMENTS = 3


def answer_parts(question: str, parts: list[str], store: Store, retriever: Retrieves, generator: Generator,
                 options: AskOptions, filters: SearchFilters, t0: float) -> Answer:
    """A question asking several things (:func:`pincite.legal.language.question_parts`): each part answered on
    its own and checked like any answer, the later parts in the documents the first part found; the answer holds
    a claim (or more) per part, each cited, and says which part found nothing."""
    law_date = options.as_of or filters.as_of
    first = _answer_one(parts[0], store, retriever, generator, options, filters, [], options.k, None, law_date,
                        time.perf_counter())
    cited = tuple(dict.fromkeys(c.candidate.doc.id for c in first.citations if c.candidate.doc is not None))
    docs = cited or tuple(dict.fromkeys(p.document.id for p in first.retrieved))[:PART_DOCUMENTS]
    answers = [first]
    for part in parts[1:]:
        part_filters = replace(filters, documents=docs) if docs and not filters.documents else filters
        answers.append(_answer_one(part, store, retriever, generator, options, part_filters, [], options.k, None,
                                   law_date, time.perf_counter()))
    for i, part in enumerate(parts):
        if not answers[i].claims:
            answers[i] = reuse_cited(part, answers[i], [a for j, a in enumerate(answers) if j != i], options,
                                     law_date)
    ans = combine_parts(question, parts, answers)
    ans.version_windows = version_windows(store, {c.candidate.doc.id: c.candidate.doc for c in ans.citations
                                                  if c.candidate.doc is not None}.values())
    ans.seconds = time.perf_counter() - t0
    return ans


def reuse_cited(part: str, found: Answer, others: list[Answer], options: AskOptions,
                law_date: datetime.date | None) -> Answer:
    """A part that found nothing of its own is answered by a sentence already cited for another part, when
    that sentence passes this part's candidate gate (:func:`pincite.generate.features.answers`: its own words
    or its provision's caption share the part's terms; or it decides the question) — "what is the term, and
    can it be renewed?" is answered by the one clause that says both.  The claim keeps its citation, which the
    checks already passed; ``found`` is returned unchanged when no cited sentence answers the part."""
    shown = [(claim, [a.citations[n - 1] for n in claim.citations]) for a in others for claim in a.claims]
    passages = {sc.candidate.cp.passage.chunk.id: sc.candidate.cp.passage for _, cits in shown for sc in cits
                if sc.candidate.cp is not None}
    docs = {sc.candidate.doc.id: sc.candidate.doc for _, cits in shown for sc in cits if sc.candidate.doc}
    if not passages:
        return found
    turn = assemble_context(part, list(passages.values()), docs, options.as_of, options.budget_tokens,
                            law_date=law_date)
    reading = read_sentences(turn)
    if reading is None:
        return found
    gated = [(f.cp.passage.chunk.char_start + f.start, f.cp.passage.chunk.char_start + f.start + len(f.sent),
              f.cp.passage.document.id) for f in reading.sentences if answers(f, reading)]
    for claim, cits in shown:
        if all(any(doc == sc.candidate.doc.id and lo < (sc.candidate.quote_end or 0)
                   and (sc.candidate.quote_start or 0) < hi for lo, hi, doc in gated)
               for sc in cits if sc.candidate.doc is not None):
            out = replace(found, claims=[ShownClaim(claim.text, list(range(1, len(cits) + 1)))],
                          citations=[replace(sc, n=n) for n, sc in enumerate(cits, 1)], leads=[])
            out.settings = {**found.settings, "reused_for_part": True}
            return out
    return found


def current_law_date() -> datetime.date:
    """Today, as the date a question with no date is asked about (the law in force now, not a past version)."""
    return datetime.date.today()


def version_windows(store: Store, docs: Any) -> dict[str, tuple[str | None, str | None]]:
    """For the documents that are versions of a work: [this version's date, the next version's date), from the one
    computation of windows (:func:`pincite.versions.version_windows`)."""
    out: dict[str, tuple[str | None, str | None]] = {}
    for work in {d.work for d in docs if d.work}:
        out.update(versions.version_windows(store, work))
    return out


def answer_from_context(turn: TurnContext, generator: Generator, options: AskOptions,
                        retrieved: list[Passage], t0: float | None = None) -> Answer:
    """Generate, verify, and retry or drop, over an assembled context.

    A retry sends the original prompt plus the previous reply's failures (:func:`retry_messages`), never the
    growing conversation.  Every attempt is kept in the answer's ``trace``: the raw reply, the server's finish
    reason, seconds, and what was wrong with it.  A generator error on the first attempt is raised; on a retry it
    ends the retries, the last checked reply stands, and the error is in the trace."""
    t0 = t0 if t0 is not None else time.perf_counter()
    max_attempts = 1 + (options.retries if options.on_fail is OnFail.RETRY else 0)
    earlier: list[Dropped] = []
    trace: list[dict[str, Any]] = []
    verified = Verified([], [])
    # a model's paraphrase is read as the ask says; the engine's own claims (the document's sentences, frames
    # from its structure) by the aligned rules (Generator.paraphrases)
    reading = options.paraphrase if getattr(generator, "paraphrases", True) else Paraphrase.ALIGNED
    gen: Generation | None = None
    for attempt in range(1, max_attempts + 1):
        messages = first_messages(turn) if attempt == 1 else retry_messages(turn, verified.failures)
        t_gen = time.perf_counter()
        try:
            gen = as_generation(generator.generate(turn, messages))
        except GeneratorError as e:
            if attempt == 1:
                raise
            trace.append(trace_entry(attempt, None, time.perf_counter() - t_gen, str(e)))
            break
        seconds = time.perf_counter() - t_gen
        earlier.extend(verified.dropped)  # the attempt this one replaces
        verified, error = check_generation(gen, turn, attempt, options.unsupported, reading)
        trace.append(trace_entry(attempt, gen, seconds, error))
        if not verified.dropped:
            break
    settings = {"k": options.k, "on_fail": options.on_fail.value, "retries": options.retries,
                "budget_tokens": options.budget_tokens, "generator": generator.name,
                "include_non_citable": options.include_non_citable, "unsupported": options.unsupported.value,
                "paraphrase": reading.value,
                "earlier_attempt_drops": [d.to_json() for d in earlier]}
    ans = build_answer(turn.question, turn.as_of, verified, retrieved, len(trace), generator.name, settings)
    if not ans.claims:  # nothing supported: say where to look, as leads (never claims or citations)
        ans.leads = shown_leads(checked_leads(turn, gen.leads if gen is not None else ()))
    ans.trace = trace
    ans.untrusted = {cp.passage.chunk.id: cp.untrusted for cp in turn.passages if cp.untrusted}
    ans.seconds = time.perf_counter() - t0
    return ans


def check_generation(gen: Generation, turn: TurnContext, attempt: int,
                     unsupported: ClaimSupport = ClaimSupport.DROP,
                     paraphrase: Paraphrase = Paraphrase.VERIFIED) -> tuple[Verified, str | None]:
    """Read and check one reply.  A reply that cannot be read is one drop for the whole reply: *truncated-reply*
    when the server cut it off at its token limit (a reply that was cut but still reads whole is checked like any
    other), else *malformed-reply*.  Returns the checked reply and what was wrong with the reply as a whole."""
    try:
        reply = parse_reply(gen.text)
    except ReplyError as e:
        if gen.truncated:
            limit = f"max_tokens={gen.max_tokens}" if gen.max_tokens else "the server's token limit"
            check, detail = Check.TRUNCATED_REPLY, f"the reply was cut off at {limit} before it was complete ({e})"
        else:
            check, detail = Check.MALFORMED_REPLY, str(e)
        return Verified([], [Dropped(check, detail, "(whole reply)", None, None, attempt)]), detail
    return verify_reply(reply, turn, attempt, unsupported, paraphrase), None


#: How much of a model's reply the trace keeps, in characters: all of any reply the checks read (a claims reply is
#: a few KB), and the start of one too long to read, with how much was left out.
TRACE_RAW_CHARS = 64 * 1024


def trace_raw(text: str) -> str:
    """A reply as the trace keeps it: whole up to :data:`TRACE_RAW_CHARS`, else its start and what was cut."""
    if len(text) <= TRACE_RAW_CHARS:
        return text
    return text[:TRACE_RAW_CHARS] + f"\u2026 [{len(text) - TRACE_RAW_CHARS:,} more characters not kept]"


def trace_entry(attempt: int, gen: Generation | None, seconds: float, error: str | None) -> dict[str, Any]:
    """One attempt as ``--json`` and the run records show it (so a user can see why an answer was dropped)."""
    out: dict[str, Any] = {"attempt": attempt, "raw": trace_raw(gen.text) if gen else None,
                           "finish_reason": gen.finish_reason if gen else None, "seconds": round(seconds, 3),
                           "error": error}
    if gen is not None:
        if gen.max_tokens is not None:
            out["max_tokens"] = gen.max_tokens
        if gen.response_format is not None:
            out["response_format"] = gen.response_format
        if gen.usage:
            out["usage"] = gen.usage
    return out


__all__ = ["Answer", "AskOptions", "AskRequest", "OnFail", "answer_question", "answer_from_context", "ask",
           "ask_request"]
