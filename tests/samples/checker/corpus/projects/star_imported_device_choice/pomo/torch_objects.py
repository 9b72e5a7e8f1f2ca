# The package's tensor types: CUDA ones when a GPU is there, star-imported by every module.
import torch

use_cuda = torch.cuda.is_available()
FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
LongTensor = torch.cuda.LongTensor if use_cuda else torch.LongTensor
ByteTensor = torch.cuda.ByteTensor if use_cuda else torch.ByteTensor
Tensor = FloatTensor
# two bindings: which one a caller gets is not known
BoolTensor = torch.BoolTensor
if use_cuda:
    BoolTensor = torch.cuda.BoolTensor
# not a device pair
DoubleTensor = torch.cuda.DoubleTensor if use_cuda else torch.cuda.FloatTensor
