# seen in: an audio-tagging dataset that caches each decoded clip: the handler decodes it with librosa (a numpy
# array, unpacked with the sample rate), turns it into a tensor and saves that tensor to the path the load reads
# (a plain tensor, which weights_only=True loads); the from_numpy reads the decoded array, not the load
import librosa
import numpy as np
import torch


def cached_clip(cache_file, audio_file):
    try:
        clip = torch.load(cache_file)
    except FileNotFoundError:
        clip, _ = librosa.load(audio_file, sr=32000, mono=True)
        clip = torch.from_numpy(clip[np.newaxis])
        torch.save(clip, cache_file)
    return clip


def cached_features(cache_file):
    saved = torch.load(cache_file)  # finding: torch-load-pickled-object
    return torch.from_numpy(saved["features"][None])
