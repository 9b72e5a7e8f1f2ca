# seen in: OpenNMT-py's Beam.advance and _fast_translate_batch (copied by Multi-News, cove, Global-Encoding),
# aster's beam search and fairseq's sequence generator: flat top-k ids divided by the vocabulary size find the beam,
# a floor division up to 1.4 and a float tensor since 1.7
import torch


def advance(scores, attn, num_words, size):
    best_scores, best_ids = scores.view(-1).topk(size, 0, True, True)
    prev_k = best_ids / num_words  # finding: integer-division-index
    next_y = best_ids - prev_k * num_words
    return attn.index_select(0, prev_k), next_y


def fast_translate(curr_scores, alive_seq, beam_offset, vocab_size, beam_size):
    topk_scores, topk_ids = curr_scores.topk(beam_size, dim=-1)
    topk_beam_index = topk_ids.div(vocab_size)  # finding: integer-division-index
    topk_ids = topk_ids.fmod(vocab_size)
    batch_index = topk_beam_index + beam_offset[:topk_beam_index.size(0)].unsqueeze(1)
    select_indices = batch_index.view(-1)
    return alive_seq.index_select(0, select_indices), topk_ids


def generate(cand_scores, lprobs, vocab_size, cand_beams):
    cand_indices = lprobs.new()
    torch.topk(lprobs.view(2, -1), k=4, out=(cand_scores, cand_indices))
    torch.div(cand_indices, vocab_size, out=cand_beams)  # finding: integer-division-index
    return cand_beams


def fixed(scores, attn, num_words, size):
    _, best_ids = scores.view(-1).topk(size)
    prev_k = best_ids // num_words
    cast = (best_ids / num_words).long()
    ratio = best_ids / num_words  # a float only ever read as a number
    return attn.index_select(0, prev_k), attn[cast], ratio.mean()


def dispatch(command, scores, attn):
    match command:  # match cases and except handlers hold statements of the scope too
        case "beam":
            _, ids = scores.topk(2)
            try:
                step = ids / 3  # finding: integer-division-index
            except RuntimeError:
                raise
            return attn.index_select(0, step)
        case _:
            return None


# OpenNMT's Beam, copied into many seq2seq projects: advance() keeps each step's quotients in a list, and
# get_hypothesis() walks back through them, indexing with the previous round's float quotient
class Beam:
    def __init__(self, size):
        self.size = size
        self.prev_ks = []
        self.next_ys = [torch.zeros(size, dtype=torch.long)]
        self.attn = []

    def advance(self, word_prob, attn_out):
        num_words = word_prob.size(1)
        best_scores, best_scores_id = word_prob.view(-1).topk(self.size, 0, True, True)
        prev_k = best_scores_id / num_words  # finding: integer-division-index
        self.prev_ks.append(prev_k)
        self.next_ys.append(best_scores_id - prev_k * num_words)
        self.attn.append(attn_out.index_select(dim=0, index=best_scores_id))
        return best_scores

    def get_hypothesis(self, k):
        hyp = []
        for j in range(len(self.prev_ks) - 1, -1, -1):
            hyp.append(self.next_ys[j + 1][k])
            k = self.prev_ks[j][k]
        return hyp[::-1]


class Decoder:
    def step(self, scores, attention, vocabulary_size):
        top_scores, top_ids = scores.view(-1).topk(k=4, dim=0)
        prev_k = top_ids / vocabulary_size  # finding: integer-division-index
        return attention.index_select(dim=0, index=prev_k)


# seen in: a course NMT assignment's beam search, which zips the float quotients with the words and indexes the
# hypotheses list with each quotient's .item() (TypeError: list indices must be integers or slices, not float)
def beam_search(hyp_scores, log_p_t, hypotheses, vocab_size, live):
    scores = (hyp_scores.unsqueeze(1).expand_as(log_p_t) + log_p_t).view(-1)
    top_scores, top_pos = torch.topk(scores, k=live)
    prev_ids = top_pos / vocab_size  # finding: integer-division-index
    word_ids = top_pos % vocab_size
    found = []
    for prev_id, word_id, score in zip(prev_ids, word_ids, top_scores):
        prev_id = prev_id.item()
        found.append(hypotheses[prev_id] + [word_id.item()])
    return found


def beam_search_floored(hyp_scores, log_p_t, hypotheses, vocab_size, live):
    top_scores, top_pos = torch.topk((hyp_scores.unsqueeze(1) + log_p_t).view(-1), k=live)
    prev_ids = top_pos // vocab_size
    return [hypotheses[prev_id.item()] for prev_id in prev_ids]


# seen in: an NMT toolkit's batched beam search, which hands the quotient to its own gather helper (in another module)
# under a keyword named for indices; the helper index_selects with it
def batched_beam_step(beam_scores, batch_size, beam_size, vocab_size, gather_helper, states):
    _, indices = torch.topk(beam_scores.view(batch_size, -1), k=beam_size, dim=-1)
    next_beam_ids = torch.div(indices, vocab_size)  # finding: integer-division-index
    next_word_ids = indices % vocab_size
    states = gather_helper(gather_indices=next_beam_ids, gather_from=states, batch_size=batch_size)
    shares = torch.div(indices, vocab_size)
    return next_word_ids, states, gather_helper(weights=shares, gather_from=states)


def attend_max(feats, attn):
    # seen in: a CLEVR module network that finds the attention peak with max pooling's indices and splits the flat
    # index into row and column with / and %, in place
    size = attn.size()[2]
    the_max, the_idx = torch.nn.functional.max_pool2d(attn, size, return_indices=True)
    rows = feats.index_select(2, the_idx[0, 0, 0, 0] / size)  # finding: integer-division-index
    return rows.index_select(3, the_idx[0, 0, 0, 0] % size), the_max


def pointer_beam(scores, starts, num_hyp, seq_len):
    # round 59's discourse parsers: the sort's indices cut to the beam width are still its indices
    scores, hyp_index = torch.sort(scores.view(scores.size(0), -1), dim=1, descending=True)
    hyp_index = hyp_index[:, :num_hyp]
    base_index = hyp_index / (seq_len - 1)  # finding: integer-division-index
    split_index = hyp_index % (seq_len - 1)
    return starts.gather(dim=1, index=base_index), split_index
