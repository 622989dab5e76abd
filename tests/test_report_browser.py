"""The report of this repository's own project as a reader sees it in headless Chromium (issue 29).

The report is made once per session the way a user makes it (``claimcheck report`` on a copy of
the repository, built by ``repo_build``), and every expectation is read from its ``report.json``,
never from the pages themselves:

- on every paper page, at 1400 px wide, the list of claims and the first claim's own picture are
  inside the first viewport and the page never scrolls sideways; on every paper with Lean (the one
  whose claims rest on the most declarations first), each claim's picture holds that claim, every
  declaration formalising it and nothing deeper than their direct uses, every box's full name is
  reachable (its hover title, and the list beside the drawing), what the box shows is a shortening
  of that name; the whole paper's picture and "show more" draw the same way;
- the paper with the most claims can be followed claim by claim: hovering a claim in the whole
  picture shows its bundle of edges alone (issue 40);
- the index shows each claim's verdict, coverage and evidence tier, and its machine-checked filter
  (and the link to it) shows exactly the claims whose tier is ``kernel-rechecked`` or ``compiled``.

Screenshots are written beside the report (``shots/``) for a reader to look at.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from claimcheck.model.codec import report_from_json
from claimcheck.model.evidence import Tier
from claimcheck.report.render import write_report
from claimcheck.report.states import CLAIM_STATES

pytestmark = pytest.mark.browser
#: The tests on the repository's own report build its Lean (once, the session's ``repo_build``).
on_the_project = pytest.mark.lean
SAMPLE = Path(__file__).resolve().parent / "fixtures" / "report" / "sample.json"

WIDTH, HEIGHT = 1400, 900
MACHINE_CHECKED = {str(Tier.KERNEL_RECHECKED), str(Tier.COMPILED)}


@pytest.fixture(scope="session")
def repo_report(repo_gate, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report of the repository's project, written from its gate result as ``claimcheck report``
    writes it (the gate computed once per test process)."""
    from claimcheck.report.render import write_report

    session, _manifests, result = repo_gate
    assert result.ok
    return write_report(result, tmp_path_factory.mktemp("repo-report") / "report", source_root=session.project.root)


@pytest.fixture(scope="session")
def data(repo_report: Path) -> dict:
    return json.loads((repo_report / "report.json").read_text(encoding="utf-8"))


class _Watch:
    """Console errors and requests of a page: a report page logs nothing and loads only files."""

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", lambda m: self.errors.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("request", lambda r: self.requests.append(r.url))

    def check(self) -> None:
        assert self.errors == []
        assert all(url.startswith("file://") for url in self.requests), self.requests


def _closure(names: list[str], uses: dict[str, list[str]]) -> set[str]:
    seen, stack = set(names), list(names)
    while stack:
        for dep in uses.get(stack.pop(), []):
            if dep not in seen:
                seen.add(dep)
                stack.append(dep)
    return seen


def _largest(data: dict) -> dict:
    """The paper whose claims rest on the most declarations (formal entries and all they use)."""
    uses = {d["name"]: d.get("uses") or [] for d in data["declarations"]}
    return max(data["papers"], key=lambda p: len(_closure([f["decl"] for c in p["claims"] for f in c["formal"]], uses)))


def _formal(paper: dict) -> set[str]:
    return {f["decl"] for c in paper["claims"] for f in c["formal"]}


def _shots(repo_report: Path) -> Path:
    folder = repo_report.parent / "shots"
    folder.mkdir(exist_ok=True)
    return folder


def _in_viewport(box: dict | None) -> bool:
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= WIDTH and box["y"] + box["height"] <= HEIGHT)


def _with_lean(paper: dict) -> list[dict]:
    return [c for c in paper["claims"] if c["formal"]]


@on_the_project
def test_every_paper_opens_on_its_claims(browser, repo_report: Path, data: dict):
    """The page opens on its claims: the list of every claim, and the first claim's own picture
    with that claim's box (issue 40: a picture per claim first); a paper without Lean draws its
    claims' row. The page never scrolls sideways, nor does a drawing inside its viewport, and each
    drawing is shown at its own size (a wide one shrunk to fit would have unreadable labels)."""
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    for paper in data["papers"]:
        page.goto((repo_report / "papers" / f"{paper['id']}.html").as_uri())
        for claim in paper["claims"]:
            chip = page.locator(f'nav.toc a[href="#claim-{claim["id"]}"]')
            assert _in_viewport(chip.bounding_box()), (paper["id"], claim["id"])
        lean = _with_lean(paper)
        if lean:
            first = lean[0]["id"]
            box = page.locator(f'#graph-claim-{first} svg.depgraph [data-name="claim:{first}"]')
            assert box.count() == 1 and _in_viewport(box.bounding_box()), (paper["id"], first)
            blocks = [f"#graph-claim-{c['id']}" for c in lean]
        else:
            for claim in paper["claims"]:
                box = page.locator(f'#graph-main svg.depgraph [data-name="claim:{claim["id"]}"]')
                assert box.count() == 1 and _in_viewport(box.bounding_box()), (paper["id"], claim["id"])
            blocks = ["#graph-main"]
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, paper["id"]
        for block in blocks:
            assert page.locator(f"{block} .graph-scroll").evaluate("e => e.scrollWidth <= e.clientWidth"), block
            drawing = page.locator(f"{block} svg.depgraph")
            scale = drawing.evaluate("s => s.getBoundingClientRect().width / s.width.baseVal.value")
            assert scale > 0.99, (paper["id"], block, scale)
    watch.check()
    page.close()


@on_the_project
def test_every_box_has_its_full_name(browser, repo_report: Path, data: dict):
    """Every paper with Lean (the largest first): the default drawing, "show more" and each
    claim's card."""
    largest = _largest(data)
    papers = [largest] + [p for p in data["papers"] if p is not largest and _formal(p)]
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    for paper in papers:
        page.goto((repo_report / "papers" / f"{paper['id']}.html").as_uri())
        page.screenshot(path=str(_shots(repo_report) / f"{paper['id']}.png"))
        _check_paper(page, paper, data)
        if paper is largest:
            page.locator("#graph-more").screenshot(path=str(_shots(repo_report) / f"{paper['id']}-more.png"))
    watch.check()
    page.close()


def _check_paper(page, paper: dict, data: dict) -> None:
    known = {d["name"] for d in data["declarations"]} | _formal(paper)
    uses = {d["name"]: d.get("uses") or [] for d in data["declarations"]}
    claims = {f"claim:{c['id']}" for c in paper["claims"]}
    # each claim with Lean has its own picture (first on the page): the claim, every declaration
    # that formalises it, and nothing deeper than what those use directly
    for claim in _with_lean(paper):
        scope = f'[id="graph-claim-{claim["id"]}"]'
        assert page.locator(f"{scope} svg.depgraph").is_visible()
        own = _check_boxes(page, scope, known)
        formal = {f["decl"] for f in claim["formal"]}
        assert f"claim:{claim['id']}" in own and formal <= own, (claim["id"], sorted(formal - own))
        assert not {n for n in own if n.startswith("claim:")} - {f"claim:{claim['id']}"}
        assert own - {f"claim:{claim['id']}"} <= formal | {u for name in formal for u in uses.get(name, [])}
        # the claim's card links to it
        link = page.locator(f'[id="claim-{claim["id"]}"] p.claim-graph-link a')
        assert link.get_attribute("href") == f"#panel-{claim['id']}"
    # the whole paper in one picture, behind a summary, when two claims or more have Lean
    whole = page.locator("details.graph-whole")
    if len(_with_lean(paper)) > 1:
        assert whole.count() == 1 and not page.locator("#graph-main svg.depgraph").is_visible()
        whole.locator(":scope > summary").click()
        assert page.locator("#graph-main svg.depgraph").is_visible()
        drawn = _check_boxes(page, "#graph-main", known)
        assert claims <= drawn
        # nothing that formalises a claim is left out of it
        assert _formal(paper) <= drawn, sorted(_formal(paper) - drawn)
        # at most two levels below the claims by default: formalising declarations and what they use
        used = {u for name in _formal(paper) for u in uses.get(name, [])}
        assert drawn - claims <= _formal(paper) | used
    else:
        assert whole.count() == 0

    # "show more" (where it draws more): every project dependency, the same way
    below = _closure(sorted(_formal(paper)), uses)
    more = page.locator("details.graph-more")
    drawn_any = set()
    for claim in _with_lean(paper):
        drawn_any |= set(page.locator(f'[id="graph-claim-{claim["id"]}"] svg.depgraph .node').evaluate_all(
            "ns => ns.map(n => n.dataset.name)"))
    if page.locator("#graph-main svg.depgraph .node").count():
        drawn_any |= set(page.locator("#graph-main svg.depgraph .node").evaluate_all("ns => ns.map(n => n.dataset.name)"))
    if below <= drawn_any:
        assert more.count() == 0, paper["id"]
    else:
        assert more.count() == 1 and not page.locator("#graph-more svg.depgraph").is_visible()
        more.locator(":scope > summary").click()
        assert page.locator("#graph-more svg.depgraph").is_visible()
        everything = _check_boxes(page, "#graph-more", known)
        assert everything - claims <= below
        if not page.locator("details.graph-more p.hint", has_text="not drawn").count():
            assert everything - claims == below  # nothing is said to be left out: nothing is


def _check_boxes(page, scope: str, known: set[str]) -> set[str]:
    """Every box of the drawing in ``scope``: its hover title (the first child of the box, so the
    tooltip is the whole box's) starts with its full name, the list beside the drawing has one entry
    for it that shows that name and, scrolled to, is on screen and not covered, and each line the
    box shows is the name or a shortening of it (the pieces between ``…`` are in the name).
    Returns the boxes' names (claims as ``claim:<id>``)."""
    boxes = page.locator(f"{scope} svg.depgraph .node").evaluate_all("""nodes => nodes.map(n => ({
        name: n.dataset.name,
        first: n.firstElementChild.tagName.toLowerCase(),
        title: n.querySelector('title').textContent,
        lines: Array.from(n.querySelectorAll('tspan')).map(t => t.textContent)}))""")
    assert boxes, scope
    # one pass in the page: scroll each entry into view and see that it is there to read
    entries = page.locator(f"{scope} .graph-names").evaluate("""(list, names) => names.map(name => {
        const found = Array.from(list.querySelectorAll('li')).filter(li => li.dataset.entry === name);
        if (found.length !== 1) { return {count: found.length}; }
        const li = found[0];
        li.scrollIntoView({block: 'nearest'});
        const r = li.getBoundingClientRect(), box = list.getBoundingClientRect();
        const x = r.left + Math.min(r.width / 2, 20), y = r.top + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        return {count: 1, text: li.innerText,
                seen: r.height > 0 && y >= Math.max(box.top, 0) && y <= Math.min(box.bottom, window.innerHeight)
                      && hit !== null && li.contains(hit)};
    })""", [b["name"] for b in boxes])
    drawn = set()
    for box, entry in zip(boxes, entries):
        name = box["name"]
        full = name.removeprefix("claim:")
        assert name.startswith("claim:") or name in known, name
        assert box["first"] == "title" and box["title"].startswith(full), box
        shown = "".join(box["lines"])
        for piece in shown.split("…"):
            assert piece in full, (piece, full)
        assert entry["count"] == 1, (name, entry)  # the list has the box once
        assert entry["seen"] and full in entry["text"], (name, entry)  # and shows its full name
        drawn.add(name)
    assert len(drawn) == len(boxes)  # one box a name
    return drawn


@on_the_project
def test_two_claim_paper(browser, repo_report: Path, data: dict):
    """A paper with two claims: the page head and its first picture fit in the first viewport, and
    every claim's box says its verdict in the words of the report."""
    two = [p for p in data["papers"] if len(p["claims"]) == 2]
    assert two, "the project has a paper with two claims"
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    for paper in two:
        page.goto((repo_report / "papers" / f"{paper['id']}.html").as_uri())
        page.screenshot(path=str(_shots(repo_report) / f"{paper['id']}.png"))
        first = page.locator("#graph svg.depgraph").first
        assert _in_viewport(first.bounding_box()), paper["id"]
        for claim in paper["claims"]:
            title = page.locator(f'#graph [data-name="claim:{claim["id"]}"] title').first.text_content()
            assert title.endswith(CLAIM_STATES[claim["state"]].words)
    watch.check()
    page.close()


@on_the_project
def test_a_big_papers_claims_can_each_be_followed(browser, repo_report: Path, data: dict):
    """Issue 40: the paper with the most claims resting on Lean (7 claims and 36 declarations when
    it was filed) is followable: each claim's picture holds that claim alone; in the whole paper's
    picture each claim's edges are a bundle of their own, and hovering the claim shows exactly
    its bundle (every edge reachable from it) and dims every other edge and box; in a claim's
    picture, hovering a declaration that formalises it shows its own uses alone."""
    paper = max(data["papers"], key=lambda p: (len(_with_lean(p)), len(_formal(p))))
    assert len(_with_lean(paper)) >= 5 and len(_formal(paper)) >= 30, paper["id"]
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    page.goto((repo_report / "papers" / f"{paper['id']}.html").as_uri())
    page.add_style_tag(content="* { transition: none !important; }")  # read the faded state, not a fade
    page.locator("details.graph-whole > summary").click()

    def check_bundles(scope: str, roots: list[str]) -> None:
        svg = page.locator(f"{scope} svg.depgraph")
        assert "bundled" in (svg.get_attribute("class") or "")
        edges = svg.locator(".edge").evaluate_all(
            "es => es.map(e => [e.dataset.from, e.dataset.to, e.dataset.r || ''])")
        succ: dict[str, list[str]] = {}
        for a, b, _r in edges:
            succ.setdefault(a, []).append(b)
        for i, root in enumerate(roots):
            reach = _closure([root], succ)
            want = {(a, b) for a, b, _r in edges if a in reach}
            assert want == {(a, b) for a, b, r in edges if str(i) in r.split()}, (scope, root)
            node = svg.locator(f'[data-root="{i}"]')
            assert node.get_attribute("data-name") == root
            node.scroll_into_view_if_needed()
            node.hover()
            page.wait_for_timeout(250)
            seen = svg.locator(".edge").evaluate_all(
                "es => es.map(e => [e.dataset.from, e.dataset.to, parseFloat(getComputedStyle(e).opacity)])")
            for a, b, opacity in seen:
                if (a, b) in want:
                    assert opacity > 0.99, (scope, root, a, b, opacity)
                else:
                    assert opacity < 0.3, (scope, root, a, b, opacity)
            boxes = svg.locator(".node").evaluate_all(
                "ns => ns.map(n => [n.dataset.name, parseFloat(getComputedStyle(n).opacity)])")
            for name, opacity in boxes:
                assert (opacity > 0.99) == (name in reach), (scope, root, name, opacity)
        page.mouse.move(0, 0)

    check_bundles("#graph-main", [f"claim:{c['id']}" for c in paper["claims"]])
    page.locator("#graph-main").screenshot(path=str(_shots(repo_report) / f"{paper['id']}-whole.png"))
    for claim in _with_lean(paper):
        scope = f'[id="graph-claim-{claim["id"]}"]'
        roots = page.locator(f"{scope} svg.depgraph [data-root]").evaluate_all(
            "ns => ns.sort((a, b) => a.dataset.root - b.dataset.root).map(n => n.dataset.name)")
        if len(roots) > 1:
            assert set(roots) == {f["decl"] for f in claim["formal"]} & set(roots)
            check_bundles(scope, roots)
    watch.check()
    page.close()


@on_the_project
def test_index_shows_every_claims_verdict_coverage_and_tier(browser, repo_report: Path, data: dict):
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    page.goto((repo_report / "index.html").as_uri())
    rows = page.locator("tr.claim-row").evaluate_all("""rows => rows.map(r => ({
        claim: r.querySelector('td.claim-id').innerText.trim(),
        evidence: r.querySelector('td.evidence').innerText}))""")
    claims = [(p, c) for p in data["papers"] for c in p["claims"]]
    assert [r["claim"] for r in rows] == [f"{p['id']} / {c['id']}" for p, c in claims]
    for row, (paper, claim) in zip(rows, claims):
        words = CLAIM_STATES[claim["state"]].words
        coverage = claim.get("coverage") or "none"
        assert words in row["evidence"], row
        assert f"coverage: {coverage}" in row["evidence"], row
        assert claim["tier"] in row["evidence"], row
        assert f"{len(claim['formal'])} Lean declaration" in row["evidence"] or not claim["formal"], row

    checked = [f"{p['id']} / {c['id']}" for p, c in claims if c["tier"] in MACHINE_CHECKED]
    assert checked, "the project has machine-checked claims"

    def visible() -> list[str]:
        return [r.locator("td.claim-id").inner_text().strip() for r in page.locator("tr.claim-row").all() if r.is_visible()]

    page.check("#f-checked")
    assert visible() == checked
    assert page.locator("#f-count").inner_text() == f"{len(checked)} of {len(claims)} claims"
    page.uncheck("#f-checked")
    assert len(visible()) == len(claims)
    # the index's link to them, and a paper's count in the papers table, filter the same way
    link = page.locator("#show-checked")
    assert link.inner_text() == f"Show the {len(checked)} machine-checked claims"
    link.click()
    page.wait_for_load_state()
    assert visible() == checked and page.locator("#f-checked").is_checked()
    page.screenshot(path=str(_shots(repo_report) / "index-machine-checked.png"))
    first = page.locator("tr.claim-row:not([hidden])").first
    assert _in_viewport(first.bounding_box())  # the list opens where the claims are
    paper = next(p for p in data["papers"] if any(c["tier"] in MACHINE_CHECKED for c in p["claims"]))
    mine = [f"{paper['id']} / {c['id']}" for c in paper["claims"] if c["tier"] in MACHINE_CHECKED]
    page.goto((repo_report / "index.html").as_uri())
    cell = page.locator("table.papers tr", has=page.locator(f'a[href="papers/{paper["id"]}.html"]')).locator("td.num a")
    assert cell.inner_text() == f"{len(mine)} of {len(paper['claims'])}"
    cell.click()
    page.wait_for_load_state()
    assert visible() == mine
    watch.check()
    page.close()


def test_machine_checked_means_a_lean_tier(browser, tmp_path: Path):
    """The report tests' sample (every verdict; compiled, kernel-rechecked, stated, informal and
    broken claims, some broken ones on kernel-checked Lean) with a claim holding on witnesses only
    added: "machine-checked only" keeps the compiled and kernel-rechecked claims and nothing else."""
    data = copy.deepcopy(json.loads(SAMPLE.read_text(encoding="utf-8")))
    numerical = copy.deepcopy(data["papers"][0]["claims"][2])
    numerical.update(id="c9", verdict="holds", tier="numerical", state="holds-numerical", reason=None,
                     witnesses=[{"id": "simplex.gram_exact", "ok": True, "summary": "exact", "details": {}}])
    data["papers"][0]["claims"].append(numerical)
    tiers = {(p["id"], c["id"]): c["tier"] for p in data["papers"] for c in p["claims"]}
    assert {"compiled", "kernel-rechecked", "numerical", "broken", "stated", "informal"} <= set(tiers.values())
    out = write_report(report_from_json(data), tmp_path / "report")
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    page.goto((out / "index.html").as_uri() + "?checked=yes")
    shown = [tuple(r.locator("td.claim-id").inner_text().strip().split(" / "))
             for r in page.locator("tr.claim-row").all() if r.is_visible()]
    assert shown == [key for key, tier in tiers.items() if tier in MACHINE_CHECKED]
    assert page.locator("#show-checked").inner_text() == f"Show the {len(shown)} machine-checked claims"
    watch.check()
    page.close()
