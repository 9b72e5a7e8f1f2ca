# expect: build-devices-and-profiler#torchhas_cuda-and-the-other-has_-flags-warn
import torch

device = "cuda" if torch.has_cuda else "cpu"
