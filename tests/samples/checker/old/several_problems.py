# An older training script: three different findings.
# expect: migrations-and-security#torchload-defaults-to-weights_onlytrue
# expect: migrations-and-security#torchscript-apis-warn-with-futurewarning
# expect: distributed-and-checkpointing#fsdp1-fullyshardeddataparallel-migration-map
import torch
import torch.distributed.fsdp as fsdp

net = torch.load("checkpoint.pth")
net.train()
net = fsdp.FullyShardedDataParallel(net)
torch.jit.trace(net, torch.randn(1, 8))
