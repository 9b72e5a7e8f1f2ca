# seen in: a text-classification entry point whose evaluation branch passes the argparse Namespace itself to
# torch.load (a sibling script reads args.trained_model): AttributeError "'Namespace' object has no attribute
# 'seek'" on every torch before anything is unpickled, so no weights_only claim holds there
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--trained_model", default="")
parser.add_argument("--snapshot", default="")


if __name__ == "__main__":
    args = parser.parse_args()
    if args.trained_model:
        model = torch.load(args, map_location="cpu")
        state = {k.replace("module.", ""): v for k, v in model.state_dict().items()}
    # the look-alike: an option's value is the file, a whole pickled model used as one
    model = torch.load(args.snapshot, map_location="cpu")  # finding: torch-load-pickled-object
    model.eval()
