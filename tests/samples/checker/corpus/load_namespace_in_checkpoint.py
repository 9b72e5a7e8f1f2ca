# seen in: fairseq decoders and speech_to_text (checkpoint["args"] / ["cfg"] is a Namespace or config object)
import torch


def language_model_args(path):
    checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    if "cfg" in checkpoint and checkpoint["cfg"] is not None:
        return checkpoint["cfg"]
    return convert_namespace(checkpoint["args"])


def decoder_args(path):
    ckpt = torch.load(path)  # finding: torch-load-pickled-object
    hparams = ckpt["hparams"]
    return hparams.max_decoder_steps
