# expect: migrations-and-security#linearcrossentropyoptions-balanced-policy-removed
import torch

options = torch.nn.LinearCrossEntropyOptions(acc_policy="balanced")
