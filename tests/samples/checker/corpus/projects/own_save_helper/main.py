# seen in: a pruning trainer (Regularization-Pruning's main.py): checkpoints go through the file's own save_model,
# which hands its first argument to torch.save as it is; a whole model saved under 'model' makes the project's loads
# of that layout fail under weights_only. A library's save helper (fabric.save) would store the model's state_dict.
import torch
import torchvision.models as models


def save_model(state, is_best=False, mark=""):
    torch.save(state, f"checkpoint_{mark}.pth")
    if is_best:
        torch.save(state, "checkpoint_best.pth")


def main(args):
    model = models.resnet18(num_classes=10)
    if args.save_init_model:
        state = {"arch": args.arch, "model": model, "state_dict": model.state_dict()}
        save_model(state, mark="init")
    if args.base_model_path:
        ckpt = torch.load(args.base_model_path)  # finding: torch-load-saved-in-project
        if "model" in ckpt:
            model = ckpt["model"]
        model.load_state_dict(ckpt["state_dict"])
    return model
