# expect: still-warns-on-2.15#python--m-torchdistributedlaunch
import torch.distributed.launch

if __name__ == "__main__":
    torch.distributed.launch.main()
