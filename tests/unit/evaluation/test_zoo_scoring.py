"""The zoo's scorer (pincite.evaluation.zoo): labels compared as a lawyer reads them, quotes found as the quote
check finds them, and a key scored against a contract written here — right, wrong and non-citable all counted."""

from __future__ import annotations

import json
from pathlib import Path

from pincite.evaluation.zoo import find_quote, label_tokens, reference_targets, same_label, score_key


def test_labels_compare_without_kind_words_brackets_or_case() -> None:
    assert same_label("cl. 5.2(a)", "5.2(a)")
    assert same_label("s. 1(2)(b)", "s.1(2)(b)")
    assert same_label("[14]", "[14]") and same_label("¶14", "[14]")
    assert same_label("Article 7(2)(b)", "art. 7(2)(b)")
    assert same_label("§ 447.1", "27 CFR 447.1")
    assert same_label('s. 1 "local user" (b)', '1 "local user" (b)')
    assert same_label("Part II.A", "Part II.A")
    assert not same_label("cl. 6.2(a)", "5.2(a)")
    assert not same_label("Part II", "Part II.A")
    assert not same_label(None, "1")
    # the key's own notes after a label are not part of it
    assert label_tokens("Div. A, sec. 201(a) (text of new subsection (m) quoted in it)") == ("div", "a", "201", "a")
    assert label_tokens("10(1) (formula, description of B)") == ("10", "1")


def test_reference_targets() -> None:
    assert reference_targets("1.4; 1.7") == ["1.4", "1.7"]
    assert reference_targets("3-6") == ["3", "6"]
    assert reference_targets("3(a)-(c)") == ["3(a)"]
    assert reference_targets("§ 38-2803(b)") == ["§ 38-2803(b)"]  # a hyphenated section number, not a range
    assert reference_targets("20 CFR 404.408a (not in this document)") == []
    assert reference_targets("Cover Terms (table) - not a numbered unit") == []


def test_quotes_found_across_whitespace_and_curly_quotes() -> None:
    text = "The  Licensee\nshall not \u201cassign\u201d it."
    (s, e), = find_quote(text, 'Licensee shall not "assign"')
    assert text[s:e] == "Licensee\nshall not \u201cassign\u201d"
    assert find_quote(text, "Licensee may assign") == []


def test_a_key_scored_against_a_contract(tmp_path: Path) -> None:
    doc = tmp_path / "supply.txt"
    doc.write_text(
        "SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Acme Ltd (the Supplier) and Bolt Ltd (the Buyer).\n\n"
        "1. Definitions\n\n1.1 In this Agreement the Goods means the widgets listed in the order.\n\n"
        "2. Supply\n\n2.1 The Supplier shall deliver the Goods within thirty days of each order.\n\n"
        "2.2 The Buyer shall pay each invoice within sixty days of its date, as Section 2.1 requires delivery.\n\n"
        "3. Term\n\n3.1 This Agreement lasts for two years from the date above unless ended earlier.\n",
        encoding="utf-8")
    key = tmp_path / "supply.key.json"
    key.write_text(json.dumps({
        "units": [{"label": "2.1", "quote": "The Supplier shall deliver the Goods within thirty days"},
                  {"label": "2.1", "quote": "The Buyer shall pay each invoice"},  # wrong on purpose: it is 2.2
                  {"label": "3.1", "quote": "words that are nowhere in it"}],
        "cross_references": [{"text": "Section 2.1", "target_label": "2.1"},
                             {"text": "Section 9.9", "target_label": "9.9"}],
        "non_citable": [{"what": "title", "quote": "SUPPLY AGREEMENT"}],
    }), encoding="utf-8")
    r = score_key(key)
    c = r.counts()
    assert (c["units"], c["right"], c["wrong"], c["not_found"]) == (3, 1, 1, 1), r.misses
    assert (c["references"], c["resolved"]) == (2, 1)
    assert c["non_citable"] == 1
