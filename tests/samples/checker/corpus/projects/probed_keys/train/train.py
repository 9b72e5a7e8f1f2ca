import argparse

import torch


def main(args, model, optimizer, steps):
    checkpoint = {
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "steps": steps,
        "args": args,
    }
    torch.save(checkpoint, f"{args.out}/{steps:07d}.pt")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--out")
    main(parser.parse_args(), None, None, 0)
