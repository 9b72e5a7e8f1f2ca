# The same choice as statements (PCCoder's cuda.py)
import torch

use_cuda = torch.cuda.is_available()

if use_cuda:
    LongTensor = torch.cuda.LongTensor
    FloatTensor = torch.cuda.FloatTensor
else:
    LongTensor = torch.LongTensor
    FloatTensor = torch.FloatTensor
    HalfTensor = torch.HalfTensor
