"""Search: the embedded lexical and dense indexes, the embedder, fusion, naming and the retriever.

Imports the store (:mod:`pincite.store`), never imported by it.  A store that searches itself (PostgreSQL)
hands the retriever its own indexes (:meth:`pincite.store.Store.search_indexes`); otherwise the indexes here
are derived from the store into files beside it."""
