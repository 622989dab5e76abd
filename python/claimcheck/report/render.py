"""The browsable report: static HTML pages, ``report.json`` and a Markdown summary.

The gate produces a typed :class:`~claimcheck.claims.model.GateResult`; :func:`write_report`
renders it into a folder that can be browsed offline (no external URLs)::

    report/
      index.html              papers with counts, overall verdict, build, toolchain
      papers/<paper-id>.html  one page per paper, claim by claim
      declarations.html       every declaration of the project, grouped by module
      assets/style.css
      report.json             the data, pretty-printed
      summary.md              Markdown for CI logs (:func:`render_summary`)
      badge.json              shields.io endpoint badge (:func:`claimcheck.report.ci_formats.badge`)
      junit.xml               JUnit XML, a test case per claim (:mod:`claimcheck.report.ci_formats`)

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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from claimcheck.errors import ClaimcheckError
from claimcheck.claims.model import GateResult
from claimcheck.report import ci_formats, graph, sources

REPORT_JSON = "report.json"
SUMMARY_MD = "summary.md"
BADGE_JSON = "badge.json"
JUNIT_XML = "junit.xml"

LABELS = ("theorem", "conditional", "measurement", "conjecture")
VERDICTS = ("holds", "fails", "informal")
#: Evidence tiers, strongest first (:class:`claimcheck.claims.model.Tier`); each counted apart.
TIERS = ("kernel-rechecked", "compiled", "numerical", "informal", "broken")
STATUSES = ("proved", "trusted", "sorry", "axiom", "native", "missing", "failed")
MODULE_STATUSES = ("built", "skipped", "failed", "blocked")

# Paper ids become file names: keep them to a portable, unsurprising alphabet.
_SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class ReportError(ClaimcheckError):
    """The report data cannot be rendered (missing key, wrong type, unsafe paper id, bad folder)."""


@dataclass(frozen=True)
class FailingClaim:
    """A claim whose verdict is ``fails``, with where to find it."""

    paper_id: str
    paper_title: str
    claim_id: str
    label: str
    statement: str
    problems: tuple[str, ...]


# --------------------------------------------------------------------------- derived views


def _count(values: Iterable[str], known: Iterable[str]) -> dict[str, int]:
    counts = {key: 0 for key in known}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts


def paper_counts(paper: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """The paper's counts by label and by verdict: the gate's if given, else counted here."""
    claims = paper.get("claims") or []
    computed = {
        "by_label": _count((c["label"] for c in claims), LABELS),
        "by_verdict": _count((c["verdict"] for c in claims), VERDICTS),
        "by_tier": _count((c.get("tier", "informal") for c in claims), TIERS),
    }
    given = paper.get("counts") or {}
    return {key: {**computed[key], **(given.get(key) or {})} for key in computed}


def overall_summary(data: Mapping[str, Any]) -> dict[str, Any]:
    """Totals over all papers: the gate's ``summary`` if given, completed by counting here."""
    papers = data.get("papers") or []
    claims = [claim for paper in papers for claim in paper.get("claims") or []]
    computed: dict[str, Any] = {
        "papers": len(papers),
        "claims": len(claims),
        "by_label": _count((c["label"] for c in claims), LABELS),
        "by_verdict": _count((c["verdict"] for c in claims), VERDICTS),
        "by_tier": _count((c.get("tier", "informal") for c in claims), TIERS),
    }
    given = data.get("summary") or {}
    merged = dict(computed)
    for key, value in given.items():
        if key in ("by_label", "by_verdict", "by_tier") and isinstance(value, Mapping):
            merged[key] = {**computed[key], **value}
        else:
            merged[key] = value
    return merged


def failing_claims(data: Mapping[str, Any]) -> list[FailingClaim]:
    """Every claim whose verdict is ``fails``, in report order."""
    failing = []
    for paper in data.get("papers") or []:
        for claim in paper.get("claims") or []:
            if claim["verdict"] == "fails":
                failing.append(
                    FailingClaim(
                        paper_id=paper["id"],
                        paper_title=paper["title"],
                        claim_id=str(claim["id"]),
                        label=claim["label"],
                        statement=claim["statement"],
                        problems=tuple(str(p) for p in claim.get("problems") or []),
                    )
                )
    return failing


def declarations_by_module(data: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """The project's declarations grouped by module (modules and names sorted)."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for decl in data.get("declarations") or []:
        groups.setdefault(decl.get("module") or "(unknown module)", []).append(decl)
    return [
        (module, sorted(groups[module], key=lambda d: str(d["name"])))
        for module in sorted(groups)
    ]


def _status_counts(decls: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    return _count((d["status"] for d in decls), STATUSES)


# --------------------------------------------------------------------------- Markdown


def _md_cell(value: Any) -> str:
    """One Markdown table cell: on one line, with pipes escaped."""
    text = " ".join(str(value).split())
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _md_line(value: Any) -> str:
    return " ".join(str(value).split())


def render_summary(result: GateResult) -> str:
    """The Markdown summary for CI logs: overall verdict, a table of papers by counts, then each
    failing claim with its problems."""
    data = result.to_json()
    totals = overall_summary(data)
    failing = failing_claims(data)
    lines = ["# claimcheck report", ""]
    if data["ok"]:
        lines.append("**Verdict: all claims hold as labelled.**")
    else:
        lines.append(f"**Verdict: NOT all claims hold** ({len(failing)} failing).")
    lines.append("")
    toolchain = data.get("toolchain") or {}
    lines.append(f"- generated: {_md_line(data['generated'])}")
    if toolchain:
        lines.append(
            f"- toolchain: {_md_line(toolchain.get('kind', '?'))}, "
            f"{_md_line(toolchain.get('version', '?'))}"
        )
    build = data.get("build")
    if build is not None:
        modules = build.get("modules") or []
        bad = [m for m in modules if m["status"] in ("failed", "blocked")]
        state = "ok" if build.get("ok", not bad) else "FAILED"
        lines.append(f"- build: {state} ({len(modules)} modules, {len(bad)} failed or blocked)")
    by_label = totals["by_label"]
    by_verdict = totals["by_verdict"]
    lines.append(
        f"- {totals['papers']} papers, {totals['claims']} claims: "
        + ", ".join(f"{by_label.get(k, 0)} {k}" for k in LABELS)
        + "; "
        + ", ".join(f"{by_verdict.get(k, 0)} {k}" for k in VERDICTS)
    )
    by_tier = totals["by_tier"]
    lines.append("- evidence: " + ", ".join(f"{by_tier.get(k, 0)} {k}" for k in TIERS))
    lines.append("")
    lines.append("## Papers")
    lines.append("")
    header = ["paper", "claims", *LABELS, *VERDICTS]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" + "---:|" * (len(header) - 1))
    for paper in data["papers"]:
        counts = paper_counts(paper)
        row = [_md_cell(paper["id"]), str(len(paper["claims"]))]
        row += [str(counts["by_label"].get(k, 0)) for k in LABELS]
        row += [str(counts["by_verdict"].get(k, 0)) for k in VERDICTS]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    lines.append("## Failing claims")
    lines.append("")
    if not failing:
        lines.append("None.")
    for claim in failing:
        lines.append(f"- **{_md_line(claim.paper_id)} / {_md_line(claim.claim_id)}** "
                     f"({_md_line(claim.label)}): {_md_line(claim.statement)}")
        if claim.problems:
            for problem in claim.problems:
                lines.append(f"  - {_md_line(problem)}")
        else:
            lines.append("  - (no problem recorded)")
    flagged = [(p, c) for p in data["papers"] for c in p["claims"] if c.get("warnings")]
    if flagged:
        lines.append("")
        lines.append("## Flagged for review")
        lines.append("")
        for paper, claim in flagged:
            for warning in claim["warnings"]:
                lines.append(f"- **{_md_line(paper['id'])} / {_md_line(claim['id'])}**: {_md_line(warning)}")
    lines.append("")
    return "\n".join(lines)


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
    env.filters["status_class"] = lambda v: _css_token(v, STATUSES)
    env.filters["verdict_class"] = lambda v: _css_token(v, VERDICTS)
    env.filters["label_class"] = lambda v: _css_token(v, LABELS)
    env.filters["module_class"] = lambda v: _css_token(v, MODULE_STATUSES)
    env.filters["short_hash"] = lambda v: (str(v)[:12] if v else "")
    return env


def _render_files(result: GateResult, target: Path, source_root: Path | None = None) -> None:
    """Render every file of the report into the (empty) folder ``target``."""
    env = _environment()
    data = result.to_json()  # the templates read the same view that report.json holds
    totals = overall_summary(data)
    failing = failing_claims(data)
    toolchain = data.get("toolchain") or {}
    build = data.get("build")
    declarations = data.get("declarations") or []
    common = {
        "generated": str(data["generated"]),
        "ok": bool(data["ok"]),
        "toolchain": toolchain,
        "labels": LABELS,
        "verdicts": VERDICTS,
        "tiers": TIERS,
        "statuses": STATUSES,
        # The project's allow-listed axioms are shown as ordinary; any other is highlighted.
        "std_axioms": frozenset(data["allowed_axioms"]),
        "sources_checked": bool(data["sources_checked"]),
        # Only these have a row on declarations.html to link to.
        "known_decls": frozenset(str(d["name"]) for d in declarations),
        # Source positions, linked to a rendered copy of the file when the sources are at hand.
        "locations": data.get("locations") or {},
        "source_pages": frozenset(),
    }
    papers = [dict(paper, counts=paper_counts(paper)) for paper in data["papers"]]
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
        common["source_pages"] = sources.write_source_pages(env, common["locations"], source_root, target, common)
    (target / "assets" / "style.css").write_text(
        env.get_template("style.css").render(), encoding="utf-8"
    )
    (target / "index.html").write_text(
        env.get_template("index.html").render(
            root="",
            page="index",
            papers=papers,
            totals=totals,
            failing=failing,
            build=build,
            decl_status_counts=_status_counts(declarations),
            coverages=sorted({str(c.get("coverage") or ("none" if not c.get("formal") else ""))
                              for p in papers for c in p["claims"]} - {""}),
            n_declarations=len(declarations),
            **common,
        ),
        encoding="utf-8",
    )
    paper_template = env.get_template("paper.html")
    for paper in papers:
        svg, drawn = graph.paper_svg(paper, data)
        (target / "papers" / f"{paper['id']}.html").write_text(
            paper_template.render(root="../", page="paper", paper=paper, graph_svg=markupsafe.Markup(svg),
                                  graph_omitted=drawn.omitted, graph_namespace=drawn.namespace, **common),
            encoding="utf-8",
        )
    (target / "declarations.html").write_text(
        env.get_template("declarations.html").render(
            root="",
            page="declarations",
            groups=declarations_by_module(data),
            status_counts=_status_counts(declarations),
            instances=data.get("instances") or [],
            **common,
        ),
        encoding="utf-8",
    )
    (target / REPORT_JSON).write_text(
        json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8"
    )
    (target / SUMMARY_MD).write_text(render_summary(result), encoding="utf-8")
    (target / BADGE_JSON).write_text(json.dumps(ci_formats.badge(result)) + "\n", encoding="utf-8")
    (target / JUNIT_XML).write_text(ci_formats.junit_xml(result), encoding="utf-8")


def _check_replaceable(out_dir: Path) -> None:
    """Refuse to replace a folder that is not an earlier report (it might be anything)."""
    if not out_dir.exists() and not out_dir.is_symlink():
        return
    if out_dir.is_symlink() or not out_dir.is_dir():
        raise ReportError(f"{out_dir}: exists and is not a folder; remove it or choose another")
    if any(out_dir.iterdir()) and not (out_dir / REPORT_JSON).is_file():
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
