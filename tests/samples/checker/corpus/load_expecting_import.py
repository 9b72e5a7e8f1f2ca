# seen in: facebookresearch/ParlAI parlai/agents/bart/convert_fairseq_to_parlai.py (a fairseq checkpoint, whose
# unpickling imports fairseq: it holds an argparse Namespace and fairseq's own classes)
import torch


def load_fairseq_state(path):
    try:
        state = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    except ModuleNotFoundError:
        raise RuntimeError("Please install fairseq")
    return state


# Look-alikes that load: a missing file handled, and an import guarded beside the load.
def load_or_none(path):
    try:
        return torch.load(path, map_location="cpu")
    except FileNotFoundError:
        return None


def load_with_extras(path):
    try:
        import safetensors  # noqa: F401
        state = torch.load(path)
    except ImportError:
        state = None
    return state
