"""What every generator is: something that reads the turn's evidence and replies in the citation protocol
(:class:`Generator`), the kinds there are, and the error a generator raises."""

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
    READER = "reader"
    LEARNED = "learned"


class Generator(Protocol):
    name: str

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> str:
        """Return the raw reply text for the conversation so far (``messages`` in chat format)."""
        ...
