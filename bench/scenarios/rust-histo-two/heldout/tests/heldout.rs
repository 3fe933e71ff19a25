use histo::summary::quantile_sorted;
use histo::Histogram;

#[test]
fn quartiles() {
    assert_eq!(quantile_sorted(&[1.0, 2.0, 3.0, 4.0, 5.0], 0.25), 2.0);
    assert_eq!(quantile_sorted(&[10.0, 20.0], 0.75), 17.5);
}

#[test]
fn a_value_just_below_a_bucket_edge() {
    let mut h = Histogram::new(0.0, 10.0, 10);
    h.add(0.9);
    assert_eq!(h.counts()[0], 1);
}
