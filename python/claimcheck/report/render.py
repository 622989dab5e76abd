"""The browsable report: static HTML pages, ``report.json`` and a Markdown summary.

The gate produces a typed :class:`~claimcheck.model.evidence.GateResult`; :func:`write_report`
renders it into a folder that can be browsed offline (no external URLs)::

    report/
      index.html              papers with counts, overall verdict, build, toolchain
      papers/<paper-id>.html  one page per paper, claim by claim
      declarations.html       every declaration of the project, grouped by module
      assets/style.css
      report.json             the data, pretty-printed
      summary.md              Markdown for CI logs (:func:`render_summary`)
      badge.json              shields.io endpoint badge (:mod:`claimcheck.report.badge`)
      junit.xml               JUnit XML, a test case per claim (:mod:`claimcheck.report.junit`)

Writing is atomic at the folder level: everything is rendered into a temporary sibling folder
which then replaces ``out_dir``; a failure leaves the previous report untouched and removes the
temporary folder.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from claimcheck.errors import ClaimcheckError
from claimcheck.escape import visible
from claimcheck.model.codec import report_to_json
from claimcheck.model.evidence import TIERS, GateResult, InstanceOutcome, Label
from claimcheck.model.facts import STATUS_ORDER
from claimcheck.report import graph, sources
from claimcheck.report.badge import badge
from claimcheck.report.junit import junit_xml
from claimcheck.report.markdown import render_summary
from claimcheck.report.states import CLAIM_STATES, INSTANCE_STATES, MACHINE_CHECKED_TIERS, status_words

REPORT_JSON = "report.json"
SUMMARY_MD = "summary.md"
BADGE_JSON = "badge.json"
JUNIT_XML = "junit.xml"
#: Written into a report folder that a failed run could not replace (its content is out of date).
STALE_MARKER = "STALE.txt"

LABELS = tuple(str(label) for label in Label)
STATUSES = tuple(str(s) for s in reversed(STATUS_ORDER))
#: The statuses as the outputs say them: a proved definition is ``defined`` (``status_words``).
STATUS_WORDS = (STATUSES[0], "defined", *STATUSES[1:])
MODULE_STATUSES = ("built", "up-to-date", "failed", "blocked", "not-built", "stale")

# Paper ids become file names: keep them to a portable, unsurprising alphabet.
_SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class ReportError(ClaimcheckError):
    """The report data cannot be rendered (unsafe paper id, bad folder)."""


def _state_counts(claims: Iterable[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {str(key): 0 for key in CLAIM_STATES}
    for c in claims:
        counts[c["state"]] = counts.get(c["state"], 0) + 1
    return counts


def _declarations_by_module(declarations: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for decl in declarations:
        groups.setdefault(decl.get("module") or "(unknown module)", []).append(decl)
    return [(module, sorted(groups[module], key=lambda d: str(d["name"]))) for module in sorted(groups)]


def _status_counts(decls: Iterable[dict[str, Any]]) -> dict[str, int]:
    """How many declarations say each status word (a definition is ``defined``, not ``proved``:
    the counts are those of the rows below them)."""
    counts = {key: 0 for key in STATUS_WORDS}
    for d in decls:
        word = status_words(d["status"], d.get("is_theorem"))
        counts[word] = counts.get(word, 0) + 1
    return counts


def kernel_chip(decl: dict[str, Any]) -> dict[str, str] | None:
    """How a declaration's kernel verdict shows: its CSS class, words and hover text. The kernel
    checks that a declaration is well-typed, not that it is a proof: on one that rests on `sorry`
    or an axiom, `checked` is said as such, never in the green of a proof."""
    kernel = decl.get("kernel")
    if not kernel:
        return None
    outcome, reason = str(kernel["outcome"]), str(kernel.get("reason") or "")
    status = str(decl.get("status"))
    if outcome == "checked" and status in ("sorry", "axiom", "native", "unsafe"):
        return {"css": "k-typed", "words": "kernel: well-typed, not a proof",
                "title": f"the independent kernel accepts its types; it rests on {status}, so it proves nothing"}
    return {"css": f"k-{outcome}", "words": f"kernel: {outcome}", "title": reason}


# --------------------------------------------------------------------------- HTML


def _short_value(value: Any, limit: int = 160) -> str:
    """A witness detail value as one short line of text (JSON for non-strings)."""
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
        except (TypeError, ValueError):
            text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: How companion code ran, in words (the HTML report's banner).
COMPANION_WORDS = {
    "landlock": "ran in a Landlock sandbox (read the project, write a temporary folder, no network)",
    "bubblewrap": "ran in a bubblewrap sandbox (read the project, write a temporary folder, no network)",
    "unsandboxed": "ran WITHOUT a sandbox, at the user's request (--unsandboxed-companion)",
    "not-run": "did not run: no OS sandbox here (its witnesses did not run, its instances are not cross-checked)",
}


def _css_token(value: Any, known: Iterable[str]) -> str:
    """A class-name suffix for a status-like value: the value if known, else ``other``."""
    return str(value) if value in tuple(known) else "other"


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("claimcheck.report", "templates"),
        autoescape=jinja2.select_autoescape(["html", "htm", "xml"], default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["short_value"] = _short_value
    env.filters["status_class"] = lambda v: _css_token(v, STATUS_WORDS)
    env.globals["kernel_chip"] = kernel_chip
    env.globals["status_words"] = status_words
    env.filters["label_class"] = lambda v: _css_token(v, LABELS)
    env.filters["module_class"] = lambda v: _css_token(v, MODULE_STATUSES)
    env.filters["short_hash"] = lambda v: (str(v)[:12] if v else "")
    env.globals["glyph"] = lambda shape, css="": markupsafe.Markup(graph.glyph(shape, css))
    env.globals["drawn"] = lambda drawing: markupsafe.Markup(drawing.svg)  # built and escaped by graph.to_svg
    env.globals["shapes"] = tuple(graph.Shape)
    env.globals["max_nodes"] = graph.MAX_NODES
    env.globals["machine_checked_tiers"] = MACHINE_CHECKED_TIERS
    return env


def _write(path: Path, text: str) -> None:
    """One file of the report, every control character made visible (:mod:`claimcheck.escape`)."""
    path.write_text(visible(text), encoding="utf-8")


def _render_files(result: GateResult, target: Path, source_root: Path | None = None) -> None:
    """Render every file of the report into the (empty) folder ``target``."""
    env = _environment()
    data = report_to_json(result)  # the templates read the same view that report.json holds
    declarations = data["declarations"]
    strict = result.settings.strict_instances
    instance_states = {str(o): INSTANCE_STATES[(o, strict)] for o in InstanceOutcome}
    failing = [
        {"paper_id": p["id"], "claim_id": c["id"], "label": c["label"], "statement": c["statement"],
         "problems": [pr["message"] for pr in c["problems"] if pr["severity"] == "error"]}
        for p in data["papers"] for c in p["claims"] if c["verdict"] == "fails"
    ]
    common = {
        "generated": str(data["generated"]),
        "ok": bool(data["ok"]),
        "toolchain": data["toolchain"],
        "labels": LABELS,
        "tiers": tuple(str(t) for t in TIERS),
        "statuses": STATUS_WORDS,
        "state_words": {k: v.words for k, v in CLAIM_STATES.items()},
        "state_css": {k: v.css for k, v in CLAIM_STATES.items()},
        "instance_states": instance_states,
        # The project's allow-listed axioms are shown as ordinary; any other is highlighted.
        "std_axioms": frozenset(data["settings"]["allowed_axioms"]),
        "sources_checked": bool(data["settings"]["sources_checked"]),
        # Only these have a row on declarations.html to link to.
        "known_decls": frozenset(str(d["name"]) for d in declarations),
        "project_modules": frozenset(m["name"] for m in data["build"]["modules"] if not m.get("package")),
        # the workspace's required packages and the kernel's treatment of them (every page says it)
        "dependencies": result.settings.dependencies_line(),
        "source_pages": frozenset(),
    }
    papers = [dict(paper, state_counts=_state_counts(paper["claims"])) for paper in data["papers"]]
    seen: set[str] = set()
    for paper in papers:
        if not _SAFE_ID.match(str(paper["id"])):
            raise ReportError(f"paper id {paper['id']!r} cannot be a file name; use letters, digits, '.', '_' and '-'")
        if paper["id"] in seen:
            raise ReportError(f"two papers have the same id {paper['id']!r}; each needs its own page")
        seen.add(paper["id"])

    (target / "assets").mkdir()
    (target / "papers").mkdir()
    if source_root is not None:
        locations = {str(d["name"]): d["location"] for d in declarations if d.get("location")}
        common["source_pages"] = sources.write_source_pages(env, locations, source_root, target, common)
    _write(target / "assets" / "style.css", env.get_template("style.css").render())
    instances = data["instances"]
    instance_counts = {"total": len(instances), "agree": sum(1 for i in instances if i["outcome"] == "agree"),
                       "unchecked": sum(1 for i in instances if i["outcome"] == "not-cross-checked")}
    _write(target / "index.html", env.get_template("index.html").render(
        root="",
        page="index",
        papers=papers,
        totals=dict(data["summary"], all_hold_in_full=result.summary.all_hold_in_full),
        state_counts=_state_counts(c for p in papers for c in p["claims"]),
        failing=failing,
        build=data["build"],
        decl_status_counts=_status_counts(declarations),
        coverages=sorted({str(c.get("coverage") or ("none" if not c.get("formal") else ""))
                          for p in papers for c in p["claims"]} - {""}),
        n_declarations=len(declarations),
        instance_counts=instance_counts,
        project_problems=[{"severity": str(pr["severity"]), "message": str(pr["message"])} for pr in data["problems"]],
        companion=COMPANION_WORDS.get(str(data["settings"].get("companion"))),
        **common,
    ))
    paper_template = env.get_template("paper.html")
    index = graph.Index.of(result)
    for paper, typed in zip(papers, result.papers):
        views = graph.paper_views(typed, result, index=index)
        _write(target / "papers" / f"{paper['id']}.html",
               paper_template.render(root="../", page="paper", paper=paper, views=views, **common))
    _write(target / "declarations.html", env.get_template("declarations.html").render(
        root="",
        page="declarations",
        groups=_declarations_by_module(declarations),
        status_counts=_status_counts(declarations),
        instances=instances,
        **common,
    ))
    _write(target / REPORT_JSON, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    _write(target / SUMMARY_MD, render_summary(result))
    _write(target / BADGE_JSON, json.dumps(badge(result)) + "\n")
    _write(target / JUNIT_XML, junit_xml(result))


def mark_stale(out_dir: Path, why: str) -> None:
    """Mark an earlier report in ``out_dir`` as out of date (a run failed before writing a new one):
    its ``report.json`` is removed, so nothing reads its verdicts as current, and ``STALE.txt`` says
    why; the pages stay for a reader, under a note."""
    out_dir = Path(out_dir)
    if not (out_dir / REPORT_JSON).is_file():
        return
    (out_dir / REPORT_JSON).unlink(missing_ok=True)
    for name in (BADGE_JSON, JUNIT_XML, SUMMARY_MD):
        (out_dir / name).unlink(missing_ok=True)
    _write(out_dir / STALE_MARKER, f"This report is out of date: {why}\n")


def _check_replaceable(out_dir: Path) -> None:
    """Refuse to replace a folder that is not an earlier report (it might be anything)."""
    if not out_dir.exists() and not out_dir.is_symlink():
        return
    if out_dir.is_symlink() or not out_dir.is_dir():
        raise ReportError(f"{out_dir}: exists and is not a folder; remove it or choose another")
    if any(out_dir.iterdir()) and not (out_dir / REPORT_JSON).is_file() and not (out_dir / STALE_MARKER).is_file():
        raise ReportError(
            f"{out_dir}: folder is not empty and holds no {REPORT_JSON}, so it is not an earlier "
            "report; refusing to replace it (remove it or choose another output folder)"
        )


def write_report(result: GateResult, out_dir: Path, source_root: Path | None = None) -> Path:
    """Render the gate's ``result`` into ``out_dir`` and return ``out_dir``.

    Writes ``index.html``, ``papers/<paper-id>.html``, ``declarations.html``,
    ``assets/style.css``, ``report.json`` and ``summary.md``. Everything is rendered into a
    temporary sibling folder first, which then replaces ``out_dir`` by rename: on any error the
    previous report stays as it was and the temporary folder is removed. With ``source_root``
    (the project root), the Lean files the declarations come from are rendered into
    ``source/<file>.html`` with line anchors, and declarations link to their lines. Raises
    :class:`ReportError` when ``out_dir`` is a folder that is not an earlier report.
    """
    out_dir = Path(out_dir).absolute()
    _check_replaceable(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.tmp-", dir=out_dir.parent))
    try:
        _render_files(result, tmp, source_root)
        os.chmod(tmp, 0o755)  # mkdtemp makes it 0700; a report is meant to be shared
    except jinja2.TemplateError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise ReportError(f"cannot render the report: {exc}") from exc
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _swap_in(tmp, out_dir)
    return out_dir


def _swap_in(tmp: Path, out_dir: Path) -> None:
    """Move the finished folder ``tmp`` to ``out_dir``, replacing an earlier report."""
    if not out_dir.exists():
        os.rename(tmp, out_dir)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=out_dir.parent))
    os.rmdir(old)  # only the unique name is wanted: rename needs a free target
    os.rename(out_dir, old)
    try:
        os.rename(tmp, out_dir)
    except BaseException:
        os.rename(old, out_dir)  # put the previous report back
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    shutil.rmtree(old, ignore_errors=True)
