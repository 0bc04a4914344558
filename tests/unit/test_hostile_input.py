"""Hostile and broken input: each file gets one clear error naming it, nothing else is affected, and
nothing on the network or outside the input is touched."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from pincite.cli import demo_paths
from pincite.errors import ParseError
from pincite.ingest import ingest_paths
from pincite.parse import parse_bytes
from pincite.parse.xmlsafe import load_xml

AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"

BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE akomaNtoso [\n <!ENTITY lol "lol">\n'
    + "".join(f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n' for i in range(1, 10))
    + f']>\n<akomaNtoso xmlns="{AKN_NS}"><judgment><judgmentBody><decision><paragraph><content><p>&lol9;</p>'
    "</content></paragraph></decision></judgmentBody></judgment></akomaNtoso>\n"
)


def _xxe(target: str) -> str:
    return (
        f'<?xml version="1.0"?>\n<!DOCTYPE akomaNtoso [ <!ENTITY xxe SYSTEM "{target}"> ]>\n'
        f'<akomaNtoso xmlns="{AKN_NS}"><judgment><judgmentBody><decision><paragraph><num>1.</num>'
        "<content><p>&xxe;</p></content></paragraph></decision></judgmentBody></judgment></akomaNtoso>\n"
    )


def _deep(depth: int) -> str:
    return f'<akomaNtoso xmlns="{AKN_NS}">' + "<level>" * depth + "x" + "</level>" * depth + "</akomaNtoso>"


class _Listener:
    """A TCP listener on loopback that records whether anyone connected."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(5)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self._stop = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self._stop = True
        self.thread.join(timeout=2)
        self.sock.close()


@pytest.mark.parametrize(
    "name,content,reason",
    [
        ("laughs.xml", BILLION_LAUGHS.encode(), "entities"),
        ("deep.xml", _deep(10_000).encode(), "deep"),
        ("empty.xml", b"", "empty"),
        ("blank.xml", b"   \n\t\n", "empty"),
        ("binary.bin", bytes(range(256)) * 64, "binary"),
    ],
)
def test_hostile_file_gets_one_clear_error(name: str, content: bytes, reason: str) -> None:
    with pytest.raises(ParseError) as e:
        parse_bytes(content, name)
    assert e.value.source == name
    assert reason in str(e.value).lower()


def test_xxe_never_reads_the_local_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    with pytest.raises(ParseError) as e:
        parse_bytes(_xxe(secret.as_uri()).encode(), "xxe.xml")
    assert "TOP-SECRET-CONTENT" not in str(e.value)
    assert "entit" in str(e.value).lower()


def test_no_network_for_external_entities_or_dtds() -> None:
    listener = _Listener()
    try:
        url = f"http://127.0.0.1:{listener.port}/evil"
        external_dtd = (
            f'<?xml version="1.0"?>\n<!DOCTYPE akomaNtoso SYSTEM "{url}.dtd">\n<akomaNtoso xmlns="{AKN_NS}"/>'
        ).encode()
        for data in (_xxe(url).encode(), external_dtd):
            with pytest.raises(ParseError):
                parse_bytes(data, "net.xml")
            with pytest.raises(ParseError):
                load_xml(data, "net.xml")
    finally:
        listener.close()
    assert listener.connections == 0


def test_truncated_xml_is_a_clear_error() -> None:
    data = Path(demo_paths()[0]).read_bytes()
    with pytest.raises(ParseError) as e:
        parse_bytes(data[: len(data) // 2], "truncated.xml")
    assert "truncated.xml" in str(e.value)
    assert "well-formed" in str(e.value)


def test_bad_files_do_not_disturb_good_ones_or_the_store(tmp_path: Path, store) -> None:
    good = demo_paths()
    first = ingest_paths(store, good)
    assert not first.failed, [r.error for r in first.failed]
    before = {s.id: s.units for s in store.list_documents()}
    assert before

    bad_dir = tmp_path / "bad"
    bad_dir.mkdir()
    (bad_dir / "a_laughs.xml").write_text(BILLION_LAUGHS)
    (bad_dir / "b_deep.xml").write_text(_deep(10_000))
    (bad_dir / "c_empty.xml").write_bytes(b"")
    (bad_dir / "d_truncated.xml").write_bytes(Path(good[0]).read_bytes()[:5000])
    (bad_dir / "e_binary.pdf").write_bytes(b"%PDF-1.7\n" + bytes(range(256)) * 20)
    good_copy = bad_dir / "f_good.xml"
    good_copy.write_bytes(Path(good[0]).read_bytes())

    report = ingest_paths(store, [bad_dir])
    by_name = {Path(r.source).name: r for r in report.results}
    for name in ("a_laughs.xml", "b_deep.xml", "c_empty.xml", "d_truncated.xml", "e_binary.pdf"):
        r = by_name[name]
        assert r.status == "failed", name
        assert r.error and name in r.error, r.error
    assert by_name["f_good.xml"].status == "added"
    after = {s.id: s.units for s in store.list_documents()}
    for doc_id, units in before.items():
        assert after[doc_id] == units  # nothing already stored was lost or changed
    assert len(after) == len(before) + 1


def test_declared_utf8_with_latin1_byte_is_recovered_with_a_warning() -> None:
    data = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<akomaNtoso xmlns="{AKN_NS}"><doc name="x"><mainBody>'
        "<p>costs of \xa3500</p></mainBody></doc></akomaNtoso>"
    ).encode("latin-1")
    root, warnings = load_xml(data, "latin.xml")
    assert "£500" in "".join(root.itertext())
    assert len(warnings) == 1 and "line 2" in warnings[0] and "0xA3" in warnings[0]
