"""Text as terms: the one analyser the lexical backends, the clause table and the answerer read words with."""
