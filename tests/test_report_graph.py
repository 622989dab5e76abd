"""The report's dependency graphs, source links and index filters: the layout (layers, routed long
edges, bounds, cycles), the inline SVG and its links, and the pages in headless Chromium (no
console errors, the graph present and clickable, filters and search working, screenshots)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from test_report import _parse  # the report tests' link and id collector

from claimcheck.model.codec import report_from_json, report_to_json
from claimcheck.model.evidence import (
    InstanceOutcome,
    InstanceResult,
    BuildSummary,
    ClaimEvidence,
    FormalEvidence,
    GateResult,
    Label,
    ModuleResult,
    ModuleState,
    PaperEvidence,
    Problem,
    ProblemCode,
    Role,
    Severity,
    Tier,
    ToolchainInfo,
    Verdict,
    WitnessOutcome,
)
from claimcheck.model.facts import DeclFacts, DeclKind, SourceRange, Status
from claimcheck.model.names import Name
from claimcheck.report import graph
from claimcheck.report.render import write_report

LEAN = """module
public section
namespace P
/-- a definition -/
def f (n : Nat) : Nat := n + 1
theorem f_pos (n : Nat) : 0 < f n := by
  simp [f]
theorem main (n : Nat) : 0 < f n + f n := by
  have := f_pos n
  omega
theorem open_one : 1 = 1 := sorry
end P
end
"""


N = Name.parse

RANGES = {"P.f": SourceRange("lean/P/Basic.lean", 4, 1, 5, 30, 5, 5),
          "P.f_pos": SourceRange("lean/P/Basic.lean", 6, 1, 7, 11, 6, 9),
          "P.main": SourceRange("lean/P/Basic.lean", 8, 1, 10, 8, 8, 9),
          "P.open_one": SourceRange("lean/P/Basic.lean", 11, 1, 11, 35, 11, 9)}
USES = {"P.f": [], "P.f_pos": ["P.f"], "P.main": ["P.f", "P.f_pos"], "P.open_one": []}


def _decl(name: str, status: str = "proved", kind: str = "theorem") -> DeclFacts:
    return DeclFacts(N(name), "P.Basic", DeclKind(kind), Status(status), fingerprint="ab",
                     uses=tuple(N(u) for u in USES[name]), location=RANGES[name])


def _formal(decl: str, status: str = "proved") -> FormalEvidence:
    kind = "definition" if decl == "P.f" else "theorem"
    return FormalEvidence(N(decl), Role.THEOREM, _decl(decl, status, kind), expected_fingerprint="ab")


def sample() -> GateResult:
    """One paper: c1 holds (P.main -> P.f_pos -> P.f), c2 fails (sorry), c3 informal;
    a second paper so the paper filter has a choice."""
    paper = PaperEvidence(
        id="p-one", title="Paper one <b>", manifest="manifests/p-one.yaml",
        claims=[
            ClaimEvidence("c1", Label.THEOREM, "Main holds for all n.", Verdict.HOLDS, Tier.COMPILED, coverage="full",
                          formal=[_formal("P.main"), _formal("P.f")], line=6),
            ClaimEvidence("c2", Label.CONJECTURE, "Open <script>alert(1)</script>", Verdict.FAILS, Tier.BROKEN,
                          problems=[Problem(ProblemCode.NOT_PROVED, Severity.ERROR, "P.open_one: sorry")],
                          formal=[_formal("P.open_one", "sorry")], line=12),
            ClaimEvidence("c3", Label.THEOREM, "Needs analysis.", Verdict.INFORMAL, Tier.INFORMAL,
                          reason="needs-real-analysis", line=20),
        ],
    )
    other = PaperEvidence(id="p-two", title="Paper two", manifest="manifests/p-two.yaml",
                          claims=[ClaimEvidence("c1", Label.MEASUREMENT, "Measured.", Verdict.HOLDS, Tier.NUMERICAL,
                                                witnesses=[WitnessOutcome("m.measured", True, "ok")], line=5)])
    return GateResult(
        generated="2026-11-30T00:00:00Z", ok=False, toolchain=ToolchainInfo("wasm", "4.28.0"),
        build=BuildSummary(True, [ModuleResult("P.Basic", ModuleState.BUILT)]),
        papers=[paper, other],
        declarations=[_decl("P.f", kind="definition"), _decl("P.f_pos"), _decl("P.main"),
                      _decl("P.open_one", "sorry")],
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "lean" / "P").mkdir(parents=True)
    (root / "lean" / "P" / "Basic.lean").write_text(LEAN)
    return root


@pytest.fixture
def written(project: Path, tmp_path: Path) -> Path:
    return write_report(sample(), tmp_path / "report", source_root=project)


# --------------------------------------------------------------------------- layout


def _one_claim(uses: dict[str, list[str]], formal: list[str], **status: str) -> GateResult:
    """A result of one paper with one claim formalised by ``formal``, its declarations (those of
    ``status``: a status by name with `_` for `.`, else proved) using what ``uses`` says."""
    names = list(dict.fromkeys([*uses, *(u for us in uses.values() for u in us)]))
    decls = {n: DeclFacts(N(n), "N.Mod", DeclKind.THEOREM, Status(status.get(n.replace(".", "_"), "proved")),
                          uses=tuple(N(u) for u in uses.get(n, []))) for n in names}
    claim = ClaimEvidence("c", Label.THEOREM, "x", Verdict.HOLDS, Tier.COMPILED, coverage="full",
                          formal=[FormalEvidence(N(f), Role.THEOREM, decls.get(f)) for f in formal])
    return GateResult("2026-11-30T00:00:00Z", True, ToolchainInfo("wasm", "4.28.0"),
                      BuildSummary(True, [ModuleResult("N.Mod", ModuleState.BUILT)]),
                      [PaperEvidence("p", "P", "manifests/p.yaml", [claim])], declarations=list(decls.values()))


def _graph(result: GateResult, **kw) -> graph.Graph:
    return graph.paper_graph(result.papers[0], graph.Index.of(result), **kw)


def test_graph_layers_follow_dependencies_and_long_edges_are_routed():
    result = sample()
    svg, g = graph.paper_svg(result.papers[0], result)
    assert set(g.nodes) == {"claim:c1", "claim:c2", "claim:c3", "P.main", "P.f_pos", "P.f", "P.open_one"}
    layers = {n: node.layer for n, node in g.nodes.items()}
    assert layers == {"claim:c1": 0, "claim:c2": 0, "claim:c3": 0, "P.main": 1, "P.open_one": 1, "P.f_pos": 2, "P.f": 3}
    # P.main -> P.f follows from P.main -> P.f_pos -> P.f: not drawn (the data keeps it)
    assert set(g.edges) == {("claim:c1", "P.main"), ("claim:c1", "P.f"), ("claim:c2", "P.open_one"),
                            ("P.main", "P.f_pos"), ("P.f_pos", "P.f")}
    assert next(d for d in result.declarations if str(d.name) == "P.main").uses == (N("P.f"), N("P.f_pos"))
    # claim c1 -> P.f skips two layers: it bends through points of its own, not through the boxes
    route = g.routes[("claim:c1", "P.f")]
    assert len(route) == 6
    for name in ("P.main", "P.f_pos"):
        box = g.nodes[name]
        for x, y in route[1:-1]:
            assert not (box.x <= x <= box.x + box.width and box.y <= y <= box.y + graph._BOX_H)
    assert g.namespace == "P" and g.nodes["P.f_pos"].label == "f_pos"
    # boxes of one layer do not overlap
    for layer in set(layers.values()):
        row = sorted((n for n in g.nodes.values() if n.layer == layer), key=lambda n: n.x)
        for a, b in zip(row, row[1:]):
            assert a.x + a.width < b.x
    # the claims keep the manifest's order
    assert [n for n in sorted(g.nodes, key=lambda n: g.nodes[n].x) if n.startswith("claim:")] == \
        ["claim:c1", "claim:c2", "claim:c3"]
    assert svg.startswith("<svg") and svg.endswith("</svg>")


def test_graph_is_bounded_in_depth_and_size_and_survives_cycles():
    chain = {f"N.d{i}": [f"N.d{i + 1}"] for i in range(10)}
    g = _graph(_one_claim(chain, ["N.d0"]))
    assert set(g.nodes) == {"claim:c", "N.d0", "N.d1", "N.d2"}  # formal + two levels
    wide = {"N.root": [f"N.leaf{i}" for i in range(100)]}
    g = _graph(_one_claim(wide, ["N.root"]), max_nodes=20)
    assert len(g.nodes) == 20 and g.omitted == 82  # the claim, the root, 18 of the 100 leaves
    mutual = {"M.a": ["M.b"], "M.b": ["M.a"]}
    g = _graph(_one_claim(mutual, ["M.a"]))
    assert set(g.edges) == {("claim:c", "M.a"), ("M.a", "M.b"), ("M.b", "M.a")}
    assert all(len(points) >= 2 for points in g.routes.values())


def test_graph_colours_status_and_kernel_verdicts_and_escapes():
    from claimcheck.model.facts import KernelOutcome, KernelVerdict

    result = _one_claim({"K.a": [], "K.b": []}, ["K.a", "K.b", "K.gone"], K_b="sorry")
    kernels = {"K.a": KernelVerdict(KernelOutcome.UNDECIDED, "needs X"), "K.b": KernelVerdict(KernelOutcome.REJECTED, "ill-typed")}
    decls = [dataclasses.replace(d, kernel=kernels[str(d.name)]) for d in result.declarations]
    claim = dataclasses.replace(result.papers[0].claims[0], id="c<1>", verdict=Verdict.FAILS, tier=Tier.BROKEN)
    result = dataclasses.replace(result, declarations=decls,
                                 papers=[dataclasses.replace(result.papers[0], claims=[claim])])
    svg = graph.to_svg(_graph(result), 'graph "x" <y>')
    assert 'class="node decl s-proved k-undecided"' in svg and 'class="node decl s-sorry k-rejected"' in svg
    assert 'class="node claim v-fails"' in svg and "<title>c&lt;1&gt; (theorem): fails</title>" in svg
    assert 'href="#claim-c%3C1%3E"' in svg and 'aria-label="graph &quot;x&quot; &lt;y&gt;"' in svg
    assert '<g class="node decl s-missing" data-name="K.gone"' in svg  # not in the build: no link


def test_graph_keys_declarations_by_module_and_name():
    """Two project modules may declare the same name (no environment imports both): each is its own
    box, and a use is read as the using module sees it (issue 34)."""
    result = _one_claim({}, [])
    twin_a = DeclFacts(N("T.helper"), "A.One", DeclKind.THEOREM, Status.PROVED)
    twin_b = DeclFacts(N("T.helper"), "B.Two", DeclKind.THEOREM, Status.SORRY)
    main_a = DeclFacts(N("T.main_a"), "A.One", DeclKind.THEOREM, Status.PROVED, uses=(N("T.helper"),))
    main_b = DeclFacts(N("T.main_b"), "B.Two", DeclKind.THEOREM, Status.PROVED, uses=(N("T.helper"),))
    claim = dataclasses.replace(result.papers[0].claims[0], formal=[FormalEvidence(N("T.main_a"), Role.THEOREM, main_a),
                                                                    FormalEvidence(N("T.main_b"), Role.THEOREM, main_b)])
    result = dataclasses.replace(
        result, declarations=[twin_a, twin_b, main_a, main_b],
        build=BuildSummary(True, [ModuleResult("A.One", ModuleState.BUILT), ModuleResult("B.Two", ModuleState.BUILT)]),
        papers=[dataclasses.replace(result.papers[0], claims=[claim])])
    g = _graph(result)
    assert {("T.main_a", "T.helper@A.One"), ("T.main_b", "T.helper@B.Two")} <= set(g.edges)
    assert g.nodes["T.helper@A.One"].css == "s-proved" and g.nodes["T.helper@B.Two"].css == "s-sorry"


def test_an_instance_theorem_is_drawn_as_the_cross_check_read_one():
    """The instance shape is the analysis's decision (the theorems the cross-check read), not a
    rule of the drawing's own on names."""
    result = _one_claim({"T.f_instance_two": [], "T.two_eq": []}, ["T.f_instance_two", "T.two_eq"])
    read = InstanceResult(N("T.two_eq"), "2 = 2", "2", "2", InstanceOutcome.AGREE)
    g = _graph(dataclasses.replace(result, instances=[read]))
    assert g.nodes["T.two_eq"].shape is graph.Shape.INSTANCE
    assert g.nodes["T.f_instance_two"].shape is graph.Shape.THEOREM  # a name alone makes no instance


# --------------------------------------------------------------------------- pages


def test_every_paper_page_has_its_graph_and_every_link_resolves(written: Path):
    for paper in sample().papers:
        page = (written / "papers" / f"{paper.id}.html").read_text()
        # the paper's section once, under id="graph": a picture per claim with Lean behind it, each
        # under its own id, and the whole paper's when two claims or more have Lean (issue 40)
        assert page.count('id="graph"') == 1 and page.count('<svg class="depgraph') >= 1
        with_lean = [c for c in paper.claims if c.formal]
        assert page.count('id="graph-claim-') == len(with_lean)
        assert page.count('id="graph-main"') == (1 if len(with_lean) != 1 else 0)
    one = (written / "papers" / "p-one.html").read_text()
    assert 'href="../declarations.html#decl-P.main"' in one and 'href="#claim-c2"' in one
    assert "<script>alert(1)</script>" not in one
    parsed = {p: _parse(p) for p in written.rglob("*.html")}
    checked = 0
    for path, page in parsed.items():
        for link in page.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, link
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            assert target.is_file(), f"{path.name}: {link}"
            if parts.fragment:
                assert unquote(parts.fragment) in parsed[target].ids, f"{path.name}: {link}"
            checked += 1
    assert checked > 40


def test_declarations_link_to_their_source_lines(written: Path):
    decls = (written / "declarations.html").read_text()
    assert 'href="source/lean/P/Basic.lean.html#L8">lean/P/Basic.lean:8</a>' in decls
    source = (written / "source" / "lean" / "P" / "Basic.lean.html").read_text()
    assert '<tr id="L8" class="decl-start">' in source
    assert "theorem main (n : Nat)" in source
    one = (written / "papers" / "p-one.html").read_text()
    assert 'href="../source/lean/P/Basic.lean.html#L8"' in one


def test_source_outside_the_project_is_not_rendered(tmp_path: Path, project: Path):
    import dataclasses

    result = sample()
    (tmp_path / "secret.lean").write_text("secret")
    moved = [dataclasses.replace(d, location=SourceRange("../secret.lean", 1, 1, 1, 5)) if str(d.name) == "P.main" else d
             for d in result.declarations]
    out = write_report(dataclasses.replace(result, declarations=moved), tmp_path / "r", source_root=project)
    assert not any("secret" in p.name for p in out.rglob("*"))
    decls = (out / "declarations.html").read_text()
    assert '<span class="src">../secret.lean:1</span>' in decls
    # without a source root the positions are shown as text only
    out = write_report(sample(), tmp_path / "r2")
    assert not (out / "source").exists()
    assert '<span class="src">lean/P/Basic.lean:8</span>' in (out / "declarations.html").read_text()


def test_index_has_filters_and_one_row_per_claim(written: Path):
    page = (written / "index.html").read_text()
    assert page.count('class="claim-row"') == 4
    assert 'data-paper="p-one" data-label="conjecture" data-verdict="fails"' in page
    assert page.count("<script>") == 1  # the filter script; a statement's <script> stays text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "http://" not in page.split("<script>")[1] and "https://" not in page.split("<script>")[1]


# --------------------------------------------------------------------------- in Chromium


def _watch(page) -> tuple[list[str], list[str]]:
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    return errors, requests


@pytest.mark.browser
def test_browser_graph_is_drawn_and_clickable(browser, written: Path, tmp_path: Path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors, requests = _watch(page)
    page.goto((written / "papers" / "p-one.html").as_uri())
    # each claim's own picture first (issue 40), the whole paper's behind a summary
    assert page.locator("#graph .claim-panel svg.depgraph").count() == 2
    assert page.locator("#graph-claim-c1 svg.depgraph").is_visible()
    svg = page.locator("#graph-main svg.depgraph")
    assert not svg.is_visible()
    page.locator("details.graph-whole > summary").click()
    assert svg.is_visible()
    box = svg.bounding_box()
    assert box["width"] > 100 and box["height"] > 100
    assert page.locator("#graph-main .node").count() == 7
    assert page.locator("#graph-main path.edge").count() == 5
    assert page.locator('#graph-main [data-name="P.f_pos"] text').text_content() == "f_pos"
    # status colours come from the stylesheet: proved and sorry boxes differ
    fill = "e => getComputedStyle(e).fill"
    proved = page.locator('#graph-main [data-name="P.main"] rect').evaluate(fill)
    sorry = page.locator('#graph-main [data-name="P.open_one"] rect').evaluate(fill)
    assert proved != sorry
    page.screenshot(path=str(tmp_path / "paper.png"), full_page=True)
    assert (tmp_path / "paper.png").stat().st_size > 20_000
    page.locator('#graph-main a[data-name="P.f_pos"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("declarations.html#decl-P.f_pos")
    page.locator('[id="decl-P.f_pos"] a.src').click()
    page.wait_for_load_state()
    assert page.url.endswith("source/lean/P/Basic.lean.html#L6")
    assert "theorem f_pos" in page.locator("#L6").inner_text()
    assert errors == []
    assert all(url.startswith("file://") for url in requests)
    page.close()


@pytest.mark.browser
def test_browser_index_filters_and_search(browser, written: Path):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors, requests = _watch(page)
    page.goto((written / "index.html").as_uri())
    rows = page.locator("tr.claim-row")
    visible = lambda: [r for r in rows.all() if r.is_visible()]  # noqa: E731
    assert len(visible()) == 4 and page.locator("#f-count").inner_text() == "4 of 4 claims"
    page.select_option("#f-verdict", "fails")
    assert [r.get_attribute("data-verdict") for r in visible()] == ["fails"]
    page.select_option("#f-verdict", "")
    page.select_option("#f-paper", "p-two")
    assert [r.get_attribute("data-label") for r in visible()] == ["measurement"]
    page.select_option("#f-paper", "")
    page.select_option("#f-label", "theorem")
    assert len(visible()) == 2
    page.select_option("#f-coverage", "none")  # c3 has no Lean: coverage none
    assert [r.get_attribute("data-verdict") for r in visible()] == ["informal"]
    page.select_option("#f-label", "")
    page.select_option("#f-coverage", "")
    page.fill("#f-text", "p.main")  # a Lean name finds its claim
    assert len(visible()) == 1 and "p-one / c1" in visible()[0].inner_text()
    page.fill("#f-text", "no such words")
    assert visible() == [] and page.locator("#f-count").inner_text() == "0 of 4 claims"
    page.fill("#f-text", "")
    assert len(visible()) == 4
    # a filter in the address (#verdict=holds-full) applies on load: the verdict filter is by state
    page.goto((written / "index.html").as_uri() + "#verdict=holds-full")
    page.reload()
    assert [r.get_attribute("data-paper") for r in visible()] == ["p-one"]
    page.goto((written / "index.html").as_uri() + "#verdict=holds-numerical")
    page.reload()
    assert [r.get_attribute("data-paper") for r in visible()] == ["p-two"]
    assert errors == []
    assert all(url.startswith("file://") for url in requests)
    page.close()


def test_dependencies_and_locations_round_trip_through_report_json():
    result = sample()
    again = report_from_json(report_to_json(result))
    assert again == result
    by_name = {str(d.name): d for d in again.declarations}
    assert isinstance(by_name["P.f"].location, SourceRange)
    assert by_name["P.main"].uses == (N("P.f"), N("P.f_pos"))


def test_graph_edges_are_bundled_by_claim_and_by_formalising_declaration():
    """Issue 40: a paper's picture bundles each claim's edges (a colour each, `data-r` naming the
    claims whose edges they are, the claim box marked as the bundle's root, for the hover that shows
    one claim's edges alone); one claim's picture bundles by the declarations formalising it."""
    import re

    uses = {"K.a": ["K.d"], "K.b": ["K.d"], "K.c": ["K.e"], "K.d": [], "K.e": []}
    decls = {n: DeclFacts(N(n), "N.Mod", DeclKind.THEOREM, Status.PROVED, uses=tuple(N(u) for u in us))
             for n, us in uses.items()}

    def claim(cid: str, formal: list[str]) -> ClaimEvidence:
        return ClaimEvidence(cid, Label.THEOREM, "x", Verdict.HOLDS, Tier.COMPILED, coverage="full",
                             formal=[FormalEvidence(N(f), Role.THEOREM, decls[f]) for f in formal])

    result = GateResult("2026-11-30T00:00:00Z", True, ToolchainInfo("wasm", "4.28.0"),
                        BuildSummary(True, [ModuleResult("N.Mod", ModuleState.BUILT)]),
                        [PaperEvidence("p", "P", "manifests/p.yaml", [claim("c1", ["K.a", "K.b"]),
                                                                      claim("c2", ["K.b", "K.c"])])],
                        declarations=list(decls.values()))
    g = _graph(result, max_depth=None)
    assert g.roots == ["claim:c1", "claim:c2"]
    assert {n: node.bundles for n, node in g.nodes.items()} == {
        "claim:c1": (0,), "claim:c2": (1,), "K.a": (0,), "K.b": (0, 1), "K.c": (1,), "K.d": (0, 1), "K.e": (1,)}
    svg = graph.to_svg(g, "p")
    assert 'class="depgraph bundled"' in svg
    assert 'data-name="claim:c2" data-r="1" data-root="1"' in svg
    edges = dict(((m["a"], m["b"]), m["r"]) for m in re.finditer(
        r'data-from="(?P<a>[^"]+)" data-to="(?P<b>[^"]+)" data-r="(?P<r>[^"]*)" style="--i:\d+"', svg))
    assert edges == {("claim:c1", "K.a"): "0", ("claim:c1", "K.b"): "0", ("claim:c2", "K.b"): "1",
                     ("claim:c2", "K.c"): "1", ("K.a", "K.d"): "0", ("K.b", "K.d"): "0 1", ("K.c", "K.e"): "1"}
    index = graph.Index.of(result)
    one = graph.paper_graph(dataclasses.replace(result.papers[0], claims=result.papers[0].claims[1:]), index,
                            max_depth=None)
    assert one.roots == ["K.b", "K.c"] and one.nodes["K.e"].bundles == (1,) and one.nodes["claim:c2"].bundles == ()
    # a picture with one bundle is drawn as before: nothing to tell apart
    lone = graph.paper_graph(dataclasses.replace(result.papers[0], claims=[claim("c1", ["K.a"])]), index)
    assert "bundled" not in graph.to_svg(lone, "q") and "data-r=" not in graph.to_svg(lone, "q")
