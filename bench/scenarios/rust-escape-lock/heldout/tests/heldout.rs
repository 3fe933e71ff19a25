use kvconf::{parse_str, unescape};

#[test]
fn held_out_backslashes() {
    assert_eq!(unescape(r"a\\b").unwrap(), r"a\b");
    assert_eq!(unescape(r"\\\\").unwrap(), r"\\");
    let all = parse_str("share = \"\\\\\\\\host\\\\x\"\n").unwrap();
    assert_eq!(all[0].value, r"\\host\x");
}
