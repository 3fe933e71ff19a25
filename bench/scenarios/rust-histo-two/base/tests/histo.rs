use histo::{median, Histogram, Summary};

#[test]
fn median_odd_and_even() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
    assert_eq!(median(&[]), None);
}

#[test]
fn summary() {
    assert_eq!(Summary::of(&[5.0, 1.0, 9.0, 3.0]), Some(Summary { count: 4, min: 1.0, max: 9.0, median: 4.0 }));
}

#[test]
fn buckets_by_width() {
    let mut h = Histogram::new(0.0, 100.0, 4);
    for v in [0.0, 10.0, 25.0, 49.9, 50.0, 99.0, 100.0] {
        h.add(v);
    }
    assert_eq!(h.counts(), &[2, 2, 1, 2]);
}

#[test]
fn outside_the_range() {
    let mut h = Histogram::new(0.0, 1.0, 2);
    h.add(-0.1);
    h.add(1.5);
    assert_eq!((h.below, h.above), (1, 1));
}
