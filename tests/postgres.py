"""A throw-away PostgreSQL cluster for the tests: ``initdb`` and ``pg_ctl`` in a temporary
folder, listening only on a Unix socket there, with a fresh database for each test.

The binaries are Debian's (``/usr/lib/postgresql/*/bin``, the newest), or those in
``$SKAK_TEST_PG_BINDIR``, or ``initdb`` on the ``PATH``. PostgreSQL refuses to run as root,
so as root the cluster runs as the ``postgres`` system user (Debian's package makes it; else
``nobody``) through ``runuser``. ``$SKAK_TEST_POSTGRESQL_URL`` names a server to use instead
(its user must be allowed to create databases). Without any of these the PostgreSQL variants
of the tests skip and say why.

pytest-postgresql does this too, but runs ``pg_ctl`` as the current user, which fails as
root (where CI runs); the cluster here is a few commands.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["Cluster", "unavailable"]


def _bindir() -> Path | None:
    given = os.environ.get("SKAK_TEST_PG_BINDIR")
    if given:
        return Path(given)

    def version(path: str) -> tuple[int, ...]:
        name = Path(path).parent.name
        return tuple(int(p) for p in name.split(".") if p.isdigit())

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).resolve().parent if on_path else None


def unavailable() -> str | None:
    """Why the PostgreSQL tests cannot run here, or ``None`` when they can."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]' installs it)"
    if os.environ.get("SKAK_TEST_POSTGRESQL_URL"):
        return None
    bindir = _bindir()
    if bindir is None or not (bindir / "pg_ctl").exists():
        return (
            "no PostgreSQL server binaries (initdb, pg_ctl) found: apt-get install postgresql, "
            "or set SKAK_TEST_PG_BINDIR or SKAK_TEST_POSTGRESQL_URL"
        )
    if os.geteuid() == 0 and shutil.which("runuser") is None:  # pragma: no cover
        return "running as root, and runuser (to start PostgreSQL as another user) is missing"
    return None


class Cluster:
    """One server for the whole test session; :meth:`database` makes a fresh database."""

    def __init__(self, *, durable: bool = False) -> None:
        """``durable``: a server that keeps every commit through a crash (``fsync`` and
        synchronous commits, as a federation's server runs); else the tests' fast one,
        which may lose the last commits when it is crashed (:meth:`crash`)."""
        self._durable = durable
        self._counter = itertools.count(1)
        self._folder: Path | None = None
        self._bindir: Path | None = None
        self._as: list[str] = []
        self._made: list[str] = []
        server = os.environ.get("SKAK_TEST_POSTGRESQL_URL")
        if server:
            from sqlalchemy.engine import make_url

            self._server = server
            self._maintenance = make_url(server).database or "postgres"
            return
        self._start()

    def _start(self) -> None:
        self._bindir = _bindir()
        assert self._bindir is not None
        folder = Path(tempfile.mkdtemp(prefix="skak-pg-"))
        self._folder = folder
        if os.geteuid() == 0:
            user = "postgres"
            try:
                entry = pwd.getpwnam(user)
            except KeyError:
                user, entry = "nobody", pwd.getpwnam("nobody")
            os.chown(folder, entry.pw_uid, entry.pw_gid)
            self._as = ["runuser", "-u", user, "--"]
        data = folder / "data"
        self._run("initdb", "-D", str(data), "-U", "skak", "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")  # fmt: skip
        speed = "on" if self._durable else "off"
        self._options = (
            f"-c listen_addresses='' -c unix_socket_directories='{folder}' "
            f"-c fsync={speed} -c synchronous_commit={speed} -c full_page_writes={speed} "
            "-c max_connections=100"
        )
        self.resume()
        self._server = f"postgresql+psycopg://skak@/postgres?host={folder}"
        self._maintenance = "postgres"

    def _run(self, program: str, *args: str) -> None:
        assert self._bindir is not None
        done = subprocess.run(
            [*self._as, str(self._bindir / program), *args],
            capture_output=True,
            text=True,
            check=False,
            cwd=self._folder,
            env={**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"},
        )
        if done.returncode != 0:
            log = self._folder / "log" if self._folder else None
            tail = log.read_text()[-2000:] if log and log.exists() else ""
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}{tail}")

    def _admin(self, statement: str) -> None:
        import psycopg

        url = self._url(self._maintenance, "postgresql")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(statement)

    def database(self) -> str:
        """A new, empty database's URL."""
        # Short on the own cluster (a message quoting the URL then fits its line); on a
        # shared server, named after this process.
        name = f"t{next(self._counter)}"
        if self._folder is None:
            name = f"skak_test_{os.getpid()}_{name}"
        self._admin(f"CREATE DATABASE {name}")
        self._made.append(name)
        return self._url(name)

    def _url(self, name: str, driver: str = "postgresql+psycopg") -> str:
        from sqlalchemy.engine import make_url

        url = make_url(self._server).set(drivername=driver, database=name)
        return url.render_as_string(hide_password=False)

    def drop(self, url: str) -> None:
        """Drop a database :meth:`database` made (its connections are ended)."""
        name = url.split("/")[-1].split("?")[0]
        if name in self._made:
            self._made.remove(name)
            self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def resume(self) -> None:
        """Start the server (again, after :meth:`crash`), and wait until it takes
        connections."""
        assert self._folder is not None
        self._run("pg_ctl", "-D", str(self._folder / "data"), "-o", self._options,
                  "-l", str(self._folder / "log"), "-w", "start")  # fmt: skip

    def crash(self) -> None:
        """Stop the server as a crash does (``pg_ctl stop -m immediate``): every connection
        is cut, and the next start recovers from the write-ahead log. Only on the own
        cluster."""
        assert self._folder is not None
        self._run("pg_ctl", "-D", str(self._folder / "data"), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        if self._folder is None:
            for name in list(self._made):
                self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            return
        try:
            self._run("pg_ctl", "-D", str(self._folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None
