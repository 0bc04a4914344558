"""Backends beyond the embedded SQLite store: each brings its store and, if it searches itself, its search."""
