# seen in: image-captioning beam searches (meshed-memory-transformer's BeamSearch, JDAI-CV's BasicModel): select()
# sorts the flat candidates and returns their indices first; the caller divides them with `/` to find each beam,
# a float tensor since torch 1.7, which gather then refuses.
import torch
from torch import nn


class BasicModel(nn.Module):
    def select(self, batch_size, beam_size, candidate_logprob):
        selected_logprob, selected_idx = torch.sort(candidate_logprob.view(batch_size, -1), -1, descending=True)
        selected_logprob, selected_idx = selected_logprob[:, :beam_size], selected_idx[:, :beam_size]
        return selected_idx, selected_logprob

    def step_beam(self, seq_mask, candidate_logprob, beam_size):
        selected_idx, selected_logprob = self.select(seq_mask.shape[0], beam_size, candidate_logprob)
        selected_beam = selected_idx / candidate_logprob.shape[-1]  # finding: integer-division-index
        return torch.gather(seq_mask, 1, selected_beam.unsqueeze(-1)), selected_logprob
