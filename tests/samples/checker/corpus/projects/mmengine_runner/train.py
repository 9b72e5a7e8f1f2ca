# seen in: open-mmlab/mmpose tools/train.py (training runs through mmengine's Runner, whose checkpoints keep
# 'message_hub' with HistoryBuffer objects) and tools/misc/publish_model.py (strips such a checkpoint).
from mmengine.config import Config
from mmengine.runner import Runner


def main(path):
    runner = Runner.from_cfg(Config.fromfile(path))
    runner.train()
