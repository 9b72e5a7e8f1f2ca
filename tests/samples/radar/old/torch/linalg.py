def cholesky(A, *, upper=False):
    return A


def qr(A, mode="reduced"):
    return A, A
