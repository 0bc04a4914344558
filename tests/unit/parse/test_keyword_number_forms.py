"""A contract drafted with its Articles printed "ARTICLE - 11 SUCCESSORS & ASSIGNS" (a dash between the word and
the number, as Indian and some Commonwealth drafting prints them), flattened so that each Article's heading and its
sections run inline on long lines ("…for the time being.   ARTICLE - 12 INDEMNIFICATION   12.1   Indemnification by
…").  Read without the dash form, no Article heading was a number: an Article with no numbered section of its own
(Art. 11) left a jump from 10.5 to 12.1 inside a line, which the selection refuses there, and every clause after it
was swallowed by cl. 10.5 — 27,000 characters of one unit, quotes from Articles 12–25 shown as "cl. 10.5"."""

from __future__ import annotations

from pincite.parse import parse_bytes

_HEADS = {1: "DEFINITIONS", 2: "SHARE CAPITAL", 3: "BOARD MEETINGS", 4: "SUCCESSORS & ASSIGNS", 5: "INDEMNIFICATION",
          6: "CONFIDENTIALITY", 7: "TERM AND TERMINATION"}


def _flattened_agreement() -> bytes:
    parts = ["Exhibit 10.9   JOINT VENTURE AGREEMENT   This Agreement is made between Alpha Limited (\"Alpha\") and "
             "Beta Inc. (\"Beta\").   NOW THEREFORE the Parties agree as follows:"]
    line = []
    for n, head in _HEADS.items():
        line.append(f"ARTICLE - {n} {head}")
        if n == 4:  # an Article with no numbered section: its words follow the heading
            line.append("Successors & Assigns: All provisions of this Agreement bind the Parties and their "
                        "permitted assigns.")
            continue
        for k in (1, 2, 3):
            line.append(f"{n}.{k}   The Parties agree, for the purposes of Article {n}, that the matter numbered "
                        f"{n}.{k} is settled by the Board in good faith and recorded in writing.")
        if n % 2 == 0:  # a page ends: the long line breaks and the next starts with the rest
            parts.append("   ".join(line))
            line = []
    parts.append("   ".join(line))
    parts.append("IN WITNESS WHEREOF, the Parties have executed this Agreement.\n\nALPHA LIMITED\n\n/s/ A. Smith\n")
    return "\n\n".join(parts).encode()


def test_dashed_article_headings_open_their_articles_inline() -> None:
    doc = parse_bytes(_flattened_agreement(), "alpha_beta_jva.txt")
    labels = [u.label for u in doc.units]
    assert [x for x in labels if x and x.startswith("Art. ")] == [f"Art. {n}" for n in _HEADS]
    want = [f"cl. {n}.{k}" for n in _HEADS if n != 4 for k in (1, 2, 3)]
    assert [x for x in labels if x and x.startswith("cl. ")] == want
    for u in doc.units:  # each unit's words begin with its own printed number
        text = doc.text[u.char_start:u.char_end]
        if u.label.startswith("cl. "):
            assert text.startswith(u.label[4:] + " "), (u.label, text[:40])
            assert len(text) < 200, u.label  # no clause swallows the Articles after it
        if u.label.startswith("Art. "):
            assert text.startswith(f"ARTICLE - {u.label[5:]} "), (u.label, text[:40])
    four = next(u for u in doc.units if u.label == "Art. 4")
    assert "permitted assigns" in doc.text[four.char_start:four.char_end]



def _sections_in_words() -> bytes:
    words = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN", "ELEVEN", "TWELVE",
             "THIRTEEN", "FOURTEEN", "FIFTEEN", "SIXTEEN", "SEVENTEEN", "EIGHTEEN", "NINETEEN", "TWENTY",
             "TWENTY-ONE", "TWENTY-TWO"]
    heads = ["DEFINITIONS", "GRANT OF RIGHTS", "PRIOR APPROVAL", "REMUNERATION", "SERVICES", "PAYMENTS", "AGENT",
             "DEFAULT", "TERM", "TRADEMARKS", "RESERVATION OF RIGHTS", "INDEMNITY", "TERMINATION", "EXTENSION",
             "LIABILITY", "WAIVER", "SEVERABILITY", "ASSIGNMENT", "GOVERNING LAW", "HEADINGS", "NO JOINT VENTURE",
             "ENTIRE AGREEMENT"]
    parts = ["ENDORSEMENT AGREEMENT   This Endorsement Agreement is made between Alpha Inc. (\"Company\") and Beta "
             "LLC (\"Endorser\")."]
    line = []
    for n, (w, h) in enumerate(zip(words, heads), 1):
        # a flattened filing: some sections start a line, others run on after the sentence before them with
        # one space ("… the nearest whole number). SECTION TWO. GRANT OF RIGHTS …")
        line.append(f"SECTION {w}. {h}   The parties agree to the terms of this section, numbered {n} in the "
                    f"agreement, in good faith (as to each unit sold).")
        if n % 3 == 0:
            parts.append(" ".join(line))
            line = []
    parts.append(" ".join(line))
    parts.append("IN WITNESS WHEREOF the parties have signed this Agreement.\n\nALPHA INC.\n\nBy: /s/ A. Smith")
    parts.append("EXHIBIT B   Endorser agrees to promote Company as follows:")
    parts += [f"{k}. Item {k}: Endorser to feature Company in its weekly newsletter." for k in (1, 2, 3)]
    return "\n\n".join(parts).encode()


def test_sections_numbered_in_words_are_sections() -> None:
    """"SECTION FOUR. REMUNERATION" is section 4: read as no number, the agreement's 22 sections were its
    preamble's paragraphs ("Preamble ¶4") and the exhibit's list items "1.", "2.", "3." its only clauses."""
    doc = parse_bytes(_sections_in_words(), "alpha_endorsement.txt")
    labels = [u.label for u in doc.units]
    assert [x for x in labels if x.startswith("s. ")] == [f"s. {n}" for n in range(1, 23)], labels
    for u in doc.units:
        if u.label.startswith("s. "):
            assert doc.text[u.char_start:u.char_end].startswith("SECTION "), u.label
            assert f"numbered {u.label[3:]} in" in doc.text[u.char_start:u.char_end], u.label
    assert not any(x.startswith(("cl. ", "Preamble ¶2")) for x in labels), labels


def _flattened_with_a_skipped_number() -> bytes:
    heads = {1: "Services", 2: "Payment", 3: "Term", 4: "Termination", 5: "Warranties", 6: "Inventions",
             8: "Medical and Regulatory", 9: "Independent Contractor Status", 10: "Conflicts of Interest",
             11: "Notices", 12: "General Provisions"}  # the filing prints no 7
    parts = ["Master Service Agreement This Master Service Agreement is made between Alpha Inc. (\"Client\") and "
             "Beta Ltd. (\"CRO\")."]
    runs = []
    for n, head in heads.items():
        subs = " ".join(f"{n}.{k}. The parties agree to the matter numbered {n}.{k} in writing and in good faith."
                        for k in (1, 2, 3))
        runs.append(f"{n}.0 {head} {subs}")
    parts.append(" ".join(runs[:5]))  # a page of the filing: clauses run on after each other on long lines
    parts.append(" ".join(runs[5:]))
    parts.append("IN WITNESS WHEREOF the parties have signed this Agreement.\n\nALPHA INC.\n\nBy: /s/ A. Smith")
    return "\n\n".join(parts).encode()


def test_a_clause_number_the_document_skips_inside_a_flattened_line() -> None:
    """The filing prints 6.3, then "8.0 Medical and Regulatory 8.1. … 8.2. … 8.3. … 9.0 …" on the same line (it has
    no clause 7).  A number inside a line that jumps ahead was refused, so cl. 6.3 held clauses 8 to 12; a jump the
    numbers after it run on from is the document's own."""
    doc = parse_bytes(_flattened_with_a_skipped_number(), "alpha_beta_msa.txt")
    labels = [u.label for u in doc.units if u.label.startswith("cl. ")]
    for n in (8, 9, 10, 11, 12):
        assert f"cl. {n}.0" in labels and f"cl. {n}.3" in labels, labels
    six = next(u for u in doc.units if u.label == "cl. 6.3")
    assert "8.0 Medical" not in doc.text[six.char_start:six.char_end]
    twelve = next(u for u in doc.units if u.label == "cl. 12.2")
    assert doc.text[twelve.char_start:twelve.char_end].startswith("12.2. The parties agree to the matter numbered 12.2")
