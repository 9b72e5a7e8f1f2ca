# seen in: openfold utils/checkpointing.py (a function that returns torch's checkpoint unless DeepSpeed is set)
import torch
import torch.utils.checkpoint

try:
    import deepspeed
except ImportError:
    deepspeed = None


def get_checkpoint_fn():
    if deepspeed is not None and deepspeed.checkpointing.is_configured():
        checkpoint = deepspeed.checkpointing.checkpoint
    else:
        checkpoint = torch.utils.checkpoint.checkpoint
    return checkpoint


def get_runner(fast):
    run = make_runner(fast)
    return run


def make_runner(fast):
    return torch.compile if fast else None


def run_blocks(blocks, x):
    checkpoint_fn = get_checkpoint_fn()
    for block in blocks:
        x = checkpoint_fn(block, x)  # finding: checkpoint-without-use-reentrant
        x = checkpoint_fn(block, x, use_reentrant=False)
    runner = get_runner(True)
    return runner(x)


def rebound(blocks, x, plain):
    fn = get_checkpoint_fn()
    if plain:
        fn = make_runner(plain)
    return fn(blocks[0], x)
