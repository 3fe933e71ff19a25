/// "12.34" -> 1234 cents; "12" -> 1200; "0.5" -> 50.
pub fn parse_amount(text: &str) -> u64 {
    let text = text.trim().trim_start_matches('$');
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let whole: u64 = whole.replace(',', "").parse().unwrap_or(0);
    let frac: u64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<u64>().unwrap_or(0) * 10,
        _ => frac[..2].parse().unwrap_or(0),
    };
    whole * 100 + frac
}

/// 123456 -> "1,234.56"
pub fn format_amount(cents: u64) -> String {
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{grouped}.{:02}", cents % 100)
}
