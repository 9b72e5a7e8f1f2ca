"""Issue 29 item 4: the container image and the compose file, tested without a container engine.

No Docker engine runs in CI, so the image is never built here. What is tested: the compose file's
structure, the Dockerfile's promises (non-root, read-only root, nothing secret baked in), and the
exact commands the compose services run, through the image's entrypoint script, as an unprivileged
user whose only writable folder is TORCHPATCH_HOME, against a local S3-compatible server.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pytest
import yaml

from .conftest import sample_section_count

REPO = Path(__file__).resolve().parent.parent
DEPLOY = REPO / "deploy"
ENTRYPOINT = DEPLOY / "entrypoint.sh"
TORCHPATCH_SERVICES = ("index", "replica-1", "replica-2")


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def dockerfile_instructions() -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", (REPO / "Dockerfile").read_text())
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line else "")
            for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def test_compose_has_a_store_an_index_job_and_two_replicas_behind_a_proxy(compose):
    services = compose["services"]
    assert set(services) == {"s3", "bucket", "index", "replica-1", "replica-2", "proxy"}
    for name in TORCHPATCH_SERVICES:
        service = services[name]
        assert service["read_only"] is True and service["user"].split(":")[0] not in ("0", "root")
        assert any(mount.startswith("/var/cache/torchpatch:") for mount in service["tmpfs"])
        env = service["environment"]
        assert env["TORCHPATCH_DB"].startswith("s3://") and env["AWS_ENDPOINT"] == "http://s3:5000"
        assert env["TORCHPATCH_API_TOKENS_FILE"] == "/run/secrets/torchpatch_tokens"
        assert "TORCHPATCH_API_TOKENS" not in env  # tokens come from the secret file, not the compose file
        assert service["depends_on"]["bucket"]["condition"] == "service_completed_successfully"
    assert services["index"]["command"] == ["index"] and services["index"]["restart"] == "no"
    assert services["replica-1"]["command"] == services["replica-2"]["command"] == ["serve"]
    assert set(services["proxy"]["depends_on"]) == {"replica-1", "replica-2"}
    assert services["proxy"]["ports"] == ["127.0.0.1:8080:8080"]
    assert compose["secrets"]["torchpatch_tokens"]["file"] == "./tokens"
    assert "s3://" + services["bucket"]["command"][-1].rsplit("/", 1)[1] + "/" in services["index"]["environment"]["TORCHPATCH_DB"]


def test_the_proxy_sends_to_both_replicas_and_pins_mcp_sessions():
    conf = (DEPLOY / "nginx.conf").read_text()
    upstreams = dict(re.findall(r"upstream (\w+) \{(.*?)\}", conf, re.S))
    for body in upstreams.values():
        assert "server replica-1:8765" in body and "server replica-2:8765" in body
    assert "hash" in upstreams["torchpatch_mcp"]  # an MCP session lives in one replica
    assert re.search(r"location /mcp/ \{[^}]*proxy_pass http://torchpatch_mcp;[^}]*proxy_buffering off;", conf)
    assert "listen 8080;" in conf and "proxy_set_header Host $http_host;" in conf


def test_dockerfile_runs_as_a_non_root_user_with_its_entrypoint():
    instructions = dockerfile_instructions()
    users = [value for kind, value in instructions if kind == "USER"]
    assert users and users[-1].split(":")[0] not in ("0", "root")
    final_stage = instructions[max(i for i, (kind, _) in enumerate(instructions) if kind == "FROM"):]
    assert ("ENTRYPOINT", '["torchpatch-entrypoint"]') in final_stage
    env = " ".join(value for kind, value in final_stage if kind == "ENV")
    assert "TORCHPATCH_HOME=/var/cache/torchpatch" in env
    assert not re.search(r"TOKEN|SECRET|AWS_", env)  # nothing secret or site-specific in the image
    copied = [value for kind, value in instructions if kind == "COPY"]
    assert any("deploy/entrypoint.sh" in value for value in copied)
    for folder in ("server", "validators", "references", "skill"):
        assert any(value.split()[0] == folder for value in copied), folder


# --- the compose commands, run through the entrypoint as an unprivileged user --------------------


def unprivileged() -> list[str]:
    """Run as `nobody` where this test runs as root and `nobody` can run this interpreter; else as this
    user (an interpreter under /root, as pyenv installs it, is out of `nobody`'s reach)."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return []
    user = pwd.getpwnam("nobody")
    command = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"]
    probe = subprocess.run([*command, "sh", "-c", f"exec '{Path(sys.executable).with_name('torchpatch')}' --version"],
                           capture_output=True, cwd="/", timeout=120)
    return command if probe.returncode == 0 else []


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_compose_commands_through_the_entrypoint(compose, s3_store, search_refs):
    as_user = unprivileged()
    scratch = Path(tempfile.mkdtemp(prefix="torchpatch-container-"))  # outside pytest's root-only folders
    try:
        home = scratch / "home"
        home.mkdir()
        token = "container-token-" + os.urandom(8).hex()
        (scratch / "tokens").write_text(token + "\n")
        if as_user:
            user = pwd.getpwnam("nobody")
            os.chown(home, user.pw_uid, user.pw_gid)
            os.chmod(scratch, 0o755)
            os.chmod(scratch / "tokens", 0o444)
        service_env = dict(compose["services"]["replica-1"]["environment"])
        bucket = service_env["TORCHPATCH_DB"].split("/")[2]
        subprocess.run([sys.executable, "-c", f"import urllib.request; urllib.request.urlopen(urllib.request.Request("
                        f"'{s3_store.url}/{bucket}', method='PUT'))"], check=True)  # what the bucket job does
        env = {
            "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "HOME": "/nonexistent",
            **{k: str(v) for k, v in service_env.items()},
            "AWS_ENDPOINT": s3_store.url,  # the compose network's name for the store is s3:5000
            "AWS_SECRET_ACCESS_KEY": s3_store.SECRET,
            "TORCHPATCH_API_TOKENS_FILE": str(scratch / "tokens"),
            "TORCHPATCH_HOME": str(home), "TORCHPATCH_REFERENCES": str(search_refs),
            "FORWARDED_ALLOW_IPS": "*",
        }
        index_command = compose["services"]["index"]["command"]
        indexed = subprocess.run([*as_user, "sh", str(ENTRYPOINT), *index_command], env=env, cwd="/",
                                 capture_output=True, text=True, timeout=600)
        assert indexed.returncode == 0, indexed.stderr[-2000:]
        assert f"{sample_section_count()} sections indexed" in indexed.stdout and "published" in indexed.stdout

        port = free_port()
        serve_command = compose["services"]["replica-1"]["command"]
        log = scratch / "replica.log"
        replica = subprocess.Popen([*as_user, "sh", str(ENTRYPOINT), *serve_command], env={**env, "TORCHPATCH_PORT": str(port)},
                                   cwd="/", stdout=log.open("wb"), stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 180
            while True:
                try:
                    if httpx.get(base + "/healthz", timeout=5).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert replica.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.5)
            assert httpx.get(base + "/search", params={"q": "torch.load"}, timeout=30).status_code == 401
            found = httpx.get(base + "/search", params={"q": "torch.load", "k": 1}, timeout=30,
                              headers={"Authorization": f"Bearer {token}"})
            assert found.status_code == 200 and found.json()["results"]
        finally:
            replica.terminate()
            replica.wait(timeout=30)
        output = log.read_text() + indexed.stdout + indexed.stderr
        assert token not in output and s3_store.SECRET not in output
        if as_user:  # nothing but TORCHPATCH_HOME was written
            owned = [p for p in home.rglob("*") if p.stat().st_uid != pwd.getpwnam("nobody").pw_uid]
            assert not owned
            assert (home / "replicas").is_dir()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_entrypoint_refuses_a_missing_index_location_or_unwritable_home(tmp_path):
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "TORCHPATCH_HOME": str(tmp_path / "home")}
    missing = subprocess.run(["sh", str(ENTRYPOINT), "serve"], env=env, capture_output=True, text=True, timeout=60)
    assert missing.returncode == 64 and "set TORCHPATCH_DB" in missing.stderr
    unwritable = subprocess.run(["sh", str(ENTRYPOINT), "serve"], capture_output=True, text=True, timeout=60,
                                env={**env, "TORCHPATCH_HOME": "/proc/torchpatch", "TORCHPATCH_DB": "s3://b/i"})
    assert unwritable.returncode == 64 and "not writable" in unwritable.stderr
    passthrough = subprocess.run(["sh", str(ENTRYPOINT), "--version"], env=env, capture_output=True, text=True, timeout=120)
    assert passthrough.returncode == 0 and "version" in passthrough.stdout
    assert json.loads(json.dumps(passthrough.stdout))  # printable
