# the builder reads the trainer's layout through .get() with the keys' older names as fallbacks
import torch


def reload_model(model, to_reload):
    model.load_state_dict(to_reload.state_dict())


def build_model(encoder, decoder, params):
    if params.reload_model != "":
        reloaded = torch.load(params.reload_model)  # finding: torch-load-saved-in-project
        enc = reloaded.get("enc", reloaded.get("encoder"))
        reload_model(encoder, enc)
        dec = reloaded.get("dec", reloaded.get("decoder"))
        reload_model(decoder, dec)
    if params.reload_weights != "":
        # another file: read with keys no save of the project writes
        weights = torch.load(params.reload_weights)
        encoder.load_state_dict(weights.get("encoder_state", weights.get("enc_state")))
    return encoder, decoder
