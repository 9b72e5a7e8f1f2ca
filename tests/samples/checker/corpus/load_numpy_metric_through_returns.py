# seen in: KaiyangZhou/deep-person-reid projects/attribute_recognition/main.py (label_mA is the mean of per-attribute
# accuracies summed with `history[k] += hits.sum(0)` over NumPy arrays, returned as item 0 of test()'s tuple: an
# np.float64, which weights_only refuses: Unsupported global: GLOBAL numpy._core.multiarray.scalar)
import torch


def test(model, loader):
    history = {"hits": 0, "total": 0}
    count = 0
    for images, labels in loader:
        outputs = model(images).cpu().numpy()
        labels = labels.numpy()
        labels = labels.astype(bool)  # still a NumPy array
        history["hits"] += (outputs.round() == labels).sum(0)
        history["total"] += labels.shape[0]
        count += len(labels)
    accuracy = history["hits"] / history["total"]
    return accuracy.mean(), count


def main(model, loader, args):
    best = 0.0
    if args.resume:
        checkpoint = torch.load(args.resume)  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["state_dict"])
        best = checkpoint["mean_acc"]
    for epoch in range(10):
        outputs = test(model, loader)
        mean_acc = outputs[0]
        seen = outputs[1]  # a Python int: len() summed
        best = max(best, mean_acc)
        torch.save({"state_dict": model.state_dict(), "mean_acc": mean_acc}, "last.pth")
        torch.save({"state_dict": model.state_dict(), "seen": seen}, "seen.pth")
    if args.check_seen:
        counts = torch.load("seen.pth")
        print(counts["seen"])
