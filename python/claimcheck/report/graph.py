"""A paper's dependency graph, drawn as inline SVG without Graphviz.

As leanblueprint draws a blueprint, a paper page draws how its claims rest on Lean: each claim
(top row) points to the declarations that formalise it, and each declaration to the project
declarations its statement and proof use (each declaration's ``uses``, read from the ``.olean``
files), down to a bounded depth and size so the picture stays readable. Nodes are coloured by
verdict (claims) and proof status (declarations), with the kernel's verdict, where the report has
one (a ``kernel`` field on a declaration), as the outline: dashed when the kernel declined to
decide, doubled red when it rejects. The shape says what a box is (:class:`Shape`): a claim, a
theorem, a definition, a concrete instance (a closed statement proved by ``decide``) or a library constant. Each
declaration links to its row on ``declarations.html``, each claim to its anchor on the page; each
box's ``<title>`` (the browser's tooltip) holds the full name, the label may be shortened.

The layout is a small layered (Sugiyama-style) one: layers by longest path from the claims, a few
barycentre sweeps to reduce crossings, then each layer wrapped into rows no wider than the page
(``max_width``), so a paper with many declarations grows downwards, in a scrolled viewport, never
sideways. An edge that crosses rows passes through the gaps between their boxes. Everything is
computed here; the SVG uses only the report's stylesheet.

Edges are **bundled** (:meth:`Graph.bundle`): by claim in a paper's picture, by formalising
declaration in one claim's; every box and edge is marked with the bundles that reach it (``data-r``)
and each bundle's root box with its index (``data-root``), so the stylesheet draws each bundle in a
colour of its own and, while a root is hovered, fades everything outside its bundle (CSS ``:has``,
no script): a big paper's edges can be followed one claim at a time.

:func:`paper_views` chooses what a paper page draws: each claim's own picture first (at most
:data:`DEFAULT_DEPTH` levels below its formalising declarations and :data:`CLAIM_NODES` boxes), the
whole paper's (:data:`MAX_NODES` boxes; the formalising declarations alone when their uses do not
fit), and every project dependency behind a "show more".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from html import escape
import math
import re
from urllib.parse import quote

from claimcheck.model.evidence import FormalEvidence, GateResult, PaperEvidence, Role
from claimcheck.model.facts import DeclFacts, DeclKind, Status
from claimcheck.model.names import Name, NameSyntaxError
from claimcheck.report.states import claim_state, status_words

#: A declaration's identity: its module and name.
Key = tuple[str, Name]

#: How far below the formal declarations :func:`paper_graph` follows dependencies, and how many nodes at most.
MAX_DEPTH = 2
MAX_NODES = 60
#: What a paper page draws by default: the formalising declarations and what they use directly
#: (two levels of declarations below the claims), when that fits in :data:`MAX_NODES` boxes.
DEFAULT_DEPTH = 1
#: "Show more": every project dependency, down to the bottom, at most this many boxes.
MORE_NODES = 200
#: A claim card's own graph: its declarations and their direct uses when they fit in this many boxes.
CLAIM_NODES = 40
#: The widest a drawing is laid out (px): the paper page's graph column, and a claim card.
PAGE_WIDTH = 820.0
CARD_WIDTH = 760.0

_CHAR_W = 7.0  # px per character of the 12px monospace labels
_PAD_X = 10.0
_SLANT = 8.0  # extra room for the slanted sides of instance and library boxes
_BOX_H = 26.0  # a box of one label line
_LINE_H = 14.0  # each further line
_LINE_CHARS = 22  # characters a label line holds
_GAP_X = 18.0
_GAP_ROW = 28.0  # between two rows of one wrapped layer
_GAP_Y = 56.0  # between layers
_MARGIN = 12.0
_CLEAR = 4.0  # how far an edge keeps from a box it passes


class Shape(StrEnum):
    """What a box is, drawn as its shape."""

    CLAIM = "claim"
    THEOREM = "theorem"
    DEFINITION = "definition"
    INSTANCE = "instance"  # an instance theorem: a closed statement proved by `decide`, cross-checked
    LIBRARY = "library"  # a constant from outside the project

    @property
    def words(self) -> str:
        return {"claim": "claim", "theorem": "theorem", "definition": "definition",
                "instance": "concrete instance", "library": "library constant"}[self.value]


#: Lean kinds drawn as definitions (data and the functions on it, not propositions).
_DEFINITION_KINDS = frozenset({"definition", "opaque", "inductive", "constructor", "recursor", "quotient"})


@dataclass
class Node:
    id: str
    label: str
    kind: str  # "claim" or "decl"
    css: str  # e.g. "v-holds", "s-proved"
    href: str | None
    title: str
    kernel: str | None = None
    shape: Shape = Shape.THEOREM
    #: levels below the formalising declarations (0: formalises a claim; -1: a claim)
    depth: int = 0
    status: str = ""  # a declaration's status as the report words it ("proved", "defined", ...)
    layer: int = 0
    row: int = 0
    x: float = 0.0
    y: float = 0.0
    width: float = 0.0
    height: float = _BOX_H
    lines: tuple[str, ...] = ()
    #: whether ``lines[0]`` is the label's namespace (drawn smaller)
    namespace_line: bool = False
    #: the bundles (indices of :attr:`Graph.roots`) whose edges reach this box
    bundles: tuple[int, ...] = ()


@dataclass
class Row:
    """One row of boxes: a layer, or part of a wrapped one."""

    layer: int
    y: float
    height: float
    nodes: list[str]


@dataclass
class Graph:
    nodes: dict[str, Node] = field(default_factory=dict)
    edges: list[tuple[str, str]] = field(default_factory=list)
    omitted: int = 0  # declarations left out by the size bound
    namespace: str = ""  # the namespace left out of the boxes' labels (shared by every declaration)
    routes: dict[tuple[str, str], list[tuple[float, float]]] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    #: the boxes whose edges are bundled (drawn in a colour of their own, and shown alone while one
    #: is hovered): the claims of a paper's picture, the formalising declarations of one claim's
    roots: list[str] = field(default_factory=list)

    def bundle(self, roots: list[str]) -> None:
        """Bundle the edges by ``roots``: each box and edge is marked with the roots that reach it."""
        self.roots = [r for r in roots if r in self.nodes]
        succ: dict[str, list[str]] = {}
        for a, b in self.edges:
            succ.setdefault(a, []).append(b)
        reach: dict[str, set[int]] = {n: set() for n in self.nodes}
        for i, root in enumerate(self.roots):
            stack, seen = [root], {root}
            while stack:
                cur = stack.pop()
                reach[cur].add(i)
                for nxt in succ.get(cur, []):
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
        for n, node in self.nodes.items():
            node.bundles = tuple(sorted(reach[n]))

    @property
    def width(self) -> float:
        return max((n.x + n.width for n in self.nodes.values()), default=0.0) + _MARGIN

    @property
    def height(self) -> float:
        return max((n.y + n.height for n in self.nodes.values()), default=0.0) + _MARGIN

    @property
    def levels(self) -> int:
        """The deepest level drawn below the formalising declarations (-1: claims only)."""
        return max((n.depth for n in self.nodes.values()), default=-1)

    def groups(self) -> list[tuple[str, list[Node]]]:
        """The boxes by what they are to the claims, for the list beside the drawing: the claims,
        the declarations formalising them, what those use, and so on down; names in order."""
        by_depth: dict[int, list[Node]] = {}
        for node in self.nodes.values():
            by_depth.setdefault(node.depth, []).append(node)
        out = []
        for depth in sorted(by_depth):
            nodes = by_depth[depth]
            if depth >= 0:
                nodes = sorted(nodes, key=lambda n: n.id)
            heading = ("Claims" if depth < 0 else "Formalise the claims" if depth == 0
                       else "Used by those" if depth == 1 else f"Used, {depth} levels down")
            out.append((heading, nodes))
        return out


def shape_of(facts: DeclFacts | None, role: Role | str | None, library: bool, instance: bool = False) -> Shape:
    """A declaration's shape from its facts (its kind), the formal entry's ``role``, whether it is
    from outside the project and whether it is an instance theorem (one the cross-check read: a
    closed statement proved by decision, as the analysis decides); a declaration without facts (not
    found) is drawn by its role."""
    kind = str(facts.kind) if facts is not None else ""
    if library or role == Role.LIBRARY or kind == DeclKind.BOUNDARY:
        return Shape.LIBRARY
    if kind in _DEFINITION_KINDS or (kind not in ("theorem", "axiom") and role == Role.DEFINITION):
        return Shape.DEFINITION
    if instance and kind in ("theorem", "", "unknown"):
        return Shape.INSTANCE
    return Shape.THEOREM


@dataclass(frozen=True)
class Index:
    """What the drawings read of a gate result: its declarations by ``(module, name)``, the
    declarations each one uses (a used name read as its own module sees it: the declaration of
    that module, else the one declaration of that name), and the project's modules."""

    declarations: Mapping[Key, DeclFacts]
    uses: Mapping[Key, list[Key]]
    project_modules: frozenset[str]
    by_name: Mapping[Name, list[Key]]
    #: the instance theorems the cross-check read
    instances: frozenset[Name] = frozenset()

    @classmethod
    def of(cls, result: GateResult) -> "Index":
        declarations = {d.key: d for d in result.declarations if d.kind is not DeclKind.MODULE}
        by_name: dict[Name, list[Key]] = {}
        for key in declarations:
            by_name.setdefault(key[1], []).append(key)
        index = cls(declarations, {}, frozenset(m.name for m in result.build.modules), by_name)
        uses = {key: [u for u in (index.resolve(n, key[0]) for n in d.uses) if u is not None]
                for key, d in declarations.items()}
        return cls(declarations, uses, index.project_modules, by_name, frozenset(i.decl for i in result.instances))

    def resolve(self, name: Name, module: str | None) -> Key | None:
        """The declaration ``name`` as ``module`` sees it (None: not in the report, or ambiguous)."""
        found = self.by_name.get(name, [])
        if module is not None and (module, name) in self.declarations:
            return (module, name)
        return found[0] if len(found) == 1 else None

    def formal(self, f: FormalEvidence) -> Key:
        """The declaration a manifest's entry names (``("", name)``: not in the report)."""
        if f.facts is not None and f.facts.key in self.declarations:
            return f.facts.key
        return self.resolve(f.decl, f.facts.module if f.facts is not None else None) or ("", f.decl)

    def node_id(self, key: Key) -> str:
        """A box's id: the printed name, with its module when two modules declare that name."""
        module, name = key
        return str(name) if len(self.by_name.get(name, ())) <= 1 else f"{name}@{module}"


def _split(text: str) -> tuple[str, ...]:
    """``text`` in at most two lines of :data:`_LINE_CHARS`, broken after an ``_`` or before a
    capital near the middle where it can be; what does not fit is cut at the start of the second
    line (``…``)."""
    if len(text) <= _LINE_CHARS:
        return (text,)
    best: tuple[int, int] | None = None  # (longer half, cut)
    for i in range(1, len(text)):
        underscore = text[i - 1] == "_"
        if underscore or (text[i].isupper() and text[i - 1].islower()):
            score = max(i, len(text) - i) + (0 if underscore else 6)  # words first, then camelCase
            if i <= _LINE_CHARS and (best is None or score < best[0]):
                best = (score, i)
    cut = best[1] if best else _LINE_CHARS
    head, tail = text[:cut], text[cut:]
    if len(tail) > _LINE_CHARS:
        tail = "…" + tail[-(_LINE_CHARS - 1):]
    return (head, tail)


def _label_lines(label: str) -> tuple[tuple[str, ...], bool]:
    """A box's label as lines, and whether the first is a namespace: a label that does not fit in
    one line shows its namespace (``TrafficLight.``) on a line of its own, shortened in the
    middle if need be, above its last component in at most two lines. The full name is in the
    box's title and in the list beside the drawing."""
    if len(label) <= _LINE_CHARS:
        return (label,), False
    try:
        name = Name.parse(label)
        parts = name.components
    except NameSyntaxError:
        parts = ()
    if len(parts) < 2:
        return _split(label), False
    namespace = str(name.prefix) + "."
    if not label.startswith(namespace) or len(label) == len(namespace):
        return _split(label), False
    last = label[len(namespace):]  # the last component as printed (quoted if it must be)
    if len(namespace) > _LINE_CHARS:
        keep = _LINE_CHARS - 1
        namespace = namespace[: keep // 2] + "…" + namespace[-(keep - keep // 2):]
    return (namespace, *_split(last)), True


def paper_graph(paper: PaperEvidence, index: Index, root: str = "../", max_depth: int | None = MAX_DEPTH,
                max_nodes: int = MAX_NODES, max_width: float = PAGE_WIDTH) -> Graph:
    """The graph of one paper of a gate result (``index``: its declarations); links are relative to
    ``root``. Uses are followed ``max_depth`` levels below the formalising declarations (None: to
    the bottom); a declaration of a module that is not the project's is drawn as a library constant."""
    g = Graph()
    formal_facts: dict[Key, DeclFacts | None] = {}
    roles: dict[Key, Role | str] = {}
    ids: dict[Key, str] = {}

    def add_decl(key: Key, depth: int) -> bool:
        if key in ids:
            return True
        if len(g.nodes) >= max_nodes:
            g.omitted += 1
            return False
        module, name = key
        facts = index.declarations.get(key) or formal_facts.get(key)
        status = str(facts.status) if facts is not None else str(Status.MISSING)
        outcome = str(facts.kernel.outcome) if facts is not None and facts.kernel is not None else None
        library = (bool(module) and status not in (Status.MISSING, Status.FAILED)
                   and module not in index.project_modules)
        shape = shape_of(facts, roles.get(key), library, name in index.instances)
        words = status_words(status, facts.is_theorem if facts is not None else None)
        what = shape.words
        kind = str(facts.kind) if facts is not None else ""
        if kind and kind not in ("theorem", "definition") and kind not in what:
            what += f", {kind}"
        node_id = ids[key] = index.node_id(key)
        title = f"{name} ({what}): {words}" + (f", kernel {outcome}" if outcome else "")
        href = f"{root}declarations.html#decl-{quote(str(name), safe='')}" if key in index.declarations else None
        g.nodes[node_id] = Node(node_id, str(name), "decl", f"s-{status}", href, title, outcome, shape, depth, words)
        return True

    claims = paper.claims
    for claim in claims:
        cid = f"claim:{claim.id}"
        state = claim_state(claim.state)
        g.nodes[cid] = Node(cid, claim.id, "claim", f"v-{state.css}", f"#claim-{quote(claim.id, safe='')}",
                            f"{claim.id} ({claim.label}): {state.words}", shape=Shape.CLAIM, depth=-1,
                            status=state.words)
        for f in claim.formal:
            key = index.formal(f)
            formal_facts.setdefault(key, f.facts)
            roles.setdefault(key, f.role)
    edges: list[tuple[str, Key]] = []
    for claim in claims:
        for f in claim.formal:
            key = index.formal(f)
            if add_decl(key, 0):
                edges.append((f"claim:{claim.id}", key))
    frontier = list(dict.fromkeys(index.formal(f) for c in claims for f in c.formal))
    seen = set(frontier)
    decl_edges: list[tuple[Key, Key]] = []
    level = 0
    while frontier and (max_depth is None or level < max_depth):
        level += 1
        nxt: list[Key] = []
        for key in frontier:
            for dep in index.uses.get(key, []):
                if dep not in ids and not add_decl(dep, level):
                    continue
                if key in ids:
                    decl_edges.append((key, dep))
                if dep not in seen:
                    seen.add(dep)
                    nxt.append(dep)
        frontier = nxt
    # edges among drawn declarations that the walk did not take (e.g. between two formal ones)
    present = set(decl_edges)
    for key in list(ids):
        for dep in index.uses.get(key, []):
            if dep in ids and (key, dep) not in present:
                decl_edges.append((key, dep))
                present.add((key, dep))
    g.edges = [(c, ids[k]) for c, k in edges] + [(ids[a], ids[b]) for a, b in decl_edges]
    g.edges = transitive_reduction(list(dict.fromkeys(g.edges)), keep=lambda a, b: a.startswith("claim:"))
    prefix = common_namespace([n.label for n in g.nodes.values() if n.kind == "decl"])
    if prefix:
        g.namespace = prefix.rstrip(".")
        for node in g.nodes.values():
            if node.kind == "decl" and node.label.startswith(prefix):
                node.label = node.label[len(prefix):]
    layout(g, max_width)
    roots = [n for n in g.nodes if g.nodes[n].kind == "claim"]
    if len(roots) == 1:  # one claim's picture: bundled by the declarations that formalise it
        roots = [b for a, b in g.edges if a == roots[0]]
    g.bundle(roots)
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


def _mean(values: list[float], default: float) -> float:
    return sum(values) / len(values) if values else default


def _wrap(row: list[str], width: Mapping[str, float], limit: float) -> list[list[str]]:
    """``row`` cut into consecutive rows no wider than ``limit`` (a box wider than it alone),
    as few as can be and as even as they can be made."""

    def greedy(cap: float) -> list[list[str]]:
        out: list[list[str]] = [[]]
        used = 0.0
        for n in row:
            need = width[n] + (_GAP_X if out[-1] else 0.0)
            if out[-1] and used + need > cap:
                out.append([])
                used, need = 0.0, width[n]
            out[-1].append(n)
            used += need
        return out

    rows = greedy(limit)
    if len(rows) == 1:
        return rows
    lo, hi = max(width[n] for n in row), limit  # the narrowest cap that still needs no more rows
    for _ in range(24):
        mid = (lo + hi) / 2
        if len(greedy(mid)) <= len(rows):
            hi = mid
        else:
            lo = mid
    return greedy(hi)


def layout(g: Graph, max_width: float = PAGE_WIDTH) -> None:
    """Layers by longest path from the claims (cycles, e.g. mutual definitions, are cut),
    barycentre ordering, each layer wrapped into rows no wider than ``max_width``, then
    coordinates; ``g.routes`` gets each edge's points (through the gaps of the rows it crosses)."""
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
        node.lines, node.namespace_line = _label_lines(node.label)
        extra = 2 * _SLANT if node.shape in (Shape.INSTANCE, Shape.LIBRARY) else 0.0
        node.width = max(max(len(line) for line in node.lines) * _CHAR_W + 2 * _PAD_X + extra, 40.0)
        node.height = _BOX_H + (len(node.lines) - 1) * _LINE_H
    pred: dict[str, list[str]] = {n: [] for n in g.nodes}
    succ: dict[str, list[str]] = {n: [] for n in g.nodes}
    for a, b in g.edges:
        if layer[b] > layer[a]:
            succ[a].append(b)
            pred[b].append(a)
    layers: dict[int, list[str]] = {}
    for n in g.nodes:  # insertion order: claims in manifest order, then declarations as found
        layers.setdefault(layer[n], []).append(n)
    order = [layers[k] for k in sorted(layers)]
    pos: dict[str, float] = {}

    def place(row: list[str]) -> None:
        for i, n in enumerate(row):
            pos[n] = (i + 0.5) / len(row)

    for row in order:
        place(row)
    for _ in range(4):  # up then down sweeps of the barycentre heuristic, ending downwards
        for i in range(len(order) - 2, 0, -1):  # row 0 keeps the claims in the manifest's order
            order[i].sort(key=lambda n: _mean([pos[s] for s in succ[n]], pos[n]))
            place(order[i])
        for i in range(1, len(order)):
            order[i].sort(key=lambda n: _mean([pos[p] for p in pred[n]], pos[n]))
            place(order[i])
    width = {n: node.width for n, node in g.nodes.items()}
    limit = max(max_width - 2 * _MARGIN, 40.0)
    g.rows = []
    for depth, row in enumerate(order):
        for part in _wrap(row, width, limit):
            g.rows.append(Row(depth, 0.0, max(g.nodes[n].height for n in part), part))
    total = max((sum(width[n] for n in r.nodes) + _GAP_X * (len(r.nodes) - 1) for r in g.rows), default=0.0)
    y = _MARGIN
    for i, r in enumerate(g.rows):
        if i:
            y += _GAP_ROW if r.layer == g.rows[i - 1].layer else _GAP_Y
        r.y = y
        w = sum(width[n] for n in r.nodes) + _GAP_X * (len(r.nodes) - 1)
        x = _MARGIN + (total - w) / 2
        for n in r.nodes:
            node = g.nodes[n]
            node.row, node.x, node.y = i, x, y + (r.height - node.height) / 2
            x += width[n] + _GAP_X
        y += r.height
    right = _MARGIN + total
    g.routes = {}
    for a, b in g.edges:
        na, nb = g.nodes[a], g.nodes[b]
        if nb.row <= na.row:  # an edge back up (a cycle): side to side
            g.routes[(a, b)] = [(na.x + na.width, na.y + na.height / 2), (nb.x + nb.width, nb.y + nb.height / 2)]
            continue
        start = (na.x + na.width / 2, na.y + na.height)
        end = (nb.x + nb.width / 2, nb.y)
        points = [start]
        for r in g.rows[na.row + 1: nb.row]:
            t = (r.y + r.height / 2 - start[1]) / max(end[1] - start[1], 1.0)
            gx = _through(r, g.nodes, start[0] + t * (end[0] - start[0]), right)
            points += [(gx, r.y), (gx, r.y + r.height)]
        points.append(end)
        g.routes[(a, b)] = points


def _through(row: Row, nodes: Mapping[str, Node], ideal: float, right: float) -> float:
    """The x nearest ``ideal`` where an edge can cross ``row`` without touching a box."""
    free: list[tuple[float, float]] = []
    left = _MARGIN / 2
    for n in row.nodes:
        node = nodes[n]
        free.append((left, node.x - _CLEAR))
        left = node.x + node.width + _CLEAR
    free.append((left, right + _MARGIN / 2))
    best, best_d = ideal, math.inf
    for lo, hi in free:
        if hi < lo:
            continue
        x = min(max(ideal, lo), hi)
        if abs(x - ideal) < best_d:
            best, best_d = x, abs(x - ideal)
    return best


def _token(text: str) -> str:
    """A CSS class token: letters, digits and ``-`` only."""
    return re.sub(r"[^A-Za-z0-9-]", "-", text)


def shape_svg(shape: Shape, x: float, y: float, w: float, h: float) -> str:
    """The outline of a box of ``shape`` (class ``shape``; colours come from the stylesheet)."""
    cls = f'class="shape sh-{shape.value}"'
    if shape is Shape.INSTANCE:  # a hexagon: pointed ends
        s = min(_SLANT, w / 4)
        pts = [(x + s, y), (x + w - s, y), (x + w, y + h / 2), (x + w - s, y + h), (x + s, y + h), (x, y + h / 2)]
    elif shape is Shape.LIBRARY:  # a parallelogram: from elsewhere
        s = min(_SLANT, w / 4)
        pts = [(x + s, y), (x + w, y), (x + w - s, y + h), (x, y + h)]
    else:
        rx = {Shape.CLAIM: 6.0, Shape.THEOREM: 1.5, Shape.DEFINITION: h / 2}[shape]
        return f'<rect {cls} x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.0f}" rx="{rx:.1f}"/>'
    return f'<polygon {cls} points="{" ".join(f"{px:.1f},{py:.1f}" for px, py in pts)}"/>'


def glyph(shape: Shape | str, css: str = "") -> str:
    """A small picture of a box (for a legend or a list of names), coloured as ``css`` says."""
    shape = Shape(shape)
    classes = " ".join(["glyph-box", *(_token(c) for c in css.split())])
    return (f'<svg class="glyph" xmlns="http://www.w3.org/2000/svg" width="26" height="14" viewBox="0 0 26 14" '
            f'aria-hidden="true"><g class="{classes}">{shape_svg(shape, 1, 1, 24, 12)}</g></svg>')


def to_svg(g: Graph, label: str, key: str = "") -> str:
    """The graph as an ``<svg>`` element (text escaped; links relative to the page); ``key`` tells
    apart the arrowhead of each drawing on one page (ids are page-wide)."""
    w, h = g.width, g.height
    arrow = "arrow" + (f"-{_token(key)}" if key else "")
    bundled = " bundled" if len(g.roots) > 1 else ""
    out = [f'<svg class="depgraph{bundled}" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'aria-label="{escape(label)}" width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}">',
           f'<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
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
        na, nb = g.nodes[a], g.nodes[b]
        says = (f"{na.label} is formalised by {nb.id}" if na.kind == "claim" else f"{na.id} uses {nb.id}")
        # an edge is in the bundles of the roots that reach its start (so they reach its end too)
        bundle = (f' data-r="{" ".join(map(str, na.bundles))}" style="--i:{na.bundles[0]}"'
                  if bundled and na.bundles else "")
        out.append(f'<path class="edge" data-from="{escape(a)}" data-to="{escape(b)}"{bundle} d="{d}" '
                   f'marker-end="url(#{arrow})"><title>{escape(says)}</title></path>')
    for node in g.nodes.values():
        classes = f"node {node.kind} {_token(node.css)}"
        if node.kernel:
            classes += f" k-{_token(node.kernel)}"
        cx = node.x + node.width / 2
        top = node.y + node.height / 2 + 4 - (len(node.lines) - 1) * _LINE_H / 2
        text = "".join(f'<tspan x="{cx:.1f}" y="{top + i * _LINE_H:.1f}"'
                       + (' class="ns"' if i == 0 and node.namespace_line else "") + f'>{escape(line)}</tspan>'
                       for i, line in enumerate(node.lines or (node.label,)))
        body = (f'<title>{escape(node.title)}</title>'
                + shape_svg(node.shape, node.x, node.y, node.width, node.height)
                + f'<text text-anchor="middle">{text}</text>')
        attrs = f'class="{classes}" data-name="{escape(node.id)}"'
        if bundled:
            attrs += f' data-r="{" ".join(map(str, node.bundles))}"'
            if node.id in g.roots:
                attrs += f' data-root="{g.roots.index(node.id)}"'
        if node.href:
            out.append(f'<a href="{escape(node.href)}" {attrs}>{body}</a>')
        else:
            out.append(f'<g {attrs}>{body}</g>')
    out.append("</svg>")
    return "".join(out)


def paper_svg(paper: PaperEvidence, result: GateResult, root: str = "../") -> tuple[str, Graph]:
    """The inline SVG of a paper's graph, and the graph."""
    g = paper_graph(paper, Index.of(result), root)
    return to_svg(g, f"Dependency graph of {paper.title or paper.id}"), g


@dataclass
class Drawing:
    """A graph and its SVG, ready for a page."""

    graph: Graph
    svg: str


@dataclass
class PaperViews:
    """What a paper page draws: each claim's own picture (claims with Lean only), shown first; the
    whole paper's (behind a summary when two claims or more have Lean; the claims' row when none
    has); the larger one behind "show more" (None when it would draw nothing more)."""

    main: Drawing
    more: Drawing | None
    claims: dict[str, Drawing]


def _fitting(build: Callable[[int | None, int], Graph], depth: int, nodes: int) -> Graph:
    """The deepest picture up to ``depth`` levels of uses that leaves nothing out within ``nodes``
    boxes; the formalising declarations alone (bounded) when not even one level fits."""
    for d in range(depth, 0, -1):
        g = build(d, nodes)
        if not g.omitted:
            return g
    return build(0, max(nodes, MORE_NODES))  # the formalising declarations are never left out


def paper_views(paper: PaperEvidence, result: GateResult, root: str = "../",
                index: Index | None = None) -> PaperViews:
    """The drawings of one paper page (``index``: the result's, when already made)."""
    index = index if index is not None else Index.of(result)
    title = paper.title or paper.id

    def build(p: PaperEvidence, width: float) -> Callable[[int | None, int], Graph]:
        return lambda depth, nodes: paper_graph(p, index, root, max_depth=depth, max_nodes=nodes, max_width=width)

    main = _fitting(build(paper, PAGE_WIDTH), DEFAULT_DEPTH, MAX_NODES)
    claims = {}
    for i, claim in enumerate(paper.claims):
        if not claim.formal:
            continue
        g = _fitting(build(replace(paper, claims=[claim]), PAGE_WIDTH), DEFAULT_DEPTH, CLAIM_NODES)
        claims[claim.id] = Drawing(g, to_svg(g, f"What claim {claim.id} rests on", f"claim-{i}"))
    # what the page shows before "show more": each claim's picture, and the whole paper's when two
    # claims or more have Lean (with one, its picture is the whole paper's)
    shown = set().union(*(set(d.graph.nodes) for d in claims.values())) | (set(main.nodes) if len(claims) > 1 else set())
    full = build(paper, PAGE_WIDTH)(None, MORE_NODES)
    more = None
    if not {n for n, node in full.nodes.items() if node.kind == "decl"} <= shown:
        more = Drawing(full, to_svg(full, f"Every project dependency of {title}", "more"))
    return PaperViews(Drawing(main, to_svg(main, f"Dependency graph of {title}")), more, claims)
