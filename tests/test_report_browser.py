"""The report of this repository's own project as a reader sees it in headless Chromium (issue 29).

The report is made once per session the way a user makes it (``claimcheck report`` on a copy of
the repository, built by ``repo_build``), and every expectation is read from its ``report.json``,
never from the pages themselves:

- on every paper page, at 1400 px wide, the claims' row of the dependency graph is inside the first
  viewport and the page never scrolls sideways; on every paper with Lean (the one whose claims rest
  on the most declarations first), every box's full name is reachable (its hover title, and the
  list beside the drawing), what the box shows is a shortening of that name, every formalising
  declaration of every claim has a box, and nothing deeper than their direct uses is drawn by
  default; "show more" and each claim's card draw their own graphs the same way;
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


@on_the_project
def test_every_paper_shows_its_claims_row_in_the_first_viewport(browser, repo_report: Path, data: dict):
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    for paper in data["papers"]:
        page.goto((repo_report / "papers" / f"{paper['id']}.html").as_uri())
        drawing = page.locator("#graph-main svg.depgraph")
        for claim in paper["claims"]:
            box = drawing.locator(f'[data-name="claim:{claim["id"]}"]')
            assert box.count() == 1, (paper["id"], claim["id"])
            assert _in_viewport(box.bounding_box()), (paper["id"], claim["id"], box.bounding_box())
        # the page never scrolls sideways, nor does the drawing inside its viewport, and the drawing
        # is shown at its own size (a wide one shrunk to fit would have unreadable labels)
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, paper["id"]
        scroll = page.locator("#graph-main .graph-scroll")
        assert scroll.evaluate("e => e.scrollWidth <= e.clientWidth"), paper["id"]
        scale = drawing.evaluate("s => s.getBoundingClientRect().width / s.width.baseVal.value")
        assert scale > 0.99, (paper["id"], scale)
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
    assert page.locator("#graph-main svg.depgraph").is_visible()
    drawn = _check_boxes(page, "#graph-main", known)
    claims = {f"claim:{c['id']}" for c in paper["claims"]}
    assert claims <= drawn
    # nothing that formalises a claim is left out of the default picture
    assert _formal(paper) <= drawn, sorted(_formal(paper) - drawn)
    # at most two levels below the claims by default: formalising declarations and what they use
    used = {u for name in _formal(paper) for u in uses.get(name, [])}
    assert drawn - claims <= _formal(paper) | used

    # "show more" (where it draws more): every project dependency, the same way
    below = _closure(sorted(_formal(paper)), uses)
    more = page.locator("details.graph-more")
    if drawn - claims == below:
        assert more.count() == 0, paper["id"]
    else:
        assert more.count() == 1 and not page.locator("#graph-more svg.depgraph").is_visible()
        more.locator("summary").click()
        assert page.locator("#graph-more svg.depgraph").is_visible()
        everything = _check_boxes(page, "#graph-more", known)
        assert everything - claims <= below
        if not page.locator("details.graph-more p.hint", has_text="not drawn").count():
            assert everything - claims == below  # nothing is said to be left out: nothing is

    # each claim with Lean has its own graph on its card: the claim and its formalising declarations
    for claim in paper["claims"]:
        card = page.locator(f'[id="claim-{claim["id"]}"]')
        if not claim["formal"]:
            assert card.locator("svg.depgraph").count() == 0
            continue
        details = card.locator("details.claim-graph")
        if not details.evaluate("d => d.open"):
            details.locator("summary").click()
        own = _check_boxes(page, f'[id="claim-{claim["id"]}"] [id="graph-claim-{claim["id"]}"]', known)
        assert f"claim:{claim['id']}" in own and {f["decl"] for f in claim["formal"]} <= own
        assert not {n for n in own if n.startswith("claim:")} - {f"claim:{claim['id']}"}


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
    """A paper with two claims: the whole page head and drawing fit in the first viewport."""
    two = [p for p in data["papers"] if len(p["claims"]) == 2]
    assert two, "the project has a paper with two claims"
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    watch = _Watch(page)
    for paper in two:
        page.goto((repo_report / "papers" / f"{paper['id']}.html").as_uri())
        page.screenshot(path=str(_shots(repo_report) / f"{paper['id']}.png"))
        assert _in_viewport(page.locator("#graph-main svg.depgraph").bounding_box()), paper["id"]
        for claim in paper["claims"]:
            title = page.locator(f'#graph-main [data-name="claim:{claim["id"]}"] title').text_content()
            assert title.endswith(CLAIM_STATES[claim["state"]].words)
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
