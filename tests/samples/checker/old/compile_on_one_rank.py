# expect: distributed-and-checkpointing#compile_on_one_rank-moved-to-torchcompilerconfig
import torch.distributed.config

torch.distributed.config.compile_on_one_rank = True
