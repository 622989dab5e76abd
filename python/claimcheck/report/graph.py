"""A paper's dependency graph, drawn as inline SVG without Graphviz.

As leanblueprint draws a blueprint, a paper page draws how its claims rest on Lean: each claim
(top row) points to the declarations that formalise it, and each declaration to the project
declarations its statement and proof use (each declaration's ``uses``, read from the ``.olean``
files), down to a bounded depth and size so the picture stays readable. Nodes are coloured by
verdict (claims) and proof status (declarations), with the kernel's verdict, where the report has
one (a ``kernel`` field on a declaration), as the outline: dashed when the kernel declined to
decide, doubled red when it rejects. Each declaration links to its row on ``declarations.html``,
each claim to its anchor on the page.

The layout is a small layered (Sugiyama-style) one: layers by longest path from the claims,
a few barycentre sweeps to reduce crossings, fixed-width boxes sized to their labels. Everything
is computed here; the SVG uses only the report's stylesheet.
"""

from __future__ import annotations

from claimcheck.model.names import Name, NameSyntaxError

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
import re
from html import escape
from typing import Any
from urllib.parse import quote

from claimcheck.report.states import claim_state

#: How far below the formal declarations the graph follows dependencies, and how many nodes at most.
MAX_DEPTH = 2
MAX_NODES = 60

_CHAR_W = 7.0  # px per character of the 12px monospace labels
_PAD_X = 10.0
_BOX_H = 26.0
_GAP_X = 18.0
_GAP_Y = 56.0
_MARGIN = 12.0
_MAX_LABEL = 44
_DUMMY_W = 8.0  # room a long edge takes in a layer it crosses


@dataclass
class Node:
    id: str
    label: str
    kind: str  # "claim" or "decl"
    css: str  # e.g. "v-holds", "s-proved"
    href: str | None
    title: str
    kernel: str | None = None
    layer: int = 0
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0


@dataclass
class Graph:
    nodes: dict[str, Node] = field(default_factory=dict)
    edges: list[tuple[str, str]] = field(default_factory=list)
    omitted: int = 0  # declarations left out by the size bound
    namespace: str = ""  # the namespace left out of the boxes' labels (shared by every declaration)
    routes: dict[tuple[str, str], list[tuple[float, float]]] = field(default_factory=dict)

    @property
    def width(self) -> float:
        return max((n.x + n.width for n in self.nodes.values()), default=0.0) + _MARGIN

    @property
    def height(self) -> float:
        return max((n.y + _BOX_H for n in self.nodes.values()), default=0.0) + _MARGIN


def _short(name: str) -> str:
    return name if len(name) <= _MAX_LABEL else "…" + name[-(_MAX_LABEL - 1):]


def paper_graph(paper: Mapping[str, Any], dependencies: Mapping[str, list[str]],
                declarations: Mapping[str, Mapping[str, Any]], root: str = "../",
                max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES) -> Graph:
    """The graph of one paper (report data as in ``report.json``): ``declarations`` maps names to
    their records (status, kind, optional kernel); links are relative to ``root``."""
    g = Graph()
    formal_status: dict[str, Mapping[str, Any]] = {}

    def add_decl(name: str) -> bool:
        if name in g.nodes:
            return True
        if len(g.nodes) >= max_nodes:
            g.omitted += 1
            return False
        record = declarations.get(name) or formal_status.get(name) or {}
        status = str(record.get("status") or "missing")
        kernel = record.get("kernel") or {}
        outcome = kernel.get("outcome") if isinstance(kernel, Mapping) else None
        title = f"{name}: {status}" + (f", kernel {outcome}" if outcome else "")
        href = f"{root}declarations.html#decl-{quote(name, safe='')}" if name in declarations else None
        g.nodes[name] = Node(name, _short(name), "decl", f"s-{status}", href, title, outcome)
        return True

    for claim in paper.get("claims") or []:
        cid = f"claim:{claim['id']}"
        state = claim_state(str(claim.get("state") or claim.get("verdict")))
        g.nodes[cid] = Node(cid, str(claim["id"]), "claim", f"v-{state.css}",
                            f"#claim-{quote(str(claim['id']), safe='')}",
                            f"{claim['id']} ({claim.get('label')}): {state.words}")
        for f in claim.get("formal") or []:
            formal_status.setdefault(f["decl"], f.get("facts") or {})
    for claim in paper.get("claims") or []:
        for f in claim.get("formal") or []:
            if add_decl(f["decl"]):
                g.edges.append((f"claim:{claim['id']}", f["decl"]))
    frontier = list(dict.fromkeys(f["decl"] for c in paper.get("claims") or [] for f in c.get("formal") or []))
    seen = set(frontier)
    for _ in range(max_depth):
        nxt: list[str] = []
        for name in frontier:
            for dep in dependencies.get(name, []):
                if dep not in g.nodes and not add_decl(dep):
                    continue
                if name in g.nodes:
                    g.edges.append((name, dep))
                if dep not in seen:
                    seen.add(dep)
                    nxt.append(dep)
        frontier = nxt
    # edges among drawn declarations that the walk did not take (e.g. between two formal ones)
    present = set(g.edges)
    for name in list(g.nodes):
        for dep in dependencies.get(name, []):
            if dep in g.nodes and (name, dep) not in present:
                g.edges.append((name, dep))
                present.add((name, dep))
    g.edges = transitive_reduction(list(dict.fromkeys(g.edges)), keep=lambda a, b: a.startswith("claim:"))
    prefix = common_namespace([n.id for n in g.nodes.values() if n.kind == "decl"])
    if prefix:
        g.namespace = prefix.rstrip(".")
        for node in g.nodes.values():
            if node.kind == "decl" and node.id.startswith(prefix):
                node.label = _short(node.id[len(prefix):])
    layout(g)
    return g


def transitive_reduction(edges: list[tuple[str, str]],
                         keep: Callable[[str, str], bool] = lambda a, b: False) -> list[tuple[str, str]]:
    """``edges`` without those implied by a longer path (as Graphviz's ``tred``): a theorem that
    uses a lemma and, directly, the definitions the lemma also uses shows only the lemma. Edges
    for which ``keep`` is true stay (a claim's edges to its formal declarations say what
    formalises it, not what it uses). Only the picture is simplified;
    each declaration's ``uses`` keeps every direct use."""
    succ: dict[str, list[str]] = {}
    for a, b in edges:
        succ.setdefault(a, []).append(b)

    def reaches(start: str, goal: str, skip: tuple[str, str]) -> bool:
        stack, seen = [start], {start}
        while stack:
            cur = stack.pop()
            for nxt in succ.get(cur, []):
                if (cur, nxt) == skip or nxt in seen:
                    continue
                if nxt == goal:
                    return True
                seen.add(nxt)
                stack.append(nxt)
        return False

    kept = []
    for edge in edges:
        a, b = edge
        # keep an edge unless another path makes it redundant; an edge on a cycle (a <-> b) stays
        if not keep(a, b) and reaches(a, b, edge) and not reaches(b, a, ("", "")):
            continue
        kept.append(edge)
    return kept


def common_namespace(names: list[str]) -> str:
    """The longest namespace (``MLTheory.``) shared by every name and shorter than each, read by
    components (``Col.«Y.ax»`` is ``Col`` and ``Y.ax``), printed as Lean prints it."""
    if not names:
        return ""
    try:
        parts = [Name.parse(n).components for n in names]
    except NameSyntaxError:
        return ""  # a text that is not a Lean name (a claim's box): no common namespace
    prefix: list = []
    for column in zip(*(p[:-1] for p in parts)):
        if len(set(column)) != 1:
            break
        prefix.append(column[0])
    return str(Name(prefix)) + "." if prefix else ""


def layout(g: Graph) -> None:
    """Layers by longest path from the claims (cycles, e.g. mutual definitions, are cut), a
    dummy point in each layer a long edge crosses (so it bends around the boxes instead of going
    through them), barycentre ordering, then coordinates; ``g.routes`` gets each edge's points."""
    layer = {n: (0 if node.kind == "claim" else 1) for n, node in g.nodes.items()}
    for _ in range(len(g.nodes)):  # relax: at most |V| rounds, so a cycle cannot loop forever
        changed = False
        for a, b in g.edges:
            if g.nodes[b].kind == "claim":
                continue
            want = layer[a] + 1
            if layer[b] < want <= len(g.nodes):
                layer[b] = want
                changed = True
        if not changed:
            break
    for n, node in g.nodes.items():
        node.layer = layer[n]
        node.width = max(len(node.label) * _CHAR_W + 2 * _PAD_X, 40.0)
    # segments between adjacent layers; long edges get one dummy point per layer crossed
    width: dict[str, float] = {n: node.width for n, node in g.nodes.items()}
    layer_of = dict(layer)
    chains: dict[tuple[str, str], list[str]] = {}
    segments: list[tuple[str, str]] = []
    for a, b in g.edges:
        if layer[b] <= layer[a]:
            chains[(a, b)] = [a, b]  # drawn from the side; not part of the ordering
            continue
        chain = [a]
        for depth in range(layer[a] + 1, layer[b]):
            dummy = f"\x00{a}\x00{b}\x00{depth}"
            layer_of[dummy], width[dummy] = depth, _DUMMY_W
            chain.append(dummy)
        chain.append(b)
        chains[(a, b)] = chain
        segments.extend(zip(chain, chain[1:]))
    succ: dict[str, list[str]] = {n: [] for n in layer_of}
    pred: dict[str, list[str]] = {n: [] for n in layer_of}
    for a, b in segments:
        succ[a].append(b)
        pred[b].append(a)
    layers: dict[int, list[str]] = {}
    for n in layer_of:  # insertion order: claims in manifest order, then declarations as found
        layers.setdefault(layer_of[n], []).append(n)
    order = [layers[k] for k in sorted(layers)]

    def position(row: list[str]) -> dict[str, float]:
        return {n: i for i, n in enumerate(row)}

    for _ in range(4):  # down and up sweeps of the barycentre heuristic
        for i in range(1, len(order)):
            pos, here = position(order[i - 1]), position(order[i])
            order[i].sort(key=lambda n: _mean([pos[p] for p in pred[n] if p in pos], here[n]))
        for i in range(len(order) - 2, 0, -1):  # row 0 keeps the claims in the manifest's order
            pos, here = position(order[i + 1]), position(order[i])
            order[i].sort(key=lambda n: _mean([pos[s] for s in succ[n] if s in pos], here[n]))
    widths = [sum(width[n] for n in row) + _GAP_X * (len(row) - 1) for row in order]
    total = max(widths, default=0.0)
    centre: dict[str, tuple[float, float]] = {}
    for row, w, depth in zip(order, widths, range(len(order))):
        x = _MARGIN + (total - w) / 2
        y = _MARGIN + depth * (_BOX_H + _GAP_Y)
        for n in row:
            if n in g.nodes:
                g.nodes[n].x, g.nodes[n].y = x, y
            centre[n] = (x + width[n] / 2, y)
            x += width[n] + _GAP_X
    g.routes = {}
    for (a, b), chain in chains.items():
        na, nb = g.nodes[a], g.nodes[b]
        if len(chain) == 2 and nb.layer <= na.layer:  # an edge back up (a cycle): side to side
            g.routes[(a, b)] = [(na.x + na.width, na.y + _BOX_H / 2), (nb.x + nb.width, nb.y + _BOX_H / 2)]
            continue
        points = [(na.x + na.width / 2, na.y + _BOX_H)]
        for d in chain[1:-1]:
            cx, cy = centre[d]
            points += [(cx, cy), (cx, cy + _BOX_H)]
        points.append((nb.x + nb.width / 2, nb.y))
        g.routes[(a, b)] = points


def _mean(values: list[float], default: float) -> float:
    return sum(values) / len(values) if values else default


def _token(text: str) -> str:
    """A CSS class token: letters, digits and ``-`` only."""
    return re.sub(r"[^A-Za-z0-9-]", "-", text)


def to_svg(g: Graph, label: str) -> str:
    """The graph as an ``<svg>`` element (text escaped; links relative to the page)."""
    w, h = g.width, g.height
    out = [f'<svg class="depgraph" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-label="{escape(label)}" width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}">',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>']
    for a, b in g.edges:
        points = g.routes.get((a, b)) or []
        if len(points) < 2:
            continue
        d = f"M{points[0][0]:.1f},{points[0][1]:.1f}"
        for (x1, y1), (x2, y2) in zip(points, points[1:]):
            if abs(x1 - x2) < 0.05 or abs(y1 - y2) < 0.05:
                d += f" L{x2:.1f},{y2:.1f}"
            else:
                mid = (y1 + y2) / 2
                d += f" C{x1:.1f},{mid:.1f} {x2:.1f},{mid:.1f} {x2:.1f},{y2:.1f}"
        out.append(f'<path class="edge" data-from="{escape(a)}" data-to="{escape(b)}" d="{d}" '
                   'marker-end="url(#arrow)"/>')
    for node in g.nodes.values():
        classes = f"node {node.kind} {_token(node.css)}"
        if node.kernel:
            classes += f" k-{_token(node.kernel)}"
        body = (f'<title>{escape(node.title)}</title>'
                f'<rect x="{node.x:.1f}" y="{node.y:.1f}" width="{node.width:.1f}" height="{_BOX_H:.0f}" rx="5"/>'
                f'<text x="{node.x + node.width / 2:.1f}" y="{node.y + _BOX_H / 2 + 4:.1f}" '
                f'text-anchor="middle">{escape(node.label)}</text>')
        attrs = f'class="{classes}" data-name="{escape(node.id)}"'
        if node.href:
            out.append(f'<a href="{escape(node.href)}" {attrs}>{body}</a>')
        else:
            out.append(f'<g {attrs}>{body}</g>')
    out.append("</svg>")
    return "".join(out)


def paper_svg(paper: Mapping[str, Any], data: Mapping[str, Any], root: str = "../") -> tuple[str, Graph]:
    """The inline SVG of a paper's graph from report data (``report.json``), and the graph."""
    declarations = {str(d["name"]): d for d in data.get("declarations") or []}
    dependencies = {str(d["name"]): [str(u) for u in d.get("uses") or []] for d in data.get("declarations") or []}
    g = paper_graph(paper, dependencies, declarations, root)
    return to_svg(g, f"Dependency graph of {paper.get('title', paper.get('id'))}"), g
