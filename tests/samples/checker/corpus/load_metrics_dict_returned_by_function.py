# seen in: facebookresearch/dlrm dlrm_s_pytorch.py (inference() builds and returns {"state_dict": ..., "test_acc":
# acc_test} with acc_test = test_accu / test_samp, test_accu = 0 then test_accu += np.sum(...): a numpy scalar
# (0 + np.uint64 is np.uint64 on numpy 2); the caller stores "epoch"/"iter" into the returned dict and torch.save()s
# it; torch 2.15 refuses it: Unsupported global: GLOBAL numpy._core.multiarray.scalar)
import numpy as np
import torch


def inference(model, loader):
    test_accu = 0
    test_samp = 0
    for x, target in loader:
        scores = model(x).detach().cpu().numpy()
        hits = np.sum((np.round(scores, 0) == target.numpy()).astype(np.uint8))
        test_accu += hits
        test_samp += target.shape[0]
    acc_test = test_accu / test_samp
    metrics = {"state_dict": model.state_dict(), "test_acc": acc_test}
    return metrics, True


def count_batches(model, loader):
    seen = 0
    for x, _ in loader:
        seen += len(x)  # a Python int: len() summed
    summary = {"state_dict": model.state_dict(), "seen": seen}
    return summary, seen


def main(args, model, loader):
    if args.load_model:
        ld_model = torch.load(args.load_model)  # finding: torch-load-saved-in-project
        model.load_state_dict(ld_model["state_dict"])
        print(ld_model["epoch"], ld_model["test_acc"])
    for epoch in range(3):
        metrics, is_best = inference(model, loader)
        if is_best:
            metrics["epoch"] = epoch
            torch.save(metrics, args.save_model)


# Look-alike: the same shape of code with a Python int summed; its reader reads that layout only.
def count(args, model, loader):
    if args.load_counts:
        counts = torch.load(args.load_counts)
        print(counts["seen"], counts["step"])
    summary, _ = count_batches(model, loader)
    summary["step"] = 1
    torch.save(summary, args.save_counts)
