"""The generator a command or a server is configured with."""

from __future__ import annotations

from pincite.generate.base import Generator, GeneratorKind
from pincite.generate.extractive import ExtractiveGenerator
from pincite.generate.openai import OpenAIGenerator
from pincite.generate.ranker import RankerGenerator


def make_generator(kind: GeneratorKind, **options: object) -> Generator:
    if kind is GeneratorKind.EXTRACTIVE:
        return ExtractiveGenerator()
    if kind is GeneratorKind.RANKER:
        return RankerGenerator()  # its model (ranker_model.json) loads on the first question
    return OpenAIGenerator(**options)  # type: ignore[arg-type]
