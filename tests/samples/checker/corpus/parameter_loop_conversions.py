# seen in: yolov3/yolov5 model summaries copied into many trees (model_info prints "%10.3g" % p.mean() for each
# named parameter) and a gradient-analysis script printing param.abs().mean() with %.4E. A parameter requires
# grad, and so does its mean: the float conversion warns since 2.8. Its size, its .data or .grad, or a loop under
# no_grad do not.
import torch


def model_info(model, verbose=False):
    if verbose:
        for i, (name, p) in enumerate(model.named_parameters()):
            name = name.replace("module_list.", "")
            print("%5g %40s %9s %12g %20s %10.3g %10.3g" % (  # finding: float-of-requires-grad-tensor
                i, name, p.requires_grad, p.numel(), list(p.shape), p.mean(), p.std()))


def weight_stats(model):
    for param in model.parameters():
        print("w %.4E" % param.abs().mean())  # finding: float-of-requires-grad-tensor
        print("grad %.4E, data %.4E" % (param.grad.abs().mean(), param.data.norm()))
        print("%d elements, %.1f" % (param.numel(), param.numel() / 2))
        total = float(param.norm())  # finding: float-of-requires-grad-tensor
        print(total)


@torch.no_grad()
def quiet_stats(model):
    for name, p in model.named_parameters():
        print("%.3f" % p.mean())


def quiet_block(model):
    with torch.no_grad():
        for p in model.parameters():
            print(float(p.norm()))
