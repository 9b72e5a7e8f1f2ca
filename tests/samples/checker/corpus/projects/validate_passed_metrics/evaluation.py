def validate(opts, model, loader, metrics, keep=None):
    for batch in loader:
        model(batch)
    score = metrics.results()
    return score, keep


def validate_loss(model, loader, meter):
    for batch in loader:
        model(batch)
    return meter.average()
