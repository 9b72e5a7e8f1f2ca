# seen in: an inpainting trainer's progress bar ("%.5f" % loss.cpu(): moving a tensor keeps its requires_grad) and a
# pose trainer's yolov5-style status line, whose format string is built from pieces (("%10s" + "%10.4g" * 2) % ...);
# detached values, %d/%s conversions and a format built from a name stay quiet
import torch
import torch.nn.functional as F


def train_step(model, batch, optimizer, pbar, header):
    loss = F.mse_loss(model(batch), batch)
    loss.backward()
    optimizer.step()
    pbar.set_description("train loss: %.5f" % loss.cpu())  # finding: float-of-requires-grad-tensor
    line = ("%10s" + "%10.4g" * 2) % ("1/10", optimizer.param_groups[0]["lr"], loss)  # finding: float-of-requires-grad-tensor
    quiet = ("%10s" + "%10s") % ("1/10", loss.cpu())
    detached = "%.5f" % loss.detach().cpu()
    unknown = (header + "%10.4g") % loss.item()
    return line, quiet, detached, unknown
