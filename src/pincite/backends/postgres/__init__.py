"""PostgreSQL (+ pgvector): the store (:mod:`.store`) and the search inside it (:mod:`.search`)."""
