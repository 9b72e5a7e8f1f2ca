# seen in: rwightman/efficientdet-pytorch train.py, avg_checkpoints.py and clean_checkpoint.py (checkpoints written
# by timm.utils.CheckpointSaver(..., args=args), whose _save keeps 'args', the argparse Namespace, beside
# 'state_dict', 'state_dict_ema', 'metric', 'epoch', 'arch', 'optimizer' and 'version'; the scripts read them back:
# UnpicklingError under weights_only=True on torch 2.15, Unsupported global: GLOBAL argparse.Namespace)
import timm.utils as utils
import torch


def train(model, optimizer, model_ema, args, output_dir):
    saver = utils.CheckpointSaver(model, optimizer, args=args, model_ema=model_ema, checkpoint_dir=output_dir)
    for epoch in range(args.epochs):
        saver.save_checkpoint(epoch, metric=0.0)
    torch.cuda.synchronize()
