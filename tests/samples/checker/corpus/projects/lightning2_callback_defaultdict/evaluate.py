import torch


def task_ids(path):
    return torch.load(path)["task_ids"]  # finding: torch-load-lightning-checkpoint


def seen_tasks(path):
    return torch.load(path)["seen_tasks"]
