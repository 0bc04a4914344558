"""``pincite ask``: a question (or a batch of them) answered with checked citations."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from collections.abc import Iterator
from typing import Annotated, Any, Optional

import typer
from rich.text import Text

from pincite import Answer, AskOptions, AskRequest
from pincite.library import DEFAULT_MAX_TOKENS, LEAD_NOTE, spec
from pincite.cli.common import (
    ApiKeyEnvOption, BaseUrlOption, DbOption, GeneratorOption, JsonOption, MaxTokensOption, ModelOption, NoDenseOption,
    NoWaitOption, OnFailOption, TimeoutOption, _check_date, _fail, _generator_options,
    _open_existing, _print_json, _search_progress, err, out,
)
from pincite.errors import PinciteError, UnknownName
from pincite.terminal import json_text
from pincite.types import DEFAULT_GENERATOR, DateError, DocumentKind, GeneratorKind, OnFail, optional_date

#: the options' declared defaults (pincite.options, read through AskOptions): the flags' defaults
DEFAULTS = AskOptions()


def _print_answer(ans: Answer) -> None:
    out.print(Text("Q:", style="bold"), ans.question + (f"  (as of {ans.as_of})" if ans.as_of else ""))
    out.print(ans.text)
    for c in ans.citations:
        j = c.to_json()
        out.print(f"  [{c.n}] {c.rendered}")
        out.print(f"      “{' '.join(j['quote'].split())}”  (chars {j['char_start']}-{j['char_end']})")
        for n in j["notes"]:
            out.print(f"      note: {n['check']}: {n['detail']}")
    if ans.leads:  # an abstention's where-to-look: leads, numbered apart from citations
        out.print(LEAD_NOTE, style="cyan")
        for c in ans.leads:
            j = c.to_json()
            out.print(f"  lead L{c.n}: {c.rendered}")
            out.print(f"      “{' '.join(j['quote'].split())}”  (chars {j['char_start']}-{j['char_end']})")
    if ans.dropped:
        out.print(f"{len(ans.dropped)} citation(s) or claim(s) dropped:", style="yellow")
        for d in ans.dropped:
            j = d.to_json()
            out.print(f"  - {j['reason']} ({j['check']}): {j['detail']}")


def ask(
    ctx: typer.Context,
    question: Annotated[Optional[str], typer.Argument(help="The question (or use --batch).")] = None,
    db: DbOption = None,
    as_of: Annotated[Optional[str], typer.Option("--as-of", help=spec("as_of").cli)] = None,
    k: Annotated[int, typer.Option("--k", help=spec("k").cli)] = DEFAULTS.k,
    generator: GeneratorOption = DEFAULT_GENERATOR.value,
    base_url: BaseUrlOption = "http://127.0.0.1:8080/v1",
    model: ModelOption = "default",
    api_key_env: ApiKeyEnvOption = "OPENAI_API_KEY",
    timeout: TimeoutOption = 60.0,
    max_tokens: MaxTokensOption = DEFAULT_MAX_TOKENS,
    on_fail: OnFailOption = DEFAULTS.on_fail.value,
    retries: Annotated[int, typer.Option(help=spec("retries").cli)] = DEFAULTS.retries,
    paraphrase: Annotated[str, typer.Option("--paraphrase", help=spec("paraphrase").cli)] = DEFAULTS.paraphrase.value,
    no_dense: NoDenseOption = False,
    include_non_citable: Annotated[bool, typer.Option("--include-non-citable", help=spec("include_non_citable").cli)] = DEFAULTS.include_non_citable,
    batch: Annotated[Optional[Path], typer.Option("--batch", help="JSON lines of {id, question, as_of, documents}; one result per line.")] = None,
    document: Annotated[Optional[list[str]], typer.Option("--document", help=spec("documents").cli)] = None,
    kind: Annotated[Optional[list[str]], typer.Option("--kind", help=spec("kinds").cli.rstrip(".") + "; repeatable.")] = None,
    work: Annotated[Optional[list[str]], typer.Option("--work", help=spec("works").cli)] = None,
    per_document: Annotated[Optional[int], typer.Option("--per-document", help=spec("per_document").cli)] = DEFAULTS.per_document,
    as_json: JsonOption = False,
    no_wait: NoWaitOption = False,
) -> None:
    """Answer a question with citations checked before they are shown.  Scoped to several documents (--document,
    --kind, --work), the answer has one section per source and names the sources with no supported answer."""
    try:
        gkind = GeneratorKind.parse(generator)
        fail_mode = OnFail.parse(on_fail)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    if (question is None) == (batch is None):
        raise typer.BadParameter("give a QUESTION or --batch FILE")
    day = _check_date(as_of)
    try:
        lib = _open_existing(db, ctx, generator=gkind, dense=not no_dense, wait=not no_wait,
                             generator_options=_generator_options(gkind, base_url, model, api_key_env, timeout,
                                                                  max_tokens),
                             on_progress=_search_progress())
        lib.require_documents()
        retriever, _ = lib.retriever, lib.generator  # made before any question, so a bad setting fails first

        options = AskOptions(k=k, on_fail=fail_mode, retries=retries, paraphrase=paraphrase,
                             include_non_citable=include_non_citable,
                             kinds=tuple(DocumentKind.parse(x) for x in dict.fromkeys(kind or ())),
                             works=tuple(work or ()),
                             per_document=per_document)

        def one(q: str, date: Optional[datetime.date], scope: tuple[str, ...] = ()) -> Answer:
            return lib.ask(q, options, as_of=date, documents=tuple(document or ()) + scope)

        if batch is not None:
            try:
                lines = batch.read_text(encoding="utf-8").splitlines()
            except (OSError, UnicodeDecodeError) as e:
                raise PinciteError(f"{batch}: cannot read: {e}") from None
            told = False
            current: dict[str, Any] = {}  # the line whose request ask_many is answering

            def requests() -> Iterator[AskRequest]:
                for n, line in enumerate(lines, 1):
                    if not line.strip():
                        continue
                    try:
                        item = json.loads(line)
                        q, date = item["question"], optional_date(item.get("as_of"))
                        named = item.get("documents", item.get("scope")) or ()  # scope: the older name
                        if isinstance(named, str):  # one string would be read letter by letter
                            raise TypeError(f"documents: give a list of names, not one string ({named!r})")
                        scope = tuple(named)
                    except DateError as e:
                        sys.stdout.write(json_text({"line": n, "error": f"{batch}:{n}: as_of {e}"}) + "\n")
                        continue
                    except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as e:
                        bad = {"line": n, "error": f"{batch}:{n}: bad line: {e}"}
                        sys.stdout.write(json_text(bad) + "\n")
                        continue
                    current.update(n=n, item=item)
                    yield lib.request(q, options, as_of=date, documents=tuple(document or ()) + scope)

            for ans in lib.ask_many(requests(), go_on=UnknownName):
                n, item = current["n"], current["item"]
                if isinstance(ans, Exception):  # this line's scope names nothing stored; the rest go on
                    said = {"line": n, "id": item.get("id"), "error": f"{batch}:{n}: {ans}"}
                    sys.stdout.write(json_text(said) + "\n")
                    continue
                dense = retriever.dense_status()
                if dense == "pending" and not told:  # once per run: each line says it in "dense"
                    told = True
                    err.print("dense ranking pending: passages lack vectors ('pincite embed' computes them); "
                              "answers marked \"dense\": \"pending\" were retrieved lexically", style="dim")
                sys.stdout.write(json_text({"id": item.get("id"), **ans.to_json(), "dense": dense}) + "\n")
                sys.stdout.flush()
        else:
            assert question is not None
            ans = one(question, day)
            if retriever.dense_status() == "pending":
                err.print("dense ranking pending: passages lack vectors ('pincite embed' computes them); "
                          "this answer was retrieved lexically", style="dim")
            if as_json:
                _print_json({**ans.to_json(), "dense": retriever.dense_status()})
            else:
                _print_answer(ans)
        lib.close()
    except UnknownName as e:  # --document / --work naming nothing stored (or several): a usage error
        raise _fail(e, 2) from None
    except PinciteError as e:
        raise _fail(e) from None
