# seen in: CompVis/taming-transformers scripts/extract_submodel.py (writes a plain {"state_dict": ...} cut
# out of a Lightning .ckpt: a load reading only "state_dict" may read either file)
import torch


def extract(inpath, outpath):
    sd = torch.load(inpath, map_location="cpu")
    new_sd = {"state_dict": {k: v for k, v in sd["state_dict"].items() if k.startswith("cond_stage_model")}}
    torch.save(new_sd, outpath)
