# expect: removed-and-legacy-calls#top-k-indices-divided-with--used-as-an-index
# A 1.4-era beam search step: the beam of each flat top-k candidate by integer division.
import torch

scores, attn = torch.rand(2, 3), torch.rand(2, 5)
best_scores, best_ids = scores.view(-1).topk(2)
prev_k = best_ids / 3
kept = attn.index_select(0, prev_k)
