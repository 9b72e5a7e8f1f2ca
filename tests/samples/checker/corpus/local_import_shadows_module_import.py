# seen in: integration tests that import dynamo's config at module level and, in a few tests, inductor's config
# under the same name inside the test: there the local import is the one patched, and inductor has the flag
import torch
from torch._dynamo import config


def compile_with_fusion(model):
    from torch._inductor import config

    with config.patch({"epilogue_fusion": True}):
        return torch.compile(model)


def compile_nested(model):
    from torch._inductor import config

    def build():
        with config.patch({"epilogue_fusion": True}):
            return torch.compile(model)

    return build()


def compile_with_dynamo_flag(model):
    with config.patch({"epilogue_fusion": True}):  # finding: torch-name-gone
        return torch.compile(model)
