"""``pincite serve``: the HTTP API and the web reader."""

from __future__ import annotations

from typing import Annotated

import typer

from pincite.cli.common import (
    ApiKeyEnvOption, BaseUrlOption, DbOption, GeneratorOption, MaxTokensOption, ModelOption, TimeoutOption, _fail,
    _generator_options, _store_option,
)
from pincite.errors import PinciteError
from pincite import Pincite
from pincite.library import DEFAULT_MAX_TOKENS
from pincite.types import DEFAULT_GENERATOR, GeneratorKind


def serve(
    ctx: typer.Context,
    db: DbOption = None,
    host: Annotated[str, typer.Option("--host", help="Address to bind; anything but loopback needs $PINCITE_TOKEN.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    generator: GeneratorOption = DEFAULT_GENERATOR.value,
    base_url: BaseUrlOption = "http://127.0.0.1:8080/v1",
    model: ModelOption = "default",
    api_key_env: ApiKeyEnvOption = "OPENAI_API_KEY",
    timeout: TimeoutOption = 60.0,
    max_tokens: MaxTokensOption = DEFAULT_MAX_TOKENS,
    no_dense: Annotated[bool, typer.Option("--no-dense", help="Lexical retrieval by default (no embedding model).")] = False,
    max_upload_mb: Annotated[float, typer.Option(help="Largest upload accepted, in MB (all files of one request).")] = 25.0,
) -> None:
    """Serve the HTTP API and the web reader (API docs at /docs).  The store: --db, else --store /
    $PINCITE_STORE (a postgresql:// URL too), else $PINCITE_DB / ./pincite.db."""
    # deferred on purpose: the web stack (FastAPI, uvicorn) is loaded by 'serve' alone, not by every command
    from pincite.api.app import run_server
    from pincite.api.config import ServerConfig

    try:
        gkind = GeneratorKind.parse(generator)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--generator") from None
    gen_opts = _generator_options(gkind, base_url, model, api_key_env, timeout, max_tokens)
    config = ServerConfig(db=db or Pincite.default_location(_store_option(ctx)), generator_kind=gkind,
                          generator_options=gen_opts,
                          dense=not no_dense, max_upload_bytes=int(max_upload_mb * 1024 * 1024))
    try:
        run_server(config, host, port)
    except PinciteError as e:
        raise _fail(e) from None
