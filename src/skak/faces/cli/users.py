"""``skak user …``: the arbiters who may log in to the web's arbiter screens.

The accounts are kept in the database (``skak serve`` reads them at each request), each
password only as an argon2id hash. The password is asked for at the terminal, twice, or
read from the first line of standard input with ``--password-stdin`` (for scripts)."""

import sys
from typing import Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli._common import DEFAULT_DB, DbOption, JsonOption, app, cli_errors, open_db, out
from skak.faces.cli._common import print_json as _print_json

__all__ = ["user_add", "user_list", "user_password", "user_remove"]

user_app = typer.Typer(
    help="Arbiters' accounts for the web (skak serve): add, list, change a password, "
    'remove.\n\nExample: skak user add "Inge Holm"'
)
app.add_typer(user_app, name="user")

NameArg = Annotated[str, typer.Argument(help="The arbiter's name, as the history shows it.")]
StdinOption = Annotated[
    bool,
    typer.Option(
        "--password-stdin", help="Read the password from the first line of standard input."
    ),
]


def _password(name: str, from_stdin: bool) -> str:
    """The new password: standard input's first line, or asked for twice at a terminal.

    :raises InputError: with no terminal to ask at and no ``--password-stdin``.
    """
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        raise InputError(
            f"no password for {name}: run the command at a terminal to be asked, or give "
            "--password-stdin and the password on standard input"
        )
    text: str = typer.prompt(f"Password for {name}", hide_input=True, confirmation_prompt=True)
    return text


@user_app.command("add")
@cli_errors
def user_add(name: NameArg, password_stdin: StdinOption = False, db: DbOption = DEFAULT_DB) -> None:
    """Give an arbiter an account for the web's arbiter screens (at least 8 characters of
    password; kept only hashed).

    Example: skak user add "Inge Holm"
    """
    s = open_db(db, create=True)
    s.accounts.add(name, _password(name, password_stdin))
    out.print(f"Arbiter {escape(name)} may log in to 'skak serve' at /login")


@user_app.command("password")
@cli_errors
def user_password(
    name: NameArg, password_stdin: StdinOption = False, db: DbOption = DEFAULT_DB
) -> None:
    """Change an arbiter's password.

    Example: skak user password "Inge Holm"
    """
    s = open_db(db)
    s.accounts.set_password(name, _password(name, password_stdin))
    out.print(f"The password of {escape(name)} is changed")


@user_app.command("remove")
@cli_errors
def user_remove(name: NameArg, db: DbOption = DEFAULT_DB) -> None:
    """Close an arbiter's account: a session of it ends at its next request.

    Example: skak user remove "Ole Olsen"
    """
    open_db(db).accounts.remove(name)
    out.print(f"Arbiter {escape(name)} can no longer log in")


@user_app.command("list")
@cli_errors
def user_list(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """List the arbiters with an account.

    Example: skak user list
    """
    names = open_db(db).accounts.get().names
    if as_json:
        _print_json({"arbiters": list(names)})
        return
    if not names:
        out.print("No arbiter has an account yet; add one with 'skak user add NAME'")
    for name in names:
        out.print(escape(name))
