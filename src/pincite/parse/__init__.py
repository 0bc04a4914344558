"""Parsing: one module per format, and the sniffing that picks one.

Each format module exposes ``parse(data: bytes, source: str) -> ParsedDocument`` and raises
:class:`~pincite.errors.ParseError` (naming the source and the reason) for input it cannot read.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
import re
from collections.abc import Callable

from pincite.errors import ParseError, UnsupportedFormat
from pincite.parse.builder import unique_labels, validate_units
from pincite.parse.selfcheck import check_numbering
from pincite.parse.voice import assign_voice
from pincite.types import Format, ParsedDocument

_MODULES: dict[Format, str] = {
    Format.AKN: "pincite.parse.akn",
    Format.CANADA: "pincite.parse.canada",
    Format.USLM: "pincite.parse.uslm",
    Format.PDF: "pincite.parse.pdf",
    Format.TEXT: "pincite.parse.text",
    Format.HTML: "pincite.parse.html",
    Format.DOCX: "pincite.parse.docx",
    Format.CLML: "pincite.parse.clml",
    Format.MARKDOWN: "pincite.parse.markdown",
    Format.LEGISLATION_XML: "pincite.parse.legislation_xml",
}

#: Bumped whenever a parser reads the same file into different units (2: clauses run together on one line are
#: found; 3: "By: [SIG] ----" signature blocks; 4: numbered lists inside lettered items; 5: an exhibit heading run
#: into its first paragraph on one line, or set right of a page number, starts the schedules, and so does an
#: instrument attached after the signatures; 6: a list restarting at 1 under a clause is that clause's (cl. 2(1)),
#: and its sub-number 2.2 follows it; unmarked judgment headings; name-first judges' headings ("PHILLIPS LJ");
#: PDF judgments' citation and date; an Act's unnumbered first section is sec. 1; a definition's paragraphs are
#: labelled 's. 3 "term" (b)'; 7: a reference wrapped to a line start ("... with Section" / "7.1 [...]") is not a
#: clause; an emphasised judgment heading indented like a quotation, before the next numbered paragraph; 8: every
#: label names one place — sub-items nest by numbering style, bullets are labelled by position, annex paragraphs
#: and appropriations headings name the heading above, a PDF's resumed front matter is "cover, part 2", and a
#: last resort "(2nd)"; and every judgment unit's voice — the court's own words or quoted, and from what
#: (:mod:`pincite.parse.voice`); in contracts a clause number at a line start in its siblings' style is that
#: clause whatever the jump, attachments before the signatures are their own units, numbered text without
#: contract signals is plain text (kind text), a second list in a clause gets its own path ("cl. 2 list 2(1)");
#: 9: legal language read from legal/'s one set of tables — a dissent reported of another judge is not the
#: judge's own, "I agree with both judgments" concurs, a quotation's introducing sentence is cut by the one
#: sentence splitter, "LCJ"/"JSC" stay capitals in a judge's name; 10: a stored contract is named by its parties
#: and date (:mod:`pincite.parse.parties`), its printed title kept in its meta; 11: a contract's table of
#: contents (dot leaders and a page number) is no clause, and its last entry ("Schedule 1 - Contents") starts no
#: schedule; a judgment's "Schedule 1" heading after which its own numbering goes on is a quoted document's
#: heading, not an annex of the judgment; 12: "I have come to a different conclusion from the Divisional
#: Court" disagrees with the court below, not with a colleague — no dissent — and the Divisional Court, the
#: appeal tribunals and the county court are courts below; 13: a contract clause whose number a text
#: extraction ran into its heading ("8.3General Conditions") or onto the end of the clause before
#: ("…@skadden.com 13.4 Specific Performance.") is its own clause, not part of the one before; 14: a judge's
#: heading and paragraph 1 printed in a legacy judgment's header (its body starting at 2) open that judge's
#: reasons, [1] included, and "1 . This…" opens paragraph 1):
#: 15: every document's labels checked against its own references and printed numbers (``meta["numbering"]``,
#: :mod:`pincite.parse.selfcheck`); legislation.gov.uk XML, Markdown, Akoma Ntoso acts, numbered-provision XML and
#: plain-text statutes read; Word numbering as Word renders it; US opinions by Parts, voices and pages; public
#: laws by division, Federal Register documents, CFR definitions; repeated clause numbers their own units; text
#: after the last clause kept out of it; plain-text judgments' paragraphs; 16: words addressed to an AI
#: assistant flagged on their units (``flags``) and the document (``meta["instructions"]``), the numbered items
#: of a Canadian Act's schedules their own units ("Sch. 1, item 4"), a document over the unit or text cap
#: refused; 17: a contract's lettered items run into their clause's line ("2. Term. A. Termination." → cl. 2.A),
#: a clause number run in after an address, and a contract of headings with no numbers labelled by its
#: headings; 18: a plain-text contract's lettered items after an Article's heading are that Article's ("V.
#: COMPENSATION" / "A." → Art. V.A, not an orphan ".A"), and a numbered list under an Article's lettered item is
#: that item's (Art. III.C.1), not the document's first clauses; 19: a plain-text judgment whose reasons quote
#: a contract's numbered clauses is a judgment when its caption says so (the court, the parties' roles, the
#: judgment heading, the cover sheet's fields, a neutral citation: legal/text_judgments.CAPTION_SIGNS, weighed
#: against the contract's signals), its orders may run onto the heading's line, a contents table under the
#: reasons' heading, sub-headings between paragraphs and a signature under a rule are no paragraph's words,
#: "JUDGMENT OF BREWER J" names the one judge, and its title, neutral citation, date and panel come from
#: the caption; 20: a horizontal rule run onto the line of the article heading below it ("-------- 3.0   Term")
#: no longer hides the clause number, parse/contract._RULE_PREFIX); 21: a plain-text contract whose clause numbers
#: were set apart in columns that head no page ("2." … "8." in mid-sentence, or over a page's footer) labels no
#: clause by them (parse/contract.adrift_runs) and cites its clauses by their printed headings, title case alone
#: on a line too (legal/contracts.DETACHED_NUMBER_HEADINGS); 22: in a contract typed with two spaces between
#: words, "as  provided  in  Section  5.0" is a reference, not a clause opening (parse/contract.REFERENCE_LEADS);
#: 23: a judgment in Markdown (a caption of fields, "Coram :", the judge's heading) is a judgment, not a contract,
#: its paragraphs "12" + a gap numbered as printed, and a judge's heading further down with its note
#: ("(dissenting):") opens that judge's reasons (parse/text_judgment.numbered_judgment); a judgment in "[1]"
#: paragraphs saved as .md is read as the same bytes as .txt are; a caption's citation of the decision appealed
#: from is not the judgment's own; 24: a US trial court's order in PDF (the district court's caption, the order's
#: title, the judge's signature) is one judge's reasons in Parts, not a contract, and the filing system's stamp
#: on each page ("Case … Document 40 Filed … Page 2 of 4") is furniture giving the page's number
#: (parse/us_opinion, legal/us_opinions.ECF_STAMP); 25: pleading paper's line numbers on the rows of the text are
#: margin numbers (pdf_layout.MARGIN_NUMBER_GAP; a stamp above line 1 no longer stops them being stripped), "IN
#: THE UNITED STATES DISTRICT COURT" and a title ending "… ORDER" mark an order, an "IN RE:" caption is its
#: title, and a lone "7." above an EDGAR filing footer is a page number, not clause 7 (parse/contract); 26: an
#: Article printed "ARTICLE - 11 SUCCESSORS & ASSIGNS" (a dash between the word and its number) is an Article,
#: at a line's start or run inline in a flattened text (parse/contract._TOKEN); 27: a US court opinion or order
#: saved as plain text or HTML is read as from its PDF: voices, Parts, printed pages (parse/us_opinion_text); 28:
#: CLML's <Character Name="NonBreakingSpace"/> (and the schema's other spaces) print as a space, and a table row's
#: cells (CLML, Akoma Ntoso, Word) are a tab apart, not " | ", so a quote across two cells matches; 29: a
#: section or Article numbered in words ("SECTION FOUR. REMUNERATION", "ARTICLE TWENTY-TWO") is that number
#: (parse/contract.number_word_value); 30: a US court opinion in Markdown or Word is read as from its PDF; 31:
#: under a trial order's title, capitals with no prose after them and a lone letter open no Part (a text's
#: caption columns); 32: a clause number inside a flattened line that jumps ahead (6.1, then "8.0 …" where the
#: document prints no 7) is kept when the next three numbers each follow it with no gap (parse/contract
#: .INLINE_JUMP_RUN); 33: a PDF's filing stamp in a court of appeals' form ("Case: 19-1234 Document: 51 Page:
#: 7") is furniture and labels its page, as the district courts' form was (one stamp pattern for the PDF and text
#: routes, legal/us_opinions.ECF_STAMP); 34: Word's list numbering as Word draws a judgment's paragraphs (checked
#: against The National Archives' own rendering of 94 judgments): a startOverride seeds only the level its instance
#: draws, once, and not when the list comes back from a sub-list an override restarted; a style based on a
#: numbered style may set only the level; a sub-level drawn first counts its parents as begun; 35: a UK judgment as
#: handed down in Word or as text is a judgment with its judges' voices (caption signs of a UK cover, 'LORD X:
#: (with whom … agree)', a name alone over paragraph 1, a judge named at a numbered paragraph's start, the bench
#: under 'Before :'), a number the judgment skips ("6." then "8.") does not end its paragraphs, a LISTNUM field
#: draws its list's next number, an empty cell merged into the one above draws none; 36: a UK judgment in Word or as
#: text is named by its cover's parties ("Lloyd v Google LLC", the names either side of "- and -" or "-v-"),
#: cited with its chamber ("[2022] EWHC 90 (QB)") and dated by the cover's date; 37: a judge's name alone on a line
#: after the reasons begin opens that judge's reasons only when the cover's bench names them ("Cockerill J" over
#: the account of the decision below is a heading); 38: a judgment of the European Court of Human Rights is read in
#: its own shape (parse/echr: the Court's paragraphs, the operative provisions numbered again, each separate
#: opinion its judges', named, cited and dated by its cover); 39: more of the Court's shapes (an opinion headed
#: with two kinds or "joined by" judges, opening with "(Translation)" or a table of contents; one operative point
#: printed without a number), and an EU act in CLML cited by its own number, not the act its title amends; 40: a CLML
#: provision's alternative version for another extent (section 6 as it applies in Scotland) is read, its units
#: labelled "s. 6(8A) (Scotland)"; 41: the Court's published extracts keep their numbers after "..." (and an
#: operative part printing only point 2), an opinion's heading on two lines ("JOINED BY …") is one: a document stored
#: by an older parser is parsed again on its next ingest, not skipped as unchanged; 42: a Find Case Law judgment
#: whose conversion ran a judge's bold heading and the next paragraph's number into the paragraph before ("I agree.
#: **Lord Justice McCombe** 49. I also agree.") gives that judge their own heading and paragraph, and a rule line
#: printed under the reasons ("_________________") is not the last paragraph's text; 43: a UK tribunal's cover (its
#: name as the heading, "AN APPEAL AGAINST A DECISION OF …", "UT Neutral citation number:", the cases referred to)
#: makes a Word or text decision a judgment (an Upper Tribunal decision with no "Before:" had been plain text);
#: 44: the numbering self-check sees a paragraph number a Word judgment prints twice ("38." folded into [39]) and
#: no longer reads a numbered heading or a quoted judgment's numbered paragraphs as one; a Find Case Law judgment
#: quoting the judge below's paragraphs that print the court's next numbers ("17.", "18." quoted under [17], set in
#: as a quotation) gives those numbers to the court's own paragraphs, not the quoted ones, and a numbered section
#: heading over the paragraph printing the same number ("1. INTRODUCTION" then "1. The appellant ...") is a heading;
#: a Word or text judgment whose paragraph quotes the judgment below after a colon up to the number the court's own
#: paragraph prints next, the court's own following the quotation's close, gives that number to the court's own.
PARSER_VERSION = 44

#: File extensions picked up when a folder is ingested (named files are always tried).
DOCUMENT_EXTENSIONS = frozenset({".xml", ".akn", ".pdf", ".txt", ".text", ".html", ".htm", ".docx", ".md",
                                 ".markdown"})

#: A file named so is Markdown whatever its first bytes say (Markdown has no signature of its own).
MARKDOWN_EXTENSIONS = (".md", ".markdown")

#: A folder's own housekeeping notes, not documents of it: "README.md", "MANIFEST.md", "CHANGELOG.md" describe
#: the folder (a corpus's manifest names its files and their traps), so a folder ingest leaves them out, as it
#: leaves out any file of a type pincite does not read.  Named outright, they are read like any Markdown file.
HOUSEKEEPING_MARKDOWN = frozenset({"readme", "manifest", "changelog", "changes", "contributing", "license",
                                   "licence", "authors", "code_of_conduct", "security", "todo", "notes", "index"})

#: Roots of a code's own XML for its sections (:mod:`pincite.parse.legislation_xml`), when a <num> follows.
_CODE_ROOTS = frozenset({"section", "container", "chapter", "level"})

_XML_ROOT = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]")


#: Elements an HTML fragment (a page's main content saved without <html>) may have as its root.
_HTML_FRAGMENT_ROOTS = frozenset({"article", "section", "div", "main", "header", "nav", "aside", "p", "table",
                                  "span", "ul", "ol", "blockquote", "figure"})
#: Tags that only HTML has (XML vocabularies that also use <article>/<section>, such as DocBook, write
#: <para>, <emphasis>, <itemizedlist>): two of them mark a fragment as HTML.
_HTML_ONLY_TAGS = re.compile(rb"<(div|span|p|br|img|a\s+href|table|tr|td|li|em|strong|b|i|h[1-6])[\s>/]",
                             re.I)


def _html_fragment(body: bytes, root: str, source: str) -> bool:
    """An HTML fragment whose root is an HTML element (<article>, <section>, <div>): read as HTML when it
    has no namespace of its own and either is named .html/.htm, or is not named .xml and uses two or more
    tags only HTML has."""
    if root.lower() not in _HTML_FRAGMENT_ROOTS:
        return False
    m = re.search(rb"<[^>]*>", body)
    if m is None or b"xmlns" in m.group(0):
        return False
    if source.lower().endswith((".html", ".htm", ".xhtml")):
        return True
    if source.lower().endswith((".xml", ".akn")):
        return False  # named as XML (JATS also has <article>, <p>, <table>): refused as XML, not misread
    return len({t.lower().split()[0] for t in _HTML_ONLY_TAGS.findall(body[:8192])}) >= 2


def sniff_format(data: bytes, source: str) -> Format:
    """Decide the format from the bytes (the file name is only used in the error)."""
    head = data[:8192]
    stripped = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not stripped:
        raise ParseError(source, "empty file")
    if data.startswith(b"PK\x03\x04") or source.lower().endswith(".docx"):
        # a .docx is a zip; the reader itself says why a file named .docx is not one it can read
        from pincite.parse.docx import is_docx

        if is_docx(data) or source.lower().endswith(".docx"):
            return Format.DOCX
        raise UnsupportedFormat(source, "a zip archive that is not a Word document (.docx)")
    if stripped.startswith(b"%PDF"):
        return Format.PDF
    if head[:1024].find(b"%PDF-") >= 0:
        return Format.PDF
    lower = stripped[:2048].lower()
    if lower.startswith(b"<!doctype html") or lower.startswith(b"<html"):
        return Format.HTML
    if stripped.startswith(b"<"):
        body = re.sub(rb"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>\[]*(\[.*?\])?\s*>", b"", stripped, flags=re.S)
        m = _XML_ROOT.search(body)
        root = m.group(1).decode("ascii", "replace") if m else ""
        if root == "akomaNtoso":
            return Format.AKN
        if root == "Legislation" or b"legislation.gov.uk/namespaces/legislation" in head:
            return Format.CLML
        if root in ("Statute", "Regulation") or b"justice.gc.ca/lims" in head:
            return Format.CANADA
        # the GPO's USLM namespace, and the House's first one (USLM 1.0, the US Code's own titles)
        uslm = b"schemas.gpo.gov/xml/uslm" in head or b"xml.house.gov/schemas/uslm" in head
        if uslm or root in ("lawDoc", "bill", "resolution", "uscDoc", "pLaw"):
            return Format.USLM
        if root.lower() in ("html", "body"):
            return Format.HTML
        if root in _CODE_ROOTS and re.search(rb"<(?:[A-Za-z_][\w.-]*:)?num[\s>]", body):
            return Format.LEGISLATION_XML  # a code's own XML: a section with its number, heading and paras
        if source.lower().endswith(MARKDOWN_EXTENSIONS):
            return Format.MARKDOWN  # Markdown may open with inline HTML (<p align="center">, <span>)
        if _html_fragment(body, root, source):
            return Format.HTML
        if root:
            raise UnsupportedFormat(source, f"XML with root <{root}> is not a format pincite reads "
                                            f"(use --format to force one of: {', '.join(f.value for f in Format)})")
    if b"\x00" in head:
        raise UnsupportedFormat(source, "binary file of an unknown format (not PDF, XML, HTML or text)")
    if source.lower().endswith(MARKDOWN_EXTENSIONS):
        return Format.MARKDOWN
    return Format.TEXT


def parser_for(fmt: Format) -> Callable[[bytes, str], ParsedDocument]:
    module = importlib.import_module(_MODULES[fmt])
    return module.parse  # type: ignore[no-any-return]


def parse_bytes(data: bytes, source: str, fmt: Format | None = None, check: bool = True) -> ParsedDocument:
    """Sniff (unless ``fmt`` is given), parse and validate one document; ``check=False`` leaves out the
    numbering self-check (``bench/mutations.py`` mutates the units first, then runs it)."""
    if not data:
        raise ParseError(source, "empty file (0 bytes)")
    fmt = fmt or sniff_format(data, source)
    try:
        doc = parser_for(fmt)(data, source)
    except ParseError:
        raise
    except RecursionError:
        raise ParseError(source, f"structure nested too deeply to parse as {fmt.value}") from None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, UnicodeError) as e:
        # A parser bug or an input shape it did not expect: name the file, keep the run going.
        raise ParseError(source, f"could not parse as {fmt.value}: {type(e).__name__}: {e}") from e
    problems = validate_units(doc.text, doc.units)
    if problems:
        raise ParseError(source, "parser produced inconsistent units: " + "; ".join(problems[:5]))
    units = unique_labels(doc.units)  # every label names one place, whatever a parser missed
    # the document's own evidence about its labels (its cross-references, printed numbers, sequence): a
    # verdict in meta["numbering"] and the units it contradicts marked (pincite.parse.selfcheck)
    doc = assign_voice(doc if units is doc.units else replace(doc, units=units))
    return check_numbering(doc) if check else doc
