use pennies::Ledger;

#[test]
fn a_bad_amount_names_its_line() {
    let err = Ledger::from_csv("cash,1.00,credit\ncash,abc,debit\n").unwrap_err();
    assert_eq!(err, "line 2: not an amount: abc");
}

#[test]
fn thousands_separator_in_a_single_field() {
    assert_eq!(Ledger::from_csv("x,$7.5,credit").unwrap().balance("x"), 750);
}
