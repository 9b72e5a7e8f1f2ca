"""MCP `check_code`, `POST /check` and the library give the same findings for the same code."""

from __future__ import annotations

import anyio
from fastapi.testclient import TestClient
from mcp import Client

from torchpatch.server.http_app import create_app
from torchpatch.server.mcp_server import build_mcp_server
from torchpatch.validators.checker import check_source

CODE = ("import torch\nfrom torch.distributed._tensor import DTensor\n"
        "scaler = torch.cuda.amp.GradScaler()\nq, r = torch.qr(a)\nmodel = torch.load(p)\nmodel.eval()\n")


def test_mcp_http_and_library_agree(engine):
    expected = [f.as_dict() for f in check_source(CODE, "2.15")]
    assert {f["rule"] for f in expected} == {"private-dtensor-module", "cuda-amp-grad-scaler", "qr-removed",
                                             "torch-load-pickled-object"}

    async def call_mcp():
        async with Client(build_mcp_server(engine, "# skill")) as client:
            return await client.call_tool("check_code", {"code": CODE, "torch_version": "2.15"})

    mcp_result = anyio.run(call_mcp)
    with TestClient(create_app(engine, skill_md="# skill")) as http:
        body = http.post("/check", json={"code": CODE, "torch_version": "2.15"}).json()
    assert mcp_result.structured_content["findings"] == body["findings"] == expected
    assert mcp_result.structured_content["count"] == body["count"] == len(expected)
