# seen in: open-mmlab/mmrazor tests/test_core/test_recorders/test_func_inputs_recorder.py: a test trains a Runner
# for two epochs and reads back epoch_2.pth, which the Runner's CheckpointHook wrote (message_hub: HistoryBuffer)
import os.path as osp

import torch
from mmengine.runner import Runner


def test_ema_hook(model, temp_dir):
    runner = Runner(model=model, work_dir=temp_dir, train_cfg=dict(by_epoch=True, max_epochs=2))
    runner.train()
    checkpoint = torch.load(osp.join(temp_dir, "epoch_2.pth"))  # finding: torch-load-saved-in-project
    assert "ema_state_dict" in checkpoint


def test_other_file(temp_dir):  # a file the hook does not name so: no telling what it holds
    checkpoint = torch.load(osp.join(temp_dir, "weights.pth"))
    assert "state_dict" in checkpoint
