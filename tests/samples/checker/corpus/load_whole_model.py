# seen in: pytorch/examples legacy snli, fairseq unit2speech (a pickled module, used as one); facebookresearch/DiT
# download.py (a state_dict bound to `model` and only returned: the caller loads it with load_state_dict)
import torch

if args.resume_snapshot:
    model = torch.load(args.resume_snapshot, map_location=device)  # finding: torch-load-pickled-object
else:
    model = SNLIClassifier(config)


def vocoder(path):
    waveglow = torch.load(path)["model"]  # finding: torch-load-pickled-object
    waveglow = waveglow.cuda().eval().half()
    return waveglow


def download_model(local_path):
    model = torch.load(local_path, map_location=lambda storage, loc: storage)
    return model


def resume(path, device):
    model = torch.load(path, map_location=device)  # finding: torch-load-pickled-object
    model.eval()
    return model
