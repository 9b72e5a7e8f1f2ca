# expect: export-aot-and-custom-ops#export_for_training-and-export_for_inference-are-removed
import torch
from torch.export import export_for_training

ep = export_for_training(torch.nn.Linear(2, 2), (torch.randn(1, 2),))
