"""Legal language as tables: contract clause types (and, with the upper house, question shapes)."""
