# expect: migrations-and-security#named-tensors-removed
import torch

images = torch.zeros(2, 3, names=("N", "C"))
images = images.refine_names("N", "C").align_to("C", "N")
