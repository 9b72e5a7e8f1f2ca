# seen in: a text-classification framework's DistributedModel (pytext): a DistributedDataParallel subclass whose
# constructor hands every argument on, so its callers' keywords reach torch's
import torch.nn as nn


class DistributedModel(nn.parallel.DistributedDataParallel):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def state_dict(self, *args, **kwargs):
        return self.module.state_dict(*args, **kwargs)


class TaggedModel(DistributedModel):
    pass


class QuietBuffers(nn.parallel.DistributedDataParallel):
    def __init__(self, module, broadcast_buffers=False, **kwargs):
        super().__init__(module, **kwargs)
        self.skip_buffer_sync = not broadcast_buffers
