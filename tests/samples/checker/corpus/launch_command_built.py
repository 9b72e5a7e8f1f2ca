# seen in: YOLOv5-era resume helpers (FS_Net's utils/aws/resume.py) that build the multi-GPU command as a string and
# run it with os.system, and launch scripts that pass an argument list to subprocess: both run the deprecated
# launcher, which warns "The module torch.distributed.launch is deprecated and will be removed in future. Use torchrun."
"""Resume every run: python -m torch.distributed.launch is what older docs used (a docstring is not a command)."""
import argparse
import os
import subprocess
import sys


def resume(last, devices, port):
    cmd = f"python -m torch.distributed.launch --nproc_per_node {devices} --master_port {port} train.py --resume {last}"  # finding: distributed-launch-module
    os.system(cmd)


def launch(script, devices):
    subprocess.run([sys.executable, "-m", "torch.distributed.launch", f"--nproc_per_node={devices}", script],  # finding: distributed-launch-module
                   check=True)
    subprocess.run([sys.executable, "-m", "torch.distributed.run", f"--nproc_per_node={devices}", script], check=True)


parser = argparse.ArgumentParser()
parser.add_argument("--local_rank", type=int, help="set by python -m torch.distributed.launch")


"""
python -m torch.distributed.launch --nproc_per_node=8 --master_port=17647 train.py --config configs/a.yaml
"""
