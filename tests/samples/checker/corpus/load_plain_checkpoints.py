# seen in: pytorch/examples imagenet, yolov5, custom training loops (the keys state_dict / global_step
# without Lightning, a .ckpt the code writes itself with plain content, a .ckpt loaded with weights_only=)
import torch


def resume(model, optimizer, path):
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["state_dict"])
    optimizer.load_state_dict(state["optimizer"])
    return state["global_step"]


def save_weights(model, step):
    torch.save(model.state_dict(), "last.ckpt")
    torch.save({"state_dict": model.state_dict(), "global_step": step}, f"step={step}.ckpt")


def load_weights(model):
    model.load_state_dict(torch.load("last.ckpt"))


def load_lightning_trusted(model):
    return torch.load("epoch=3.ckpt", map_location="cpu", weights_only=True)["state_dict"]


def load_state_dict_file(model):
    model.load_state_dict(torch.load("weights.pt", map_location="cpu"))
