"""A provision the question names whose whole text is a repeal note ("3.1 [Repealed, 1999, c. 31, s. 89]") is
answered by that note, cited to the provision (issue 52: the ranker never quoted a note); a named provision that
still says something is not.  Real Canadian Acts from ../shared/bulk, lexical retrieval, the ranker."""

from __future__ import annotations

from pathlib import Path

import pytest

from pincite.legal.language import repeal_note
from pincite.library import Pincite
from tests.support.extractive_helpers import ingested

pytestmark = pytest.mark.shared

EXPORTS = "canada_acts/current/E-19.xml"  # the Export and Import Permits Act: s. 3.1 repealed in 1999
YOUTH = "canada_acts/current/Y-1.5.xml"  # the Youth Criminal Justice Act: s. 61 repealed in 2012


@pytest.fixture(scope="module")
def lib(tmp_path_factory: pytest.TempPathFactory, bulk: Path):  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("repealed") / "r.db"
    ingested(path, [bulk / EXPORTS, bulk / YOUTH]).close()
    p = Pincite(path, dense=False)
    yield p
    p.close()


def cited(ans) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    return [(c["document"]["source"].rsplit("/", 1)[-1], c["units"][0], c["quote"])
            for c in ans.to_json()["citations"]]


def test_a_named_repealed_section_is_answered_by_its_repeal_note(lib) -> None:  # type: ignore[no-untyped-def]
    ans = lib.ask("What does section 3.1 of the Export and Import Permits Act require of an exporter?")
    assert cited(ans) == [("E-19.xml", "s. 3.1", "[Repealed, 1999, c. 31, s. 89]")], ans.text
    ans = lib.ask("Is s. 61 of the Youth Criminal Justice Act still in force?")
    assert cited(ans) == [("Y-1.5.xml", "s. 61", "[Repealed, 2012, c. 1, s. 175]")], ans.text


def test_a_named_section_in_force_is_not_answered_as_repealed(lib) -> None:  # type: ignore[no-untyped-def]
    ans = lib.ask("What does section 3 of the Export and Import Permits Act allow the Governor in Council to do?")
    assert all("Repealed" not in quote for _, _, quote in cited(ans)), cited(ans)


def test_repeal_notes_are_read_generally() -> None:
    for text, note in [("5 [Repealed, 2017, c. 33, s. 227]", "[Repealed, 2017, c. 33, s. 227]"),
                       ("(2) [Repealed, R.S., 1985, c. 1 (2nd Supp.), s. 213]",
                        "[Repealed, R.S., 1985, c. 1 (2nd Supp.), s. 213]"),
                       ("4 [Revoked, SOR/2010-12, s. 3]", "[Revoked, SOR/2010-12, s. 3]"),
                       ("[Sec. 7. Repealed. Pub. L. 98-620, title IV, §402(17), Nov. 8, 1984, 98 Stat. 3358.]",
                        "[Sec. 7. Repealed. Pub. L. 98-620, title IV, §402(17), Nov. 8, 1984, 98 Stat. 3358.]")]:
        span = repeal_note(text)
        assert span is not None and text[span[0]:span[1]] == note, text
    for text in ["4 The Minister may issue a permit [Repealed, 2017]", "12 (1) The Board shall meet. (2) [Repealed, "
                 "2001, c. 4, s. 3]", "The Act is repealed on a day to be fixed by order."]:
        assert repeal_note(text) is None, text
