# the script picks a helper by its mode: a run on the masked-LM branch saves a NumPy scalar
import torch

from evaluate import compute_masked_lm_results, compute_plain_results


def save_epoch(model, mode, predictions, ground_truth, path):
    if mode == "mlm":
        metrics = compute_masked_lm_results(predictions, ground_truth)
    else:
        metrics = compute_plain_results(predictions, ground_truth)
    torch.save({"model": model.state_dict(), "mlm_acc": metrics["mlm_acc"]}, path)


def resume(model, path):
    checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model"])
    return checkpoint["mlm_acc"]
