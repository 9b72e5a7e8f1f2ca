# seen in: facebookresearch/mae main_finetune.py, main_linprobe.py (they read the checkpoint misc.save_model writes)
import torch


def load_pretrained(args, model):
    checkpoint = torch.load(args.finetune, map_location="cpu")  # finding: torch-load-saved-in-project
    checkpoint_model = checkpoint["model"]
    model.load_state_dict(checkpoint_model, strict=False)


def load_teacher(args, model):
    checkpoint = torch.load(args.teacher, map_location="cpu")
    model.load_state_dict(checkpoint["teacher"])


def load_backbone(args, model):
    model.load_state_dict(torch.load(args.backbone, map_location="cpu"))


def load_trusted(args, model):
    checkpoint = torch.load(args.resume, map_location="cpu", weights_only=False)
    model.load_state_dict(checkpoint["model"])
