class RowError(ValueError):
    def __init__(self, line, column, message):
        super().__init__(f"line {line}, {column}: {message}")
        self.line = line


def to_record(line, cells, index, schema):
    record = {}
    for column in schema:
        if column.name not in index:
            record[column.name] = None
            continue
        raw = cells[index[column.name]].strip()
        if raw == "" and not column.required:
            record[column.name] = None
            continue
        try:
            record[column.name] = column.parse(raw)
        except (ValueError, ArithmeticError) as error:
            raise RowError(line, column.label, f"cannot read {raw!r}") from error
    return record
