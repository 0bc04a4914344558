#!/usr/bin/env bash
# The README's test command (and .ci/run's): installs the system packages the tests need when they are missing,
# then runs the test suite with any arguments given (passed to pytest), in $PINCITE_TEST_WORKERS processes
# (pytest-xdist; default 2, the cores of the project's machines; 0 runs in this process). Each test file runs whole
# in one worker (--dist loadfile), so a module's fixture (an ingested corpus, a server) is built once.
#   - Debian's chromium: the browser tests drive it through playwright's executable_path (never `playwright install`);
#   - Debian's tesseract-ocr + tesseract-ocr-eng: scanned PDFs are read by OCR.
# As root (a container, CI) they are installed with apt-get; otherwise with `sudo -n` where that works without a
# password; where neither can, it says what to install and the tests that need it fail with that one-line reason.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
{ command -v tesseract >/dev/null 2>&1 && [ -e /usr/share/tesseract-ocr/5/tessdata/eng.traineddata ]; } \
  || need+=(tesseract-ocr tesseract-ocr-eng)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then sudo=(); elif sudo -n true 2>/dev/null; then sudo=(sudo -n); else sudo=(none); fi
  if [ "${sudo[*]-}" = none ]; then
    echo "scripts/test.sh: cannot install ${need[*]} (not root, no sudo): run 'sudo apt-get install ${need[*]}'" >&2
  else
    echo "scripts/test.sh: installing ${need[*]} (Debian packages the tests need)" >&2
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi
# Tiers: tests/unit (no ../shared, no browser), tests/corpus (the real corpus in ../shared), tests/browser
# (Chromium), tests/system (child processes under OS limits, OCR, huge documents), tests/conformance (both
# stores), lab/tests (the lab's scripts). `bash scripts/test.sh quick` runs the quick tier alone: tests/unit
# without the tests that read ../shared (under two minutes on 2 cores).
if [ "${1-}" = quick ]; then shift; set -- tests/unit -m "not shared" "$@"; fi
workers="${PINCITE_TEST_WORKERS:-2}"
if [ "$workers" = 0 ]; then exec .venv/bin/python -m pytest -q "$@"; fi
exec .venv/bin/python -m pytest -q -n "$workers" --dist loadfile "$@"
