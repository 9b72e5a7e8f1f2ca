# seen in: Lua-era model converters (load_lua, torch.legacy.nn), DataLoader internals copied from torch 0.4,
# checkpoint loaders written against a private distributed-checkpoint module of 2.5-2.12, and compiler
# tests that patch a dynamo option the build no longer has
import torch
import torch._dynamo.config
import torch.legacy.nn  # finding: torch-name-gone
import torch.utils.serialization
from torch._C import _set_worker_pids, _set_worker_signal_handlers
from torch._C import _update_worker_pids  # finding: torch-name-gone
from torch.distributed.checkpoint._hf_storage import _HuggingFaceStorageReader  # finding: torch-name-gone
from torch.ops import aten
from torch.utils.data.dataloader import DataLoader, default_collate
from torch.utils.data.dataloader import _worker_manager_loop  # finding: torch-name-gone
from torch.utils.serialization import load_lua  # finding: torch-name-gone

try:
    from torch.utils.serialization import load_lua as read_t7
except ImportError:
    read_t7 = None


@torch._dynamo.config.patch("_experimental_support_context_fn_in_torch_utils_checkpoint", True)  # finding: torch-name-gone
def test_checkpoint_with_context_fn(run):
    run()


@torch._dynamo.config.patch(cache_size_limit=64)
def compile_many(fn):
    return torch.compile(fn)


def compile_quietly(fn):
    with torch._dynamo.config.patch(suppress_errors=True, no_such_dynamo_option=True):  # finding: torch-name-gone
        return torch.compile(fn)


def loader(dataset):
    return DataLoader(dataset, collate_fn=default_collate)
