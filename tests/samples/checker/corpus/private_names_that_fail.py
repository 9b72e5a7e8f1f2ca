# seen in: ClassyVision adamw_mt.py and SlowFast's optimizer factory (torch.optim._multi_tensor.AdamW after a
# plain `import torch`): torch no longer imports that package, so the attribute read raises on 2.5 and later
import torch


def build(params, lr):
    return torch.optim._multi_tensor.AdamW(params, lr=lr)  # finding: optim-multi-tensor-not-imported


def build_public(params, lr):
    return torch.optim.AdamW(params, lr=lr, foreach=True)


# seen in: NVIDIA tacotron2 / waveglow distributed.py (an apex-style DDP copy): the engine reached through a
# parameter in a gradient hook raises; through the Variable class it works (a private spelling, info)
def install(module, allreduce_params):
    from torch.autograd import Variable
    for param in list(module.parameters()):
        def allreduce_hook(*unused):
            param._execution_engine.queue_callback(allreduce_params)  # finding: tensor-execution-engine
        param.register_hook(allreduce_hook)

    def class_hook(*unused):
        Variable._execution_engine.queue_callback(allreduce_params)  # finding: private-queue-callback
    return class_hook
