# seen in: microsoft/DeepSpeedExamples training/HelloDeepSpeed/train_bert.py, which writes its checkpoints with
# torch.save(obj=state_dict, f=str(exp_dir / ...)): a plain dict of state dicts, read back by load_model_checkpoint
# (loads under weights_only=True on torch 2.15); the keyword form is a save like the positional one.
import torch


def load_model_checkpoint(path, model, optimizer):
    state_dict = torch.load(path)
    model.load_state_dict(state_dict["model"], strict=True)
    optimizer.load_state_dict(state_dict["optimizer"])


def train(model, optimizer, exp_dir, step):
    state_dict = {"model": model.state_dict(), "optimizer": optimizer.state_dict()}
    torch.save(obj=state_dict, f=str(exp_dir / f"checkpoint.iter_{step}.pt"))


def save_whole(model, path):
    torch.save(obj={"model": model}, f=path)


def load_whole(path):
    return torch.load(path)  # finding: torch-load-saved-objects
