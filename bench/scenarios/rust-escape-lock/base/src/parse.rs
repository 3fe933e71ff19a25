use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// One line: `None` for a blank line or a comment.
pub fn parse_line(line: &str, number: usize) -> Result<Option<Entry>, ParseError> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let (key, value) = trimmed.split_once('=').ok_or_else(|| ParseError {
        line: number,
        reason: format!("expected `key = value`, got `{trimmed}`"),
    })?;
    let key = key.trim();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
        return Err(ParseError { line: number, reason: format!("bad key `{key}`") });
    }
    let value = value.trim();
    let value = if value.len() >= 2 && value.starts_with('"') && value.ends_with('"') {
        value[1..value.len() - 1].to_string()
    } else {
        value.to_string()
    };
    Ok(Some(Entry { key: key.to_string(), value }))
}

pub fn parse_str(text: &str) -> Result<Vec<Entry>, ParseError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(entry) = parse_line(line, i + 1)? {
            out.push(entry);
        }
    }
    Ok(out)
}
