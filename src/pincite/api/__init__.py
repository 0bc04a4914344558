"""The HTTP application: the JSON API under ``/api`` and the web reader's pages, over the same operations as the
command line.  :mod:`.app` builds and serves it; :mod:`.security` guards it; :mod:`.uploads` reads uploads;
:mod:`.backend` is what every request shares; :mod:`.pages` routes the reader's pages (their HTML is
:mod:`pincite.web`)."""
