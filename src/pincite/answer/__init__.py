"""From retrieved passages to a checked answer: the evidence a question needs (:mod:`.evidence`), what the
generator is shown (:mod:`.context`, :mod:`.protocol`), the checks every citation passes (:mod:`.verify`), and
the answer as shown (:mod:`.render`, :mod:`.model`).  Nothing here retrieves or generates: the engine composes."""
