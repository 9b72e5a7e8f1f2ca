# expect: removed-and-legacy-calls#cudaasynctrue-spelled-through-a-dict
import torch


def to_gpu(batch):
    return batch.cuda(**{"async": True})
