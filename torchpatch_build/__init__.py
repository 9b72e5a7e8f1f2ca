"""Build-time support: what every standard build (pip, uv, python -m build) runs to make a working wheel.

Nothing here is installed; the sdist carries it so a wheel built from the sdist is made the same way.
"""
