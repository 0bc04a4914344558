"""The lab's tests share the product tests' fixtures and their ``shared`` marker (../shared or a loud failure)."""

from tests.conftest import *  # noqa: F401,F403  (fixtures: shared, corpus, bulk, store, fixtures)
