"""The README's recipes, run for real on generated data: Polars (lazy, streaming), DuckDB (a
relation straight in, an Arrow UDF), pandas (`read_csv` with empty cells) and PySpark (local
mode), each compared with the command line's output row by row."""

import os
import shutil
import sys

import numpy as np
import pytest

import bbconv
from support import need, run_cli

ROWS = 1_000_000


@pytest.fixture(scope="module")
def million(positions):
    """1,000,000 FENs (the 20,000 positions over and over)."""
    fens = positions[0]
    return [fens[i % len(fens)] for i in range(ROWS)]


@pytest.fixture(scope="module")
def cli_packed(cli, million):
    """The command line's `-t packed-bin` records of `million`, as a (n, 13) array."""
    out = run_cli(cli, ["-f", "fen", "-t", "packed-bin"], ("\n".join(million) + "\n").encode())
    return np.frombuffer(out, dtype=np.uint8).reshape(-1, 13)


@pytest.fixture(scope="module")
def parquet(tmp_path_factory, million):
    """`million` as a Parquet file of `id` and `fen`, in record batches of 100,000 rows."""
    pa = need("pyarrow")
    pq = need("pyarrow.parquet")
    path = tmp_path_factory.mktemp("engines") / "fens.parquet"
    pq.write_table(pa.table({"id": np.arange(ROWS), "fen": million}), path, row_group_size=100_000)
    return path


def _rows(binary_values):
    """Fixed-size binary values (a list of bytes) as a (n, 13) array."""
    return np.frombuffer(b"".join(binary_values), dtype=np.uint8).reshape(-1, 13)


def test_polars_lazy_streaming_map_batches(parquet, cli_packed):
    # The Series goes in through the Arrow interface and comes back a Series: no pyarrow by hand.
    pl = need("polars")
    out = (
        pl.scan_parquet(parquet)
        .with_columns(
            packed=pl.col("fen").map_batches(
                lambda s: bbconv.convert(s, to="packed"), return_dtype=pl.Binary, is_elementwise=True
            ),
            planes=pl.col("fen").map_batches(
                lambda s: bbconv.convert(s, to="planes"),
                return_dtype=pl.Array(pl.UInt64, 12),
                is_elementwise=True,
            ),
        )
        .sort("id")
        .collect(engine="streaming")
    )
    assert out.height == ROWS
    assert (_rows(out["packed"].to_list()) == cli_packed).all()
    assert out["planes"].dtype == pl.Array(pl.UInt64, 12)


def test_duckdb_relation_straight_and_arrow_udf(parquet, million, cli_packed):
    duckdb = need("duckdb")
    pa = need("pyarrow")
    con = duckdb.connect()
    # A one-column relation passed straight to convert (its Arrow stream read in place).
    rel = con.sql(f"SELECT fen FROM read_parquet('{parquet}') ORDER BY id")
    got = bbconv.convert(rel, to="packed", output="numpy")
    assert (got == cli_packed).all()
    # An Arrow-vectorised UDF.
    con.create_function(
        "to_packed",
        lambda fen: bbconv.convert(fen, to="packed").cast(pa.binary()),
        ["VARCHAR"],
        "BLOB",
        type="arrow",
    )
    got = con.sql(f"SELECT id, to_packed(fen) AS packed FROM read_parquet('{parquet}') ORDER BY id").arrow()
    got = got.read_all() if hasattr(got, "read_all") else got
    assert got.num_rows == ROWS
    assert (_rows(got.column("packed").to_pylist()) == cli_packed).all()


def test_pandas_read_csv_with_empty_cells_to_planes(tmp_path, cli, million):
    # Empty cells are NaN in pandas: missing records, null under errors="null", zero rows in
    # numpy; the others are the command line's planes.
    pd = need("pandas")
    fens = million[:50_000]
    path = tmp_path / "games.csv"
    with open(path, "w") as f:
        f.write("id,fen\n")
        for i, fen in enumerate(fens):
            f.write(f"{i},{'' if i % 7 == 3 else fen}\n")
    df = pd.read_csv(path)
    assert df["fen"].isna().sum() == len([i for i in range(len(fens)) if i % 7 == 3])
    planes, valid = bbconv.convert(df["fen"], to="planes", errors="null", output="numpy")
    assert planes.shape == (len(fens), 12)
    assert valid.tolist() == [i % 7 != 3 for i in range(len(fens))]
    kept = [fen for i, fen in enumerate(fens) if i % 7 != 3]
    want = np.frombuffer(
        run_cli(cli, ["-f", "fen", "-t", "planes-bin"], ("\n".join(kept) + "\n").encode()), dtype="<u8"
    ).reshape(-1, 12)
    assert (planes[valid] == want).all()
    assert not planes[~valid].any()
    series = bbconv.convert(df["fen"], to="planes", errors="null")
    assert isinstance(series, pd.Series) and series.index.equals(df.index) and series.name == "fen"
    assert series.isna().tolist() == [not v for v in valid]


@pytest.fixture(scope="module")
def spark():
    """One local Spark session on the loopback address for the Spark tests."""
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("Java is not installed (PySpark needs Java 17)")
    need("pyspark")
    need("pandas")
    from pyspark.sql import SparkSession

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("bbconv-tests")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def packed_job(spark, src, dst):
    """The README's PySpark recipe: a packed column beside the FEN, by mapInArrow."""
    import pyarrow as pa

    def to_packed(batches):
        for batch in batches:
            packed = bbconv.convert(batch.column("fen"), to="packed", jobs=1)
            yield pa.RecordBatch.from_arrays(
                [batch.column("id"), batch.column("fen"), packed.cast(pa.binary())],
                names=["id", "fen", "packed"],
            )

    df = spark.read.parquet(str(src))
    df.mapInArrow(to_packed, "id long, fen string, packed binary").write.parquet(str(dst))


def test_pyspark_map_in_arrow(tmp_path, spark, cli, million):
    pa = need("pyarrow")
    pq = need("pyarrow.parquet")
    src, dst = tmp_path / "fens.parquet", tmp_path / "packed.parquet"
    pq.write_table(pa.table({"id": np.arange(ROWS), "fen": million}), src, row_group_size=250_000)
    packed_job(spark, src, dst)
    got = pq.read_table(dst).sort_by("id")
    assert got.num_rows == ROWS
    assert got.column("id").to_pylist() == list(range(ROWS))
    # Row by row against the command line's `-t packed` lines (hex text).
    want = run_cli(cli, ["-f", "fen", "-t", "packed"], ("\n".join(million) + "\n").encode())
    assert [b.hex() for b in got.column("packed").to_pylist()] == want.decode().splitlines()


def test_pyspark_rdd_pipe(tmp_path, spark, cli, million):
    """The README's command-line recipe: RDD.pipe runs bbconv once a partition."""
    fens = million[:50_000]
    path = tmp_path / "fens.txt"
    path.write_text("\n".join(fens) + "\n")
    rdd = spark.sparkContext.textFile(str(path), minPartitions=4)
    got = rdd.pipe(f"{cli} convert -f fen -t packed --errors null --jobs 1").collect()
    want = run_cli(cli, ["-f", "fen", "-t", "packed"], path.read_bytes()).decode().splitlines()
    assert got == want
