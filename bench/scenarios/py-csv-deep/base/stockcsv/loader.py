import csv
import io

from .headers import map_headers
from .rows import to_record
from .schema import SCHEMA


def load_csv(text, schema=SCHEMA):
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    headers = next(reader, None)
    if headers is None:
        return []
    index = map_headers(headers, schema)
    return list(_records(reader, index, schema))


def _records(reader, index, schema):
    for line, cells in enumerate(reader, start=2):
        if not any(c.strip() for c in cells):
            continue
        yield to_record(line, cells, index, schema)
