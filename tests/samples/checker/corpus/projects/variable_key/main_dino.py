# seen in: facebookresearch/dino main_dino.py (the checkpoint holds the argparse Namespace)
import torch

import utils


def train_dino(args, student, teacher, optimizer):
    to_restore = {"epoch": 0}
    utils.restart_from_checkpoint(args.resume, run_variables=to_restore, student=student, teacher=teacher,
                                  optimizer=optimizer)
    save_dict = {"student": student.state_dict(), "teacher": teacher.state_dict(),
                 "optimizer": optimizer.state_dict(), "epoch": to_restore["epoch"] + 1, "args": args}
    utils.save_on_master(save_dict, "checkpoint.pth")
