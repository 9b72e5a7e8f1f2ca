from setuptools import setup

setup(name="facekit", packages=["facekit"])
