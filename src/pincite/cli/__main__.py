"""``python -m pincite.cli``: the same command line as the ``pincite`` script."""

from pincite.cli import main

main()
