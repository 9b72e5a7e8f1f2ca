# The subclass in another module calls the base class's select(): the same float beam index; a rounding division
# keeps it integer.
import torch

from models.basic_model import BasicModel


class AttModel(BasicModel):
    def decode(self, seq_mask, candidate_logprob, beam_size):
        selected_idx, _ = self.select(seq_mask.shape[0], beam_size, candidate_logprob)
        selected_beam = selected_idx / candidate_logprob.shape[-1]  # finding: integer-division-index
        words = selected_idx - selected_beam * candidate_logprob.shape[-1]
        return torch.gather(seq_mask, 1, selected_beam.unsqueeze(-1)), words

    def decode_floor(self, seq_mask, candidate_logprob, beam_size):
        selected_idx, _ = self.select(seq_mask.shape[0], beam_size, candidate_logprob)
        selected_beam = torch.div(selected_idx, candidate_logprob.shape[-1], rounding_mode="floor")
        return torch.gather(seq_mask, 1, selected_beam.unsqueeze(-1))
