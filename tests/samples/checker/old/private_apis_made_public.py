# expect: platforms-extensions-and-runtime#torchforeach
# expect: platforms-extensions-and-runtime#queue_callback
# expect: distributed-and-checkpointing#set_timeout
# expect: distributed-and-checkpointing#fsspecreader-and-fsspecwriter-at-the-package-top-level
# expect: distributed-and-checkpointing#torchdistributednnfunctional-raises-under-torchcompile
# expect: compiler-and-attention#torchcompilerset_stance-switches-compile-behaviour-without-re-wrapping
# expect: compiler-and-attention#save_cache_artifacts-and-load_cache_artifacts
# expect: distributed-and-checkpointing#fully_shard-is-the-fsdp-api-bottom-up-dtensor-parameters-optimizer-after-sharding
from datetime import timedelta

import torch
import torch._dynamo
from torch.distributed._composable.fsdp import fully_shard
from torch.autograd import Variable
from torch.distributed.checkpoint._fsspec_filesystem import FsspecWriter
from torch.distributed.distributed_c10d import _set_pg_timeout
from torch.distributed.nn.functional import all_gather


def after_backward(params, grads, group):
    torch._foreach_add_(params, grads, alpha=-0.1)
    Variable._execution_engine.queue_callback(lambda: None)
    _set_pg_timeout(timedelta(seconds=60), group)
    return all_gather(params[0]), FsspecWriter


def compiled_aware(x, model):
    if torch._dynamo.is_compiling():
        return x
    torch._dynamo.reset()
    return fully_shard(model)
