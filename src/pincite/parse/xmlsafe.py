"""Loading untrusted XML safely.

* No DTD is loaded, no entity is expanded, nothing is fetched from the network or the file system
  (``resolve_entities=False``, ``no_network=True``, ``load_dtd=False``); a document that declares
  entities at all is refused before parsing, which stops entity-expansion bombs and XXE.
* Depth is capped by libxml2 (``huge_tree=False``: 256 levels), so 10,000-deep nesting is an error.
* A leading byte-order mark is fine.
* A file that declares UTF-8 but holds stray single-byte (Latin-1/cp1252) characters is recovered
  byte by byte, with a warning naming the line and column of each, instead of being stored garbled.
* Control characters XML forbids (e.g. 0x19, a ' that lost its high byte) are replaced, and a bare ``&``
  is read as ``&amp;``, each with a warning.
* A namespace prefix used outside the element that declares it (Find Case Law's ``uk:`` declared only on
  ``<proprietary>`` and used in the body) is declared on the root with the URI the document gives it (a
  placeholder URI where it gives none), and the document parsed again, with a warning.
* Processing instructions are dropped unless the caller keeps them (USLM's ``<?page num="21708"?>`` page
  breaks).
"""

from __future__ import annotations

import re
from typing import NoReturn

from lxml import etree

from pincite.errors import ParseError

_DOCTYPE_ENTITY = re.compile(rb"<!DOCTYPE[^>\[]*\[[^\]]*<!ENTITY", re.S | re.I)
_DOCTYPE_SYSTEM = re.compile(rb"<!DOCTYPE[^>\[]*(SYSTEM|PUBLIC)", re.S | re.I)
_ENCODING_DECL = re.compile(rb"^(\s*<\?xml[^>]*?encoding\s*=\s*[\"'])([A-Za-z0-9._-]+)([\"'])", re.S)


def _parser(keep_pis: bool = False) -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=not keep_pis,
        recover=False,
    )


def _repair_utf8(data: bytes) -> tuple[bytes, list[str]]:
    """Decode UTF-8, replacing each invalid byte by its cp1252/Latin-1 character; report where.

    One warning per distinct bad byte value (first place, and how many more), so a file with a hundred
    stray ``£`` bytes says so once instead of a hundred times.
    """
    out: list[str] = []
    first: dict[int, tuple[int, int, str]] = {}  # byte value -> (line, column, character)
    count: dict[int, int] = {}
    i = 0
    n = len(data)
    while i < n:
        try:
            out.append(data[i:].decode("utf-8"))
            break
        except UnicodeDecodeError as e:
            good = data[i : i + e.start]
            out.append(good.decode("utf-8"))
            bad = data[i + e.start : i + e.start + 1]
            try:
                ch = bad.decode("cp1252")
            except UnicodeDecodeError:
                ch = bad.decode("latin-1")
            pos = i + e.start
            if bad[0] not in first:
                line = data.count(b"\n", 0, pos) + 1
                col = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
                first[bad[0]] = (line, col, ch)
            count[bad[0]] = count.get(bad[0], 0) + 1
            out.append(ch)
            i = pos + 1
    warnings = []
    for value, (line, col, ch) in first.items():
        more = f" (and {count[value] - 1} more places)" if count[value] > 1 else ""
        warnings.append(
            f"invalid UTF-8 byte 0x{value:02X} at line {line}, column {col}{more}; read as {ch!r} (cp1252)"
        )
    return "".join(out).encode("utf-8"), warnings


#: C0 control characters XML 1.0 forbids (tab, newline and carriage return are allowed).
_XML_FORBIDDEN_C0 = re.compile(rb"[\x01-\x08\x0b\x0c\x0e-\x1f]")


def _repair_control_chars(data: bytes) -> tuple[bytes, list[str]]:
    """Replace control characters XML forbids; 0x10-0x1F are read as U+2010-U+201F.

    Those are what General Punctuation characters become when a converter keeps only the low byte
    (U+2019 ' becomes 0x19, U+201C " becomes 0x1C); anything else becomes U+FFFD.
    """
    first: dict[int, tuple[int, int]] = {}
    count: dict[int, int] = {}

    def fix(m: re.Match[bytes]) -> bytes:
        value = m.group(0)[0]
        if value not in first:
            pos = m.start()
            first[value] = (data.count(b"\n", 0, pos) + 1, pos - (data.rfind(b"\n", 0, pos) + 1) + 1)
        count[value] = count.get(value, 0) + 1
        return (chr(0x2000 + value) if value >= 0x10 else "\ufffd").encode("utf-8")

    fixed = _XML_FORBIDDEN_C0.sub(fix, data)
    warnings = []
    for value, (line, col) in first.items():
        ch = chr(0x2000 + value) if value >= 0x10 else "\ufffd"
        more = f" (and {count[value] - 1} more places)" if count[value] > 1 else ""
        warnings.append(f"control character 0x{value:02X} (not allowed in XML) at line {line}, column {col}"
                        f"{more}; read as {ch!r}")
    return fixed, warnings


#: An ``&`` that does not start an entity or character reference (a bare ampersand is not well-formed).
_BARE_AMPERSAND = re.compile(rb"&(?!(?:[A-Za-z_][\w.-]*|#[0-9]+|#x[0-9A-Fa-f]+);)")


def _repair_bare_ampersands(data: bytes) -> tuple[bytes, list[str]]:
    """Escape each bare ``&`` as ``&amp;``; one warning naming the first place and the count."""
    hits = [m.start() for m in _BARE_AMPERSAND.finditer(data)]
    if not hits:
        return data, []
    pos = hits[0]
    line = data.count(b"\n", 0, pos) + 1
    col = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
    more = f" (and {len(hits) - 1} more places)" if len(hits) > 1 else ""
    return _BARE_AMPERSAND.sub(b"&amp;", data), [f"bare '&' at line {line}, column {col}{more}; read as a literal '&'"]


_UNDEFINED_PREFIX = re.compile(
    r"Namespace prefix ([A-Za-z_][\w.-]*) (?:for [\w.:-]+ )?on [\w.:-]+ is not defined")
#: What comes before the root element: the XML declaration, processing instructions, comments, a DOCTYPE.
_PROLOG_ITEM = re.compile(rb"\s*(?:<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>)", re.S)
_START_NAME = re.compile(rb"<[A-Za-z_][\w.:-]*")


def _declare_on_root(data: bytes, prefixes: list[str]) -> tuple[bytes, list[str]] | None:
    """``data`` with each prefix declared on the root start tag: with the URI the document declares for it
    somewhere (its first declaration), else a placeholder; None when the root cannot be found."""
    pos = 0
    while m := _PROLOG_ITEM.match(data, pos):
        if m.end() == pos:
            break
        pos = m.end()
    root = _START_NAME.match(data, pos + (len(data[pos:]) - len(data[pos:].lstrip())))
    if root is None:
        return None
    decls = []
    notes = []
    for p in prefixes:
        found = re.search(rb"xmlns:" + re.escape(p.encode()) + rb"\s*=\s*([\"'])(.*?)\1", data, re.S)
        uri = found.group(2) if found else b"urn:pincite:undeclared-prefix:" + p.encode()
        decls.append(b" xmlns:" + p.encode() + b'="' + uri.replace(b'"', b"&quot;") + b'"')
        notes.append(f"namespace prefix '{p}' is used outside the element that declares it; declared on the "
                     f"root as {uri.decode('utf-8', 'replace')!r}" + ("" if found else " (a placeholder: the "
                                                                            "document declares it nowhere)"))
    return data[:root.end()] + b"".join(decls) + data[root.end():], notes


def load_xml(data: bytes, source: str, keep_pis: bool = False) -> tuple[etree._Element, list[str]]:
    """Parse untrusted XML bytes; returns the root element and recovery warnings.

    Raises :class:`ParseError` naming ``source`` and the reason for anything unsafe or broken.
    """
    if not data.strip():
        raise ParseError(source, "empty file")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    head = data[:65536]
    if _DOCTYPE_ENTITY.search(head):
        raise ParseError(source, "XML declares entities in a DOCTYPE (refused: entity expansion and "
                                 "external entities are not allowed)")
    if _DOCTYPE_SYSTEM.search(head):
        raise ParseError(source, "XML refers to an external DTD (refused: pincite never fetches external files)")
    if b"\x00" in head:
        raise ParseError(source, "binary data, not XML (NUL bytes; UTF-16 XML is not supported)")
    warnings: list[str] = []
    m = _ENCODING_DECL.match(data[:200])
    declared = m.group(2).decode("ascii").lower() if m else "utf-8"
    if declared in ("utf-8", "utf8"):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            data, warnings = _repair_utf8(data)
            if len(warnings) > 20:  # more than 20 distinct bad bytes: another encoding, not stray characters
                raise ParseError(source, f"declares UTF-8 but {len(warnings)} different byte values are not "
                                         "UTF-8; re-save it as UTF-8") from None
    if _BARE_AMPERSAND.search(data):
        data, amp_warnings = _repair_bare_ampersands(data)
        warnings.extend(amp_warnings)
    if _XML_FORBIDDEN_C0.search(data):
        data, control_warnings = _repair_control_chars(data)
        warnings.extend(control_warnings)
    prefixed: list[str] = []
    while True:
        parser = _parser(keep_pis)
        try:
            root = etree.fromstring(data, parser=parser)
            break
        except etree.XMLSyntaxError as e:
            m = _UNDEFINED_PREFIX.search(str(e))
            fixed = None
            if m and m.group(1) not in prefixed and len(prefixed) < 20:
                # every undefined prefix this parse reported, not only the first
                missing = [x.group(1) for x in map(_UNDEFINED_PREFIX.search, (str(r.message) for r in
                                                                              parser.error_log)) if x]
                missing = list(dict.fromkeys([m.group(1), *missing]))
                missing = [x for x in missing if x not in prefixed]
                fixed = _declare_on_root(data, missing)
            if fixed is None:
                _raise_syntax(source, e)
            data, notes = fixed
            prefixed.extend(missing)
            warnings.extend(notes)
    if root is None:
        raise ParseError(source, "no XML root element")
    return root, warnings


def _raise_syntax(source: str, e: etree.XMLSyntaxError) -> NoReturn:
    msg = str(e)
    if "Excessive depth" in msg or "depth" in msg.lower():
        raise ParseError(source, f"XML nested too deeply (over 256 levels): {msg}") from None
    raise ParseError(source, f"not well-formed XML: {msg}") from None


def local_name(el: etree._Element) -> str:
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]
