"""The browsable report: files, report.json, summary.md, escaping, atomic replacement, and the
pages as a headless Chromium shows them (console, links, badges, collapsibles, screenshots).

The sample data (``tests/fixtures/report/sample.json``, ``claimcheck.report/2``) has the shape the
gate produces and covers every verdict (holds in full and for a special case, stated, fails,
informal), every declaration status (proved, trusted, sorry, axiom, native, missing, failed), every
module build status, pinned/changed/unpinned fingerprints, a statement with ``<script>`` in it, and
an unknown extra key.
"""

from __future__ import annotations

import copy
import json
import struct
import zlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markupsafe import escape

from claimcheck.model.codec import ModelError, report_from_json, report_to_json
from claimcheck.model.evidence import Verdict
from claimcheck.report import markdown
from claimcheck.report import render as report
from claimcheck.report.render import ReportError, render_summary, write_report
from claimcheck.report.states import CLAIM_STATES, INSTANCE_STATES

SAMPLE = Path(__file__).resolve().parent / "fixtures" / "report" / "sample.json"
#: Browser tests: they fail (never skip) where Chromium is missing; the README says how to get it.
needs_chromium = pytest.mark.browser

_SAMPLE_DATA = json.loads(SAMPLE.read_text(encoding="utf-8"))


@pytest.fixture
def sample() -> dict:
    return copy.deepcopy(_SAMPLE_DATA)


@pytest.fixture
def written(sample: dict, tmp_path: Path) -> Path:
    return write(sample, tmp_path / "report")


def write(data: dict, out: Path) -> Path:
    """The report of ``data`` (report.json content) read back as the gate's typed result."""
    return write_report(report_from_json(data), out)


def summary_of(data: dict) -> str:
    return render_summary(report_from_json(data))


def esc(text: str) -> str:
    """Text as the templates' autoescaping writes it."""
    return str(escape(text))


def _claims(data: dict):
    for paper in data["papers"]:
        for claim in paper["claims"]:
            yield paper, claim


def _siblings(out_dir: Path) -> list[str]:
    return sorted(p.name for p in out_dir.parent.iterdir() if p.name != out_dir.name)


# --------------------------------------------------------------------------- the sample itself


def test_sample_covers_every_verdict_status_and_label():
    claims = [claim for _, claim in _claims(_SAMPLE_DATA)]
    assert {c["verdict"] for c in claims} == {str(v) for v in Verdict}
    assert {c["label"] for c in claims} == set(report.LABELS)
    statuses = {f["facts"]["status"] for c in claims for f in c["formal"]}
    assert statuses == set(report.STATUSES)
    modules = {m["status"] for m in _SAMPLE_DATA["build"]["modules"]}
    assert modules == set(report.MODULE_STATUSES)


# --------------------------------------------------------------------------- files


def test_write_report_writes_every_file(written: Path, sample: dict):
    assert written.is_dir()
    files = ("index.html", "declarations.html", "assets/style.css", "report.json", "summary.md", "badge.json", "junit.xml")
    for name in files:
        assert (written / name).is_file(), name
        assert (written / name).stat().st_size > 0, name
    pages = sorted(p.name for p in (written / "papers").iterdir())
    assert pages == sorted(f"{paper['id']}.html" for paper in sample["papers"])
    assert written.stat().st_mode & 0o777 == 0o755
    assert _siblings(written) == []  # no temporary or backup folder left behind


def test_report_json_round_trips(written: Path, sample: dict):
    saved = json.loads((written / "report.json").read_text(encoding="utf-8"))
    assert report_from_json(saved) == report_from_json(sample)
    assert saved == report_to_json(report_from_json(sample))
    assert "\n  " in (written / "report.json").read_text(encoding="utf-8")  # pretty-printed


def test_index_shows_banner_counts_time_toolchain_and_papers(written: Path, sample: dict):
    page = (written / "index.html").read_text(encoding="utf-8")
    # the banner says the gate's verdict and how much holds, of how many (issue 25)
    headline = report_from_json(sample).summary.headline()
    assert f"Gate fails: {esc(headline)}" in page and 'class="banner notok"' in page
    assert sample["generated"] in page
    assert esc(sample["toolchain"]["version"]) in page
    for paper in sample["papers"]:
        assert f'href="papers/{paper["id"]}.html"' in page
        assert esc(paper["title"]) in page
    # every failing claim is listed with a link to its anchor and its problems
    for paper, claim in _claims(sample):
        if claim["verdict"] == "fails":
            assert f'href="papers/{paper["id"]}.html#claim-{claim["id"]}"' in page
            for problem in claim["problems"]:
                if problem["severity"] == "error":
                    assert esc(problem["message"]) in page
    # the build table shows the first error of the failed module
    assert esc("unknown identifier 'tellTale'") in page


def test_index_banner_when_the_gate_passes(sample: dict, tmp_path: Path):
    # a passing gate with a special case and an informal claim: the banner says so, never "all hold"
    sample["ok"] = True
    sample["papers"] = sample["papers"][:1]
    sample["problems"] = []  # a passing gate has no project-level error
    out = write(sample, tmp_path / "r")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert ("Gate passes: 1 in full, 1 special case, 0 proof cores, 0 reconstructions of 3 claims hold; 1 not formalised"
            in page)
    assert 'class="banner partial"' in page
    assert "Gate fails" not in page and "all 3 claims hold" not in page
    assert 'id="failing"' not in page
    # only when every claim holds in full does it say so
    sample["papers"][0]["claims"] = sample["papers"][0]["claims"][:1]
    page = (write(sample, tmp_path / "r2") / "index.html").read_text(encoding="utf-8")
    assert "Gate passes: all 1 claims hold in full" in page and 'class="banner ok"' in page


def test_paper_page_shows_claims_declarations_witnesses_and_source(written: Path, sample: dict):
    for paper in sample["papers"]:
        page = (written / "papers" / f"{paper['id']}.html").read_text(encoding="utf-8")
        for source in paper["sources"]:
            assert source["file"] in page
            assert f"line {source['line']}" in page
            assert esc(source["text"]) in page
        for claim in paper["claims"]:
            assert f'id="claim-{claim["id"]}"' in page
            assert esc(claim["statement"]) in page
            state = CLAIM_STATES[claim["state"]]
            assert (f'class="badge verdict v-{state.css}" data-state="{claim["state"]}">{state.words}<' in page)
            for hypothesis in claim["hypotheses"]:
                assert esc(hypothesis) in page
            for problem in claim["problems"]:
                assert esc(problem["message"]) in page
            for formal in claim["formal"]:
                facts = formal["facts"]
                assert f'class="badge status s-{facts["status"]}">{facts["status"]}<' in page
                assert esc(formal["decl"]) in page
                if facts["statement"]:
                    assert f'<pre class="lean">{esc(facts["statement"])}</pre>' in page
                if facts["status"] not in ("missing", "failed"):
                    for axiom in facts["axioms"]:
                        assert f">{axiom}</span>" in page
                    if facts["boundary"]:
                        n = len(facts["boundary"])
                        assert f"<summary>{n} constants</summary>" in page
            for witness in claim["witnesses"]:
                assert witness["id"] in page
                assert esc(witness["summary"]) in page
                for key in witness["details"]:
                    assert f"<dt>{key}</dt>" in page
            if not claim["formal"]:
                assert f'class="chip reason">{claim["reason"]}<' in page
                if claim["note"]:
                    assert esc(claim["note"]) in page


def test_fingerprints_expected_vs_built(written: Path):
    page = (written / "papers" / "pldr-llm-power-law-attention.html").read_text(encoding="utf-8")
    # c1: pinned 1a2b..., built 3c4d... -> "changed" with both shown
    c1 = page.split('id="claim-c1"')[1].split('id="claim-c2"')[0]
    assert "fp-bad" in c1 and ">changed<" in c1
    assert "1a2b3c4d5e6f" in c1 and "3c4d5e6f7081" in c1
    simplex = (written / "papers" / "simplex-transformer-one-nn.html").read_text(encoding="utf-8")
    assert ">matches<" in simplex and ">not pinned<" in simplex


def test_instance_checks_manifest_and_counts_are_shown(written: Path, sample: dict):
    page = (written / "papers" / "pldr-llm-power-law-attention.html").read_text(encoding="utf-8")
    c2 = page.split('id="claim-c2"')[1].split('id="claim-c3"')[0]
    assert "<dt>Instance check</dt>" in c2 and ">disagree<" in c2
    assert "<code>4.25000001</code>" in c2 and "Lean 17/4 but Python 4.25000001" in c2
    assert "manifest <code>manifests/pldr-llm-power-law-attention.yaml</code>" in page
    index = (written / "index.html").read_text(encoding="utf-8")
    assert "1 of 2 agree with the Python recomputation" in index
    decls = (written / "declarations.html").read_text(encoding="utf-8")
    assert "Lean 17/4 but Python 4.25000001" in decls


def test_long_witness_detail_is_shortened(written: Path):
    page = (written / "papers" / "pldr-llm-power-law-attention.html").read_text(encoding="utf-8")
    assert "x" * 400 not in page
    assert "x" * 159 + "…" in page
    assert esc('"failures": 2') not in page  # details are rendered as a list, not raw JSON
    assert "<dt>failures</dt>" in page


def test_non_standard_axioms_are_highlighted(written: Path):
    page = (written / "papers" / "pldr-llm-power-law-attention.html").read_text(encoding="utf-8")
    assert 'class="chip axiom nonstd">sorryAx<' in page
    assert 'class="chip axiom nonstd">MLTheory.nilpotent_axiom<' in page
    assert 'class="chip axiom">propext<' in page


def test_declarations_page_groups_by_module(written: Path, sample: dict):
    page = (written / "declarations.html").read_text(encoding="utf-8")
    modules = sorted({d["module"] for d in sample["declarations"]})
    positions = [page.index(f'<section class="module" id="module-{m}">') for m in modules]
    assert positions == sorted(positions)
    for decl in sample["declarations"]:
        section = page.split(f'id="module-{decl["module"]}"')[1].split("</section>")[0]
        row = section.split(f'id="decl-{esc(decl["name"])}"')[1].split("</tr>")[0]
        assert f">{decl['status']}<" in row
        assert f">{decl['kind']}<" in row
        for axiom in decl["axioms"]:
            assert f">{axiom}</span>" in row
    for instance in sample["instances"]:
        assert instance["decl"] in page and instance["python_value"] in page


def test_statement_with_script_is_shown_as_text(written: Path, sample: dict):
    page = (written / "papers" / "pldr-llm-power-law-attention.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#39;xss&#39;)&lt;/script&gt;" in page
    assert "&lt;b&gt;bold&lt;/b&gt;" in page
    for path in written.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        # the only script is the index's own filter script; statements never become markup
        assert text.lower().count("<script") == (1 if path.name == "index.html" else 0), path
        assert "<script>alert" not in text, path
        assert "<b>" not in text, path


class _LinkCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        for key in ("href", "src"):
            if attributes.get(key):
                self.links.append(attributes[key])


def _parse(path: Path) -> _LinkCollector:
    collector = _LinkCollector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def test_every_link_is_local_and_resolves(written: Path):
    parsed = {path: _parse(path) for path in written.rglob("*.html")}
    checked = 0
    for path, page in parsed.items():
        for link in page.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{path.name}: external link {link}"
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            assert target.is_file(), f"{path.name}: broken link {link}"
            if parts.fragment:
                assert target in parsed, f"{path.name}: fragment into a non-HTML file {link}"
                assert unquote(parts.fragment) in parsed[target].ids, f"{path.name}: {link}"
            checked += 1
    assert checked > 30
    css = (written / "assets" / "style.css").read_text(encoding="utf-8")
    assert "url(" not in css and "@import" not in css


# --------------------------------------------------------------------------- summary.md


def test_summary_lists_verdict_table_and_failing_claims(sample: dict):
    text = summary_of(sample)
    headline = report_from_json(sample).summary.headline()
    assert f"**Gate FAILS: {headline}.**" in text
    header = ("| paper | claims | in full | special case | proof core | reconstruction | numerical | open |"
              " not formalised | fail |")
    assert header in text
    assert "| pldr-llm-power-law-attention | 5 | 0 | 0 | 0 | 0 | 0 | 1 | 1 | 3 |" in text
    assert "| simplex-transformer-one-nn | 3 | 1 | 1 | 0 | 0 | 0 | 0 | 1 | 0 |" in text
    failing_section = text.split("## Failures")[1].split("## Flagged and noted")[0]
    for paper, claim in _claims(sample):
        entry = f"**{paper['id']} / {claim['id']}**"
        if claim["verdict"] == "fails":
            assert entry in failing_section
            for problem in claim["problems"]:
                assert f"{entry} ({claim['label']}): {problem['message']}" in failing_section
        else:
            assert entry not in failing_section
    # what is flagged (warnings) and noted (a special case, an open statement) is listed after
    noted = text.split("## Flagged and noted")[1]
    assert "**pldr-llm-power-law-attention / c5** (formalised, open)" in noted
    assert "**simplex-transformer-one-nn / c2** (holds for a special case)" in noted


def test_summary_when_the_gate_passes_and_table_cells_escaped(sample: dict):
    sample["ok"] = True
    sample["papers"] = sample["papers"][:1]
    sample["problems"] = []  # a passing gate has no project-level error
    sample["summary"] = {}
    text = summary_of(sample)
    assert ("**Gate passes: 1 in full, 1 special case, 0 proof cores, 0 reconstructions of 3 claims hold; 1 not formalised.**"
            in text)
    assert "## Failures\n\nNone." in text
    assert markdown._cell("a|b\nc") == "a\\|b c"


def test_summary_md_file_matches_render_summary(written: Path, sample: dict):
    assert (written / "summary.md").read_text(encoding="utf-8") == summary_of(sample)


# --------------------------------------------------------------------------- data handling


def test_minimal_data_without_optional_keys_renders(tmp_path: Path):
    data = {
        "schema": "claimcheck.report/2",
        "generated": "2026-11-29T21:00:00Z",
        "ok": True,
        "toolchain": {"kind": "wasm", "version": "4.28.0"},
        "build": {"ok": True},
        "papers": [
            {
                "id": "p",
                "title": "T",
                "manifest": "manifests/p.yaml",
                "claims": [{"id": "c1", "label": "theorem", "statement": "s", "verdict": "informal", "tier": "informal"}],
            }
        ],
        "something_new": 1,
    }
    out = write(data, tmp_path / "r")
    page = (out / "papers" / "p.html").read_text(encoding="utf-8")
    assert ">not formalised<" in page and "No formal statement" in page
    assert "| p | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |" in (out / "summary.md").read_text()
    assert "No declarations reported." in (out / "declarations.html").read_text()


def test_unknown_status_or_verdict_is_refused_on_reading(sample: dict, tmp_path: Path):
    # statuses are the model's enum (issue 22): a status it does not know is refused, as a verdict is
    bad = copy.deepcopy(sample)
    bad["papers"][0]["claims"][0]["formal"][0]["facts"]["status"] = "timeout"
    with pytest.raises(ModelError, match="not a valid Status"):
        write(bad, tmp_path / "r")
    sample["papers"][0]["claims"][0]["verdict"] = "unknown"  # not a verdict: refused on reading
    with pytest.raises(ModelError, match="not a valid Verdict"):
        write(sample, tmp_path / "r2")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("mutate", "error", "message"),
    [
        (lambda d: d.pop("papers"), ModelError, '"papers"'),
        (lambda d: d["papers"][1]["claims"][2].pop("verdict"), ModelError, '"papers.claims.verdict"'),
        (lambda d: d["papers"][0]["claims"][0]["formal"][0]["facts"].pop("status"), ModelError,
         '"papers.claims.formal.facts.status"'),
        (lambda d: d["papers"][0].__setitem__("claims", "c1"), ModelError, '"papers.claims"'),
        (lambda d: d["papers"][0]["claims"][0].__setitem__("label", "lemma"), ModelError, "not a valid Label"),
        (lambda d: d["papers"][0].__setitem__("id", "../evil"), ReportError, "cannot be a file name"),
        (lambda d: d["papers"][1].__setitem__("id", d["papers"][0]["id"]), ReportError, "have the same id"),
        (lambda d: d["declarations"][0].pop("name"), ModelError, '"declarations.name"'),
    ],
)
def test_invalid_data_is_refused_with_the_path_of_the_problem(sample, tmp_path, mutate, error, message):
    mutate(sample)
    with pytest.raises(error) as info:
        write(sample, tmp_path / "r")
    assert message in str(info.value)
    assert not (tmp_path / "r").exists()
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- atomic replacement


def test_replaces_an_earlier_report(sample: dict, tmp_path: Path):
    out = tmp_path / "report"
    write(sample, out)
    (out / "papers" / "stale-paper.html").write_text("old")
    sample["ok"] = True
    write(sample, out)
    assert not (out / "papers" / "stale-paper.html").exists()
    assert json.loads((out / "report.json").read_text())["ok"] is True
    assert _siblings(out) == []


def test_missing_key_leaves_the_old_report_in_place(sample: dict, tmp_path: Path):
    out = write(sample, tmp_path / "report")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    broken = copy.deepcopy(sample)
    del broken["papers"][0]["claims"][1]["statement"]
    with pytest.raises(ModelError, match="papers.claims.statement"):
        write(broken, out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert _siblings(out) == []


def test_failure_midway_through_rendering_leaves_old_report_and_no_temp(
    sample, tmp_path, monkeypatch
):
    out = write(sample, tmp_path / "report")
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    written_before_failure: list[Path] = []

    def failing_summary(data):
        # the HTML pages are already in the temporary folder when this runs
        written_before_failure.extend(tmp_path.glob(".report.tmp-*/papers/*.html"))
        raise RuntimeError("disk full")

    monkeypatch.setattr(report, "render_summary", failing_summary)
    sample["ok"] = True
    with pytest.raises(RuntimeError, match="disk full"):
        write(sample, out)
    assert len(written_before_failure) == len(sample["papers"])
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert _siblings(out) == []


def test_refuses_to_replace_a_folder_that_is_not_a_report(sample: dict, tmp_path: Path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("precious")
    with pytest.raises(ReportError, match="not an earlier report"):
        write(sample, out)
    assert (out / "thesis.tex").read_text() == "precious"
    assert _siblings(out) == []
    empty = tmp_path / "empty"
    empty.mkdir()
    assert write(sample, empty) == empty.absolute()
    (tmp_path / "file").write_text("x")
    with pytest.raises(ReportError, match="not a folder"):
        write(sample, tmp_path / "file")


def test_creates_missing_parent_folders(sample: dict, tmp_path: Path):
    out = write(sample, tmp_path / "a" / "b" / "report")
    assert (out / "index.html").is_file()


# --------------------------------------------------------------------------- in a browser


class _Watch:
    """Console errors, page errors, dialogs and non-local requests of one page."""

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.errors.append(f"request failed: {r.url}"))
        page.on("dialog", lambda d: (self.errors.append(f"dialog: {d.message}"), d.dismiss()))
        page.on("request", lambda r: self.requests.append(r.url))

    def check(self) -> None:
        assert self.errors == []
        assert self.requests, "no request seen"
        assert all(url.startswith("file://") for url in self.requests), self.requests

    def _console(self, message) -> None:
        if message.type in ("error", "warning"):
            self.errors.append(f"console {message.type}: {message.text}")


@needs_chromium
def test_browser_index_links_to_paper_with_badges(browser, written: Path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    watch = _Watch(page)
    page.goto((written / "index.html").as_uri())
    assert page.title().startswith("claimcheck report")
    assert page.locator("#verdict h1").inner_text().strip().startswith("Gate fails: 1 in full, 1 special case")
    # the stylesheet is applied: holds and fails badges are coloured differently
    background = "e => getComputedStyle(e).backgroundColor"
    holds_bg = page.locator("#verdict .badge.v-holds").evaluate(background)
    fails_bg = page.locator("#verdict .badge.v-fails").evaluate(background)
    assert holds_bg != fails_bg and "rgba(0, 0, 0, 0)" not in (holds_bg, fails_bg)

    page.get_by_role("link", name="One-layer transformers with simplex-encoded labels").click()
    page.wait_for_load_state()
    assert page.url.endswith("/papers/simplex-transformer-one-nn.html")
    claim = page.locator("#claim-c1")
    assert claim.locator(".badge.verdict").inner_text().strip() == "holds in full"
    assert claim.locator(".badge.status").first.inner_text().strip() == "proved"
    assert page.locator("#claim-c3 .badge.verdict").inner_text().strip() == "not formalised"

    # the abstract is collapsed until its summary is clicked
    abstract = page.locator("details.seed blockquote.abstract")
    assert not abstract.is_visible()
    page.locator("details.seed summary").click()
    assert abstract.is_visible()
    assert "one-nearest-neighbour rule and an argmax head" in abstract.inner_text()

    # a declaration name leads to its row on the declarations page
    claim.locator("a.decl-name").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("declarations.html#decl-MLTheory.simplexCode_sqDist_eq_two")
    row = page.locator('[id="decl-MLTheory.simplexCode_sqDist_eq_two"]')
    assert row.locator(".badge.status").inner_text().strip() == "proved"
    watch.check()
    page.close()


@needs_chromium
def test_browser_failing_claim_page_shows_script_as_text(browser, written: Path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    watch = _Watch(page)
    page.goto((written / "index.html").as_uri())
    page.locator("#failing a", has_text="pldr-llm-power-law-attention / c2").click()
    page.wait_for_load_state()
    assert page.url.endswith("/papers/pldr-llm-power-law-attention.html#claim-c2")
    c2 = page.locator("#claim-c2")
    assert c2.locator(".badge.verdict").inner_text().strip() == "fails"
    badges = c2.locator(".decl .badge.status").all_inner_texts()
    assert [b.strip() for b in badges] == ["sorry", "native", "unsafe"]
    assert "unsafe" in c2.inner_text() and "ptrEq" in c2.inner_text()  # the unsafe declarations it rests on
    assert "uses sorry" in c2.locator(".problems-box").inner_text()
    c4 = page.locator("#claim-c4")
    assert "<script>alert('xss')</script>" in c4.locator("p.statement").inner_text()
    assert page.locator("script").count() == 0
    # the trusted boundary list is collapsible
    c1 = page.locator("#claim-c1")
    names = c1.locator("details.boundary ul.names")
    assert not names.is_visible()
    c1.locator("details.boundary summary").click()
    assert names.is_visible() and "Nat.add_comm" in names.inner_text()
    watch.check()
    page.close()


def _check_png(path: Path, min_width: int, min_height: int) -> tuple[int, int]:
    """A structurally valid, non-trivial PNG: signature, chunk CRCs, IHDR, full image data."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, chunks, idat = 8, [], b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"{path}: bad CRC in {kind!r}"
        chunks.append(kind)
        if kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND" and b"IDAT" in chunks
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and colour in (2, 6)
    raw = zlib.decompress(idat)
    channels = 3 if colour == 2 else 4
    assert len(raw) == height * (1 + width * channels), f"{path}: truncated image data"
    assert width >= min_width and height >= min_height
    assert len(set(raw)) > 64, f"{path}: looks blank"
    return width, height


@needs_chromium
def test_browser_screenshots(browser, written: Path, tmp_path: Path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    watch = _Watch(page)
    index_png = tmp_path / "index.png"
    paper_png = tmp_path / "paper-pldr-llm-power-law-attention.png"
    page.goto((written / "index.html").as_uri())
    page.screenshot(path=str(index_png), full_page=True)
    page.goto((written / "papers" / "pldr-llm-power-law-attention.html").as_uri())
    page.screenshot(path=str(paper_png), full_page=True)
    watch.check()
    page.close()
    index_size = _check_png(index_png, 1280, 800)
    paper_size = _check_png(paper_png, 1280, 800)
    assert index_png.read_bytes() != paper_png.read_bytes()
    # nothing overflows sideways on a laptop-width window: the page is as wide as the viewport
    assert index_size[0] == paper_size[0] == 1280
    assert index_png.stat().st_size > 20_000 and paper_png.stat().st_size > 20_000


def test_report_words_say_what_they_count(sample: dict, tmp_path: Path):
    """Issue 40: a `sorry` theorem never carries a green "kernel: checked" (the kernel checks types,
    not proofs); a declaration's kind and its role are not both "theorem"; the declaration counts
    are those of the rows (`defined` apart from `proved`), of the project's Lean modules; the header
    says the gate's verdict, not "all claims hold"; a paper that cites nothing says so."""
    checked = {"outcome": "checked", "reason": "", "missing": None}
    for d in sample["declarations"]:
        if d["name"] == "MLTheory.notears_pos":  # a `sorry` theorem the kernel type-checks
            d["kernel"] = checked
        if d["name"] == "MLTheory.simplexCode":  # a definition
            d["is_theorem"] = False
    for p in sample["papers"]:
        for c in p["claims"]:
            for f in c["formal"]:
                if f["decl"] == "MLTheory.notears_pos" and f.get("facts"):
                    f["facts"]["kernel"] = checked
    uncited = next(p for p in sample["papers"] if p["id"] == "nested-generation-verifier-taste")
    uncited["sources"] = []
    out = write(sample, tmp_path / "report")
    pages = {p.name: p.read_text(encoding="utf-8") for p in out.rglob("*.html")}
    import re

    row = re.search(r'<tr id="decl-MLTheory.notears_pos">.*?</tr>', pages["declarations.html"], re.S).group(0)
    assert "kernel: well-typed, not a proof" in row and "k-checked" not in row
    cards = [m.group(0) for html in pages.values()
             for m in re.finditer(r'<div class="decl-head">(?:(?!</div>).)*?notears_pos.*?</div>', html, re.S)]
    assert cards and all("k-checked" not in c and "kernel: well-typed, not a proof" in c for c in cards)
    for name, html in pages.items():
        assert re.search(r'chip role r-theorem"[^>]*>theorem<', html) is None, name  # no "theorem *theorem*"
        assert "all claims hold" not in html.split("<main")[0], name
    index = pages["index.html"]
    assert "declarations in the project's Lean modules" in index and "in the Lean library" not in index
    defined = sum(1 for d in sample["declarations"] if d["status"] == "proved" and d.get("is_theorem") is False)
    proved = sum(1 for d in sample["declarations"] if d["status"] == "proved" and d.get("is_theorem") is not False)
    assert f'<span class="badge status s-defined">defined</span> <strong>{defined}</strong>' in index
    assert f'<span class="badge status s-proved">proved</span> <strong>{proved}</strong>' in index
    assert 'class="overall' in index and ("gate passes" in index or "gate fails" in index)
    assert "Not cited yet" in pages["nested-generation-verifier-taste.html"]
    assert "Not cited yet" not in pages["simplex-transformer-one-nn.html"]


@needs_chromium
@pytest.mark.parametrize("width", [1400, 1000])
def test_browser_chips_fit_their_cards_and_titles_have_room(browser, written: Path, width: int):
    """Issue 40: every chip of the index's cards stays inside its card and beside its count (the
    "holds for the project's reconstruction" chip ran over its card and hid the count); the papers'
    titles get a column of their own width, and the page does not scroll sideways."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((written / "index.html").as_uri())
    rows = page.locator(".totals .card ul.counts li")
    assert rows.count() >= 20
    for i in range(rows.count()):
        row = rows.nth(i)
        card = row.locator("xpath=ancestor::div[contains(@class, 'card')]").bounding_box()
        chip = row.locator(".badge, .chip").first.bounding_box()
        count = row.locator("strong").bounding_box()
        assert chip["x"] >= card["x"] and chip["x"] + chip["width"] <= card["x"] + card["width"], row.inner_text()
        assert chip["x"] + chip["width"] <= count["x"], row.inner_text()  # the count is not covered
        assert count["x"] + count["width"] <= card["x"] + card["width"]
    title = page.locator("table.papers tbody tr td").first.bounding_box()
    assert title["width"] >= 240, title
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.close()
