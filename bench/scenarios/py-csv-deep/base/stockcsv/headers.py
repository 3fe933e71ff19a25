def normalize(header: str) -> str:
    """Header text as compared: case and surrounding blanks do not matter."""
    return " ".join(header.strip().lower().split())


def map_headers(headers, schema):
    """Column name -> index in the row, for the columns the file has."""
    wanted = {normalize(c.label): c.name for c in schema}
    found = {}
    for i, header in enumerate(headers):
        name = wanted.get(normalize(header))
        if name is not None:
            found[name] = i
    missing = [c.label for c in schema if c.required and c.name not in found]
    if missing:
        raise ValueError(f"missing columns: {', '.join(missing)}")
    return found
