"""Generators: something that reads the turn's evidence and replies in the citation protocol.

Every generator's reply goes through the same checks.  Backends sit behind
:class:`pincite.generate.base.Generator`:
``ranker`` (the default: offline, LambdaRank trees over :mod:`.features`' declared features),
``extractive`` (offline, hand-set weights), ``openai`` (any OpenAI-compatible server) and ``scripted`` (a
fake for tests and the gate benchmark that can misbehave on demand).  :mod:`.factory` makes the generator a
command or a server is configured with.
"""
