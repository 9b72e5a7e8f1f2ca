import torch


def previous_run(path):
    return torch.load(path, map_location="cpu")["run_name"]  # finding: torch-load-saved-in-project


def restore(model, path):
    ckpt = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(ckpt["state_dict"])
    step = ckpt["step"]
    try:
        best = ckpt["best_score"]
    except:
        best = ckpt["best_fid"]  # an older release's name: the file need not hold it
    return step, best


def generator(model, path):
    model.load_state_dict(torch.load(path, map_location="cpu")["weights"])
