"""Legal language as tables: clause types, question shapes, the words of judgments."""
