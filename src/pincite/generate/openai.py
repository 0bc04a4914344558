"""Any OpenAI-compatible chat-completions server (``POST {base_url}/chat/completions``): llama.cpp's
llama-server, vLLM, OpenAI.

What it does for a server that is slow, small or strict (each learnt from a real llama-server):

- every request carries ``max_tokens`` (a model that loops stops there) and the reply's ``finish_reason`` is
  returned with it (``length``: cut off at the limit, which the engine reports as a truncated reply);
- the reply is asked for in the protocol's JSON schema (``response_format`` ``json_schema``), then in JSON mode
  (``json_object``), then with no ``response_format``: a format is given up only when the server says *that
  format* is unsupported, and that is remembered for this generator only;
- a 400 saying the prompt exceeds the context size is reported as that, and changes nothing;
- a request is sent again only when it cannot have been computed (the connection failed) or the server answered
  429/5xx; a request that timed out is never re-sent (the server may still be computing it).
"""

from __future__ import annotations

import os
import re
import time
from typing import Any

import httpx

from pincite.answer.context import TurnContext
from pincite.answer.protocol import REPLY_SCHEMA
from pincite.generate.base import DEFAULT_MAX_TOKENS, Generation, GeneratorError

#: reply formats in the order asked for, each a ``response_format`` value (None: the field is left out)
RESPONSE_FORMATS: dict[str, dict[str, Any] | None] = {
    "json_schema": {"type": "json_schema",
                    "json_schema": {"name": "pincite_reply", "strict": True, "schema": REPLY_SCHEMA}},
    "json_object": {"type": "json_object"},
    "none": None,
}

#: how servers say the prompt is longer than the model's context (llama.cpp: type ``exceed_context_size_error``,
#: "request (N tokens) exceeds the available context size (M tokens)"; OpenAI and vLLM: code
#: ``context_length_exceeded``, "maximum context length is M tokens")
_CONTEXT_TYPES = ("exceed_context_size_error", "context_length_exceeded")
_CONTEXT_WORDS = re.compile(r"exceeds? the available context size|maximum context length|context length exceeded|"
                            r"larger than the max context size|too many tokens", re.I)
#: how a server names the request field it refused, when it refuses the reply format
_FORMAT_WORDS = re.compile(r"response_format|json_schema|json_object|structured output|guided", re.I)


def error_info(r: httpx.Response) -> dict[str, Any]:
    """The error object of a refusal (``{"error": {...}}`` as OpenAI and llama.cpp send it, a FastAPI
    ``{"detail": ...}``, or the text), with at least ``message``."""
    try:
        data = r.json()
    except (ValueError, RecursionError):  # not JSON, or JSON nested too deep to read
        return {"message": r.text[:500]}
    err = data.get("error", data) if isinstance(data, dict) else data
    if isinstance(err, str):
        return {"message": err}
    if not isinstance(err, dict):
        return {"message": str(err)[:500]}
    out = dict(err)
    if not isinstance(out.get("message"), str):
        out["message"] = str(err.get("detail", err))[:500]
    return out


def exceeds_context(info: dict[str, Any]) -> bool:
    return (str(info.get("type")) in _CONTEXT_TYPES or str(info.get("code")) in _CONTEXT_TYPES
            or bool(_CONTEXT_WORDS.search(info["message"])))


def refuses_format(info: dict[str, Any]) -> bool:
    """The refusal is about the reply format (the field named, or the format's words in the message)."""
    return str(info.get("param")) == "response_format" or bool(_FORMAT_WORDS.search(info["message"]))


#: The most bytes read of one answer from the server: a chat completion carrying a claims reply of
#: ``max_tokens`` tokens is a few KB (a token is a few bytes, escaped in JSON at most six times over); a server
#: that sends more is not read on (the reply is streamed and reading stops here), so a hostile or broken server
#: cannot fill the memory of the process asking it.
MAX_RESPONSE_BYTES = 2 * 1024 * 1024


class OpenAIGenerator:
    name = "openai"

    def __init__(
        self,
        base_url: str = "http://127.0.0.1:8080/v1",
        model: str = "default",
        api_key_env: str | None = "OPENAI_API_KEY",
        timeout: float = 60.0,
        retries: int = 2,
        temperature: float = 0.0,
        json_mode: bool = True,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        max_response_bytes: int = MAX_RESPONSE_BYTES,
    ) -> None:
        if max_tokens < 1:
            raise ValueError(f"max_tokens must be at least 1, not {max_tokens}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = os.environ.get(api_key_env) if api_key_env else None
        self.timeout = timeout
        self.retries = retries
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.max_response_bytes = max_response_bytes
        # the formats this server has not refused (json_mode=False: plain replies only)
        self.formats = [f for f in RESPONSE_FORMATS if json_mode or f == "none"]
        # no transport-level retries either: httpx's retry only connection failures, which _post retries itself
        self._client = httpx.Client(timeout=httpx.Timeout(timeout, connect=min(10.0, timeout)), trust_env=False,
                                    transport=httpx.HTTPTransport(retries=0))

    def close(self) -> None:
        self._client.close()

    def _post(self, body: dict[str, object]) -> httpx.Response:
        """POST once; again only when the request cannot have reached the model (no connection) or the server
        answered it with 429 or 5xx.  A timeout waiting for the answer is an error at once: re-sending would queue
        the same work behind the first request, which the server is still computing."""
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = f"{self.base_url}/chat/completions"
        last: Exception | None = None
        for attempt in range(self.retries + 1):
            try:
                r = self._post_capped(url, body, headers)
            except (httpx.ConnectError, httpx.ConnectTimeout) as e:
                last = GeneratorError(f"cannot reach {url}: {e}. Is the server running? (--base-url)")
            except httpx.TimeoutException as e:
                raise GeneratorError(
                    f"{url} did not answer within {self.timeout:g}s ({type(e).__name__}); not sent again, as the "
                    f"server may still be computing it: raise --timeout or lower --max-tokens "
                    f"(now {self.max_tokens})") from None
            except httpx.TransportError as e:
                raise GeneratorError(f"{url}: the connection failed after the request was sent "
                                     f"({type(e).__name__}: {e}); not sent again") from None
            else:
                if r.status_code >= 500 or r.status_code == 429:
                    last = GeneratorError(f"{url} answered HTTP {r.status_code}: {r.text[:200]}")
                else:
                    return r
            if attempt < self.retries:
                time.sleep(min(2.0, 0.25 * 2**attempt))
        assert last is not None
        raise last

    def _post_capped(self, url: str, body: dict[str, object], headers: dict[str, str]) -> httpx.Response:
        """POST and read the answer as a stream, at most :attr:`max_response_bytes` of it: more is a
        :class:`GeneratorError` saying so, and the connection is closed without reading the rest."""
        with self._client.stream("POST", url, json=body, headers=headers) as r:
            declared = r.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > self.max_response_bytes:
                raise GeneratorError(self._too_large(url, f"{int(declared):,} bytes"))
            data = bytearray()
            for chunk in r.iter_bytes():
                data += chunk
                if len(data) > self.max_response_bytes:
                    raise GeneratorError(self._too_large(url, f"more than {self.max_response_bytes:,} bytes"))
            # the bytes are decoded already: the copy must not say they are compressed, or how long they were
            kept = [(k, v) for k, v in r.headers.multi_items()
                    if k.lower() not in ("content-encoding", "content-length", "transfer-encoding")]
            return httpx.Response(r.status_code, headers=kept, content=bytes(data), request=r.request)

    def _too_large(self, url: str, size: str) -> str:
        return (f"{url} sent an answer of {size}; at most {self.max_response_bytes:,} are read (a reply of "
                f"max_tokens={self.max_tokens} is a few KB), so it was not read on and not sent again")

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> Generation:
        body: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.temperature,
                                "max_tokens": self.max_tokens}
        while True:
            fmt = self.formats[0]
            rf = RESPONSE_FORMATS[fmt]
            if rf is None:
                body.pop("response_format", None)
            else:
                body["response_format"] = rf
            r = self._post(body)
            if r.status_code < 400:
                return self._read(r, fmt)
            info = error_info(r)
            if r.status_code in (400, 413) and exceeds_context(info):
                sizes = ""
                if info.get("n_prompt_tokens") and info.get("n_ctx"):
                    sizes = f" ({info['n_prompt_tokens']} tokens; the server's context is {info['n_ctx']})"
                raise GeneratorError(
                    f"{self.base_url}: the prompt is longer than the model's context{sizes}: {info['message']}. "
                    "Ask for fewer passages (--k) or start the server with a larger context (llama-server -c)")
            if r.status_code in (400, 422, 501) and rf is not None and refuses_format(info):
                # the server does not take this reply format: ask in the next one, and stop asking in this one
                self.formats = [f for f in self.formats if f != fmt] or ["none"]
                continue
            raise GeneratorError(f"{self.base_url} refused the request: HTTP {r.status_code}: {info['message'][:300]}")

    def _read(self, r: httpx.Response, fmt: str) -> Generation:
        try:
            data = r.json()
            choice = data["choices"][0]
            content = choice["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError, RecursionError):
            raise GeneratorError(f"{self.base_url} answered with something that is not a chat completion: "
                                 f"{r.text[:200]!r}") from None
        if not isinstance(content, str):
            raise GeneratorError(f"{self.base_url} returned no message content")
        usage: dict[str, Any] = {}
        if isinstance(data.get("usage"), dict):
            usage.update({k: v for k, v in data["usage"].items() if k in ("prompt_tokens", "completion_tokens")})
        if isinstance(data.get("timings"), dict):  # llama.cpp's own: tokens per second, prompt and generation
            usage.update({k: v for k, v in data["timings"].items()
                          if k in ("prompt_per_second", "predicted_per_second", "prompt_ms", "predicted_ms")})
        return Generation(content, choice.get("finish_reason") if isinstance(choice, dict) else None,
                          self.max_tokens, None if fmt == "none" else fmt, usage)
