# seen in: ClassyVision's and fairseq's RMSprop/Adagrad copies (grad = grad.add(group["weight_decay"], p.data)):
# the out-of-place scalar-first overload; two-argument add/sub of meters and regexes are not it
import torch


def decay(grad, p, group, meter, pattern, text, value, n):
    grad = grad.add(group["weight_decay"], p.data)  # finding: scalar-first-add-method-out-of-place
    shifted = grad.sub(1, p)  # finding: scalar-first-add-method-out-of-place
    meter.add(value, n)
    clean = pattern.sub(" ", text)
    return grad.add(p, alpha=0.1), shifted, clean


# seen in: a DARTS search's unrolled step, theta - eta * (moment + dtheta + wd * theta) written with the old overload
def unrolled_theta(theta, moment, dtheta, eta, wd):
    return theta.sub(eta, moment + dtheta + wd * theta)  # finding: scalar-first-add-method-out-of-place
