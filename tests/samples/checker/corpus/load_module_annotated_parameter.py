# seen in: a distillation trainer whose train(student: nn.Module, ...) keeps the student itself beside its state dict
# in the checkpoint; the resume load then meets a whole module (weights_only=True: "Unsupported global").
# A parameter annotated as a tensor, or rebound to something else, leaves the save plain.
import torch
import torch.nn as nn


def train(student: nn.Module, optimizer, epochs: int, run_dir: str):
    student = student.to("cpu").train()
    for epoch in range(epochs):
        optimizer.step()
        state = {"state_dict": student.state_dict(), "epoch": epoch, "net": student}
        torch.save(state, f"{run_dir}/last.pth")


def resume(student: nn.Module, run_dir: str):
    saved = torch.load(f"{run_dir}/last.pth")  # finding: torch-load-saved-objects
    student.load_state_dict(saved["state_dict"])
    return saved["epoch"]


def export_codes(codes: torch.Tensor, out_dir: str):
    torch.save({"codes": codes}, f"{out_dir}/codes.pth")
    return torch.load(f"{out_dir}/codes.pth")


def export_head(head: nn.Module, out_dir: str):
    head = head.state_dict()
    torch.save({"head": head}, f"{out_dir}/head.pth")
    return torch.load(f"{out_dir}/head.pth")
