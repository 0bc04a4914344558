"""A question's options, declared once: :class:`AskOptions` holds each option's type, default, help text and the
bounds a request from outside must keep (field metadata, read with :func:`spec`).

Every front door is derived from it: :func:`ask_request` (the engine's and the library's one builder of a
question), the HTTP API's request model (``api.backend.AskRequest``: its defaults, bounds and descriptions come
from :func:`spec` and it converts to :class:`AskOptions`), the MCP tools' schemas, ``pincite ask``'s and
``pincite eval``'s options, and evaluation (:data:`EVAL_OPTIONS`).  A value given as text (a date, ``"retry"``, a
kind) is read here, so every door refuses a bad one with the same words.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, fields, replace
from typing import Any

from pincite.answer.verify import ClaimSupport
from pincite.types import ChoiceEnum, DocumentKind, SearchFilters, optional_date


class OnFail(ChoiceEnum):
    DROP = "drop"
    RETRY = "retry"


def option(default: Any, help: str, *, cli: str | None = None, ge: int | None = None, le: int | None = None,
           max_items: int | None = None) -> Any:
    """One option's declaration: its default and help text (the HTTP API's and MCP's description), the command
    line's wording where it names its own flags (``cli``), and the bounds a request from outside (HTTP, MCP)
    must keep: ``ge``/``le`` for a number, ``max_items`` for a list.  The command line trusts its user and
    shows no bounds (its help text is unchanged)."""
    return field(default=default, metadata={"help": help, "cli": cli or help, "ge": ge, "le": le,
                                            "max_items": max_items})


@dataclass(frozen=True, slots=True)
class AskOptions:
    """Everything that shapes a question's answer, besides the question itself: the one declaration."""

    as_of: datetime.date | None = option(  # a ``YYYY-MM-DD`` string is read here (pincite.types.parse_date)
        None, "Answer from the law in force on this date (YYYY-MM-DD).")
    #: 20, not 8: the answer step picks its sentence from what was retrieved, and a gold sentence is among the
    #: candidates for more questions at 20 (the ranker's cross-validation, bench/NOTES.md "eleventh stop");
    #: budget_tokens still caps what a generator is shown
    k: int = option(20, "Passages to retrieve.", ge=1, le=50)
    on_fail: OnFail = option(OnFail.DROP, "Drop failing citations, or retry once with the failures named.",
                             cli="drop (default) or retry.")
    retries: int = option(1, "Retries with on_fail=retry.", cli="Retries with --on-fail retry.", ge=0, le=5)
    #: not offered by the command line or the API: the generator's context budget (widened per scoped document)
    budget_tokens: int = option(6000, "Tokens of passages given to the generator.")
    include_non_citable: bool = option(False, "Retrieve non-citable zones too (they still cannot be cited).")
    #: a claim whose own figures, names or words are not in what it cites: dropped, or shown as its quote alone
    unsupported: ClaimSupport = option(ClaimSupport.DROP, "drop a claim its cited words do not support, or quote: "
                                                          "show its quotation alone.")
    documents: tuple[str, ...] = option(
        (), "Ask of these documents (ids or sources): one answer section per source.",
        cli="Ask of this document (id or source); repeatable.", max_items=200)
    kinds: tuple[DocumentKind, ...] = option((), "Ask of every document of this kind.")
    works: tuple[str, ...] = option((), "Ask of every version of these works.",
                                    cli="Ask of every version of this work; repeatable.", max_items=50)
    per_document: int | None = option(None, "Passages per document in scope (default 3).",
                                      cli="Passages per document in scope (default 3 when scoped to several).",
                                      ge=1, le=20)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "as_of", optional_date(self.as_of))
        set_(self, "on_fail", OnFail.parse(self.on_fail))
        set_(self, "unsupported", ClaimSupport.parse(self.unsupported))
        set_(self, "documents", tuple(self.documents))
        set_(self, "kinds", tuple(DocumentKind.parse(x) for x in self.kinds))
        set_(self, "works", tuple(self.works))

    def filters(self) -> SearchFilters:
        """What retrieval filters on: the date asked is both the date the answer speaks from and the date
        retrieval filters on, and ``include_non_citable`` both widens retrieval and is recorded in the answer."""
        return SearchFilters(include_non_citable=self.include_non_citable, as_of=self.as_of,
                             documents=self.documents, kinds=self.kinds, works=self.works)


@dataclass(frozen=True, slots=True)
class Spec:
    """One option as a front door shows it (read from :class:`AskOptions`'s declaration)."""

    name: str
    default: Any
    help: str
    cli: str
    ge: int | None
    le: int | None
    max_items: int | None


def spec(name: str) -> Spec:
    """The declaration of option ``name`` (KeyError for a name :class:`AskOptions` does not have)."""
    for f in fields(AskOptions):
        if f.name == name:
            return Spec(name, f.default, **f.metadata)
    raise KeyError(name)


#: the options of a question asked with no options: the defaults every door shows
DEFAULTS = AskOptions()

#: ``pincite eval``'s options: the defaults, so a run measures the answers users get; retrieval recall is reported
#: at 10 whatever k is (pincite.evaluation.metrics.RECALL_AT), as in every run record kept since the first
EVAL_OPTIONS = DEFAULTS


@dataclass(frozen=True, slots=True)
class AskRequest:
    """One question and everything that shapes its answer.  Built by :func:`ask_request` (or from an
    :class:`AskOptions`), so the command line, the server and the evaluation ask in the same way."""

    question: str
    options: AskOptions = DEFAULTS

    @property
    def filters(self) -> SearchFilters:
        return self.options.filters()

    @property
    def per_document(self) -> int | None:
        return self.options.per_document


def ask_request(question: str, options: AskOptions | None = None, **changes: Any) -> AskRequest:
    """A question with ``options`` (default :data:`DEFAULTS`) and any option changed by name (``k=5``,
    ``as_of="2021-06-29"``, ``documents=[...]``, ``on_fail="retry"``).  A name that is not an option is a
    TypeError; a bad ``on_fail``, ``unsupported``, kind or date raises ValueError naming the choices."""
    base = options or DEFAULTS
    return AskRequest(question, replace(base, **changes) if changes else base)


def option_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(AskOptions))


__all__ = ["AskOptions", "AskRequest", "DEFAULTS", "EVAL_OPTIONS", "OnFail", "Spec", "ask_request", "option_names",
           "spec"]
