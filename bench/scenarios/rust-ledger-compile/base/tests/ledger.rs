use pennies::{format_amount, parse_amount, Ledger};

const CSV: &str = "# january\nrent,1200.00,debit\nsalary,3,500.00,credit\n";

#[test]
fn parses_amounts() {
    assert_eq!(parse_amount("12.34"), 1234);
    assert_eq!(parse_amount("$0.5"), 50);
}

#[test]
fn formats_amounts() {
    assert_eq!(format_amount(123456789), "1,234,567.89");
}

#[test]
fn balances() {
    let ledger = Ledger::from_csv("cash,100.00,credit\ncash,30.50,debit\nbank,5,credit\n").unwrap();
    assert_eq!(ledger.balance("cash"), 6950);
    assert_eq!(ledger.balance("bank"), 500);
}

#[test]
fn rejects_a_bad_line() {
    assert!(Ledger::from_csv(CSV).unwrap_err().contains("line 3"));
}

#[test]
fn statement() {
    let ledger = Ledger::from_csv("cash,1234.5,credit\n").unwrap();
    assert_eq!(ledger.statement("cash"), "CR     1,234.50");
}
