# seen in: a segmentation trainer whose resume and snapshot loads reach the checkpoint's keys only in helpers of
# another module (restore_net, restore_opt); the checkpoints it saves keep an np.float64 mean IoU
import torch

from segnet.restore import restore_codes, restore_net, restore_opt


def main(args, net, optim, codebook):
    checkpoint = None
    if args.resume:
        checkpoint = torch.load(args.resume, map_location="cpu")  # finding: torch-load-saved-in-project
    elif args.snapshot:
        checkpoint = torch.load(args.snapshot, map_location="cpu")  # finding: torch-load-saved-in-project
    if checkpoint is not None:
        restore_opt(optim, checkpoint)
        restore_net(net, checkpoint)
    # a codebook table: restore_codes reads a key no saved layout has
    table = torch.load(args.codes, map_location="cpu")
    restore_codes(codebook, table)
