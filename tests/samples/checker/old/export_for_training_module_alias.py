# expect: export-aot-and-custom-ops#export_for_training-and-export_for_inference-are-removed
import torch
import torch.export as tex

ep = tex.export_for_training(torch.nn.Linear(2, 2), (torch.randn(1, 2),)).run_decompositions()
