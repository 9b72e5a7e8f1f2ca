# seen in: bghira/SimpleTuner scripts/prompt2effect/train.py (_save_checkpoint's text_encoder_model: str is a model
# name, saved beside vars(args)); the second writer keeps a model whose parameter is not annotated as a scalar.
import argparse
from pathlib import Path

import torch


def save_checkpoint(output_dir: Path, *, model, optimizer, text_encoder_model: str, step: int,
                    args: argparse.Namespace) -> Path:
    path = output_dir / f"checkpoint-{step}.pt"
    torch.save(
        {
            "format": "hypernetwork",
            "step": step,
            "model_state_dict": model.state_dict(),
            "optimizer_state_dict": optimizer.state_dict(),
            "text_encoder_model": text_encoder_model,
            "train_args": vars(args),
        },
        path,
    )
    return path


def save_teacher(output_dir: Path, *, teacher_model, step: int | None) -> None:
    torch.save({"kind": "teacher", "step": step, "teacher_model": teacher_model}, output_dir / "teacher.pt")
