"""``python -m skak`` runs the command-line tool."""

from skak.faces.cli import main

main()
