# seen in: facebookresearch/dino eval_linear.py (its own checkpoint is plain)
import torch


def train_linear(classifier, optimizer, epoch, path):
    save_dict = {"epoch": epoch + 1, "state_dict": classifier.state_dict(), "optimizer": optimizer.state_dict()}
    torch.save(save_dict, path)


def resume_linear(path, classifier, key):
    checkpoint = torch.load(path, map_location="cpu")  # 'state_dict' is in the plain layout only
    classifier.load_state_dict(checkpoint["state_dict"])
    return checkpoint[key]
