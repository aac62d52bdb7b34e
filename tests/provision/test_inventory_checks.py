"""What the inventory loader checks beyond the schema: host keys that parse as keys (bare or as a
known_hosts line), and local files that exist. Every problem is one `FILE:LINE:COL: [rule]
sentence` line, exit status 2, never a traceback. No node needed: nothing here connects."""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import fakenode
import paramiko
import pytest
from hypothesis import given
from hypothesis import strategies as st

from grader.cli import main
from grader.provision.hostkeys import (
    KeyProblem,
    fingerprint,
    key_fingerprint,
    known_hosts_name,
    parse_public_key,
)
from grader.provision.inventory import InventoryInvalid, load_inventory

EXAMPLE = fakenode.REPO / "provisioning" / "inventory.example.yaml"
LAB = str(fakenode.LAB_FILE.parent)


def public_key(kind: str = "ssh-ed25519", name: str = "node") -> str:
    """A fresh public key line, `TYPE BASE64 comment`."""
    key = asyncssh.generate_private_key(kind, comment=name)
    return key.export_public_key().decode().strip()


@pytest.fixture
def key() -> str:
    return public_key()


@pytest.fixture
def admin_key(tmp_path: Path) -> Path:
    return fakenode.generate_key(tmp_path / "admin", "ops")


def inventory(tmp: Path, *host_lines: str, defaults: str = "") -> Path:
    """An inventory whose `hosts:` body is `host_lines` (line 4 is the first of them)."""
    path = tmp / "inventory.yaml"
    path.write_text(
        "schema_version: 1\n"
        f"defaults: {{user: ops{defaults}}}\n"
        "hosts:\n" + "".join(f"{line}\n" for line in host_lines)
    )
    return path


def provision_cli(path: Path, tmp: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    rc = main(["provision", "-i", str(path), "--dry-run", "--log-dir", str(tmp / "logs")])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, err


def hashed(name: str) -> str:
    return paramiko.HostKeys.hash_host(name)


# --- each malformed inventory: rc 2, FILE:LINE: in stderr, no traceback --------------------------

MALFORMED = {
    # the shipped example's old placeholder: not base64 at all (binascii "Incorrect padding")
    "placeholder": (
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFPlaceholderPlaceholderPlaceholderPlaceholder0",
        "host-key/base64",
        "not valid base64 (Incorrect padding)",
    ),
    # valid base64, but three bytes of a key (paramiko: "Invalid key")
    "truncated": ("ssh-ed25519 AAAA", "host-key/data", "is not a whole ssh-ed25519 public key"),
    "cut-short": ("{key_cut}", "host-key/data", "a whole ssh-ed25519 key has 68"),
    "cert-authority": ("@cert-authority *.lab {key}", "host-key/marker", "certificate authority"),
    "revoked": ("@revoked {key}", "host-key/marker", "remove this entry"),
    "hashed-other-host": (
        "{hashed_other} {key}",
        "host-key/host",
        "hashed host part is not a hash of `10.0.0.5`",
    ),
    "other-host": ("10.0.0.99,gpu-9 {key}", "host-key/host", "is for `10.0.0.99,gpu-9`"),
    "type-mismatch": (
        "ecdsa-sha2-nistp256 {key_data}",
        "host-key/type",
        "is a `ssh-ed25519` key but the entry says `ecdsa-sha2-nistp256`",
    ),
    "unsupported-type": ("ssh-dss {key_data}", "host-key/type", "`ssh-dss` is not supported"),
    "no-type": ("{key_data}", "host-key/type", "is not a key type"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_host_key_is_a_located_error_and_exit_status_2(
    case: str, tmp_path: Path, key: str, admin_key: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written, rule, words = MALFORMED[case]
    key_type, key_data = key.split()[:2]
    written = written.format(
        key=key,
        key_data=key_data,
        key_cut=f"{key_type} {key_data[:60]}",
        hashed_other=hashed("10.0.0.99"),
    )
    path = inventory(
        tmp_path,
        "  gpu-a:",
        "    address: 10.0.0.5",
        "    host_keys:",
        f"      - {key}",
        f"      - '{written}'",
        defaults=f", key: {admin_key}",
    )
    rc, err = provision_cli(path, tmp_path, capsys)
    assert rc == 2
    (line,) = err.splitlines()
    assert line.startswith(f"{path}:8:9: [{rule}] Host `gpu-a`, host key 2: "), line
    assert words in line, line


def test_a_missing_identity_file_is_located_before_any_connection(
    tmp_path: Path, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = inventory(
        tmp_path,
        f"  gpu-a: {{address: 127.0.0.1, port: 9, host_keys: ['{key}']}}",
        f"  gpu-b: {{address: 127.0.0.2, key: {tmp_path}/admin.pub, host_keys: ['{key}']}}",
        defaults=", key: ./no-such-key",
    )
    (tmp_path / "admin.pub").write_text(key + "\n")
    rc, err = provision_cli(path, tmp_path, capsys)
    assert rc == 2
    assert err.splitlines() == [
        f"{path}:2:28: [key/file] The admin's private key {tmp_path}/no-such-key does not exist "
        "(a relative path is relative to the inventory's folder).",
        f"{path}:5:36: [key/file] The admin's private key {tmp_path}/admin.pub is a public key; "
        f"`key` names the private key file (usually {tmp_path}/admin), whose public part is in "
        "the admin's authorized_keys.",
    ]
    assert not (tmp_path / "logs").exists()  # refused before any host was started


NOBODY = 65534  # the unprivileged uid and gid of Debian's nobody/nogroup


@contextlib.contextmanager
def unprivileged() -> Iterator[None]:
    """Run the block with the effective uid and gid of nobody when the tests run as root (CI
    does): root reads a file of mode 0, nobody cannot. The real uid stays root, so the
    effective one comes back afterwards."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(NOBODY)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def test_an_unreadable_identity_file_is_located(
    key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # In a folder of its own that nobody may enter (pytest's tmp_path is root's alone): only the
    # key file's own mode refuses the read.
    folder = Path(tempfile.mkdtemp(prefix="labgrader-unreadable-"))
    try:
        folder.chmod(0o755)
        admin_key = fakenode.generate_key(folder / "admin", "ops")
        path = inventory(
            folder, f"  gpu-a: {{address: a, host_keys: ['{key}']}}", defaults=f", key: {admin_key}"
        )
        path.chmod(0o644)
        # The same run with the key readable first: every module it needs is loaded as root,
        # and the key passes its check (the dry run goes on to fail at host `a`).
        assert "[key/file]" not in provision_cli(path, folder, capsys)[1]
        shutil.rmtree(folder / "logs", ignore_errors=True)
        admin_key.chmod(0)
        with unprivileged():
            rc, err = provision_cli(path, folder, capsys)
        assert rc == 2
        assert f"{path}:2:28: [key/file]" in err and "cannot be read: Permission denied" in err
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_every_problem_is_reported_at_once_with_the_schemas(
    tmp_path: Path, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad port (schema), two bad keys, a missing tarball, a bad grader key: one run, all."""
    path = inventory(
        tmp_path,
        "  gpu-a:",
        "    address: 10.0.0.5",
        "    port: '22'",
        "    host_keys: ['ssh-ed25519 AAAA', '@cert-authority * " + key + "']",
        "    nccl_tests: {source: {tarball: ./nccl-tests.tar.gz}}",
        defaults=", grader_key: 'ssh-ed25519 AAAAC3Nza grader'",
    )
    rc, err = provision_cli(path, tmp_path, capsys)
    assert rc == 2
    found = [line.removeprefix(f"{path}:").split(" ")[:2] for line in err.splitlines()]
    assert found == [
        ["2:35:", "[grader-key/base64]"],
        ["6:11:", "[#/properties/hosts/additionalProperties/properties/port/type]"],
        ["7:17:", "[host-key/data]"],
        ["7:37:", "[host-key/marker]"],
        ["8:36:", "[tarball/file]"],
    ], err
    assert "grader_key: the ssh-ed25519 key data (9 characters" in err


def test_each_accepted_form_of_a_host_key_loads_as_the_bare_key(
    tmp_path: Path, key: str, admin_key: Path
) -> None:
    bare = " ".join(key.split()[:2])
    forms = {
        # host: (address, port, written)
        "bare": ("10.0.0.1", 22, bare),
        "comment": ("10.0.0.2", 22, f"{bare} root@node with spaces"),
        "known-hosts": ("10.0.0.3", 22, f"gpu-a,10.0.0.3 {key}"),
        "known-hosts-port": ("10.0.0.4", 2222, f"[10.0.0.4]:2222 {key}"),
        "wildcard": ("gpu-b.lab", 22, f"*.lab,!gpu-x.lab {key}"),
        "hashed": ("GPU-C.lab", 22, f"{hashed('gpu-c.lab')} {key}"),
        "hashed-port": ("10.0.0.6", 2200, f"{hashed('[10.0.0.6]:2200')} {key}"),
    }
    path = inventory(
        tmp_path,
        *(
            f"  {name}: {{address: {a}, port: {p}, host_keys: ['{w}']}}"
            for name, (a, p, w) in forms.items()
        ),
        defaults=f", key: {admin_key}",
    )
    inv = load_inventory(path)
    assert {h.name: h.host_keys for h in inv.hosts} == dict.fromkeys(forms, (bare,))


def test_a_known_hosts_line_must_name_the_port_as_openssh_does(tmp_path: Path, key: str) -> None:
    """On port 2222 OpenSSH looks a host up as `[addr]:2222`: a bare `addr` line is another pin."""
    path = inventory(
        tmp_path, f"  gpu-a: {{address: 10.0.0.5, port: 2222, host_keys: ['10.0.0.5 {key}']}}"
    )
    with pytest.raises(InventoryInvalid) as exc:
        load_inventory(path)
    (error,) = exc.value.errors
    assert error.schema_path == "host-key/host" and "`[10.0.0.5]:2222`" in error.message


def test_the_example_inventory_loads_without_errors() -> None:
    inv = load_inventory(EXAMPLE)
    assert [h.name for h in inv.hosts] == ["gpu-01", "gpu-02"]
    for host in inv.hosts:
        (pin,) = host.host_keys
        assert parse_public_key(pin).key_type == "ssh-ed25519"
    assert inv.hosts[1].learners == ("carol",)


# --- parse_public_key on its own ------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind", ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp521", "ssh-rsa"]
)
def test_every_supported_key_type_parses_and_round_trips(tmp_path: Path, kind: str) -> None:
    line = public_key(kind)
    parsed = parse_public_key(line)
    assert (parsed.key_type, parsed.line, parsed.comment) == (
        kind,
        " ".join(line.split()[:2]),
        "node",
    )
    assert parsed.pkey().asbytes() == parsed.blob


def test_the_grader_key_allows_no_host_part(key: str) -> None:
    with pytest.raises(KeyProblem) as exc:
        parse_public_key(f"10.0.0.5 {key}", known_hosts=False)
    assert exc.value.rule == "key/type" and "as in the key's .pub file" in exc.value.message


@given(st.text(max_size=300))
def test_any_text_is_a_key_or_a_key_problem(text: str) -> None:
    try:
        parse_public_key(text, address="10.0.0.5", port=22)
    except KeyProblem as problem:
        assert problem.message and problem.rule.startswith("key/")


def test_known_hosts_names_follow_openssh() -> None:
    assert known_hosts_name("GPU-A.lab", 22) == "gpu-a.lab"
    assert known_hosts_name("10.0.0.5", 2222) == "[10.0.0.5]:2222"
    assert known_hosts_name("[::1]", 2222) == "[::1]:2222"


# --- fingerprints ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["ssh-ed25519", "ecdsa-sha2-nistp384", "ssh-rsa"])
def test_fingerprints_are_the_ones_ssh_keygen_prints(tmp_path: Path, kind: str) -> None:
    line = public_key(kind)
    parsed = parse_public_key(line)
    if shutil.which("ssh-keygen"):
        pub = tmp_path / "key.pub"
        pub.write_text(line + "\n")
        out = subprocess.run(
            ["ssh-keygen", "-l", "-E", "sha256", "-f", str(pub)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        expected = out.split()[1]  # "256 SHA256:... comment (ED25519)"
    else:
        digest = hashlib.sha256(base64.b64decode(line.split()[1])).digest()
        expected = "SHA256:" + base64.b64encode(digest).decode().rstrip("=")
    assert expected.startswith("SHA256:") and not expected.endswith("=")
    assert parsed.fingerprint == fingerprint(parsed.blob) == expected
    assert key_fingerprint(parsed.pkey()) == f"{kind} {expected}"


def test_learner_keys_and_the_grader_identity_are_checked_and_located(
    tmp_path: Path, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A learner key that is no key, keys for someone who is no learner, and a grader identity
    whose .pub is missing: each a located line, nothing touched."""
    (tmp_path / "grader").write_text("not checked beyond being readable\n")
    path = inventory(
        tmp_path,
        "  gpu-a:",
        "    address: 127.0.0.1",
        f"    host_keys: ['{key}']",
        "    learners: [alice]",
        "    learner_keys:",
        "      alice: ['ssh-ed25519 AAAA']",
        f"      bob: ['{key}']",
        "    grader_identity: ./grader",
    )
    rc, err = provision_cli(path, tmp_path, capsys)
    assert rc == 2
    lines = err.splitlines()
    assert len(lines) == 3, lines
    assert lines[0].startswith(f"{path}:9:15: [learner-"), lines[0]
    assert "learner_keys.alice, key 1: " in lines[0]
    assert lines[1].startswith(f"{path}:10:12: [learner_keys/learners] learner_keys names bob, "), (
        lines
    )
    assert lines[2] == (
        f"{path}:11:22: [grader_identity/file] The grader's private key's .pub "
        f"{tmp_path}/grader.pub does not exist (a relative path is relative to the inventory's "
        "folder)."
    ), lines[2]
