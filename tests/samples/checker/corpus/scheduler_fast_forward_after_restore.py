# seen in: a speaker-recognition script resuming from a legacy checkpoint through the trainer's own
# loadParameters (which restores no scheduler state), then fast-forwarding the trainer's StepLR by the finished
# epochs before training steps the optimizer; a resume of a new checkpoint (scheduler restored) is quiet
import glob

import torch


def main(trainer, path, legacy):
    trainer.loadParameters(path)
    if legacy:
        for _ in range(1, int(path[-9:-6]) + 1):
            trainer.__scheduler__.step()  # finding: scheduler-step-before-optimizer
    trainer.train_network()


def resume_with_state(trainer, path):
    trainer.load_checkpoint(path)
    trainer.__scheduler__.load_state_dict(trainer.saved["scheduler"])
    for _ in range(3):
        trainer.__scheduler__.step()


def no_restore(trainer):
    for path in glob.glob("*.model"):
        trainer.__scheduler__.step()
