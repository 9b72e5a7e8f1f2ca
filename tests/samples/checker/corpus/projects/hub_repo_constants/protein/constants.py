# seen in: a protein-structure package that keeps its torch.hub repos as [repo, model] lists in constants.py
MSA_MODEL_PATH = ["facebookresearch/esm", "esm_msa1_t12_100M_UR50S"]
ESM_MODEL_PATH = ["facebookresearch/esm", "esm1b_t33_650M_UR50S"]
THIRD_PARTY_PATH = ["someone/protein-lm", "base"]
DINO_REPO = "facebookresearch/dino:main"
