# seen in: round 57's non-autoregressive NMT beam searches (dl4mt-nonauto, nonauto-nmt): the beam of each flat top-k
# candidate found with .div(W), then handed to gather through its .data (a float index since 1.7); the floored
# spelling and a cast before the use are fine.
import torch


def beam_step(topk2_logps, eos_yet, outs, B, W):
    logps, topk_inds = topk2_logps.view(B, W * W).topk(W, dim=-1)
    topk_beam_inds = topk_inds.div(W)  # finding: integer-division-index
    eos_yet = eos_yet.gather(1, topk_beam_inds.data)
    floored = torch.div(topk_inds, W, rounding_mode="floor")
    outs = outs.gather(1, floored[:, :, None].expand_as(outs))
    cast = topk_inds.div(W).long()
    return logps, eos_yet, outs, eos_yet.gather(1, cast.data)
