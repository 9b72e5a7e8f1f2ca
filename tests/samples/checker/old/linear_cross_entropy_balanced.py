# expect: platforms-extensions-and-runtime#linearcrossentropyoptions-drops-acc_policybalanced
import torch

options = torch.nn.LinearCrossEntropyOptions(acc_policy="balanced")
