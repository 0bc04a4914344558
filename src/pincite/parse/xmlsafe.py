"""Loading untrusted XML safely.

* No DTD is loaded, no entity is expanded, nothing is fetched from the network or the file system
  (``resolve_entities=False``, ``no_network=True``, ``load_dtd=False``); a document that declares
  entities at all is refused before parsing, which stops entity-expansion bombs and XXE.
* Depth is capped by libxml2 (``huge_tree=False``: 256 levels), so 10,000-deep nesting is an error.
* A leading byte-order mark is fine.
* A file that declares UTF-8 but holds stray single-byte (Latin-1/cp1252) characters is recovered
  byte by byte, with a warning naming the line and column of each, instead of being stored garbled.
"""

from __future__ import annotations

import re

from lxml import etree

from pincite.errors import ParseError

_DOCTYPE_ENTITY = re.compile(rb"<!DOCTYPE[^>\[]*\[[^\]]*<!ENTITY", re.S | re.I)
_DOCTYPE_SYSTEM = re.compile(rb"<!DOCTYPE[^>\[]*(SYSTEM|PUBLIC)", re.S | re.I)
_ENCODING_DECL = re.compile(rb"^(\s*<\?xml[^>]*?encoding\s*=\s*[\"'])([A-Za-z0-9._-]+)([\"'])", re.S)


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        recover=False,
    )


def _repair_utf8(data: bytes) -> tuple[bytes, list[str]]:
    """Decode UTF-8, replacing each invalid byte by its cp1252/Latin-1 character; report where."""
    out: list[str] = []
    warnings: list[str] = []
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
            line = data.count(b"\n", 0, pos) + 1
            col = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
            warnings.append(
                f"invalid UTF-8 byte 0x{bad[0]:02X} at line {line}, column {col}; read as {ch!r} (cp1252)"
            )
            out.append(ch)
            i = pos + 1
    return "".join(out).encode("utf-8"), warnings


def load_xml(data: bytes, source: str) -> tuple[etree._Element, list[str]]:
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
            if len(warnings) > 20:
                raise ParseError(source, f"declares UTF-8 but {len(warnings)} bytes are not UTF-8; "
                                         "re-save it as UTF-8") from None
    try:
        root = etree.fromstring(data, parser=_parser())
    except etree.XMLSyntaxError as e:
        msg = str(e)
        if "Excessive depth" in msg or "depth" in msg.lower():
            raise ParseError(source, f"XML nested too deeply (over 256 levels): {msg}") from None
        raise ParseError(source, f"not well-formed XML: {msg}") from None
    if root is None:
        raise ParseError(source, "no XML root element")
    return root, warnings


def local_name(el: etree._Element) -> str:
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]
