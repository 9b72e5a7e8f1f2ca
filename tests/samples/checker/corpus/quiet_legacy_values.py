# seen in: kornia tests/geometry/subpix/test_spatial_softargmax.py (size_average=None, reduce=None, reduction="none"),
# composer utils/dist.py (torch.ByteStorage._from_buffer), composer core/state.py (a streaming dataset's state_dict)
import pickle

import torch
import torch.nn.functional as F

pred, target = torch.rand(2, 3), torch.rand(2, 3)
quiet = F.mse_loss(pred, target, size_average=None, reduce=None, reduction="none")
criterion = torch.nn.MSELoss(size_average=None, reduce=None)
loud = F.mse_loss(pred, target, size_average=None, reduce=False)  # finding: loss-size-average-reduce
summed = torch.nn.L1Loss(size_average=False)  # finding: loss-size-average-reduce

buffer = torch.ByteStorage._from_buffer(pickle.dumps({"a": 1}))
as_tensor = torch.ByteTensor(buffer)
typed = torch.ByteStorage(3)  # finding: typed-storage-classes
public = torch.ByteStorage.from_buffer(b"ab", byte_order="native")  # finding: typed-storage-classes


def resume_state(dataset, num_samples):
    return dataset.state_dict(num_samples, True)
