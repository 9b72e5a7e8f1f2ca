# expect: platforms-extensions-and-runtime#torchforeach
# expect: platforms-extensions-and-runtime#queue_callback
# expect: distributed-and-checkpointing#set_timeout
# expect: distributed-and-checkpointing#fsspecreader-and-fsspecwriter-at-the-package-top-level
# expect: distributed-and-checkpointing#torchdistributednnfunctional-raises-under-torchcompile
from datetime import timedelta

import torch
from torch.autograd import Variable
from torch.distributed.checkpoint._fsspec_filesystem import FsspecWriter
from torch.distributed.distributed_c10d import _set_pg_timeout
from torch.distributed.nn.functional import all_gather


def after_backward(params, grads, group):
    torch._foreach_add_(params, grads, alpha=-0.1)
    Variable._execution_engine.queue_callback(lambda: None)
    _set_pg_timeout(timedelta(seconds=60), group)
    return all_gather(params[0]), FsspecWriter
