"""pincite: answers over long legal documents with pinpoint citations checked before display."""

__version__ = "0.1.0"
