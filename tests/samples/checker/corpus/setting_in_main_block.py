# seen in: bubbliiiing yolo3-pytorch train.py (settings bound under the main block, switched by editing the file)
import torch

if __name__ == "__main__":
    Cuda = True
    fp16 = False  # a setting the user flips, not an outcome: its branch is code the target may run
    if fp16:
        from torch.cuda.amp import GradScaler as GradScaler  # finding: cuda-amp-grad-scaler
        scaler = GradScaler()
    else:
        scaler = None
