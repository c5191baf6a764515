"""``python -m skak`` runs the command-line tool."""

from skak.cli import main

main()
