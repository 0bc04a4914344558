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
import numbers
from dataclasses import dataclass, field, fields, replace
from typing import Any

from pincite.answer.verify import ClaimSupport, Paraphrase
from pincite.errors import InvalidOption, UnknownOption
from pincite.types import DateError, DocumentKind, InvalidDate, OnFail, SearchFilters, optional_date


def option(default: Any, help: str, *, cli: str | None = None, ge: int | None = None, le: int | None = None,
           max_items: int | None = None) -> Any:
    """One option's declaration: its default and help text (the HTTP API's and MCP's description), the command
    line's wording where it names its own flags (``cli``), and the bounds a request from outside (HTTP, MCP)
    must keep: ``ge``/``le`` for a number, ``max_items`` for a list.  The command line trusts its user and
    shows no bounds (its help text is unchanged)."""
    return field(default=default, metadata={"help": help, "cli": cli or help, "ge": ge, "le": le,
                                            "max_items": max_items})


#: The one default k, on every surface: passages a question retrieves (Python, ``pincite ask``, HTTP, MCP) and
#: passages a search returns (``Pincite.search``, ``pincite search``, ``GET /api/search``, MCP ``search``).
#: 20, not 8: the answer step picks its sentence from what was retrieved, and a gold sentence is among the
#: candidates for more questions at 20 (the ranker's cross-validation: lab/notes/answers.md, "eleventh stop");
#: budget_tokens still caps what a generator is shown.
DEFAULT_K = 20


@dataclass(frozen=True, slots=True)
class AskOptions:
    """Everything that shapes a question's answer, besides the question itself: the one declaration."""

    as_of: datetime.date | None = option(  # a ``YYYY-MM-DD`` string is read here (pincite.types.parse_date)
        None, "Answer from the law in force on this date (YYYY-MM-DD).")
    k: int = option(DEFAULT_K, "Passages to retrieve.", ge=1, le=50)  # DEFAULT_K: why 20
    on_fail: OnFail = option(OnFail.DROP, "Drop failing citations, or retry once with the failures named.",
                             cli="drop (default) or retry.")
    retries: int = option(1, "Retries with on_fail=retry.", cli="Retries with --on-fail retry.", ge=0, le=5)
    #: not offered by the command line or the API: the generator's context budget (widened per scoped document)
    budget_tokens: int = option(6000, "Tokens of passages given to the generator.")
    include_non_citable: bool = option(False, "Retrieve non-citable zones too (they still cannot be cited).")
    #: a claim whose own figures, names or words are not in what it cites: dropped, or shown as its quote alone
    unsupported: ClaimSupport = option(ClaimSupport.DROP, "drop a claim its cited words do not support, or quote: "
                                                          "show its quotation alone.")
    #: when a claim is shown in its own words: it says nothing its quotation does not (the default: a paraphrase
    #: the rules cannot read word for word is shown as its quotation alone), or the rules found no sign against it
    paraphrase: Paraphrase = option(Paraphrase.VERIFIED, "verified: show a claim in its own words only when it "
                                                         "states nothing its quotation does not (else its "
                                                         "quotation alone); aligned: unless the checks find a "
                                                         "sign against it.")
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
        """The one validation of a question's options (every door builds an :class:`AskOptions`): text read
        as its value, numbers within their declared lower bound, lists of names as lists; a bad value is
        :class:`~pincite.errors.InvalidOption` naming the option."""
        set_ = object.__setattr__
        set_(self, "as_of", _read("as_of", optional_date, self.as_of))
        set_(self, "on_fail", _read("on_fail", OnFail.parse, self.on_fail))
        set_(self, "unsupported", _read("unsupported", ClaimSupport.parse, self.unsupported))
        set_(self, "paraphrase", _read("paraphrase", Paraphrase.parse, self.paraphrase))
        set_(self, "documents", names("documents", self.documents))
        set_(self, "kinds", kinds("kinds", self.kinds))
        set_(self, "works", names("works", self.works))
        for name in ("k", "retries", "budget_tokens", "per_document"):
            number(name, getattr(self, name))

    def filters(self) -> SearchFilters:
        """What retrieval filters on: the date asked is both the date the answer speaks from and the date
        retrieval filters on, and ``include_non_citable`` both widens retrieval and is recorded in the answer."""
        return SearchFilters(include_non_citable=self.include_non_citable, as_of=self.as_of,
                             documents=self.documents, kinds=self.kinds, works=self.works)


def _read(name: str, parse: Any, value: Any) -> Any:
    try:
        return parse(value)
    except DateError as e:  # still a DateError, as a date is refused everywhere
        raise InvalidDate(name, str(e)) from None
    except ValueError as e:  # a ChoiceEnum's choices: the reason, named by its option
        raise InvalidOption(name, str(e)) from None


def number(name: str, value: Any, *, optional: bool | None = None) -> Any:
    """``value`` for the whole-number option ``name``: an int (not a bool, not text) within its declared ``ge``
    and ``le`` (k from 1 to 50: ``k=0`` is refused, never answered as nothing, and so is ``k=51`` — on every
    surface, ask and search alike); None where the default is None."""
    o = spec(name)
    if value is None and (o.default is None if optional is None else optional):
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):  # numpy's ints are Integral
        raise InvalidOption(name, f"{value!r} is not a whole number")
    value = int(value)
    if o.ge is not None and value < o.ge:
        raise InvalidOption(name, f"{value} is less than {o.ge}")
    if o.le is not None and value > o.le:  # the same bound HTTP and MCP declare, for Python and the CLI too
        raise InvalidOption(name, f"{value} is more than {o.le}")
    return value


def names(name: str, value: Any) -> tuple[str, ...]:
    """The list option ``name`` (documents, works) as a tuple of names; one string is refused (it would be
    read letter by letter), as is a name that is not a non-empty string."""
    out = _listed(name, value, "names")
    for x in out:
        if not isinstance(x, str) or not x.strip():
            raise InvalidOption(name, f"{x!r} is not a name (a non-empty string)")
    return out


def kinds(name: str, value: Any) -> tuple[DocumentKind, ...]:
    """The list option ``name`` as document kinds (a kind's name or a :class:`DocumentKind`); one string is
    refused as :func:`names` refuses it."""
    items = _listed(name, value, "kinds")
    return tuple(x if isinstance(x, DocumentKind) else _read(name, DocumentKind.parse, x) for x in items)


def _listed(name: str, value: Any, what: str) -> tuple[Any, ...]:
    """``value`` as a tuple; one string (which would be read letter by letter) or a value that is no sequence is
    refused, naming the option and ``what`` it lists."""
    if isinstance(value, (str, bytes)):
        raise InvalidOption(name, f"give a list of {what}, not one string ({name}=[{value!r}])")
    try:
        return tuple(value)
    except TypeError:
        raise InvalidOption(name, f"give a list of {what}, not {type(value).__name__}") from None


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
    ``as_of="2021-06-29"``, ``documents=[...]``, ``on_fail="retry"``).  A name that is not an option is
    :class:`~pincite.errors.UnknownOption` (a TypeError naming it); a bad value is
    :class:`~pincite.errors.InvalidOption` (a ValueError naming the option and why)."""
    check_names(changes)
    base = options or DEFAULTS
    return AskRequest(question, replace(base, **changes) if changes else base)


def option_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(AskOptions))


def check_names(given: Any, known: tuple[str, ...] | None = None) -> None:
    """Refuse a name in ``given`` that is not an option (``known``, default :func:`option_names`): the first
    unknown one is :class:`~pincite.errors.UnknownOption` naming it and the options there are."""
    known = option_names() if known is None else known
    for name in given:
        if name not in known:
            raise UnknownOption(name, known)


__all__ = ["AskOptions", "AskRequest", "DEFAULTS", "DEFAULT_K", "EVAL_OPTIONS", "OnFail", "Spec",
           "ask_request", "check_names", "kinds", "names", "number", "option_names", "spec"]
