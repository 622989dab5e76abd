"""Short human-readable rendering of names, levels and expressions for rejection messages."""

from __future__ import annotations

from .level import level_to_str


def name_to_str(n: tuple) -> str:
    return ".".join(str(c) for c in n) if n else "[anonymous]"


def expr_to_str(e, limit: int = 400) -> str:
    from . import expr as E

    out: list[str] = []
    budget = [limit]

    def go(x, depth: int) -> None:
        if budget[0] <= 0:
            return
        k = x.kind
        if k == E.BVAR:
            s = f"#{x.a}"
        elif k == E.SORT:
            s = "Prop" if x.a.kind == "zero" else f"Sort {level_to_str(x.a)}"
        elif k == E.CONST:
            s = name_to_str(x.a)
        elif k == E.FVAR:
            s = name_to_str(x.d) if x.d else f"x{x.a}"
        elif k == E.LIT:
            s = repr(x.a) if isinstance(x.a, str) else str(x.a)
        elif k == E.APP:
            f, args = E.get_app_fn_args(x)
            out.append("(")
            go(f, depth + 1)
            for a in args:
                out.append(" ")
                go(a, depth + 1)
            out.append(")")
            return
        elif k in (E.LAM, E.PI):
            out.append("(fun " if k == E.LAM else "(forall ")
            out.append(f"({name_to_str(x.c) if isinstance(x.c, tuple) else 'x'} : ")
            go(x.a, depth + 1)
            out.append("), ")
            go(x.b, depth + 1)
            out.append(")")
            return
        elif k == E.LET:
            out.append("(let _ := ")
            go(x.b, depth + 1)
            out.append("; ")
            go(x.c, depth + 1)
            out.append(")")
            return
        elif k == E.PROJ:
            go(x.c, depth + 1)
            s = f".{x.b + 1}"
        else:
            s = "?"
        budget[0] -= len(s)
        out.append(s)

    go(e, 0)
    text = "".join(out)
    return text if budget[0] > 0 else text + "..."
