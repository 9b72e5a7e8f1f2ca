# seen in: a regression test that loads whole pickled models in one loop and plain state dicts in the next, both
# through a loop variable named f: the second loop's path is another file, so only the first load is refused
import torch


def check_checkpoints(folder, model_class):
    checkpoints = [folder / f"step_{s}.pth" for s in (1, 5)]
    for f in checkpoints:
        model = torch.load(str(f))  # finding: torch-load-pickled-object
        model.eval()
    state_dicts = [folder / f"step_{s}_state_dict.pth" for s in (1, 5)]
    for f in state_dicts:
        state_dict = torch.load(str(f))
        model = model_class()
        model.load_state_dict(state_dict)
