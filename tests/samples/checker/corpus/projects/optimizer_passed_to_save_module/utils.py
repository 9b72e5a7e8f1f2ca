# the helper stores its optimizer parameter as it is: a whole torch.optim.Adam, which weights_only refuses
import torch


def save_models(encoder, decoder, optimizer, step, path):
    torch.save({"encoder_state_dict": encoder.state_dict(), "decoder_state_dict": decoder.state_dict(),
                "optimizer": optimizer, "step": step}, path)


def load_models(path):
    checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
    return checkpoint["encoder_state_dict"], checkpoint["decoder_state_dict"], checkpoint["optimizer"]
