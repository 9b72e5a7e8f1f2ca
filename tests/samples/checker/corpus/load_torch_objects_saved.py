# seen in: salesforce/CodeT5 utils.py (a TensorDataset cached with torch.save(data, cache_fn) and read back),
# meituan/YOLOv6 engine.py and utils/checkpoint.py (whole models under 'model'/'ema', read off self.ckpt and
# through an item bound to a name), microsoft/Oscar run_retrieval.py (an argparse Namespace saved to
# op.join(d, 'training_args.bin') after `import os.path as op`). torch 2.15 refuses each with "Unsupported global":
# torch.utils.data.dataset.TensorDataset, Subset, torch.optim.sgd.SGD, torch.optim.lr_scheduler.StepLR.
import os
import os.path as op

import torch
from torch.utils.data import TensorDataset
from torch.utils.data.dataset import Subset


def load_and_cache(args, features, cache_fn, only_src=False):
    if os.path.exists(cache_fn):
        data = torch.load(cache_fn)  # finding: torch-load-pickled-object
    else:
        source_ids = torch.tensor([f.source_ids for f in features], dtype=torch.long)
        if only_src:
            data = TensorDataset(source_ids)
        else:
            data = TensorDataset(source_ids, torch.tensor([f.target_ids for f in features], dtype=torch.long))
        torch.save(data, cache_fn)
    return data


def load_and_cache_tasks(args, tasks, cache_fn):
    if os.path.exists(cache_fn):
        cached = torch.load(cache_fn)  # finding: torch-load-saved-objects
    else:
        cached = {}
        for task in tasks:
            ids = torch.tensor(task.ids, dtype=torch.long)
            if args.only_src:
                data = TensorDataset(ids)
            else:
                data = TensorDataset(ids, ids)
            cached[task.name] = (task.examples, data)
        torch.save(cached, cache_fn)
    return cached


def split_cache(dataset, path):
    torch.save({"train": Subset(dataset, [0, 1])}, path)
    return torch.load(path)  # finding: torch-load-saved-objects


def save_optimizer(model, path):
    torch.save({"optim": torch.optim.SGD(model.parameters(), lr=0.1)}, path)
    return torch.load(path)  # finding: torch-load-saved-objects


def plain_tensors(path, n):
    # a tensor torch builds and a Python int: plain, loads under weights_only=True
    torch.save({"ids": torch.arange(n), "n": n}, path)
    return torch.load(path)


class Trainer:
    def __init__(self, args):
        if args.resume:
            self.ckpt = torch.load(args.resume, map_location="cpu")  # finding: torch-load-pickled-object

    def resume(self, model):
        model.load_state_dict(self.ckpt["model"].float().state_dict())
        return self.ckpt["epoch"]


class PlainTrainer:
    def __init__(self, args):
        self.state = torch.load(args.resume, map_location="cpu")

    def resume(self, model):
        model.load_state_dict(self.state["model"])


def load_checkpoint(weights, fuse=True):
    ckpt = torch.load(weights, map_location="cpu")  # finding: torch-load-pickled-object
    model = ckpt["ema" if ckpt.get("ema") else "model"].float()
    if fuse:
        model = fuse_model(model).eval()
    else:
        model = model.eval()
    return model


def load_rebound(weights, build):
    ckpt = torch.load(weights)
    model = ckpt["model"]
    model = build(model)  # rebound before use: what .eval() runs on is the built module
    model.eval()
    return model


def fuse_model(model):
    return model


def save_args(args, checkpoint_dir):
    torch.save(args, op.join(checkpoint_dir, "training_args.bin"))


def restore_training_settings(args):
    train_args = torch.load(op.join(args.eval_model_dir, "training_args.bin"))  # finding: torch-load-saved-objects
    for param in ("max_seq_length", "do_lower_case"):
        if hasattr(train_args, param):
            setattr(args, param, getattr(train_args, param))
    return args


# seen in: microsoft/CodeBERT CodeReviewer/code/utils.py: features built by the project's converter through
# pool.map (or a list comprehension) and cached whole; each is a project class instance (Unsupported global)
class ClsFeatures:
    def __init__(self, ids):
        self.ids = ids


class SimpleClsDataset:
    def __init__(self, pool, examples, savep):
        if os.path.exists(savep):
            self.feats = torch.load(savep)  # finding: torch-load-saved-objects
        else:
            self.feats = pool.map(self.convert_examples_to_features, examples)
            torch.save(self.feats, savep)

    def convert_examples_to_features(self, example):
        return ClsFeatures(example.ids)


class SimpleGenDataset:
    def __init__(self, examples, savep):
        if os.path.exists(savep):
            self.feats = torch.load(savep)  # finding: torch-load-saved-objects
        else:
            self.feats = [self.convert_examples_to_features(example) for example in examples]
            torch.save(self.feats, savep)

    def convert_examples_to_features(self, example):
        return ClsFeatures(example.ids)


def tokenized(pool, examples, savep):
    # a mapped function that is neither a converter nor a class: what it returns is not known here
    if os.path.exists(savep):
        return torch.load(savep)
    out = pool.map(len, examples)
    torch.save(out, savep)
    return out
