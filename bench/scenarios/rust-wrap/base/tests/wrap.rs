use textwrap_lite::{fit, hang, wrap};

#[test]
fn wraps_at_spaces() {
    assert_eq!(wrap("the quick brown fox jumps", 10), vec!["the quick", "brown fox", "jumps"]);
}

#[test]
fn a_line_may_be_exactly_the_width() {
    assert_eq!(wrap("abcde fghij", 11), vec!["abcde fghij"]);
}

#[test]
fn long_words_stay_whole() {
    assert_eq!(wrap("a supercalifragilistic word", 8), vec!["a", "supercalifragilistic", "word"]);
}

#[test]
fn counts_characters_not_bytes() {
    assert_eq!(wrap("été à la plage", 8), vec!["été à la", "plage"]);
}

#[test]
fn hangs_an_indent() {
    assert_eq!(hang("show this help and exit", 14, 2), "show this\n  help and\n  exit");
}

#[test]
fn fits_a_line() {
    assert_eq!(fit("hello", 7), "hello  ");
    assert_eq!(fit("hello world", 6), "hello…");
}
