# expect: migrations-and-security#compile_on_one_rank-moved-to-torchcompilerconfig
import torch.distributed.config

torch.distributed.config.compile_on_one_rank = True
