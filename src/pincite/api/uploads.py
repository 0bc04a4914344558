"""Uploads: a ``multipart/form-data`` body read into memory under a size limit (never spooled to disk), and each
file stored under a sanitised source name through the same path as ``pincite ingest``."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from python_multipart import MultipartParser
from python_multipart.multipart import parse_options_header

from pincite.errors import NotFound, PinciteError
from pincite import FileResult, Pincite
from pincite.types import Format

#: Room for the multipart framing (boundaries, part headers) on top of the files themselves.
MULTIPART_OVERHEAD = 64 * 1024
MAX_UPLOAD_FILES = 50


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def sanitise_filename(name: str) -> str:
    """A safe file name from an uploaded one: the last path component, ASCII letters, digits, ``._-`` only,
    no leading dots, at most 120 characters (the extension kept).  Raises ValueError when nothing is left."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    base = _UNSAFE.sub("_", base).strip("._") or ""
    if not base or not re.search(r"[A-Za-z0-9]", base):
        raise ValueError(f"the uploaded file name {name!r} has no usable characters")
    stem, dot, ext = base.rpartition(".")
    if dot and len(ext) <= 10 and stem:
        return stem[: 120 - len(ext) - 1] + "." + ext
    return base[:120]


@dataclass(frozen=True, slots=True)
class UploadedFile:
    filename: str
    data: bytes


class UploadError(PinciteError):
    """An upload that cannot be accepted (too large, not multipart, no files)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


async def read_upload(request: Request, limit: int,
                      files_required: bool = True) -> tuple[list[UploadedFile], dict[str, str]]:
    """Read a ``multipart/form-data`` body into memory, refusing it as soon as it passes ``limit`` bytes.

    Returns the files (field ``files`` or ``file``) and the other fields.  Nothing touches the disk.  With
    ``files_required`` (an upload to store) a body with no file is refused; a draft to check may come as its
    pasted text alone (field ``text``), which its reader then takes."""
    ctype, params = parse_options_header(request.headers.get("content-type"))
    if ctype != b"multipart/form-data" or b"boundary" not in params:
        raise UploadError("send the files as multipart/form-data (a form with one or more 'files' fields)", 415)
    cap = limit + MULTIPART_OVERHEAD
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > cap:
        raise UploadError(f"upload is {int(declared)} bytes, over the {limit}-byte limit", 413)

    parts: list[dict[str, Any]] = []
    cur: dict[str, Any] = {}
    header_field: list[bytes] = []
    header_value: list[bytes] = []

    def on_part_begin() -> None:
        cur.clear()
        cur.update(headers={}, data=bytearray())
        header_field.clear()
        header_value.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        header_field.append(data[start:end])

    def on_header_value(data: bytes, start: int, end: int) -> None:
        header_value.append(data[start:end])

    def on_header_end() -> None:
        cur["headers"][b"".join(header_field).lower()] = b"".join(header_value)
        header_field.clear()
        header_value.clear()

    def on_part_data(data: bytes, start: int, end: int) -> None:
        cur["data"] += data[start:end]

    def on_part_end() -> None:
        parts.append(dict(cur))

    total = 0
    try:
        parser = MultipartParser(params[b"boundary"], {  # refuses a boundary over 256 characters
            "on_part_begin": on_part_begin, "on_header_field": on_header_field,
            "on_header_value": on_header_value, "on_header_end": on_header_end, "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        })
        async for chunk in request.stream():
            total += len(chunk)
            if total > cap:
                raise UploadError(f"upload is over the {limit}-byte limit", 413)
            parser.write(chunk)
        parser.finalize()
    except UploadError:
        raise
    except Exception as e:  # the multipart parser's own errors: a malformed body
        raise UploadError(f"the multipart body could not be read: {e}") from None

    files: list[UploadedFile] = []
    fields: dict[str, str] = {}
    for p in parts:
        _, disp = parse_options_header(p["headers"].get(b"content-disposition", b""))
        name = disp.get(b"name", b"").decode("utf-8", "replace")
        if b"filename" in disp:
            if name not in ("files", "file"):
                raise UploadError(f"unexpected file field {name!r}; send files in a field named 'files'")
            files.append(UploadedFile(disp[b"filename"].decode("utf-8", "replace"), bytes(p["data"])))
        elif name:
            fields[name] = bytes(p["data"]).decode("utf-8", "replace")
    if not files and files_required:
        raise UploadError("no files in the upload; send one or more in a field named 'files'")
    if len(files) > MAX_UPLOAD_FILES:
        raise UploadError(f"{len(files)} files in one upload; at most {MAX_UPLOAD_FILES}")
    if sum(len(f.data) for f in files) > limit:
        raise UploadError(f"the files add up to more than the {limit}-byte limit", 413)
    return files, fields


def upload_source(library: Pincite, upload: UploadedFile) -> str:
    """The key an upload is stored under: ``upload/<name>`` while its name survives sanitising whole and no
    other file is stored under it; otherwise ``upload/<stem>~<first 12 hex of its sha256>.<ext>``.  So two
    different files never share a key (``Lease (1).txt`` and ``Lease [1].txt``, two names of non-ASCII letters,
    ``../a/x.txt`` and ``../b/x.txt``), the same file sent again lands on its own key ("unchanged"), and nothing
    stored is replaced by a name — replacing is an explicit act (:func:`ingest_upload`'s ``replace``)."""
    name = sanitise_filename(upload.filename)
    digest = hashlib.sha256(upload.data).hexdigest()
    original = upload.filename.replace("\\", "/").rsplit("/", 1)[-1]
    plain = f"upload/{name}"
    if name == original:
        try:
            held = library.document(plain)
        except NotFound:
            return plain
        if held.content_sha256 == digest:
            return plain
    stem, dot, ext = name.rpartition(".")
    return f"upload/{stem}~{digest[:12]}.{ext}" if dot and stem else f"upload/{name}~{digest[:12]}"


def ingest_upload(library: Pincite, upload: UploadedFile, fmt: Format | None,
                  replace: str | None = None) -> FileResult:
    """Store one uploaded file from its bytes through the same path as ``pincite ingest``
    (:meth:`Pincite.ingest_bytes`), under :func:`upload_source`'s key.  ``replace`` names a stored
    document (its id) that this file replaces: it is deleted once the new one is stored, and the result says
    "replaced".  A file that fails leaves the store as it was (and replaces nothing)."""
    try:
        source = upload_source(library, upload)
    except ValueError as e:
        return FileResult(source=upload.filename, status="failed", error=str(e))
    if replace:
        held = library.document(replace)
        if held.source.startswith("upload/") and _upload_name(held.source) == _upload_name(source):
            source = held.source  # a new version under the same name: stored in its place, in one transaction
    result = library.ingest_bytes(upload.data, source, format=fmt)
    if replace and result.status != "failed" and result.doc_id != replace and result.source != held.source:
        library.remove(replace, regroup=False)  # regrouped once the batch is in
        result = dataclasses.replace(result, status="replaced")
    return result


def _upload_name(source: str) -> str:
    """An upload key's name without its hash: "upload/Lease_1~0a1b2c3d4e5f.txt" -> "Lease_1.txt"."""
    name = source.removeprefix("upload/")
    return re.sub(r"~[0-9a-f]{12}(?=\.[^.]*$|$)", "", name)
