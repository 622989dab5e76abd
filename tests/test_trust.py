"""Nothing a project ships can raise a verdict (issue 23): one fixture folder per attack.

Every folder of ``tests/fixtures/trust/`` is a small project with an ``expected.yaml`` in the one
vocabulary of ``tests/cases.py`` (``about`` says what the case is):

* ``before``: steps run first, in order: ``build``; ``tamper: {module, from, to}`` (a Nat literal
  changed in the built ``.olean`` bytes; ``keep_times: true``: its size and times put back as they were);
  ``settle`` (a wait until the outputs are old enough for their hashes to be remembered); ``forge_bookkeeping`` (the bookkeeping an older claimcheck
  trusted, forged: ``build/state.json`` and ``build/kernel-cache.json`` claiming current and
  ``checked``); ``symlink_outside: PATH`` (PATH becomes a link to a folder outside the project);
  ``write: {path, text}``; ``touch_outputs_later`` (every built file's time set an hour ahead);
  ``run: [args]`` (a claimcheck command); ``fill_formalization_required``; ``hand_row: {...}`` (a
  hand-written alignment row); ``deep_manifest: {path, depth}``; ``secret_outside: {link, text}``
  (a file outside the project, and a link to it inside); ``symlink: {link, to}``; ``rename: {from, to}``; ``remove: PATH``; ``drop_cache: NAMESPACE`` (a namespace of the user cache the
  case's ``env`` names removed); ``git_base`` (the
  project committed as the git revision ``base``); ``git_config: {key: value}`` (set in the project
  repository's ``.git/config``); ``overlay: FOLDER`` (the fixture's FOLDER, e.g.
  ``head``, copied over the project: a pull request's changes); ``claimcheck_copy`` (the runs use a copy of
  the claimcheck package, so that an attack on its files cannot touch the real one);
  ``listen: {tcp: FILE, unix: FILE}`` (a TCP server on the loopback and a Unix socket server, their
  port and path written to the project's FILEs; what reaches them is recorded); a step's text may
  name ``{tmp}`` (the test's folder, outside the project), ``{token}`` (a word unique to the test) and
  ``{toolchain}`` (the Lean toolchain's folder in the user's cache);
* ``env``: variables for every run (their values may name ``{tmp}`` and ``{token}``);
* ``run``: the claimcheck command, one (``--root`` and ``-q`` added), run in its own process (``concurrent:
  N``: N of them at once, which must all say the same); ``same_as_no_cache``: its output must equal
  the same command's with ``--no-cache``;
* ``exit``, and what its output must show: ``paper_claims`` (paper/claim -> verdict, from ``--format
  json``), ``problems: must:`` (codes that must occur), ``modules`` (module -> build state),
  ``statements`` (declaration -> printed statement), ``witnesses`` (witness id -> ok), ``instances``
  (instance theorem -> cross-check outcome), ``status_json`` (module -> ``failed``, ``stale``
  or ``listed``), ``stdout`` / ``stderr`` (texts that must occur), ``not_shown`` (texts that must
  occur in neither output); ``package_unchanged`` /
  ``package_changed`` (the claimcheck copy's files are / are no longer as copied); ``restored`` (the
  files a ``tamper`` step changed hold their bytes from before it); ``absent`` /
  ``present`` (paths, under the test's folder, that must not / must exist); ``no_file_contains``
  (a text no file of the project holds, links not followed); ``no_process`` (no
  process whose command line holds ``{token}`` is left); ``no_connection`` (nothing reached the
  ``listen`` servers); ``clean_outputs`` (every format of ``check``, ``status`` and ``report`` shows no control character,
  JSON parses, JUnit is well-formed XML; ``escaped_as``: a text one of them must show);
  ``also_run``: further commands with their exit codes (and ``stdout``: texts their output must hold).

No run may print a Python traceback.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from tamper import tamper_nat_literals

import cases

FIXTURES = cases.FIXTURES / "trust"


def _cli(root: Path, args: list[str], timeout: float = 1800, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess:
    # -P: the project's folder is not on the module path (as with the `claimcheck` script)
    cmd = [sys.executable, "-P", "-m", "claimcheck.cli", *args, "--root", str(root), "-q"]
    return subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=timeout,
                          env=None if env is None else {**os.environ, **env})


class _Context:
    """What one case's steps set up: the environment of its runs, its servers, its package copy."""

    def __init__(self, tmp: Path, case: str):
        self.tmp = tmp
        self.case = case
        self.token = "cctrust" + hashlib.sha256(str(tmp).encode()).hexdigest()[:16]
        self.env: dict[str, str] = {}
        self.package: Path | None = None
        self.package_digest: str | None = None
        self.reached: list[str] = []
        self.servers: list[socket.socket] = []
        self.toolchain = ""
        #: the tampered files' bytes before the tampering
        self.originals: dict[Path, bytes] = {}

    def fill(self, text: str) -> str:
        return (str(text).replace("{tmp}", str(self.tmp)).replace("{token}", self.token)
                .replace("{toolchain}", self.toolchain))

    def close(self) -> None:
        for s in self.servers:
            s.close()


def _package_digest(folder: Path) -> str:
    d = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if "__pycache__" in p.parts:
            continue
        d.update(p.relative_to(folder).as_posix().encode() + b"\0")
        d.update(p.read_bytes() if p.is_file() else b"<dir>")
        d.update(oct(p.stat().st_mode).encode())
    return d.hexdigest()


def _serve(ctx: _Context, server: socket.socket, what: str) -> None:
    ctx.servers.append(server)

    def accept() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            ctx.reached.append(what)
            conn.close()

    threading.Thread(target=accept, daemon=True).start()


def _step(step, root: Path, tmp: Path, ctx: _Context) -> None:
    kind, arg = (step, None) if isinstance(step, str) else next(iter(step.items()))
    if kind == "build":
        done = _cli(root, ["build", "-j", "1"])
        assert done.returncode == 0, done.stderr
    elif kind == "tamper":
        olean = root / "build" / "lib" / (arg["module"].replace(".", "/") + ".olean")
        private = olean.with_name(olean.name + ".private")
        times = {p: p.stat() for p in (olean, private) if p.is_file()}
        ctx.originals.update({p: p.read_bytes() for p in times})
        assert tamper_nat_literals(olean, arg["from"], arg["to"]) > 0
        if private.is_file():
            tamper_nat_literals(private, arg["from"], arg["to"])
        if arg.get("keep_times"):  # the size is the same; the times put back as they were
            for p, st in times.items():
                os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
                assert (p.stat().st_size, p.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    elif kind == "settle":  # the outputs older than a hash is remembered for (lean/hashes.py)
        from claimcheck.lean.hashes import SETTLED_NS

        time.sleep(SETTLED_NS / 1e9 + 0.5)
    elif kind == "forge_bookkeeping":
        lib = root / "build" / "lib"
        (root / "build" / "state.json").write_text(json.dumps({"version": 1, "modules": {
            p.stem: {"key": "forged", "interface": "forged", "messages": []} for p in lib.rglob("*.olean")}}))
        (root / "build" / "kernel-cache.json").write_text(json.dumps({"version": 2, "core": "forged", "entries": {},
                                                                       "project": {"verdicts": "checked"}}))
    elif kind == "symlink_outside":
        outside = tmp / "outside-build"
        (outside / "lib").mkdir(parents=True)
        target = root / arg
        if target.exists():
            shutil.rmtree(target)
        target.symlink_to(outside, target_is_directory=True)
    elif kind == "write":
        (root / arg["path"]).write_text(ctx.fill(arg["text"]), encoding="utf-8")
    elif kind == "touch_outputs_later":
        later = time.time() + 3600
        for p in (root / "build").rglob("*"):
            if p.is_file():
                os.utime(p, (later, later))
    elif kind == "run":
        _cli(root, [ctx.fill(a) for a in arg], env=ctx.env)
    elif kind == "claimcheck_copy":
        import claimcheck

        ctx.package = tmp / "package" / "claimcheck"
        shutil.copytree(Path(claimcheck.__file__).parent, ctx.package,
                        ignore=shutil.ignore_patterns("__pycache__"))
        ctx.package_digest = _package_digest(ctx.package)
        ctx.env["PYTHONPATH"] = str(ctx.package.parent)
    elif kind == "listen":
        tcp = socket.create_server(("127.0.0.1", 0))
        _serve(ctx, tcp, "tcp")
        (root / arg["tcp"]).write_text(str(tcp.getsockname()[1]), encoding="utf-8")
        path = tmp / "listen.sock"
        unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        unix.bind(str(path))
        unix.listen()
        _serve(ctx, unix, "unix")
        (root / arg["unix"]).write_text(str(path), encoding="utf-8")
    elif kind == "fill_formalization_required":
        path = root / "formalization.yaml"
        text = path.read_text(encoding="utf-8")
        text = text.replace('name: ""', 'name: "trust fixture"').replace('license: ""', 'license: "CC0-1.0"')
        text = text.replace("authors: []                  # [required]", 'authors: ["a tester"]  #')
        text = text.replace('- method: ""', "- method: manual").replace('status: ""', "status: unchecked")
        path.write_text(text, encoding="utf-8")
    elif kind == "hand_row":
        from ruamel.yaml import YAML

        y = YAML()
        path = root / "formalization.yaml"
        doc = y.load(path.read_text(encoding="utf-8"))
        doc.setdefault("alignment", {}).setdefault("statements", []).append(dict(arg))
        with path.open("w", encoding="utf-8") as out:
            y.dump(doc, out)
    elif kind == "deep_manifest":
        depth = int(arg["depth"])
        (root / arg["path"]).parent.mkdir(parents=True, exist_ok=True)
        (root / arg["path"]).write_text("id: deep\nnote: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    elif kind == "git_base":  # the project committed as the base revision `base`
        for args in (["init", "-q", "-b", "base"], ["config", "user.email", "t@example.com"],
                     ["config", "user.name", "t"], ["add", "-A"], ["commit", "-q", "-m", "base"]):
            subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)
    elif kind == "git_config":  # {key: value}: the project repository's own configuration (.git/config)
        for key, value in arg.items():
            subprocess.run(["git", "-C", str(root), "config", key, ctx.fill(value)], check=True, capture_output=True)
    elif kind == "overlay":  # the fixture's folder `arg` copied over the project (a pull request's head)
        shutil.copytree(FIXTURES / ctx.case / arg, root, dirs_exist_ok=True)
    elif kind == "remove":
        (root / arg).unlink()
    elif kind == "drop_cache":  # a namespace of the (test's own) user cache removed
        shutil.rmtree(Path(ctx.env["CLAIMCHECK_CACHE_DIR"]) / arg, ignore_errors=True)
    elif kind == "rename":  # {from, to}: paths in the project
        (root / arg["to"]).parent.mkdir(parents=True, exist_ok=True)
        (root / arg["from"]).rename(root / arg["to"])
    elif kind == "symlink":  # {link, to}: a link in the project to `to` ({tmp}/... or a path)
        link = root / arg["link"]
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(ctx.fill(arg["to"]))
    elif kind == "secret_outside":
        secret = tmp / "secret.txt"
        secret.write_text(arg["text"], encoding="utf-8")
        (root / arg["link"]).parent.mkdir(parents=True, exist_ok=True)
        (root / arg["link"]).unlink(missing_ok=True)
        (root / arg["link"]).symlink_to(secret)
    else:  # pragma: no cover - a fixture's typo
        raise AssertionError(f"unknown step {kind}")


def _concurrently(root: Path, args: list[str], n: int, env: dict[str, str]) -> subprocess.CompletedProcess:
    """``n`` runs of ``args`` started at once (sharing the user cache); they must all say the same."""
    cmd = [sys.executable, "-P", "-m", "claimcheck.cli", *args, "--root", str(root), "-q"]
    procs = [subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, **env}) for _ in range(n)]
    results = [(p, *p.communicate(timeout=1800)) for p in procs]
    first = results[0]
    for p, out, err in results:
        assert "Traceback" not in err, err
        assert (p.returncode, out) == (first[0].returncode, first[1]), (out[-2000:], first[1][-2000:])
    return subprocess.CompletedProcess(cmd, first[0].returncode, first[1], first[2])


def _check_clean_outputs(root: Path, tmp: Path, ctx: _Context, escaped_as: str | None) -> None:
    """Every output format shows no control character (each is written as ``\\uXXXX``): the text and
    the report's files (``report.json``, ``junit.xml``, ``summary.md``, the HTML pages) of one
    ``check --report``, the GitHub commands, the status table and its JSON; JSON parses, JUnit is
    well-formed XML 1.0, and one of them shows ``escaped_as``."""
    import xml.etree.ElementTree as ET

    from claimcheck.escape import UNSAFE

    report = tmp / "report"
    outputs = {}
    for name, args in (("text", ["check", "--report", str(report)]), ("github", ["check", "--format", "github"]),
                       ("status", ["status", "--no-build"]), ("status-json", ["status", "--json", "--no-build"])):
        done = _cli(root, args, env=ctx.env)
        assert "Traceback" not in done.stderr, (name, done.stderr[-2000:])
        assert done.returncode in (0, 1), (name, done.returncode, done.stderr[-2000:])
        outputs[name] = done.stdout
        for stream in (done.stdout, done.stderr):
            bad = UNSAFE.search(stream)
            assert bad is None, (name, repr(stream[max(0, bad.start() - 80):bad.end() + 80]))
    json.loads(outputs["status-json"])
    files = {p.name: p for p in report.rglob("*") if p.is_file()}
    assert {"report.json", "junit.xml", "summary.md", "index.html"} <= set(files), sorted(files)
    for path in files.values():
        if path.suffix in (".html", ".json", ".md", ".xml", ".txt"):
            text = path.read_text(encoding="utf-8")
            bad = UNSAFE.search(text)
            assert bad is None, (path.name, repr(text[max(0, bad.start() - 80):bad.end() + 80]))
            outputs[path.name] = text
            if path.suffix == ".json":
                json.loads(text)
            if path.suffix == ".xml":
                ET.fromstring(text.encode("utf-8"))
    if escaped_as:
        shown = [name for name, out in outputs.items() if escaped_as in out]
        assert {"text", "github", "report.json", "junit.xml", "summary.md"} <= set(shown), shown


@pytest.mark.parametrize("case", cases.params("trust"))
def test_trust_case(case: cases.Case, tmp_path: Path, toolchain) -> None:
    root = tmp_path / case.name
    shutil.copytree(case.folder, root, ignore=shutil.ignore_patterns("expected.yaml", "head"))
    ctx = _Context(tmp_path, case.name)
    ctx.toolchain = str(toolchain.home)
    try:
        _run_case(case, root, tmp_path, ctx)
    finally:
        ctx.close()


def _run_case(case: cases.Case, root: Path, tmp_path: Path, ctx: _Context) -> None:
    spec = case.expected
    ctx.env.update({k: ctx.fill(v) for k, v in (spec.get("env") or {}).items()})
    for step in spec.get("before") or []:
        _step(step, root, tmp_path, ctx)
    (command,) = spec["run"]
    args = [ctx.fill(a) for a in command]
    if spec.get("concurrent"):
        done = _concurrently(root, args, int(spec["concurrent"]), ctx.env)
    else:
        done = _cli(root, args, timeout=spec.get("timeout", 1800), env=ctx.env)
    assert "Traceback" not in done.stderr, done.stderr
    if spec.get("same_as_no_cache"):
        cold = _cli(root, [*args, "--no-cache"], env=ctx.env)
        assert cold.returncode == done.returncode and cold.stdout == done.stdout, (done.stdout[-3000:], cold.stdout[-3000:])
    for text in spec.get("stdout") or []:
        assert ctx.fill(text) in done.stdout, done.stdout[-3000:]
    if "package_unchanged" in spec or "package_changed" in spec:
        assert ctx.package is not None
        same = _package_digest(ctx.package) == ctx.package_digest
        assert same if spec.get("package_unchanged") else not same
    if spec.get("restored"):  # the tampered outputs are the ones claimcheck built again
        assert ctx.originals
        for path, data in ctx.originals.items():
            assert path.read_bytes() == data, f"{path}: the tampered file was taken as current"
    for path in spec.get("present") or []:
        assert (tmp_path / ctx.fill(path)).exists(), path
    if "no_file_contains" in spec:  # no file of the project (links not followed) holds the text
        needle = ctx.fill(spec["no_file_contains"]).encode()
        for p in root.rglob("*"):
            if p.is_file() and not p.is_symlink():
                assert needle not in p.read_bytes(), p
    for path in spec.get("absent") or []:
        assert not (tmp_path / ctx.fill(path)).exists(), path
    if spec.get("no_connection"):
        assert not ctx.reached, ctx.reached
    if spec.get("no_process"):
        time.sleep(0.5)
        left = []
        for proc in Path("/proc").iterdir():
            try:
                if proc.name.isdigit() and ctx.token.encode() in (proc / "cmdline").read_bytes():
                    left.append(proc.name)
            except OSError:
                continue
        assert not left, f"processes the companion started are still running: {left}"
    if "exit" in spec:
        assert done.returncode == spec["exit"], (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    for text in spec.get("stderr") or []:
        assert text in done.stderr, done.stderr
    for text in spec.get("not_shown") or []:
        assert ctx.fill(text) not in done.stderr + done.stdout
    wants_json = any(k in spec for k in ("paper_claims", "problems", "modules", "statements", "witnesses", "instances"))
    if wants_json:
        data = json.loads(done.stdout)
        verdicts = {f"{p['id']}/{c['id']}": c["verdict"] for p in data["papers"] for c in p["claims"]}
        for key, verdict in (spec.get("paper_claims") or {}).items():
            assert verdicts.get(key) == verdict, verdicts
        case.check_problems([(p["code"], p["message"]) for p in data["problems"]]
                            + [(p["code"], p["message"]) for paper in data["papers"] for c in paper["claims"]
                               for p in c["problems"]])
        ran = {w["id"]: w for w in data["witnesses"]}
        for wid, ok in (spec.get("witnesses") or {}).items():
            assert wid in ran and ran[wid]["ok"] is ok, ran.get(wid)
        states = {m["name"]: m["status"] for m in data["build"]["modules"]}
        for module, state in (spec.get("modules") or {}).items():
            assert states.get(module) == state, states
        printed = {d["name"]: d["statement"] for d in data["declarations"]}
        for decl, text in (spec.get("statements") or {}).items():
            assert printed.get(decl) == text, printed
        checked = {i["decl"]: i["outcome"] for i in data["instances"]}
        for decl, outcome in (spec.get("instances") or {}).items():
            assert checked.get(decl) == outcome, checked
    if "status_json" in spec:
        records = json.loads(done.stdout)["declarations"]
        for module, what in spec["status_json"].items():
            mine = [r for r in records if r["module"] == module]
            if what in ("failed", "stale"):
                assert mine and all(r["status"] == what for r in mine), mine
            else:
                assert mine and all(r["statement"] for r in mine), mine
    if spec.get("clean_outputs"):
        _check_clean_outputs(root, tmp_path, ctx, spec.get("escaped_as"))
    for extra in spec.get("also_run") or []:
        again = _cli(root, [ctx.fill(a) for a in extra["run"]], env=ctx.env)
        assert "Traceback" not in again.stderr, again.stderr
        assert again.returncode == extra["exit"], (again.stdout[-2000:], again.stderr[-2000:])
        for text in extra.get("stdout") or []:
            assert ctx.fill(text) in again.stdout, (text, again.stdout[-3000:])
