# expect: migrations-and-security#torchcudaamp-and-torchcpuamp-are-deprecated
import torch

scaler = torch.cuda.amp.GradScaler()
with torch.cuda.amp.autocast(dtype=torch.bfloat16):
    pass
