# seen in: VLN-CE-style navigation agents whose policies build habitat-baselines' recurrent state encoder; it resets
# finished episodes with torch.where(masks.view(1, -1, 1), ...), so the trainers' uint8 masks warn at every step
import torch
from habitat_baselines.rl.models.rnn_state_encoder import build_rnn_state_encoder


class Policy(torch.nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.state_encoder = build_rnn_state_encoder(hidden_size, hidden_size, rnn_type="GRU")

    def act(self, features, rnn_states, masks):
        return self.state_encoder(features, rnn_states, masks)
