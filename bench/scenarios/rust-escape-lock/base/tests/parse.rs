use kvconf::{parse_line, parse_str, Entry};

fn entry(key: &str, value: &str) -> Entry {
    Entry { key: key.to_string(), value: value.to_string() }
}

#[test]
fn reads_plain_values() {
    assert_eq!(parse_line("name = demo", 1).unwrap(), Some(entry("name", "demo")));
}

#[test]
fn strips_quotes() {
    assert_eq!(parse_line("title = \"a b\"", 1).unwrap(), Some(entry("title", "a b")));
}

#[test]
fn skips_comments_and_blanks() {
    let all = parse_str("# c\n\nport = 80\n").unwrap();
    assert_eq!(all, vec![entry("port", "80")]);
}

#[test]
fn names_the_bad_line() {
    let err = parse_str("a = 1\nnonsense\n").unwrap_err();
    assert_eq!(err.line, 2);
}
