# seen in: wenet-e2e/wenet wenet/models/k2/model.py (an HLG.pt written by icefall's compile_hlg.py as
# HLG.as_dict(): after k2.determinize its aux_labels is a k2.RaggedTensor, a class weights_only refuses)
import torch


def load_hlg(hlg, device):
    import k2
    return k2.Fsa.from_dict(torch.load(hlg, map_location=device))  # finding: torch-load-pickled-object


def load_lg(lang_dir):
    import k2
    return k2.Fsa.from_dict(torch.load(f"{lang_dir}/LG.pt"))  # finding: torch-load-pickled-object


# A look-alike that loads: an acceptor G (tensor labels only, no determinized ragged aux_labels).
def load_g(lm_dir):
    import k2
    return k2.Fsa.from_dict(torch.load(f"{lm_dir}/G_4_gram.pt"))
