# seen in: PyTorch-GAN, kuangliu cifar, nanoGPT, imagenet example (state dicts and plain values: no finding)
import torch


def restore(generator, discriminator, path, net):
    generator.load_state_dict(torch.load(path + "/generator.pth"))
    discriminator.load_state_dict(torch.load(path + "/discriminator.pth"))
    checkpoint = torch.load(path + "/ckpt.pth")
    net.load_state_dict(checkpoint["net"])
    best_acc = checkpoint["acc"]
    model_args = checkpoint["model_args"]
    state_dict = torch.load(path + "/model.pt")
    model = torch.load(path + "/weights.pt")
    net.load_state_dict(model)
    return best_acc, model_args, state_dict


def compare_ranks(path0, path1):
    # seen in: apex tests (lists of parameters saved and loaded: weights_only loads them)
    model_params_rank0 = torch.load(path0)
    model_params_rank1 = torch.load(path1)
    return [torch.allclose(a, b) for a, b in zip(model_params_rank0, model_params_rank1)]
