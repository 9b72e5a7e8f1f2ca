# expect: removed-and-legacy-calls#1---mask-on-a-bool-mask
# expect: data-nn-and-optim#reducelronplateauis_better-is-private
import torch

target = torch.tensor([0, 255, 2])
valid = target.ne(255)
inverse = 1 - valid
metric_driven = hasattr(torch.optim.lr_scheduler.ReduceLROnPlateau, "is_better")
