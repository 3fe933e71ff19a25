use textwrap_lite::wrap;

#[test]
fn two_words_that_just_fit() {
    assert_eq!(wrap("ab cd ef", 5), vec!["ab cd", "ef"]);
}

#[test]
fn hyphen_break_at_the_edge() {
    assert_eq!(wrap("xx yy-zz", 6), vec!["xx yy-", "zz"]);
}
