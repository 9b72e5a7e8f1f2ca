# the helper stores its optimizer parameter as it is; here the caller hands it a state dict, which loads
import torch


def save_models(encoder, decoder, optimizer, step, path):
    torch.save({"encoder_state_dict": encoder.state_dict(), "decoder_state_dict": decoder.state_dict(),
                "optimizer": optimizer, "step": step}, path)


def load_models(path):
    checkpoint = torch.load(path)
    return checkpoint["encoder_state_dict"], checkpoint["decoder_state_dict"], checkpoint["optimizer"]
