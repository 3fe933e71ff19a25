//! Greedy word wrapping for terminal output.

/// Splits `text` into lines of at most `width` characters, breaking at spaces. A word longer
/// than the width gets a line of its own, unbroken.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let needed = if line.is_empty() { word.chars().count() } else { line.chars().count() + 1 + word.chars().count() };
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Wraps and indents every line but the first by `indent` spaces (for help texts).
pub fn hang(text: &str, width: usize, indent: usize) -> String {
    let lines = wrap(text, width.saturating_sub(indent).max(1));
    let pad = " ".repeat(indent);
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| if i == 0 { l.clone() } else { format!("{pad}{l}") })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Pads or cuts a line to exactly `width` characters, cutting with an ellipsis.
pub fn fit(line: &str, width: usize) -> String {
    let n = line.chars().count();
    if n <= width {
        return format!("{line:<width$}");
    }
    let cut: String = line.chars().take(width.saturating_sub(1)).collect();
    format!("{cut}…")
}
