"""``skak user …``: the accounts that may log in to the web (``skak serve``), and their roles.

The accounts are kept in the database (``skak serve`` reads them at each request), each
password only as an argon2id hash. The password is asked for at the terminal, twice, or
read from the first line of standard input with ``--password-stdin`` (for scripts). Each
account has roles, each on the whole database, one record or one club
(``skak.records.accounts.roles``); the API checks them on every change the web makes."""

import sys
from typing import Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli._common import DEFAULT_DB, DbOption, JsonOption, app, cli_errors, open_db, out
from skak.faces.cli._common import print_json as _print_json
from skak.faces.i18n import _

__all__ = [
    "user_add",
    "user_grant",
    "user_list",
    "user_password",
    "user_remove",
    "user_revoke",
    "user_token",
]

user_app = typer.Typer(
    help="Accounts for the web (skak serve) and their roles: add, list, grant and revoke a "
    "role, change a password, issue an API token, remove.\n\n"
    'Example: skak user add "Inge Holm" --role arbiter'
)
app.add_typer(user_app, name="user")

NameArg = Annotated[str, typer.Argument(help="The account's name, as the history shows it.")]
RoleOption = Annotated[
    str,
    typer.Option(
        "--role",
        help="admin, arbiter, leader, club, registrar or correspondence (Danish words too: "
        "dommer, turneringsleder, klub, ratingansvarlig).",
    ),
]
ClubOption = Annotated[
    str | None, typer.Option("--club", help="The club role's club: its captain acts for it.")
]
RecordOption = Annotated[
    int | None,
    typer.Option(
        "--record",
        help="The role on one record only (a tournament, league season, cup or "
        "correspondence group, by its id); without it, the role may create such records "
        "and runs those it created.",
    ),
]
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


GroupOption = Annotated[
    str | None,
    typer.Option(
        "--group",
        help="A leader's role on one group of the league season --record names: "
        "'DIVISION/GROUP', e.g. '2. division/3'.",
    ),
]


@user_app.command("add")
@cli_errors
def user_add(
    name: NameArg,
    role: RoleOption = "admin",
    club: ClubOption = None,
    record: RecordOption = None,
    group: GroupOption = None,
    password_stdin: StdinOption = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Give a person an account for the web, with a role (at least 8 characters of password;
    kept only hashed). Without --role the account is an admin, as every account was before
    roles.

    A club's captain: skak user add "Per Holm" --role club --club Skovlunde

    Example: skak user add "Inge Holm" --role arbiter
    """
    from skak.api import Grant

    grant = Grant.parse(role, record=record, club=club, group=group)
    s = open_db(db, create=True)
    s.accounts.add(name, _password(name, password_stdin), roles=[grant])
    out.print(
        escape(
            _("{name} may log in to 'skak serve' at /login, as {role}").format(
                name=name, role=str(grant)
            )
        )
    )


@user_app.command("grant")
@cli_errors
def user_grant(
    name: NameArg,
    role: RoleOption,
    club: ClubOption = None,
    record: RecordOption = None,
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Give an account one more role.

    A group's leader: skak user grant "Ole Berg" --role leader --record 3 --group "2. division/1"

    Example: skak user grant "Inge Holm" --role arbiter --record 12
    """
    grant = open_db(db).accounts.grant(name, role, record=record, club=club, group=group)
    out.print(escape(_("{name} has the role {role}").format(name=name, role=str(grant))))


@user_app.command("revoke")
@cli_errors
def user_revoke(
    name: NameArg,
    role: RoleOption,
    club: ClubOption = None,
    record: RecordOption = None,
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Take a role back from an account.

    Example: skak user revoke "Per Holm" --role club --club Skovlunde
    """
    grant = open_db(db).accounts.revoke(name, role, record=record, club=club, group=group)
    out.print(escape(_("{name} no longer has the role {role}").format(name=name, role=str(grant))))


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
    out.print(escape(_("The password of {name} is changed").format(name=name)))


@user_app.command("remove")
@cli_errors
def user_remove(name: NameArg, db: DbOption = DEFAULT_DB) -> None:
    """Close an arbiter's account: a session of it ends at its next request.

    Example: skak user remove "Ole Olsen"
    """
    open_db(db).accounts.remove(name)
    out.print(escape(_("{name} can no longer log in").format(name=name)))


@user_app.command("list")
@cli_errors
def user_list(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """List the accounts and their roles.

    Example: skak user list
    """
    lines = open_db(db).accounts.lines()
    if as_json:
        _print_json(
            {
                "arbiters": [line.name for line in lines],
                "accounts": [{"name": line.name, "roles": list(line.roles)} for line in lines],
            }
        )
        return
    if not lines:
        out.print(_("No one has an account yet; add one with 'skak user add NAME --role ROLE'"))
    for line in lines:
        roles = ", ".join(line.roles) or _("none")
        out.print(f"{escape(line.name)}  [dim]{escape(roles)}[/dim]")


LabelOption = Annotated[
    str,
    typer.Option(
        "--label", help="The token's name, one of the account's (a laptop, a club's server)."
    ),
]


@user_app.command("token")
@cli_errors
def user_token(
    name: NameArg,
    label: LabelOption = "default",
    revoke: Annotated[
        bool, typer.Option("--revoke", help="Stop the token --label names working.")
    ] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Issue an API token for an account (for /api/v1 and 'skak report --send'): printed once,
    kept only as its digest; a new token under the same --label replaces the old one. The
    token acts with the account's roles: send it as 'Authorization: Bearer TOKEN'.

    Stop it working: skak user token "Per Holm" --label klubserver --revoke

    Example: skak user token "Per Holm" --label klubserver
    """
    accounts = open_db(db).accounts
    if revoke:
        accounts.revoke_token(name, label)
        out.print(
            escape(_("The API token {label} of {name} is revoked").format(label=label, name=name))
        )
        return
    token = accounts.issue_token(name, label)
    out.print(
        escape(
            _(
                "The API token {label} of {name} (shown this once; keep it secret, it acts "
                "with the account's roles):"
            ).format(label=label, name=name)
        )
    )
    out.print(token, soft_wrap=True, highlight=False, markup=False)
