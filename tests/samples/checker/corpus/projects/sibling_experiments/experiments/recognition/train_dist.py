import torch

best_pred = 0.0
acclist_val = []


def validate(args, model, optimizer, epoch, top1_acc):
    global best_pred
    acclist_val.append(top1_acc)
    best_pred = max(best_pred, top1_acc)
    torch.save({"epoch": epoch, "state_dict": model.state_dict(), "optimizer": optimizer.state_dict(),
                "best_pred": best_pred, "acclist_val": acclist_val}, args.checkpoint)
