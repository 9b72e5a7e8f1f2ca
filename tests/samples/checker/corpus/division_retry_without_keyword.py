# seen in: DoLipReading's batch_beam_search2.py: the floor division of the flat top-k ids is tried with
# rounding_mode= and retried without it "on old pytorch"; the target takes the keyword, so the retry never runs
import torch


def beam_origin(flat_scores, scores, output_size, k):
    topk_scores, topk_ids = flat_scores.topk(k)
    try:
        beam_index = topk_ids.div(output_size, rounding_mode='floor')
    except:
        beam_index = topk_ids.div(output_size)
    return scores.index_select(0, beam_index)


def beam_origin_other(flat_scores, scores, output_size, k):
    topk_scores, topk_ids = flat_scores.topk(k)
    try:
        beam_index = topk_ids.div(output_size, rounding_mode='floor')
    except:  # not the body again: another computation
        beam_index = topk_ids.div(output_size) + 0  # finding: integer-division-index
    return scores.index_select(0, beam_index)


def grid(x, y):
    try:
        a, b = torch.meshgrid(x, y, indexing='ij')
    except TypeError:
        a, b = torch.meshgrid(x, y)
    return a, b
