"""The LanceDB index of sections: the only module that imports lancedb.

Rows are sections (see :mod:`.records`) with a 384-d vector and a native BM25
full-text index. ``build_index`` is incremental by content hash and commits with
one ``merge_insert``, so readers see the old table or the new one, never half.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Callable

from .deferred_imports import defer_package_init

os.environ.setdefault("LANCEDB_LOG", "error")  # before lancedb loads: no Rust warning on every query
defer_package_init("lance_namespace_urllib3_client")  # the REST client lancedb imports eagerly

import lancedb  # noqa: E402
import pyarrow as pa  # noqa: E402

from torchpatch.validators.errors import IndexUnavailable  # noqa: E402
from torchpatch.validators.home import home_dir  # noqa: E402

from .model_files import DIMENSION  # noqa: E402
from .onnx_export import ensure_onnx_model  # noqa: E402
from .records import SectionRecord, load_records, load_report  # noqa: E402

TABLE = "sections"
SCHEMA = pa.schema([
    ("id", pa.string()), ("reference", pa.string()), ("file", pa.string()), ("heading", pa.string()),
    ("breadcrumb", pa.string()), ("line", pa.int32()), ("line_end", pa.int32()), ("text", pa.string()),
    ("search_text", pa.string()), ("apis", pa.list_(pa.string())), ("kind", pa.string()),
    ("since", pa.int32()), ("default", pa.int32()), ("deprecated", pa.int32()), ("removed", pa.int32()), ("versions", pa.string()),
    ("verified", pa.string()), ("verification", pa.string()), ("sources", pa.list_(pa.string())), ("content_hash", pa.string()), ("vector", pa.list_(pa.float32(), DIMENSION)),
])
Progress = Callable[[str, int, int], None]


@dataclass
class IndexStats:
    sections: int
    embedded: int
    updated: int
    deleted: int
    problems: list[str]


def default_db_uri() -> str:
    return os.environ.get("TORCHPATCH_DB") or str(home_dir() / "index")


def default_references() -> Path:
    return Path(os.environ.get("TORCHPATCH_REFERENCES") or Path(__file__).resolve().parent.parent / "references")


def default_report() -> Path:
    """This home's verification record: what `torchpatch validate` ran here (see records.py)."""
    return home_dir() / "verification.json"


def build_index(references: Path, db_uri: str, report: Path | None = None, rebuild: bool = False,
                progress: Progress | None = None) -> IndexStats:
    records, problems = load_records(references, load_report(report or default_report()))
    db = lancedb.connect(db_uri)
    existing, same_schema = ({}, False) if rebuild else _existing_rows(db)
    fresh = [r for r in records if existing.get(r.id, {}).get("content_hash") != r.content_hash]
    onnx_model = ensure_onnx_model()  # once per home: the fast query encoder (about 1 s)
    vectors = _embed(fresh, progress, onnx_model)
    rows = []
    for record in records:
        vector = vectors.get(record.id) or existing[record.id]["vector"]
        rows.append(_row(record, vector))
    changed = [r for r in rows if _differs(r, existing.get(r["id"]))]
    deleted = set(existing) - {r.id for r in records}
    if rebuild or not _has_table(db) or not existing or not same_schema:
        table = _replace_table(db, db_uri, pa.Table.from_pylist(rows, SCHEMA))
        _create_fts(table)
        _drop_old_versions(table)
    elif changed or deleted:
        table = db.open_table(TABLE)
        (table.merge_insert("id").when_matched_update_all().when_not_matched_insert_all()
         .when_not_matched_by_source_delete().execute(pa.Table.from_pylist(rows, SCHEMA)))
        _create_fts(table)
        _drop_old_versions(table)
    return IndexStats(len(records), len(fresh), len(changed), len(deleted), problems)


def _replace_table(db, db_uri: str, data: pa.Table):
    """Overwrite the table in one commit; a table too damaged to overwrite is dropped first."""
    try:
        return db.create_table(TABLE, data=data, mode="overwrite")
    except Exception as first:  # e.g. a truncated manifest: lance cannot even read the old version
        try:
            db.drop_table(TABLE)
            return db.create_table(TABLE, data=data)
        except Exception as exc:
            raise IndexUnavailable(f"the index at {db_uri} is damaged ({first}) and could not be replaced "
                                   f"({exc}): delete the folder {_table_path(db_uri)} and run `torchpatch index`") from None


def _drop_old_versions(table) -> None:
    """Keep only the version just written: every rebuild would otherwise keep a full copy. A server
    still reading an older version notices the new one and reopens (see SearchEngine)."""
    with warnings.catch_warnings():  # lancedb warns that readers of older versions will fail: ours reopen
        warnings.simplefilter("ignore", UserWarning)
        table.optimize(cleanup_older_than=timedelta(0))


def _table_path(db_uri: str) -> str:
    return str(Path(db_uri) / f"{TABLE}.lance") if "://" not in db_uri else f"{db_uri}/{TABLE}.lance"


class IndexMissing(IndexUnavailable):
    """There is no index yet (as opposed to one that cannot be read): the engine builds one."""


class SectionIndex:
    """Read access to the sections table; every lancedb error becomes :class:`IndexUnavailable`."""

    def __init__(self, db_uri: str):
        self.db_uri = db_uri
        if "://" not in db_uri and not Path(db_uri, f"{TABLE}.lance").exists():
            raise IndexMissing(f"no index at {db_uri}: run `torchpatch index` first")  # not an error to lancedb
        with self._translated():
            db = lancedb.connect(db_uri)
            if not _has_table(db):
                raise IndexMissing(f"no index at {db_uri}: run `torchpatch index` first")
            self.table = db.open_table(TABLE)
            self._probe = db.open_table(TABLE)  # moved to the newest version by `latest_version`
            self.version = self.table.version

    def latest_version(self) -> int:
        """The newest committed version on disk (about 1.5 ms: it reads the version list)."""
        with self._translated():
            self._probe.checkout_latest()
            return self._probe.version

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
            raise IndexUnavailable(f"cannot read the index at {self.db_uri} ({_short(exc)}): rebuild it with "
                                   "`torchpatch index --rebuild`") from None


def _short(exc: Exception, limit: int = 300) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= limit else text[:limit] + "..."


def _has_table(db) -> bool:
    return TABLE in db.list_tables().tables


def _existing_rows(db) -> tuple[dict[str, dict], bool]:
    """The rows on disk by id, and whether their schema is today's. A table written by an older version
    (e.g. before the `sources` column) is replaced, but its vectors are reused where the content hash
    still matches: embedding is the slow part of an index build."""
    if not _has_table(db):
        return {}, False
    try:
        table = db.open_table(TABLE)
        rows = table.to_arrow().to_pylist()
        if not all("content_hash" in row and "vector" in row for row in rows[:1]):
            return {}, False
        return {row["id"]: row for row in rows}, table.schema == SCHEMA
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
