use crate::amount::{format_amount, parse_amount};

#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub account: String,
    pub cents: u64,
    pub credit: bool,
}

#[derive(Default, Debug)]
pub struct Ledger {
    entries: Vec<Entry>,
}

impl Ledger {
    /// Reads "account,amount,credit|debit" lines; blank lines and # comments are skipped.
    pub fn from_csv(text: &str) -> Result<Ledger, String> {
        let mut ledger = Ledger::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let parts: Vec<&str> = line.split(',').map(str::trim).collect();
            if parts.len() != 3 {
                return Err(format!("line {}: expected 3 fields", n + 1));
            }
            let cents = parse_amount(parts[1]);
            let credit = match parts[2] {
                "credit" => true,
                "debit" => false,
                other => return Err(format!("line {}: not credit or debit: {other}", n + 1)),
            };
            ledger.entries.push(Entry { account: parts[0].to_string(), cents, credit });
        }
        Ok(ledger)
    }

    /// Credits minus debits of one account, in cents.
    pub fn balance(&self, account: &str) -> i64 {
        self.entries
            .iter()
            .filter(|e| e.account == account)
            .map(|e| if e.credit { e.cents as i64 } else { -(e.cents as i64) })
            .sum()
    }

    pub fn statement(&self, account: &str) -> String {
        let mut out = Vec::new();
        for e in self.entries.iter().filter(|e| e.account == account) {
            out.push(format!("{} {:>12}", if e.credit { "CR" } else { "DR" }, format_amount(e.cents)));
        }
        out.join("\n")
    }
}
