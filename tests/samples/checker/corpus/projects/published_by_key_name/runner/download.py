import os
import urllib.request


def download_url(url, model_dir=".torch"):
    target = os.path.join(model_dir, url.rsplit("/", 1)[-1])
    if not os.path.exists(target):
        urllib.request.urlretrieve(url, target)
    return target
