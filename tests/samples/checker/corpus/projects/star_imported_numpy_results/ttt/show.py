import torch


def show(folder, name, level):
    results = torch.load(folder + "/%s_%d_inl.pth" % (name, level))  # finding: torch-load-saved-in-project
    counts = torch.load(folder + "/%s_%d_count.pth" % (name, level))
    return results["cls_initial"], counts["count"]
