/// Counts values into equal-width buckets over [low, high]; values outside are counted apart.
pub struct Histogram {
    low: f64,
    high: f64,
    counts: Vec<usize>,
    pub below: usize,
    pub above: usize,
}

impl Histogram {
    pub fn new(low: f64, high: f64, buckets: usize) -> Histogram {
        assert!(high > low && buckets > 0, "need high > low and at least one bucket");
        Histogram { low, high, counts: vec![0; buckets], below: 0, above: 0 }
    }

    pub fn add(&mut self, value: f64) {
        if value < self.low {
            self.below += 1;
        } else if value > self.high {
            self.above += 1;
        } else {
            let width = (self.high - self.low) / self.counts.len() as f64;
            let i = (((value - self.low) / width) as usize).min(self.counts.len() - 1);
            self.counts[i] += 1;
        }
    }

    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// One line per bucket: "[0, 10)  ###".
    pub fn render(&self) -> String {
        let width = (self.high - self.low) / self.counts.len() as f64;
        self.counts
            .iter()
            .enumerate()
            .map(|(i, n)| format!("[{}, {}) {}", self.low + width * i as f64, self.low + width * (i + 1) as f64, "#".repeat(*n)))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
