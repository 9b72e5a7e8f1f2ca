# seen in: WongKinYiu/yolov9 train.py (the resume checkpoint keeps 'model': deepcopy(de_parallel(model)).half(),
# a whole nn.Module, and a later load reads only its ['opt']) and yhenon/pytorch-retinanet csv_validation.py
# (the CPU branch hands load_state_dict the same file another load of the function reads as a whole model).
# Both raise UnpicklingError under weights_only=True on torch 2.15.
import argparse
from copy import deepcopy

import torch


def de_parallel(model):
    return model.module if hasattr(model, "module") else model


def train(model, optimizer, opt, last):
    ckpt = {"epoch": 1, "model": deepcopy(de_parallel(model)).half(), "optimizer": optimizer.state_dict(),
            "opt": vars(opt)}
    torch.save(ckpt, last)


def resume(last):
    d = torch.load(last, map_location="cpu")["opt"]  # finding: torch-load-saved-in-project
    return argparse.Namespace(**d)


def evaluate(parser):
    net = torch.load(parser.model_path)  # finding: torch-load-pickled-object
    if torch.cuda.is_available():
        net = torch.nn.DataParallel(net).cuda()
    else:
        net.load_state_dict(torch.load(parser.model_path))  # finding: torch-load-pickled-object
    net.eval()
    return net


# Look-alikes that load: a state dict of the unwrapped model, and a second path in the same function.
def save_weights(model, path):
    torch.save({"model": de_parallel(model).state_dict(), "step": 3}, path)


def load_weights(model, parser):
    model.load_state_dict(torch.load(parser.weights_path)["model"])
    return model


def restore(model, parser):
    net = torch.load(parser.model_path)  # finding: torch-load-pickled-object
    net.eval()
    model.load_state_dict(torch.load(parser.state_path))
    return model, net


def restore_either(model, parser):
    try:
        net = torch.load(parser.model_path)  # finding: torch-load-pickled-object
        net.eval()
    except AttributeError:
        net = model
        net.load_state_dict(torch.load(parser.model_path))
    return net


# seen in: thu-ml/tianshou tianshou/highlevel/persistence.py (the mode picks the file: a state dict in one case,
# a whole policy in the other; the state-dict case loads)
def restore_by_mode(policy, path, whole):
    match whole:
        case False:
            state_dict = torch.load(path, map_location="cpu")
        case True:
            loaded_policy = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
            state_dict = loaded_policy.state_dict()
    policy.load_state_dict(state_dict)
