"""The companion's operating-system sandbox: what its process can read, write and reach.

A project's companion code (witnesses, instance semantics) runs in a process that can read the
project and the Python installation it needs, write only a temporary folder, open no socket and
reach no network, and whose every descendant ends with it. Two ways to get there, tried in order:

- **Landlock** (Linux 5.13+), with no dependency: the companion's process confines itself before
  it imports any project code: ``PR_SET_NO_NEW_PRIVS``, a Landlock ruleset (the syscalls 444-446, as
  landrun makes them) that allows reading (and executing) only the folders of :class:`Policy`,
  writing only its temporary folder, no TCP (ABI 4) and no signal or abstract socket outside it
  (ABI 6); a seccomp filter that refuses ``socket`` (every family: no network, no local server such
  as a Docker or D-Bus socket), ``io_uring`` and the calls that change a file's mode, owner, times or
  extended attributes (which Landlock does not govern); and, where unprivileged user namespaces are
  allowed, a network namespace of its own and a PID namespace whose first process is the
  companion, so that the kernel ends every process the companion leaves behind;
- **bubblewrap** (``bwrap``, Debian's ``bubblewrap``), when Landlock is not there: the same folders
  bound read-only into an empty root, the temporary folder writable, every namespace unshared.

Either way a supervisor process (outside the sandbox, claimcheck's own code) runs the companion as
its child with a time limit (wall clock, and a CPU limit beside it), is the *subreaper* of whatever
the companion starts, and kills every descendant before it answers: nothing the companion forks
outlives it.

Where neither is available (:func:`choose` returns :attr:`Kind.NONE`), companion code runs only when
the user asks for it explicitly (``--unsandboxed-companion``, or ``CLAIMCHECK_UNSANDBOXED_COMPANION=1``);
every output then says that it ran unsandboxed (or that it did not run). ``CLAIMCHECK_SANDBOX``
(``landlock``, ``bubblewrap`` or ``none``) makes the user's own choice of the mechanism.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import time
from dataclasses import dataclass, field
from enum import StrEnum

from claimcheck.errors import ConfigError

__all__ = ["Kind", "Policy", "SandboxError", "choose", "confined_command", "landlock_abi", "bubblewrap_command",
           "supervise"]


class Kind(StrEnum):
    """How the companion's process is confined."""

    LANDLOCK = "landlock"
    BUBBLEWRAP = "bubblewrap"
    #: not confined (run only at the user's explicit request)
    NONE = "none"


class SandboxError(ConfigError):
    """The sandbox could not be set up, or the user named one this system does not have (exit 2)."""


@dataclass(frozen=True)
class Policy:
    """What the companion's process may do."""

    #: folders and files it may read (and execute): the project, the Python installation, the
    #: system's shared libraries
    read: tuple[str, ...]
    #: the one folder it may write (its home and temporary folder)
    write: str
    #: wall-clock seconds before it is killed (its CPU seconds are limited to the same)
    timeout: float
    kind: Kind = Kind.LANDLOCK
    #: device files it may read and write
    devices: tuple[str, ...] = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random")

    def to_json(self) -> dict:
        return {"read": list(self.read), "write": self.write, "timeout": self.timeout, "kind": str(self.kind),
                "devices": list(self.devices)}

    @classmethod
    def from_json(cls, data: dict) -> "Policy":
        return cls(tuple(str(p) for p in data["read"]), str(data["write"]), float(data["timeout"]),
                   Kind(data["kind"]), tuple(str(p) for p in data["devices"]))


#: What every process of Python or Node needs of the system (shared libraries, the dynamic loader's
#: cache, time zones, OpenSSL's configuration, the processor and memory counts a runtime sizes its
#: thread pool by); no user data lives there.
SYSTEM_READ = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/etc/ld.so.cache", "/etc/localtime", "/etc/ssl/openssl.cnf",
               "/proc/cpuinfo", "/proc/stat", "/proc/meminfo", "/sys/devices/system/cpu", "/sys/fs/cgroup")


def python_paths(search_path: list[str]) -> list[str]:
    """The folders of this Python installation: its prefixes, its executable's folder and the
    module search path ``search_path`` (each existing one, resolved)."""
    out = []
    for p in [sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix,
              os.path.dirname(os.path.realpath(sys.executable)), os.path.dirname(sys.executable), *search_path]:
        if p and os.path.exists(p):
            out.append(os.path.realpath(p))
    return out


# --------------------------------------------------------------------------- Landlock

_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1

_FS_EXECUTE = 1 << 0
_FS_WRITE_FILE = 1 << 1
_FS_READ_FILE = 1 << 2
_FS_READ_DIR = 1 << 3
_FS_REFER = 1 << 13  # ABI 2
_FS_TRUNCATE = 1 << 14  # ABI 3
_FS_IOCTL_DEV = 1 << 15  # ABI 5
_NET_BIND_TCP, _NET_CONNECT_TCP = 1 << 0, 1 << 1  # ABI 4
_SCOPE_ABSTRACT_UNIX, _SCOPE_SIGNAL = 1 << 0, 1 << 1  # ABI 6
#: rights a rule on a file (not a folder) may carry
_FILE_RIGHTS = _FS_EXECUTE | _FS_WRITE_FILE | _FS_READ_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.prctl.restype = ctypes.c_int
    return libc


def _syscall(libc: ctypes.CDLL, nr: int, *args) -> int:
    got = libc.syscall(ctypes.c_long(nr), *args)
    if got < 0:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))
    return got


def landlock_abi() -> int:
    """The kernel's Landlock ABI version (0: none: not built in, disabled, or not Linux)."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        return max(0, _syscall(_libc(), _SYS_CREATE_RULESET, None, ctypes.c_size_t(0),
                               ctypes.c_uint32(_CREATE_RULESET_VERSION)))
    except (OSError, AttributeError):
        return 0


def _fs_rights(abi: int) -> int:
    rights = (1 << 13) - 1  # ABI 1: execute .. make_sym
    if abi >= 2:
        rights |= _FS_REFER
    if abi >= 3:
        rights |= _FS_TRUNCATE
    if abi >= 5:
        rights |= _FS_IOCTL_DEV
    return rights


def _landlock(policy: Policy, extra_write: tuple[str, ...] = ()) -> None:
    """Confine this process (and every process it starts) to ``policy`` with Landlock (and
    ``extra_write``, further folders it may write)."""
    libc = _libc()
    abi = landlock_abi()
    if abi < 1:
        raise SandboxError("Landlock is not available")
    handled = _fs_rights(abi)
    attr = _RulesetAttr(handled, (_NET_BIND_TCP | _NET_CONNECT_TCP) if abi >= 4 else 0,
                        (_SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL) if abi >= 6 else 0)
    ruleset = _syscall(libc, _SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(ctypes.sizeof(attr)),
                       ctypes.c_uint32(0))
    try:
        read = _FS_EXECUTE | _FS_READ_FILE | _FS_READ_DIR
        device = (_FS_READ_FILE | _FS_WRITE_FILE | _FS_TRUNCATE | _FS_IOCTL_DEV) & handled
        rules = [(p, read) for p in policy.read] + [(p, device) for p in policy.devices]
        rules += [(p, handled) for p in (policy.write, *extra_write)]
        for path, allowed in rules:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # a folder this system does not have
            try:
                if not _is_dir_fd(fd):
                    allowed &= _FILE_RIGHTS
                rule = _PathBeneathAttr(allowed & handled, fd)
                _syscall(libc, _SYS_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                         ctypes.byref(rule), ctypes.c_uint32(0))
            finally:
                os.close(fd)
        _no_new_privs(libc)
        _syscall(libc, _SYS_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0))
    finally:
        os.close(ruleset)


def _is_dir_fd(fd: int) -> bool:
    import stat

    return stat.S_ISDIR(os.fstat(fd).st_mode)


_PR_SET_PDEATHSIG = 1
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_CHILD_SUBREAPER = 36
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2


def _no_new_privs(libc: ctypes.CDLL) -> None:
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, ctypes.c_ulong(1), ctypes.c_ulong(0), ctypes.c_ulong(0),
                  ctypes.c_ulong(0)) != 0:
        raise SandboxError(f"prctl(PR_SET_NO_NEW_PRIVS): {os.strerror(ctypes.get_errno())}")


# --------------------------------------------------------------------------- seccomp

_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
#: the system calls refused (EACCES) for each architecture: socket; io_uring (it can open sockets
#: and files around the other rules); changing a file's mode, owner, times or extended attributes
#: (Landlock governs contents and names, not these)
_REFUSED = {
    "x86_64": {
        "socket": 41, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "chmod": 90, "fchmod": 91, "fchmodat": 268, "fchmodat2": 452,
        "chown": 92, "fchown": 93, "lchown": 94, "fchownat": 260,
        "utime": 132, "utimes": 235, "futimesat": 261, "utimensat": 280,
        "setxattr": 188, "lsetxattr": 189, "fsetxattr": 190, "removexattr": 197, "lremovexattr": 198,
        "fremovexattr": 199, "setxattrat": 463, "removexattrat": 466,
        "add_key": 248, "request_key": 249, "keyctl": 250,
    },
    "aarch64": {
        "socket": 198, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
        "fchmod": 52, "fchmodat": 53, "fchmodat2": 452, "fchownat": 54, "fchown": 55, "utimensat": 88,
        "setxattr": 5, "lsetxattr": 6, "fsetxattr": 7, "removexattr": 14, "lremovexattr": 15,
        "fremovexattr": 16, "setxattrat": 463, "removexattrat": 466,
        "add_key": 217, "request_key": 218, "keyctl": 219,
    },
}
_X32_BIT = 0x40000000
_RET_ALLOW = 0x7FFF0000
_RET_ERRNO = 0x00050000


#: The calls that change a file's metadata: refused to the companion; a Lean build sets the mode of
#: the files it writes (in its scratch folder), so its filter keeps them.
_METADATA = ("chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown", "fchownat", "utime", "utimes",
             "futimesat", "utimensat", "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr",
             "fremovexattr", "setxattrat", "removexattrat")


def _seccomp_program(machine: str, metadata: bool = True) -> list[tuple[int, int, int, int]]:
    """The filter (classic BPF: ``(code, jt, jf, k)``) for ``machine``: a call of another
    architecture (or x32) and every refused call get EACCES, the rest are allowed (``metadata``:
    the calls that change a file's metadata are refused too)."""
    ld, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    refused = sorted({nr for name, nr in _REFUSED[machine].items() if metadata or name not in _METADATA})
    body: list[tuple[int, int, int, int]] = [(ld, 0, 0, 4)]  # seccomp_data.arch
    # index: 0 ld arch, 1 jeq arch, 2 ld nr, [3 jge x32], then one jeq per call, then allow, deny
    checks = (1 if machine == "x86_64" else 0) + len(refused)
    allow = 3 + checks
    deny = allow + 1
    body.append((jeq, 0, deny - 2, _AUDIT_ARCH[machine]))  # not this architecture: deny
    body.append((ld, 0, 0, 0))  # seccomp_data.nr
    if machine == "x86_64":
        i = len(body)
        body.append((jge, deny - i - 1, 0, _X32_BIT))
    for nr in refused:
        i = len(body)
        body.append((jeq, deny - i - 1, 0, nr))
    body.append((ret, 0, 0, _RET_ALLOW))
    body.append((ret, 0, 0, _RET_ERRNO | errno.EACCES))
    return body


def _seccomp(metadata: bool = True) -> None:
    machine = os.uname().machine
    if machine not in _AUDIT_ARCH:
        raise SandboxError(f"no seccomp filter for the {machine} architecture")
    program = _seccomp_program(machine, metadata)
    raw = b"".join(struct.pack("<HBBI", *insn) for insn in program)
    buf = ctypes.create_string_buffer(raw, len(raw))

    class _Prog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    prog = _Prog(len(program), ctypes.cast(buf, ctypes.c_void_p))
    libc = _libc()
    _no_new_privs(libc)
    if libc.prctl(_PR_SET_SECCOMP, ctypes.c_ulong(_SECCOMP_MODE_FILTER), ctypes.byref(prog), ctypes.c_ulong(0),
                  ctypes.c_ulong(0)) != 0:
        raise SandboxError(f"seccomp: {os.strerror(ctypes.get_errno())}")


# --------------------------------------------------------------------------- namespaces

_CLONE_NEWUSER = 0x10000000
_CLONE_NEWNET = 0x40000000
_CLONE_NEWPID = 0x20000000


def _unshare(flags: int) -> bool:
    """Enter new namespaces (``flags``); False where the system does not allow it."""
    libc = _libc()
    libc.unshare.restype = ctypes.c_int
    return libc.unshare(ctypes.c_int(flags)) == 0


# --------------------------------------------------------------------------- choosing

ENV_KIND = "CLAIMCHECK_SANDBOX"
ENV_UNSANDBOXED = "CLAIMCHECK_UNSANDBOXED_COMPANION"


def bubblewrap_works() -> bool:
    """Whether ``bwrap`` is installed and can make a sandbox here."""
    found = shutil.which("bwrap")
    if found is None:
        return False
    try:
        done = subprocess.run([found, "--unshare-all", "--ro-bind", "/", "/", "--", "/bin/true"],
                              capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _seccomp_available() -> bool:
    try:
        libc = _libc()
        return libc.prctl(21, ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)) >= 0 \
            and os.uname().machine in _AUDIT_ARCH  # PR_GET_SECCOMP
    except (OSError, AttributeError):
        return False


def choose() -> Kind:
    """The sandbox to run the companion in: Landlock (with seccomp) if this kernel has it, else
    bubblewrap if it works here, else none. ``$CLAIMCHECK_SANDBOX`` names one instead (one that is
    not available is a :class:`SandboxError`; ``none`` means no sandbox, so the companion runs only
    when the user also asks for that explicitly)."""
    wanted = os.environ.get(ENV_KIND, "").strip().lower()
    if wanted:
        try:
            kind = Kind(wanted)
        except ValueError:
            raise SandboxError(f"{ENV_KIND}={wanted!r}: name one of {', '.join(map(str, Kind))}") from None
        if kind is Kind.LANDLOCK and not (landlock_abi() >= 1 and _seccomp_available()):
            raise SandboxError(f"{ENV_KIND}=landlock, but this system has no Landlock (or no seccomp)")
        if kind is Kind.BUBBLEWRAP and not bubblewrap_works():
            raise SandboxError(f"{ENV_KIND}=bubblewrap, but bwrap is not installed or cannot make a sandbox here")
        return kind
    if landlock_abi() >= 1 and _seccomp_available():
        return Kind.LANDLOCK
    if bubblewrap_works():
        return Kind.BUBBLEWRAP
    return Kind.NONE


def build_kind() -> Kind:
    """The sandbox for the processes of a build (``lean``, ``lake``): Landlock where the kernel has
    it (and ``$CLAIMCHECK_SANDBOX`` does not say otherwise), else none (the wasm Lean does not start
    in bubblewrap's empty root), as the README says."""
    try:
        kind = choose()
    except SandboxError:
        return Kind.NONE
    return kind if kind is Kind.LANDLOCK else Kind.NONE


def unsandboxed_requested(flag: bool = False) -> bool:
    """Whether the user asked to run companion code without a sandbox (``--unsandboxed-companion``
    or ``CLAIMCHECK_UNSANDBOXED_COMPANION=1``: a user's choice, never a project's setting)."""
    return flag or os.environ.get(ENV_UNSANDBOXED, "").strip().lower() in ("1", "true", "yes")


def bubblewrap_command(policy: Policy, cwd: str) -> list[str]:
    """``bwrap`` arguments confining a command to ``policy`` (followed by ``--`` and the command)."""
    cmd = [shutil.which("bwrap") or "bwrap", "--unshare-all", "--die-with-parent", "--new-session",
           "--cap-drop", "ALL", "--dev", "/dev", "--proc", "/proc"]
    for path in SYSTEM_READ:  # a merged /usr's links (/lib -> usr/lib) as links: the loader's paths
        if os.path.islink(path):
            cmd += ["--symlink", os.readlink(path), path]
    for path in sorted(policy.read, key=len):  # a folder before the folders inside it
        if os.path.exists(path) and not os.path.islink(path):
            cmd += ["--ro-bind", path, path]
    cmd += ["--bind", policy.write, policy.write, "--remount-ro", "/", "--chdir", cwd]
    return cmd


# --------------------------------------------------------------------------- the supervisor


@dataclass
class Outcome:
    """How the confined child ended."""

    output: bytes = b""
    exit_code: int | None = None
    timed_out: bool = False
    left_behind: int = 0
    notes: list[str] = field(default_factory=list)


def supervise(policy: Policy, run) -> Outcome:
    """Run ``run()`` (the companion, returning the bytes of its answer) in a confined child of this
    process, within the time limit; kill every process it leaves behind; return its answer.

    In this process (the supervisor, claimcheck's own code, already started in the sandbox when it
    is bubblewrap's): become the subreaper of the child's descendants; with Landlock, enter a new
    user, network and PID namespace where the system allows it (the child is then the PID
    namespace's first process: when it ends, the kernel ends the rest). In the child: die with the
    supervisor, limit CPU time, no new privileges, the Landlock ruleset and the seccomp filter."""
    libc = _libc()
    notes: list[str] = []
    libc.prctl(_PR_SET_CHILD_SUBREAPER, ctypes.c_ulong(1), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0))
    if policy.kind is Kind.LANDLOCK:
        if not _unshare(_CLONE_NEWUSER | _CLONE_NEWNET | _CLONE_NEWPID):
            notes.append("no user namespace here: no network or PID namespace (sockets are refused by seccomp,"
                         " descendants are ended by the supervisor)")
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the confined child
        code = 70
        try:
            os.close(read_end)
            libc.prctl(_PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), ctypes.c_ulong(0), ctypes.c_ulong(0),
                       ctypes.c_ulong(0))
            import resource

            cpu = max(1, int(policy.timeout) + 1)
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            if policy.kind is Kind.LANDLOCK:
                _landlock(policy)
            if policy.kind is not Kind.NONE:
                _seccomp()
            answer = run()
            view = memoryview(answer)
            while view:
                n = os.write(write_end, view)
                view = view[n:]
            code = 0
        except SandboxError as exc:
            os.write(write_end, json.dumps({"sandbox_error": str(exc)}).encode())
            code = 71
        except BaseException as exc:  # noqa: BLE001 - the child reports and ends, never returns
            try:
                os.write(2, f"companion: {type(exc).__name__}: {exc}\n".encode())
            except OSError:
                pass
        finally:
            os._exit(code)
    os.close(write_end)
    out = bytearray()
    deadline = time.monotonic() + policy.timeout
    status: int | None = None
    timed_out = False
    os.set_blocking(read_end, False)
    while status is None:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            _kill(pid)
            break
        ready, _, _ = select.select([read_end], [], [], min(left, 0.05))
        if ready:
            _drain(read_end, out)
        got, st = os.waitpid(pid, os.WNOHANG)
        if got == pid:
            status = st
    left_behind = _end_descendants()
    if status is None:
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            status = None
    _drain(read_end, out)
    os.close(read_end)
    exit_code = os.waitstatus_to_exitcode(status) if status is not None else None
    return Outcome(bytes(out), exit_code, timed_out, left_behind, notes)


def _drain(fd: int, out: bytearray) -> None:
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            return
        except OSError:
            return
        if not chunk:
            return
        out += chunk


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _children() -> list[int]:
    """This process's children (as /proc sees them)."""
    me = str(os.getpid())
    kids: list[int] = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return kids
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2:].split()
        if len(fields) > 1 and fields[1] == me:
            kids.append(int(entry))
    return kids


def _end_descendants() -> int:
    """Kill and reap every process left behind (this process is their subreaper, so orphans come
    to it); returns how many there were."""
    count = 0
    for _ in range(1000):
        kids = _children()
        if not kids:
            break
        for k in kids:
            _kill(k)
            count += 1
        for k in kids:
            try:
                os.waitpid(k, 0)
            except ChildProcessError:
                pass
    while True:  # reap whatever else ended
        try:
            got, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if got == 0:
            break
    return count


# --------------------------------------------------------------------------- other commands

#: The start of a confined command (:func:`confined_command`): the module search path it is given,
#: then :func:`_exec_confined`.
_EXEC_BOOT = ("import json, sys; sys.path[:] = json.loads(sys.argv[1])['path'];"
              " from claimcheck.sandbox import _exec_confined; _exec_confined(sys.argv[1], sys.argv[2:])")


def confined_command(cmd: list[str], read: list[str], write: list[str], kind: Kind, project: str) -> list[str]:
    """``cmd`` run confined: reading (and executing) only ``read`` (and the system's libraries),
    writing only ``write``, no socket. With Landlock, a small Python start confines itself and
    executes ``cmd`` (Landlock and the seccomp filter hold across ``exec`` and for every process it
    starts); otherwise ``cmd`` as it is. (A project's Lean code runs in the build: macros, ``#eval``
    and ``initialize`` can do anything the Lean process can.) The Python start searches this
    interpreter's module path without the ``project``'s folder or the current one, so no project
    file stands in for claimcheck's code."""
    if kind is not Kind.LANDLOCK:
        return list(cmd)
    paths = sorted({os.path.realpath(p) for p in [*read, *SYSTEM_READ] if os.path.exists(p)})
    own = {os.path.realpath(project), os.path.realpath(os.getcwd())}
    search = [p for p in sys.path if p and os.path.realpath(p) not in own]
    setup = {"path": search, "read": paths, "write": [os.path.realpath(p) for p in write]}
    return [sys.executable, "-I", "-B", "-c", _EXEC_BOOT, json.dumps(setup), *cmd]


def _exec_confined(setup_json: str, cmd: list[str]) -> None:
    """Confine this process (Landlock, no new privileges, the seccomp filter), then become ``cmd``."""
    setup = json.loads(setup_json)
    try:
        policy = Policy(tuple(setup["read"]), setup["write"][0], 0, Kind.LANDLOCK)
        _landlock(policy, extra_write=tuple(setup["write"][1:]))
        _seccomp(metadata=False)
    except (SandboxError, OSError) as exc:
        sys.stderr.write(f"claimcheck: the build's sandbox could not be set up: {exc}\n")
        os._exit(70)
    os.execv(cmd[0], cmd)
