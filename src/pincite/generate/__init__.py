"""Generators: something that reads the turn's evidence and replies in the citation protocol.

Every generator's reply goes through the same checks.  Backends sit behind :class:`Generator`:
``extractive`` (default, offline, deterministic), ``openai`` (any OpenAI-compatible server) and
``scripted`` (a fake for tests and the gate benchmark that can misbehave on demand).
"""

from __future__ import annotations

from typing import Protocol

from pincite.answer.context import TurnContext
from pincite.errors import PinciteError
from pincite.types import ChoiceEnum


class GeneratorError(PinciteError):
    """The generator could not produce a reply (server unreachable, timed out, refused)."""


class GeneratorKind(ChoiceEnum):
    EXTRACTIVE = "extractive"
    OPENAI = "openai"


class Generator(Protocol):
    name: str

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        """Return the raw reply text for the conversation so far (``messages`` in chat format)."""
        ...


def make_generator(kind: GeneratorKind, **options: object) -> Generator:
    if kind is GeneratorKind.EXTRACTIVE:
        from pincite.generate.extractive import ExtractiveGenerator

        return ExtractiveGenerator()
    from pincite.generate.openai import OpenAIGenerator

    return OpenAIGenerator(**options)  # type: ignore[arg-type]
