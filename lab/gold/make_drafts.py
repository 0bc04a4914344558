"""Write the `pincite check` test set: memos citing real documents of ../shared/corpus, with planted errors of
every verdict kind and correct citations in the same forms, each citation's expected verdict (and, for a
wrong pinpoint, the pinpoint that should be suggested) in a sidecar JSON.

Run once, before the matcher was tuned; the drafts it wrote are committed, so the benchmark never reruns it.
Deterministic (a fixed seed per draft).  Drafts whose number is divisible by 3 are the held-out third
(``heldout/``): they were not looked at while the checker was tuned and are reported apart.

    python -m lab.gold.make_drafts --db STORE_WITH_THE_CORPUS

The case names are written the way a lawyer shortens them (a table below, as an author would); everything else
(which paragraph, which words, which error) is drawn at random from the stored documents.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from pincite.open import open_store
from pincite.types import Document, Role, Unit, UnitKind, Zone
from pincite.versions import compute_text_versions, in_force_on
from pincite.types import parse_date

HERE = Path(__file__).resolve().parents[2] / "eval" / "check"

#: How a lawyer writes these cases' names, and the word a short form uses.
CASES = {
    "[2020] EWCA Civ 1018": ("Ipek v Koza Altin", "Ipek", "Court of Appeal"),
    "[2020] EWCA Civ 1375": ("Chief Constable of West Yorkshire v Dyer", "Dyer", "Court of Appeal"),
    "[2020] EWCA Civ 1357": ("Hoque v Secretary of State for the Home Department", "Hoque", "Court of Appeal"),
    "[2020] EWCA Civ 1741": ("Fratila v Secretary of State for Work and Pensions", "Fratila", "Court of Appeal"),
    "[2020] EWCA Civ 871": ("E Mishan & Sons v Hozelock", "Hozelock", "Court of Appeal"),
    "[2020] EWCA Civ 833": ("TFS Stores v Designer Retail Outlet Centres", "TFS", "Court of Appeal"),
    "[2020] EWCA Civ 1": ("R (British Telecommunications plc) v HM Treasury", "Telecommunications", "Court of Appeal"),
    "[2020] EWCA Civ 553": ("R (Alliance of Turkish Business People) v Secretary of State for the Home Department",
                            "Alliance", "Court of Appeal"),
    "[2020] EWCA Civ 1621": ("Curo Places v Pimlett", "Pimlett", "Court of Appeal"),
    "[2020] EWCA Civ 1690": ("Libyan Investment Authority v King", "Libyan", "Court of Appeal"),
    "[2020] EWCA Civ 1300": ("Racing Partnership v Sports Information Services", "Racing", "Court of Appeal"),
    "[2023] UKSC 42": ("R (AAA) v Secretary of State for the Home Department", "AAA", "Supreme Court"),
    "[2025] EWCA Civ 673": ("R (Tortoise Media) v Conservative Party", "Tortoise", "Court of Appeal"),
    "[2023] EWHC 257 (Ch)": ("Devon and Somerset Fire and Rescue Authority v Howell", "Howell", "court"),
    "[2021] EWCA Civ 1881": ("Termhouse v Al-Balhaa", "Termhouse", "Court of Appeal"),
}
ZASCA = ("MEC for Health and Social Development, Gauteng v M", "[2024] ZASCA 21")
TARRANT = "Tarrant Regional Water Dist. v. Herrmann"
BORDELON = "Bordelon v. Commissioner, T.C. Memo. 2020-26"
#: A lawyer's name for each contract (a shorter form of its title), by the corpus file it came from.
CONTRACTS = {
    "CybergyHoldingsInc": "Affiliate Agreement",
    "LeadersonlineInc": "Co-Branding Agreement",
    "IdeanomicsInc": "Content License Agreement",
    "AIRTECHINTERNATIONAL": "Franchise Agreement",
    "FuseMedicalInc": "Distributorship Agreement",
}
ACTS = {"ca/act/T-2": ("Tax Court of Canada Act", "R.S.C. 1985, c. T-2"),
        "ca/act/P-21": ("Privacy Act", "R.S.C. 1985, c. P-21"),
        "ca/act/S-23": ("Canada Student Loans Act", "R.S.C. 1985, c. S-23")}
AS_OF = "2026-04-01"
#: Words swapped to make a tidied quotation (a word a careful writer might "improve").
SWAPS = {"shall": "must", "which": "that", "not": "never", "may": "can", "any": "all", "would": "could",
         "and": "or", "the": "a", "is": "was", "was": "is", "that": "which", "must": "shall", "should": "would",
         "there": "here", "all": "any", "if": "where", "in": "on", "of": "for", "to": "into", "a": "the"}
_BAD_CHARS = re.compile(r"[\"“”‘’\[\]…_|•§¶]|\.\s*\.|\s{2,}|\b\d+\.\s|\(\w{1,4}\)")


@dataclass
class Draft:
    text: str = ""
    expected: list[dict] = field(default_factory=list)

    def say(self, sentence: str, **exp: object) -> None:
        """Append a sentence; ⟦…⟧ marks the citation (one per sentence) whose expectation is ``exp``."""
        if self.text and not self.text.endswith("\n"):
            self.text += " "
        m = re.search(r"⟦(.+?)⟧", sentence)
        if m is None:
            self.text += sentence
            return
        start = len(self.text) + m.start()
        clean = sentence.replace("⟦", "").replace("⟧", "")
        self.text += clean
        self.expected.append({"char_start": start, "char_end": start + len(m.group(1)), "text": m.group(1), **exp})

    def para(self) -> None:
        self.text = self.text.rstrip() + "\n\n"


def words_of(s: str) -> list[str]:
    return s.split()


def fragment(doc: Document, unit: Unit, rng: random.Random, lo: int = 7, hi: int = 14,
             inner_only: bool = True) -> str | None:
    """A run of lo..hi words of the unit (not of its sub-units when inner_only), found once in the document."""
    text = doc.unit_text(unit)
    if inner_only:
        kids = [u for u in doc.units if u.parent == unit.ordinal]
        if kids:
            text = doc.text[unit.char_start: kids[0].char_start]
    text = re.sub(r"^\s*\[\d+\]\s*|^\s*\(?\w{1,5}[.)]\s+", "", text)
    sents = [s for s in re.split(r"(?<=[.;:])\s+", text) if len(s.split()) >= lo]
    rng.shuffle(sents)
    norm_doc = re.sub(r"\s+", " ", doc.text)
    for s in sents:
        w = s.split()
        for _ in range(6):
            n = rng.randint(lo, min(hi, len(w)))
            i = rng.randint(0, len(w) - n)
            frag = " ".join(w[i: i + n]).strip(" ,;:")
            if _BAD_CHARS.search(frag) or not re.search(r"[a-z]{3}", frag) or len(frag.split()) < lo - 1:
                continue
            if norm_doc.count(frag) == 1:
                return frag
    return None


def para_units(doc: Document, roles: set[Role | None] | None = None) -> list[Unit]:
    out = []
    for u in doc.units:
        if u.kind is UnitKind.PARAGRAPH and u.number and u.number.isdigit() and u.zone is Zone.REASONS and u.citable:
            if roles is None or u.role in roles:
                out.append(u)
    return out


def numbers(doc: Document) -> set[str]:
    return {u.number for u in para_units(doc)}


class Maker:
    def __init__(self, store) -> None:
        self.store = store
        self.docs: dict[str, Document] = {}
        for s in store.list_documents():
            self.docs[s.id] = store.get_document(s.id)
        self.by_cite = {d.citation: d for d in self.docs.values() if d.citation in CASES}
        self.zasca = next(d for d in self.docs.values() if "zasca" in d.source)
        self.tarrant = next(d for d in self.docs.values() if "tarrant" in d.source)
        self.bordelon = next(d for d in self.docs.values() if "bordelon" in d.source)
        self.zubaydah = next(d for d in self.docs.values() if "zubaydah" in d.source)
        self.contracts = {}
        for key, name in CONTRACTS.items():
            self.contracts[name] = next(d for d in self.docs.values()
                                        if key in d.source and d.source.endswith(".txt") and "/corpus/" in d.source)
        self.acts = {w: sorted((d for d in self.docs.values() if d.work == w), key=lambda d: d.date or "")
                     for w in ACTS}
        self.anadromous = next(d for d in self.docs.values() if "anadromous" in d.source)

    # -- judgments ----------------------------------------------------------------------------------------

    def case(self, rng: random.Random, dissent: bool = False) -> tuple[str, Document, Unit] | None:
        cites = sorted(self.by_cite)
        for _ in range(50):
            cite = rng.choice(cites)
            doc = self.by_cite[cite]
            pool = para_units(doc, {Role.DISSENTING} if dissent else {Role.LEAD, Role.JOINT, Role.SOLE, None})
            if dissent:
                pool = [u for u in pool if u.role is Role.DISSENTING]
            if not pool:
                continue
            return cite, doc, rng.choice(pool)
        return None

    def cite_form(self, rng: random.Random, cite: str, n: str, used_names: set[str]) -> str:
        name = CASES[cite][0]
        forms = [f"{name} {cite} at [{n}]", f"{name} {cite}, para {n}", f"{cite} at [{n}]",
                 f"{name} {cite} at para {n}", f"{name} {cite}, ¶ {n}"]
        short = CASES[cite][1]
        if cite in used_names:
            forms += [f"{short} at [{n}]", f"{short}, at [{n}]"]
        form = rng.choice(forms)
        if form.startswith(name):
            used_names.add(cite)  # a short form only once the case has been named in full
        return form

    def holding(self, rng: random.Random, court: str, q: str, c: str) -> str:
        return rng.choice([
            f"In ⟦{c}⟧, the {court} held that “{q}”.",
            f"The {court} decided that \"{q}\" (⟦{c}⟧).",
            f"As the {court} found, “{q}”: ⟦{c}⟧.",
            f"The {court} concluded that “{q}”. ⟦{c}⟧.",
        ])

    def said(self, rng: random.Random, who: str, q: str, c: str) -> str:
        return rng.choice([
            f"{who} observed that “{q}”: ⟦{c}⟧.",
            f"It was said that \"{q}\" (⟦{c}⟧).",
            f"See ⟦{c}⟧ (“{q}”).",
            f"{who} put it this way: “{q}”. ⟦{c}⟧.",
        ])

    def judgment_item(self, d: Draft, rng: random.Random, kind: str, used: set[str]) -> bool:
        got = self.case(rng, dissent=(kind in ("dissent", "dissent-named")))
        if got is None:
            return False
        cite, doc, unit = got
        q = fragment(doc, unit, rng)
        if q is None:
            return False
        court = CASES[cite][2]
        n = unit.number
        nums = numbers(doc)
        if kind == "ok":
            q2 = lawyerly(q, rng)
            c = self.cite_form(rng, cite, n, used)
            d.say(self.holding(rng, court, q2, c) if rng.random() < 0.5 else self.said(rng, "The judge", q2, c),
                  verdict="ok")
        elif kind == "dissent-named":
            c = self.cite_form(rng, cite, n, used)
            who = (unit.author or "the dissenting judge")
            d.say(rng.choice([f"{who}, dissenting, said that “{q}”: ⟦{c}⟧.",
                              f"In a dissenting judgment, {who} held that \"{q}\" (⟦{c}⟧).",
                              f"The minority view was that “{q}”. ⟦{c}⟧."]), verdict="ok")
        elif kind == "dissent":
            c = self.cite_form(rng, cite, n, used)
            d.say(self.holding(rng, court, q, c), verdict="dissent")
        elif kind == "wrong-pinpoint":
            near = [m for m in (str(int(n) + 1), str(int(n) - 1)) if m in nums]
            if not near:
                return False
            c = self.cite_form(rng, cite, rng.choice(near), used)
            d.say(self.said(rng, "The court", q, c), verdict="wrong-pinpoint", suggested=f"[{n}]")
        elif kind == "quote-altered":
            if len(q.split()) < 9:
                return False
            c = self.cite_form(rng, cite, n, used)
            d.say(self.said(rng, "The court", tidy(q, rng), c), verdict="quote-altered")
        elif kind == "quote-not-found":
            other = rng.choice([x for x in self.by_cite.values() if x.id != doc.id])
            ou = rng.choice(para_units(other))
            oq = fragment(other, ou, rng)
            if oq is None or oq in re.sub(r"\s+", " ", doc.text):
                return False
            c = self.cite_form(rng, cite, n, used)
            d.say(self.said(rng, "The court", oq, c), verdict="quote-not-found")
        elif kind == "no-such-unit":
            big = str(max(int(x) for x in nums) + rng.randint(5, 60))
            c = self.cite_form(rng, cite, big, used)
            d.say(self.said(rng, "The court", q, c), verdict="no-such-unit")
        elif kind == "unverified-proposition":
            c = self.cite_form(rng, cite, n, used)
            d.say(rng.choice([f"The {court} accepted that argument: ⟦{c}⟧.",
                              f"That point was decided in ⟦{c}⟧.",
                              f"The appeal turned on the construction of the order (⟦{c}⟧)."]),
                  verdict="unverified-proposition")
        elif kind == "unresolved":
            year = rng.choice(["2019", "2020", "2021"])
            c = f"{CASES[cite][0].split(' v ')[0]} v Unknown Holdings [{year}] EWCA Civ {rng.randint(2100, 2900)} at [{n}]"
            d.say(self.said(rng, "The court", q, c), verdict="unresolved")
        elif kind == "ibid":
            # a full citation, then a short form to the same case
            c = self.cite_form(rng, cite, n, used)
            d.say(self.said(rng, "The court", q, c), verdict="ok")
            other = [u for u in para_units(doc, {unit.role}) if u.ordinal != unit.ordinal]
            if not other:
                return True
            u2 = rng.choice(other)
            q2 = fragment(doc, u2, rng)
            if q2 is None:
                return True
            form = rng.choice([f"Ibid at [{u2.number}]", f"ibid, para {u2.number}", f"at [{u2.number}]",
                               f"{CASES[cite][1]} at [{u2.number}]"])
            d.say(f"It went on: “{q2}”. ⟦{form[0].upper() + form[1:] if form.startswith('at') else form}⟧.",
                  verdict="ok")
        else:
            raise ValueError(kind)
        return True

    # -- PDF judgments: pages and paragraphs ------------------------------------------------------------

    def zasca_item(self, d: Draft, rng: random.Random, kind: str) -> bool:
        doc = self.zasca
        name, cite = ZASCA
        paras = para_units(doc)
        nums = {u.number for u in paras}
        if kind == "not-citable":
            unit = next(u for u in doc.units if u.zone is Zone.HEADNOTE)
            q = fragment(doc, unit, rng, 6, 10)
            if q is None:
                return False
            d.say(f"The court described the case as concerning “{q}”: ⟦{name} {cite} at [1]⟧.", verdict="not-citable")
            return True
        unit = rng.choice(paras)
        q = fragment(doc, unit, rng)
        if q is None:
            return False
        if kind == "ok":
            d.say(self.said(rng, "The Supreme Court of Appeal", lawyerly(q, rng), f"{name} {cite} at [{unit.number}]"),
                  verdict="ok")
        elif kind == "page-as-paragraph":
            start = re.sub(r"\s+", " ", doc.text).find(q)
            page = unit.page_start
            if page is None or unit.page_start != unit.page_end or page == unit.number or page not in nums:
                return False
            d.say(self.said(rng, "The Supreme Court of Appeal", q, f"{name} {cite} at [{page}]"),
                  verdict="page-as-paragraph", suggested=f"[{unit.number}]")
        elif kind == "wrong-pinpoint":
            near = [m for m in (str(int(unit.number) + 1), str(int(unit.number) - 1))
                    if m in nums and m != unit.page_start and m != unit.page_end]
            if not near:
                return False
            d.say(self.said(rng, "The Supreme Court of Appeal", q, f"{cite} at [{rng.choice(near)}]"),
                  verdict="wrong-pinpoint", suggested=f"[{unit.number}]")
        return True

    def us_item(self, d: Draft, rng: random.Random, kind: str) -> bool:
        if rng.random() < 0.5:
            doc, form = self.tarrant, "tarrant"
        else:
            doc, form = self.bordelon, "bordelon"
        if kind == "not-citable":
            unit = next(u for u in doc.units if u.zone is Zone.HEADNOTE)
            q = fragment(doc, unit, rng, 7, 12)
            if q is None:
                return False
            page = _page_of(doc, q)
            c = (f"{TARRANT}, 569 U. S. ___, slip op. at {page} (2013)" if form == "tarrant"
                 else f"{BORDELON}, at {page}")
            d.say(f"The Court explained that “{q}”. ⟦{c}⟧.", verdict="not-citable")
            return True
        pool = [u for u in doc.units if u.citable and u.zone is Zone.REASONS and u.kind is UnitKind.PARAGRAPH
                and u.page_start and u.page_start == u.page_end and len(doc.unit_text(u)) > 200]
        unit = rng.choice(pool)
        q = fragment(doc, unit, rng)
        if q is None:
            return False
        page = unit.page_start
        pages = sorted({p.label for p in doc.pages if p.label and p.label.isdigit()}, key=int)
        if kind == "ok":
            if form == "tarrant":
                c = rng.choice([f"{TARRANT}, 569 U. S. ___, slip op. at {page} (2013)",
                                f"{TARRANT}, 569 U.S. 614, {613 + int(page) + rng.randint(0, 2)} (2013)"])
            else:
                c = f"{BORDELON}, at {page}"
            d.say(self.said(rng, "The Court", lawyerly(q, rng), c), verdict="ok")
        elif kind == "wrong-pinpoint":
            other = [p for p in pages if abs(int(p) - int(page)) in (1, 2)]
            if not other:
                return False
            wrong = rng.choice(other)
            c = (f"{TARRANT}, 569 U. S. ___, slip op. at {wrong} (2013)" if form == "tarrant"
                 else f"{BORDELON}, at {wrong}")
            d.say(self.said(rng, "The Court", q, c), verdict="wrong-pinpoint", suggested=f"p. {page}")
        elif kind == "quote-altered":
            if len(q.split()) < 9:
                return False
            c = (f"{TARRANT}, 569 U. S. ___, slip op. at {page} (2013)" if form == "tarrant"
                 else f"{BORDELON}, at {page}")
            d.say(self.said(rng, "The Court", tidy(q, rng), c), verdict="quote-altered")
        elif kind == "unresolved":
            c = f"Rivera v. Sandoval, {rng.randint(420, 560)} U.S. {rng.randint(100, 900)}, {rng.randint(1, 9)}0 (2009)"
            d.say(self.said(rng, "The Court", q, c), verdict="unresolved")
        return True

    def press_item(self, d: Draft, rng: random.Random) -> bool:
        doc = self.zubaydah
        pool = [u for u in doc.units if u.kind is UnitKind.BLOCK and u.zone is Zone.SUMMARY]
        q = fragment(doc, rng.choice(pool), rng, 7, 12, inner_only=False)
        if q is None:
            return False
        d.say(f"The Supreme Court recorded that “{q}”. ⟦Zubaydah v Foreign, Commonwealth and Development Office "
              f"[2023] UKSC 50⟧.", verdict="not-citable")
        return True

    # -- statutes ----------------------------------------------------------------------------------------

    def statute_item(self, d: Draft, rng: random.Random, kind: str, named: dict[str, str]) -> bool:
        work = rng.choice(sorted(ACTS))
        title, chapter = ACTS[work]
        versions = self.acts[work]
        day = parse_date(AS_OF)
        tvs = compute_text_versions(versions)
        by_id = {v.id: v for v in versions}
        if kind == "not-in-force":
            old = [tv for tv in tvs if tv.in_force_to and tv.in_force_to <= AS_OF and "note" not in tv.key
                   and "heading" not in tv.key and "schedule" not in tv.key and '"' not in tv.key]
            rng.shuffle(old)
            for tv in old:
                doc_id, ordinal = tv.members[-1]
                doc = by_id[doc_id]
                unit = doc.units[ordinal]
                if any(u.parent == unit.ordinal for u in doc.units):
                    continue
                q = fragment(doc, unit, rng, 6, 14)
                if q is None:
                    continue
                current = versions[-1]
                if q in re.sub(r"\s+", " ", current.text):
                    continue
                key = tv.key
                d.say(self.stat_sentence(rng, title, chapter, key, q, named), verdict="not-in-force")
                return True
            return False
        doc = versions[-1]
        pool = [u for u in doc.units if u.citable and u.attrs.get("key") and u.kind is not UnitKind.HEADING
                and u.zone is Zone.BODY and in_force_on(u, day) and not any(x.parent == u.ordinal for x in doc.units)
                and '"' not in u.attrs["key"] and len(doc.unit_text(u)) > 80]
        unit = rng.choice(pool)
        q = fragment(doc, unit, rng, 6, 14, inner_only=False)
        if q is None or any(q in re.sub(r"\s+", " ", v.text) for v in versions[:-1]) is None:
            return False
        key = unit.attrs["key"]
        if kind == "ok":
            d.say(self.stat_sentence(rng, title, chapter, key, lawyerly(q, rng), named), verdict="ok")
        elif kind == "wrong-pinpoint":
            sibs = [u for u in doc.units if u.parent == unit.parent and u.parent is not None and u.ordinal != unit.ordinal
                    and u.attrs.get("key") and u.kind is unit.kind]
            if not sibs:
                return False
            s2 = min(sibs, key=lambda u: abs(u.ordinal - unit.ordinal))
            d.say(self.stat_sentence(rng, title, chapter, s2.attrs["key"], q, named), verdict="wrong-pinpoint",
                  suggested=unit.label)
        elif kind == "quote-altered":
            if len(q.split()) < 9:
                return False
            d.say(self.stat_sentence(rng, title, chapter, key, tidy(q, rng), named), verdict="quote-altered")
        elif kind == "no-such-unit":
            d.say(self.stat_sentence(rng, title, chapter, f"{rng.randint(300, 900)}(1)", q, named),
                  verdict="no-such-unit")
        elif kind == "unverified-proposition":
            c = self.stat_cite(rng, title, chapter, key, named)
            d.say(f"The point is governed by ⟦{c}⟧.", verdict="unverified-proposition")
        elif kind == "unresolved":
            c = rng.choice([f"section {key} of the Income Tax Act", f"Bankruptcy and Insolvency Act, s. {key}",
                            f"R.S.C. 1985, c. I-5, s. {key}"])
            named["last"] = "an Act not stored"
            d.say(f"The statute provides that “{q}”: ⟦{c}⟧.", verdict="unresolved")
        return True

    def stat_cite(self, rng: random.Random, title: str, chapter: str, key: str, named: dict[str, str]) -> str:
        word = "section" if "(" not in key else rng.choice(["subsection", "paragraph", "section"])
        forms = [f"{word} {key} of the {title}", f"{title}, s. {key}", f"{chapter}, s. {key}", f"s. {key} of the {title}"]
        named["last"] = title
        return rng.choice(forms)

    def stat_sentence(self, rng: random.Random, title: str, chapter: str, key: str, q: str, named: dict[str, str]) -> str:
        c = self.stat_cite(rng, title, chapter, key, named)
        return rng.choice([f"Under ⟦{c}⟧, “{q}”.", f"The Act provides that \"{q}\": ⟦{c}⟧.",
                           f"Parliament enacted that “{q}” (⟦{c}⟧)."])

    def usc_item(self, d: Draft, rng: random.Random, kind: str, named: dict[str, str]) -> bool:
        doc = self.anadromous
        notes = [u for u in doc.units if re.fullmatch(r"\[16 U\.S\.C\. 757[a-f]\]", doc.unit_text(u).strip())]
        note = rng.choice(notes)
        sec = doc.unit_text(note).strip()[1:-1].split()[-1]
        section = next(x for x in reversed(doc.units[: note.ordinal]) if x.kind is UnitKind.SECTION and x.parent is None)
        q = fragment(doc, section, rng, 7, 12, inner_only=True)
        if q is None:
            return False
        named["last"] = "16 U.S.C."
        if kind == "ok":
            d.say(f"Congress provided that “{lawyerly(q, rng)}”. ⟦16 U.S.C. § {sec}⟧.", verdict="ok")
        elif kind == "wrong-pinpoint":
            others = [doc.unit_text(u).strip()[1:-1].split()[-1] for u in notes if u is not note]
            other = min(others, key=lambda s: abs(ord(s[-1]) - ord(sec[-1])))
            label = section.label
            d.say(f"Congress provided that “{q}”. ⟦16 U.S.C. § {other}⟧.", verdict="wrong-pinpoint",
                  suggested=label or "sec. 1")
        return True

    # -- contracts ---------------------------------------------------------------------------------------

    def contract_item(self, d: Draft, rng: random.Random, kind: str, named: dict[str, str]) -> bool:
        name = rng.choice(sorted(self.contracts))
        doc = self.contracts[name]
        pool = [u for u in doc.units if u.citable and u.kind in (UnitKind.CLAUSE, UnitKind.SUBCLAUSE)
                and u.number and re.fullmatch(r"\d+(\.\d+)*\.?", u.number) and len(doc.unit_text(u)) > 120
                and not any(x.parent == u.ordinal for x in doc.units)]
        if not pool:
            return False
        unit = rng.choice(pool)
        q = fragment(doc, unit, rng, 7, 13, inner_only=False)
        if q is None:
            return False
        num = unit.number.rstrip(".")
        nums = {u.number.rstrip(".") for u in doc.units if u.number}

        def cite(n: str) -> str:
            if named.get("last") == name and rng.random() < 0.5:
                return rng.choice([f"Section {n}", f"clause {n}"])
            named["last"] = name
            return rng.choice([f"clause {n} of the {name}", f"Section {n} of the {name}", f"the {name}, cl. {n}"])

        if kind == "ok":
            c, q2 = cite(num), lawyerly(q, rng)
            d.say(rng.choice([f"Under ⟦{c}⟧, “{q2}”.", f"The parties agreed that \"{q2}\" (⟦{c}⟧)."]), verdict="ok")
        elif kind == "wrong-pinpoint":
            parts = num.split(".")
            cands = []
            if len(parts) > 1:
                cands = [".".join(parts[:-1] + [str(int(parts[-1]) + k)]) for k in (1, -1)]
            else:
                cands = [str(int(num) + k) for k in (1, -1)]
            cands = [c for c in cands if c in nums]
            if not cands:
                return False
            d.say(f"The parties agreed that “{q}” (⟦{cite(rng.choice(cands))}⟧).", verdict="wrong-pinpoint",
                  suggested=unit.label)
        elif kind == "quote-altered":
            if len(q.split()) < 9:
                return False
            d.say(f"Under ⟦{cite(num)}⟧, “{tidy(q, rng)}”.", verdict="quote-altered")
        elif kind == "no-such-unit":
            d.say(f"Under ⟦{cite(str(rng.randint(40, 90)) + '.' + str(rng.randint(1, 9)))}⟧, “{q}”.",
                  verdict="no-such-unit")
        elif kind == "quote-not-found":
            other = rng.choice([x for n2, x in self.contracts.items() if n2 != name])
            ou = rng.choice([u for u in other.units if u.citable and len(other.unit_text(u)) > 150])
            oq = fragment(other, ou, rng, 8, 13, inner_only=False)
            if oq is None or oq in re.sub(r"\s+", " ", doc.text):
                return False
            d.say(f"Under ⟦{cite(num)}⟧, “{oq}”.", verdict="quote-not-found")
        elif kind == "unresolved":
            named["last"] = "a lease not stored"
            d.say(f"The lease provides that “{q}”: ⟦clause {num} of the Harbourside Warehouse Lease⟧.",
                  verdict="unresolved")
        return True


def _page_of(doc: Document, q: str) -> str:
    norm = re.sub(r"\s+", " ", doc.text)
    i = norm.find(q)
    # map back: count characters of the normalised text against the original
    j = 0
    k = 0
    while k < i and j < len(doc.text):
        if doc.text[j].isspace():
            while j < len(doc.text) and doc.text[j].isspace():
                j += 1
            k += 1
        else:
            j += 1
            k += 1
    label = None
    for p in doc.pages:
        if p.char_start <= j:
            label = p.label
    return (label or "1").replace("Syllabus ", "")


def lawyerly(q: str, rng: random.Random) -> str:
    """A correct quotation as lawyers write them: sometimes an ellipsis for words left out, a bracketed change of
    case at the start, or the full stop inside the closing quotation mark."""
    w = q.split()
    r = rng.random()
    if r < 0.2 and len(w) >= 10:
        i = rng.randint(3, len(w) - 5)
        k = rng.randint(1, 3)
        return " ".join(w[:i]) + rng.choice([" … ", " . . . ", " ... "]) + " ".join(w[i + k:])
    if r < 0.35 and w[0][0].isalpha():
        first = w[0]
        flipped = first[0].upper() if first[0].islower() else first[0].lower()
        return " ".join([f"[{flipped}]{first[1:]}"] + w[1:])
    if r < 0.45:
        return q + "."
    return q


def tidy(q: str, rng: random.Random) -> str:
    """A tidied quotation: one word swapped for another, or one dropped without an ellipsis."""
    w = q.split()
    spots = [i for i, x in enumerate(w[1:-1], 1) if x.lower() in SWAPS]
    if spots and rng.random() < 0.7:
        i = rng.choice(spots)
        w[i] = SWAPS[w[i].lower()]
        return " ".join(w)
    i = rng.randint(2, len(w) - 3)
    return " ".join(w[:i] + w[i + 1:])


PLAN = (
    # (maker, kind, weight) per draft: 9 drafts of about 20 citations
    [("judgment", "ok")] * 4 + [("judgment", "ibid")] * 1 + [("judgment", "wrong-pinpoint")] * 2
    + [("judgment", "quote-altered"), ("judgment", "quote-not-found"), ("judgment", "dissent"),
       ("judgment", "dissent-named"), ("judgment", "no-such-unit"), ("judgment", "unverified-proposition"),
       ("judgment", "unresolved")]
)


def make_draft(m: Maker, number: int) -> tuple[Draft, str]:
    rng = random.Random(1000 + number)
    d = Draft()
    d.say(f"MEMORANDUM {number}\n\nThis memorandum sets out the authorities on the points raised.")
    d.para()
    used: set[str] = set()
    named: dict[str, str] = {}  # the instrument (Act, Code, contract) named last: a bare "Section 4" means it
    jobs: list[tuple[str, str]] = list(PLAN)
    jobs += [("zasca", "ok"), ("zasca", rng.choice(["page-as-paragraph", "page-as-paragraph", "wrong-pinpoint"])),
             ("zasca", "page-as-paragraph" if number % 2 else "not-citable")]
    jobs += [("us", "ok"), ("us", "ok"), ("us", rng.choice(["wrong-pinpoint", "quote-altered"])),
             ("us", "not-citable" if number % 2 == 0 else "unresolved")]
    jobs += [("statute", "ok"), ("statute", "ok"), ("statute", "not-in-force"), ("statute", "not-in-force"),
             ("statute", rng.choice(["wrong-pinpoint", "quote-altered", "no-such-unit"])),
             ("statute", rng.choice(["unverified-proposition", "unresolved"]))]
    jobs += [("usc", "ok" if number % 3 else "wrong-pinpoint")]
    jobs += [("contract", "ok"), ("contract", "ok"),
             ("contract", rng.choice(["wrong-pinpoint", "quote-altered", "no-such-unit"])),
             ("contract", rng.choice(["quote-not-found", "unresolved", "wrong-pinpoint"]))]
    if number % 4 == 1:
        jobs.append(("press", "not-citable"))
    rng.shuffle(jobs)
    for i, (maker, kind) in enumerate(jobs):
        for _attempt in range(30):
            if maker == "judgment":
                ok = m.judgment_item(d, rng, kind, used)
            elif maker == "zasca":
                ok = m.zasca_item(d, rng, kind)
            elif maker == "us":
                ok = m.us_item(d, rng, kind)
            elif maker == "statute":
                ok = m.statute_item(d, rng, kind, named)
            elif maker == "usc":
                ok = m.usc_item(d, rng, kind, named)
            elif maker == "contract":
                ok = m.contract_item(d, rng, kind, named)
            else:
                ok = m.press_item(d, rng)
            if ok:
                break
        if i % 4 == 3:
            d.para()
    return d, AS_OF


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--drafts", type=int, default=9)
    args = ap.parse_args()
    m = Maker(open_store(args.db))
    for n in range(1, args.drafts + 1):
        d, as_of = make_draft(m, n)
        folder = HERE / ("heldout" if n % 3 == 0 else "dev")
        folder.mkdir(exist_ok=True)
        (folder / f"memo{n:02d}.md").write_text(d.text + "\n", encoding="utf-8")
        (folder / f"memo{n:02d}.json").write_text(json.dumps(
            {"file": f"memo{n:02d}.md", "as_of": as_of, "citations": d.expected}, indent=1, ensure_ascii=False)
            + "\n", encoding="utf-8")
        print(folder.name, n, len(d.expected))


if __name__ == "__main__":
    main()
