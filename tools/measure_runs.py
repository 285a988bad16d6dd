"""measure_runs.py: the one reader of the measurement tools' runs (noise_table.py, steady_table.py).

Each run is a directory DIR/NAME/ holding s.csv with one ok row, NAME matching the tool's pattern.
"""
import csv
import os
import re


def ok_rows(d, pattern, bad):
    """(the name's match, the row) of each run in @d whose name matches @pattern, in name order.
    A run whose s.csv cannot be read, or is not one ok row, is named in @bad and left out."""
    for name in sorted(os.listdir(d)):
        m = re.fullmatch(pattern, name)
        if not m:
            continue
        path = os.path.join(d, name, "s.csv")
        try:
            with open(path) as f:
                rows = list(csv.DictReader(f))
        except OSError as e:
            bad.append(f"{path}: {e.strerror}")
            continue
        if len(rows) != 1 or rows[0]["status"] != "ok":
            bad.append(f"{path}: not one ok row ({[r['status'] for r in rows]})")
            continue
        yield m, rows[0]
