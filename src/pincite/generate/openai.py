"""Any OpenAI-compatible chat-completions server (``POST {base_url}/chat/completions``)."""

from __future__ import annotations

import os
import time

import httpx

from pincite.answer.context import TurnContext
from pincite.generate.base import GeneratorError


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
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = os.environ.get(api_key_env) if api_key_env else None
        self.timeout = timeout
        self.retries = retries
        self.temperature = temperature
        self.json_mode = json_mode
        self._client = httpx.Client(timeout=httpx.Timeout(timeout, connect=min(10.0, timeout)),
                                    trust_env=False)

    def close(self) -> None:
        self._client.close()

    def _post(self, body: dict[str, object]) -> httpx.Response:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        url = f"{self.base_url}/chat/completions"
        last: Exception | None = None
        for attempt in range(self.retries + 1):
            try:
                r = self._client.post(url, json=body, headers=headers)
            except httpx.TimeoutException as e:
                last = GeneratorError(f"{url} did not answer within {self.timeout:g}s ({type(e).__name__})")
            except httpx.TransportError as e:
                last = GeneratorError(f"cannot reach {url}: {e}. Is the server running? (--base-url)")
            else:
                if r.status_code >= 500 or r.status_code == 429:
                    last = GeneratorError(f"{url} answered HTTP {r.status_code}: {r.text[:200]}")
                else:
                    return r
            if attempt < self.retries:
                time.sleep(min(2.0, 0.25 * 2**attempt))
        assert last is not None
        raise last

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        body: dict[str, object] = {"model": self.model, "messages": messages, "temperature": self.temperature}
        if self.json_mode:
            body["response_format"] = {"type": "json_object"}
        r = self._post(body)
        if r.status_code == 400 and self.json_mode:
            # servers without JSON mode reject response_format: ask again without it, and stop asking
            self.json_mode = False
            body.pop("response_format", None)
            r = self._post(body)
        if r.status_code >= 400:
            raise GeneratorError(f"{self.base_url} refused the request: HTTP {r.status_code}: {r.text[:200]}")
        try:
            data = r.json()
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise GeneratorError(f"{self.base_url} answered with something that is not a chat completion: "
                                 f"{r.text[:200]!r}") from None
        if not isinstance(content, str):
            raise GeneratorError(f"{self.base_url} returned no message content")
        return content
