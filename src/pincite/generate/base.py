"""What every generator is: something that reads the turn's evidence and replies in the citation protocol
(:class:`Generator`) and what a reply carries besides its text (:class:`Generation`); the kinds there are and the
error a generator raises are :mod:`pincite.types`' and :mod:`pincite.errors`'."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Union

from pincite.answer.context import TurnContext
# the error a generator raises and the kinds there are, declared with the other errors and the vocabulary; named
# here too, where the generators read them
from pincite.errors import GeneratorError as GeneratorError
from pincite.types import DEFAULT_GENERATOR as DEFAULT_GENERATOR, GeneratorKind as GeneratorKind


#: the longest reply a model server is asked for, in tokens, unless told otherwise (a claims reply of a few
#: sentences with their quotes is 100-300 tokens; a model looping inside the JSON stops here)
DEFAULT_MAX_TOKENS = 512


@dataclass(frozen=True, slots=True)
class Generation:
    """One reply and what the server said about it.  ``finish_reason`` is the server's (``"stop"``; ``"length"``:
    cut off at ``max_tokens``); ``response_format`` the format the reply was asked in (``json_schema``,
    ``json_object`` or None); ``usage`` the server's token counts and timings, as given."""

    text: str
    finish_reason: str | None = None
    max_tokens: int | None = None
    response_format: str | None = None
    usage: dict[str, Any] = field(default_factory=dict)
    #: where to look when the reply abstains: ``(passage id, quote)`` pairs the generator ranked best, best
    #: first (issue 52, item 3).  They are checked like citations and shown as leads, never as claims or
    #: citations.
    leads: tuple[tuple[str, str], ...] = ()

    @property
    def truncated(self) -> bool:
        return self.finish_reason == "length"


class LeadsReply(str):
    """A reply's text (a ``str``, so a caller reading it as text reads it unchanged) that also carries
    :attr:`Generation.leads`: where to look when it abstains."""

    leads: tuple[tuple[str, str], ...]

    def __new__(cls, text: str, leads: tuple[tuple[str, str], ...] = ()) -> "LeadsReply":
        out = super().__new__(cls, text)
        out.leads = tuple(leads)
        return out


Reply = Union[str, Generation]


def as_generation(reply: Reply) -> Generation:
    """A generator's reply as a :class:`Generation` (a bare string is a reply the generator said nothing
    about; a :class:`LeadsReply` keeps its leads)."""
    if isinstance(reply, Generation):
        return reply
    if isinstance(reply, LeadsReply):
        return Generation(str(reply), leads=reply.leads)
    return Generation(reply if isinstance(reply, str) else str(reply))


class Generator(Protocol):
    name: str
    #: whether its claims may be a writer's paraphrase (a model's words: read with the ask's ``paraphrase``
    #: option) or are the document's own sentences with frames the engine derives from the document model ("No one
    #: dissented.", "The lead judgment says:"), which the checks read with the ``aligned`` rules.  Read with
    #: ``getattr(generator, "paraphrases", True)``: a generator that does not say paraphrases.

    def generate(self, turn: TurnContext, messages: list[dict[str, str]]) -> Reply:
        """Return the reply for ``messages`` (chat format): its text, or a :class:`Generation` carrying the
        server's finish reason and token counts too."""
        ...
