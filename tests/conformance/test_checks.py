"""Check conformance: the seven citation checks of tests/test_verify.py and the multi-document answers of
tests/test_multi_document.py, run unchanged on both backends (the test functions are imported; the stores
they read are built here, once per backend)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.ingest import ingest_paths
from tests.corpus.test_multi_document import (  # noqa: F401  (collected here, on both backends)
    test_governing_law_across_all_nine_contracts,
    test_mixed_source_claim_is_caught,
    test_versions_of_one_act_in_date_order_with_windows,
)
from tests.corpus.test_verify import (  # noqa: F401
    IPEK,
    SA,
    T2_2018,
    T2_2021,
    TAX,
    test_dissent_is_not_the_holding_but_is_shown_as_dissent,
    test_good_citation_is_shown_with_pinpoint_from_metadata,
    test_malformed_replies_show_nothing,
    test_neighbour_paragraph_is_caught,
    test_never_retrieved,
    test_page_is_not_paragraph,
    test_prompt_keeps_context_out_of_passages,
    test_quote_spanning_two_adjacent_passages_is_dropped,
    test_retry_recovers_when_the_generator_corrects_itself,
    test_summary_is_not_cited_as_the_court,
    test_tidied_quotation_dropped_but_whitespace_and_quote_marks_are_not,
    test_unnumbered_opinion_pinpoints_by_page,
    test_version_window,
)

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def real_store(stores, corpus: Path):  # type: ignore[no-untyped-def]
    store = stores.open("verify")
    rep = ingest_paths(store, [corpus / p for p in (IPEK, T2_2018, T2_2021, SA, TAX)])
    assert not rep.failed, [r.error for r in rep.failed]
    yield store, corpus
    store.close()


@pytest.fixture(scope="module")
def contracts(stores, corpus: Path):  # type: ignore[no-untyped-def]
    store = stores.open("contracts")
    rep = ingest_paths(store, [corpus / "contracts_cuad" / "txt"])
    assert not rep.failed and len(rep.stored) == 9
    yield store
    store.close()


@pytest.fixture(scope="module")
def tax_court_act(stores, corpus: Path):  # type: ignore[no-untyped-def]
    store = stores.open("t2")
    rep = ingest_paths(store, [corpus / "canada_justice_laws_xml" / "T-2"])
    assert not rep.failed and len(rep.stored) == 4
    yield store
    store.close()
