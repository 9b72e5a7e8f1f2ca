# the evaluation script reads the callback's key off the training run's last checkpoint, whose path a helper finds
import torch

from train_utils import last_checkpoint


def evaluate(run_dir):
    task_ids = torch.load(last_checkpoint(run_dir))["task_ids"]  # finding: torch-load-lightning-checkpoint
    return {task: len(ids) for task, ids in task_ids.items()}


def plain_scores(path):
    # a key no checkpoint of the project holds: a file of another kind
    return torch.load(path)["scores"]
