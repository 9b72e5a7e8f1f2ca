"""The LanceDB index of sections: the only module that imports lancedb.

Rows are sections (see :mod:`.records`) with a 384-d vector and a native BM25
full-text index. An index location (a folder or object storage: any LanceDB URI)
holds builds and one pointer:

    sections-<build id>.lance   one complete build: rows, vectors and full-text index
    current.lance               one row naming the build readers serve

``build_index`` reuses the vectors of unchanged sections, writes a whole new build
table, and only then overwrites the pointer (one commit): a reader sees the old
build or the new one, never a half-written one. Readers compare build ids, not
table versions, so a folder deleted and indexed again is a new build too. The
build before the current one is kept, for readers still on it; older ones are dropped.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import warnings
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable

from .deferred_imports import defer_package_init

os.environ.setdefault("LANCEDB_LOG", "error")  # before lancedb loads: no Rust warning on every query
defer_package_init("lance_namespace_urllib3_client")  # the REST client lancedb imports eagerly

import lancedb  # noqa: E402
import pyarrow as pa  # noqa: E402

from torchpatch.validators.errors import IndexUnavailable, InvalidInput  # noqa: E402
from torchpatch.validators.home import home_dir  # noqa: E402

from .model_files import DIMENSION, missing_model_message, weights_dir  # noqa: E402
from torchpatch.validators.markdown.metadata import PART_LIMIT  # noqa: E402
from .onnx_export import ensure_onnx_model  # noqa: E402
from .records import SectionRecord, load_records, load_report  # noqa: E402

TABLE = "sections"  # the single table of indexes written before builds: read once to reuse vectors
BUILD_PREFIX = "sections-"
POINTER = "current"
POINTER_SCHEMA = pa.schema([("table", pa.string()), ("build_id", pa.string()), ("sections", pa.int32()),
                           ("built_at", pa.string())])
SCHEMA = pa.schema([
    ("id", pa.string()), ("reference", pa.string()), ("file", pa.string()), ("heading", pa.string()),
    ("breadcrumb", pa.string()), ("line", pa.int32()), ("line_end", pa.int32()), ("text", pa.string()),
    ("search_text", pa.string()), ("apis", pa.list_(pa.string())), ("kind", pa.string()),
    ("since", pa.int32()), ("default", pa.int32()), ("deprecated", pa.int32()), ("removed", pa.int32()), ("versions", pa.string()),
    ("verified", pa.string()), ("verification", pa.string()), ("sources", pa.list_(pa.string())), ("content_hash", pa.string()), ("vector", pa.list_(pa.float32(), DIMENSION)),
], metadata={"torchpatch-version-keys": str(PART_LIMIT)})  # how since/deprecated/removed are encoded


_DIGEST_KEY = b"torchpatch-references-digest"  # in a build table's schema metadata: what it was built from


def _current_keys(schema) -> bool:
    """Written with today's version sort keys (an index from before 1,000 per part must be rebuilt)."""
    return (schema.metadata or {}).get(b"torchpatch-version-keys") == str(PART_LIMIT).encode()
Progress = Callable[[str, int, int], None]


@dataclass
class IndexStats:
    sections: int
    embedded: int
    updated: int
    deleted: int
    problems: list[str]
    build_id: str | None = None  # the build now served; None when nothing changed and none was written


@dataclass(frozen=True)
class Build:
    """One complete build of the index, as the pointer names it."""

    table: str
    build_id: str
    sections: int = 0
    built_at: str = ""


def connect(db_uri: str):
    """A LanceDB connection; object storage also takes ``TORCHPATCH_STORAGE_OPTIONS`` (a JSON object of
    LanceDB storage options, e.g. ``{"aws_endpoint": "...", "allow_http": "true"}``) besides the
    provider's usual environment variables."""
    options = storage_options() if "://" in db_uri else None
    return lancedb.connect(db_uri, storage_options=options) if options else lancedb.connect(db_uri)


def storage_options() -> dict[str, str] | None:
    text = os.environ.get("TORCHPATCH_STORAGE_OPTIONS")
    if not text:
        return None
    try:
        options = json.loads(text)
    except ValueError:
        options = None
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        # never quote the value: it may hold credentials
        raise InvalidInput('TORCHPATCH_STORAGE_OPTIONS must be a JSON object of strings, e.g. '
                           '{"aws_region": "eu-west-1"}')
    return options


def default_db_uri() -> str:
    return os.environ.get("TORCHPATCH_DB") or str(home_dir() / "index")


def default_references() -> Path:
    return Path(os.environ.get("TORCHPATCH_REFERENCES") or Path(__file__).resolve().parent.parent / "references")


def default_report() -> Path:
    """This home's verification record: what `torchpatch validate` ran here (see records.py)."""
    return home_dir() / "verification.json"


def package_references_digest(references: Path, report: Path | None = None) -> str:
    """A digest of the package's own references and this home's verification record, or "" for any
    other folder. An index records it, so a search after an upgrade or a `git pull` (same home, new
    references) notices the index is stale and updates it; about 3 ms for the shipped 1 MB."""
    if references.resolve() != default_references().resolve():
        return ""
    digest = hashlib.sha256()
    for path in sorted(p for p in references.rglob("*") if p.is_file()):
        digest.update(path.relative_to(references).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    record = report or default_report()
    digest.update(record.read_bytes() if record.exists() else b"")
    return digest.hexdigest()


def built_from(schema) -> str | None:
    """The references digest a build table was written with; None for a build older than the field."""
    value = (schema.metadata or {}).get(_DIGEST_KEY)
    return None if value is None else value.decode()


def build_index(references: Path, db_uri: str, report: Path | None = None, rebuild: bool = False,
                progress: Progress | None = None, reuse_vectors: str | None = None) -> IndexStats:
    """Index the references at ``db_uri``. ``reuse_vectors``: another index (e.g. a local one) whose
    vectors of unchanged sections are used instead of embedding them again."""
    sources = package_references_digest(references, report)
    records, problems = load_records(references, load_report(report or default_report()))
    db = connect(db_uri)
    current = None if rebuild else read_pointer(db)
    existing, same_schema = ({}, False) if rebuild else _existing_rows(db, current.table if current else TABLE)
    known = {} if rebuild else {row["content_hash"]: row["vector"] for row in existing.values()}
    if reuse_vectors:
        known.update({row["content_hash"]: row["vector"] for row in _donor_rows(reuse_vectors)[0].values()})
    fresh = [r for r in records if r.content_hash not in known]
    onnx_model = ensure_onnx_model()  # once per home: the fast query encoder (about 1 s)
    vectors = _embed(fresh, progress, onnx_model)
    rows = [_row(record, vectors.get(record.id) or known[record.content_hash]) for record in records]
    changed = [r for r in rows if _differs(r, existing.get(r["id"]))]
    deleted = set(existing) - {r.id for r in records}
    stats = IndexStats(len(records), len(fresh), len(changed), len(deleted), problems)
    if current is not None and not rebuild and same_schema and not changed and not deleted:
        if built_from(db.open_table(current.table).schema) == sources:
            return stats
    build = write_build(db, db_uri, rows, sources)
    publish_build(db, db_uri, build)
    _drop_superseded(db, keep={build.table} | ({current.table} if current else set()))
    stats.build_id = build.build_id
    return stats


def write_build(db, db_uri: str, rows: list[dict] | pa.Table, references_digest: str | None = None) -> Build:
    """Write a complete new build table (rows, then its full-text index), not yet served.
    ``references_digest`` goes in the table's metadata (see :func:`built_from`); a copy keeps the source's."""
    data = rows if isinstance(rows, pa.Table) else pa.Table.from_pylist(rows, SCHEMA)
    if references_digest is not None:
        data = data.replace_schema_metadata({**(data.schema.metadata or {}), _DIGEST_KEY: references_digest.encode()})
    build_id = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(4)
    build = Build(BUILD_PREFIX + build_id, build_id, data.num_rows, datetime.now(timezone.utc).isoformat(timespec="seconds"))
    try:
        table = db.create_table(build.table, data=data)
        _create_fts(table)
        _drop_old_versions(table)
    except Exception:
        with contextlib.suppress(Exception):
            db.drop_table(build.table)
        raise
    return build


def publish_build(db, db_uri: str, build: Build) -> None:
    """Point readers at ``build``: one overwrite of the one-row pointer table, a single commit."""
    data = pa.Table.from_pylist([{"table": build.table, "build_id": build.build_id, "sections": build.sections,
                                  "built_at": build.built_at}], POINTER_SCHEMA)
    pointer = _replace_table(db, db_uri, POINTER, data)
    with contextlib.suppress(Exception):  # old pointer versions are a few bytes each: best effort
        _drop_old_versions(pointer)


def copy_build(source: SectionIndex, db_uri: str) -> None:
    """Write ``source``'s build as a complete index at ``db_uri``, under the same build id."""
    db = connect(db_uri)
    copied = write_build(db, db_uri, source.arrow())  # arrow to arrow: no Python objects while requests run
    publish_build(db, db_uri, Build(copied.table, source.build.build_id, source.build.sections, source.build.built_at))


def read_pointer(db) -> Build | None:
    """The build readers serve, or None where there is no readable pointer (no index yet, or damaged)."""
    try:
        if POINTER not in db.list_tables().tables:
            return None
        rows = db.open_table(POINTER).to_arrow().to_pylist()
        return Build(**rows[0]) if rows and rows[0]["table"] else None
    except Exception:
        return None


def _drop_superseded(db, keep: set[str]) -> None:
    """Drop builds older than the current and the previous one (and a table of the single-table layout)."""
    for name in db.list_tables().tables:
        if (name.startswith(BUILD_PREFIX) or name == TABLE) and name not in keep:
            with contextlib.suppress(Exception):  # a damaged old build, or one another reader still lists
                db.drop_table(name)


def _donor_rows(db_uri: str) -> tuple[dict[str, dict], bool]:
    if "://" not in db_uri and not Path(db_uri).exists():
        raise InvalidInput(f"no index at {db_uri} to reuse vectors from")
    donor = connect(db_uri)
    build = read_pointer(donor)
    return _existing_rows(donor, build.table if build else TABLE)


def _replace_table(db, db_uri: str, name: str, data: pa.Table):
    """Overwrite a table in one commit; a table too damaged to overwrite is dropped first."""
    try:
        return db.create_table(name, data=data, mode="overwrite")
    except Exception as first:  # e.g. a truncated manifest: lance cannot even read the old version
        try:
            db.drop_table(name)
            return db.create_table(name, data=data)
        except Exception as exc:
            raise IndexUnavailable(f"the index at {db_uri} is damaged ({scrub(str(first))}) and could not be replaced "
                                   f"({scrub(str(exc))}): delete {table_path(db_uri, name)} and run `torchpatch index`") from None


def _drop_old_versions(table) -> None:
    """Keep only the version just written: every rebuild would otherwise keep a full copy. A server
    still reading an older version notices the new one and reopens (see SearchEngine)."""
    with warnings.catch_warnings():  # lancedb warns that readers of older versions will fail: ours reopen
        warnings.simplefilter("ignore", UserWarning)
        table.optimize(cleanup_older_than=timedelta(0))


def table_path(db_uri: str, name: str) -> str:
    return str(Path(db_uri) / f"{name}.lance") if "://" not in db_uri else f"{db_uri.rstrip('/')}/{name}.lance"


def current_table_path(db_uri: str) -> str:
    """The folder of the build served now (for tools and tests that look at the files)."""
    build = read_pointer(connect(db_uri))
    if build is None:
        raise IndexMissing(f"no index at {db_uri}: run `torchpatch index` first")
    return table_path(db_uri, build.table)


_SECRET_NAME = re.compile(r"SECRET|TOKEN|PASSWORD|CREDENTIAL|ACCESS_KEY|SAS_KEY|ACCOUNT_KEY", re.I)


def scrub(text: str) -> str:
    """Remove the value of any secret-looking environment variable from a message before it is shown."""
    candidates = [(name, value) for name, value in os.environ.items()]
    with contextlib.suppress(Exception):
        candidates += list((storage_options() or {}).items())
    for name, value in candidates:
        if len(value) >= 6 and _SECRET_NAME.search(name):
            for part in value.split(","):  # TORCHPATCH_API_TOKENS holds several
                if len(part.strip()) >= 6:
                    text = text.replace(part.strip(), "***")
    return text


class IndexMissing(IndexUnavailable):
    """There is no index yet (as opposed to one that cannot be read): the engine builds one."""


class SectionIndex:
    """Read access to the build the pointer names; every lancedb error becomes :class:`IndexUnavailable`."""

    def __init__(self, db_uri: str):
        self.db_uri = db_uri
        if "://" not in db_uri and not Path(db_uri, f"{POINTER}.lance").exists():
            raise IndexMissing(f"no index at {db_uri}: run `torchpatch index` first")  # not an error to lancedb
        with self._translated():
            db = connect(db_uri)
            build = read_pointer(db)
            if build is None:
                if POINTER in db.list_tables().tables:
                    raise IndexUnavailable(f"the index pointer at {table_path(db_uri, POINTER)} cannot be read")
                raise IndexMissing(f"no index at {db_uri}: run `torchpatch index` first")
            self.build = build
            self.table = db.open_table(build.table)
            if not _current_keys(self.table.schema):  # the engine rebuilds it, as a missing one
                raise IndexMissing(f"the index at {db_uri} was built by an older torchpatch: run `torchpatch index`")
            self._db = db

    @property
    def build_id(self) -> str:
        return self.build.build_id

    def store_build(self) -> Build:
        """The build the store's pointer names now (one small read: about 2 ms on a local disk)."""
        with self._translated():
            build = read_pointer(connect(self.db_uri))
            if build is None:
                raise IndexUnavailable(f"no readable index pointer at {self.db_uri}")
            return build

    def arrow(self):
        """The whole build (every column, vectors included): what a replica copies to its own disk."""
        with self._translated():
            return self.table.to_arrow()

    def rows(self, columns: list[str]) -> list[dict]:
        with self._translated():
            return self.table.search().select(columns).limit(None).to_list()

    def fts_ids(self, query: str, where: str | None, limit: int) -> list[str]:
        from lancedb.query import MatchQuery

        # A structured match query, not a query string: lancedb parses strings, so a query in double quotes
        # became a phrase query (which needs positions this index does not store) and AND/OR/+/- operators.
        with self._translated():
            builder = self.table.search(MatchQuery(query, "search_text"), query_type="fts").select(["id"])
            if where:
                builder = builder.where(where, prefilter=True)
            return [row["id"] for row in builder.limit(limit).to_list()]

    def vector_ids(self, vector, where: str | None, limit: int) -> list[str]:
        return [section_id for section_id, _ in self.vector_hits(vector, where, limit)]

    def vector_hits(self, vector, where: str | None, limit: int) -> list[tuple[str, float]]:
        """(id, cosine similarity), closest first."""
        with self._translated():
            builder = self.table.search(vector, query_type="vector").distance_type("cosine").select(["id"])
            if where:
                builder = builder.where(where, prefilter=True)
            return [(row["id"], 1.0 - row["_distance"]) for row in builder.limit(limit).to_list()]

    @contextlib.contextmanager
    def _translated(self):
        try:
            yield
        except IndexUnavailable:
            raise
        except Exception as exc:  # lancedb raises many types; to a reader they all mean the same
            raise IndexUnavailable(f"cannot read the index at {self.db_uri} ({scrub(_short(exc))}): rebuild it with "
                                   "`torchpatch index --rebuild`") from None


def _short(exc: Exception, limit: int = 300) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= limit else text[:limit] + "..."


def _existing_rows(db, name: str) -> tuple[dict[str, dict], bool]:
    """The rows of table ``name`` by id, and whether the table is written as today's are. A table
    written by an older version (e.g. before the `sources` column) is replaced, but its vectors are
    reused where the content hash still matches: embedding is the slow part of an index build."""
    try:
        if name not in db.list_tables().tables:
            return {}, False
        table = db.open_table(name)
        rows = table.to_arrow().to_pylist()
        if not all("content_hash" in row and "vector" in row for row in rows[:1]):
            return {}, False
        return {row["id"]: row for row in rows}, table.schema == SCHEMA and _current_keys(table.schema)
    except Exception:  # a corrupt or foreign table is rebuilt from scratch
        return {}, False


def _embed(records: list[SectionRecord], progress: Progress | None, onnx_model: Path | None) -> dict[str, list[float]]:
    from .shipped_vectors import shipped_vectors

    shipped = shipped_vectors()  # a wheel's vectors: only sections edited since its build are embedded
    vectors = {r.id: shipped[r.content_hash].tolist() for r in records if r.content_hash in shipped}
    records = [r for r in records if r.id not in vectors]
    if not records:
        return vectors
    encode = _document_encoder(onnx_model)
    batch = 16
    for start in range(0, len(records), batch):
        chunk = records[start : start + batch]
        for record, vector in zip(chunk, encode([r.embed_text for r in chunk])):
            vectors[record.id] = vector.tolist()
        if progress:
            progress("embedding sections", min(start + batch, len(records)), len(records))
    return vectors


def _document_encoder(onnx_model: Path | None):
    """sentence-transformers (the reference) where installed, else the same model on onnxruntime."""
    import importlib.util

    if importlib.util.find_spec("sentence_transformers") is not None or onnx_model is None:
        if importlib.util.find_spec("sentence_transformers") is None or weights_dir() is None:
            raise IndexUnavailable(missing_model_message())  # not "No module named sentence_transformers"
        from .embedding import SentenceTransformerEncoder  # 6 s to import: only when something changed

        return SentenceTransformerEncoder().encode
    from .embedding import OnnxEncoder

    return OnnxEncoder(onnx_model).encode_batch


def _row(record: SectionRecord, vector) -> dict:
    return {
        "id": record.id, "reference": record.reference, "file": record.file, "heading": record.heading,
        "breadcrumb": record.breadcrumb, "line": record.line, "line_end": record.line_end, "text": record.text,
        "search_text": record.search_text, "apis": list(record.apis), "kind": record.kind, "since": record.since,
        "default": record.default, "deprecated": record.deprecated, "removed": record.removed, "versions": record.versions,
        "verified": record.verified, "verification": record.verification,
        "sources": list(record.sources), "content_hash": record.content_hash, "vector": list(vector),
    }


def _differs(row: dict, old: dict | None) -> bool:
    if old is None:
        return True
    return any(row[key] != old.get(key) for key in row if key != "vector")  # content_hash stands for the vector


def _create_fts(table) -> None:
    from lancedb.index import FTS

    # Keep stop words and skip stemming: "for" and "is" matter in API names and error text.
    table.create_index("search_text", config=FTS(stem=False, remove_stop_words=False), replace=True)
