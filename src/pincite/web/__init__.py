"""The web reader: server-rendered pages (Jinja templates), one stylesheet and a little vanilla JavaScript.

Nothing is loaded from a CDN; every asset is package data served by :mod:`pincite.api.app` under ``/static``.
:mod:`pincite.web.reader` turns a stored document into the reader's markup (unit numbers in the margin, zones
marked, printed pages as markers, the quoted characters highlighted from a citation's offsets).
"""
