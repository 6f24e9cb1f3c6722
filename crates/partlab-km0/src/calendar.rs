//! Dates and times for the simulated workload, in integers only.
//!
//! A [`Date`] is a day of the proleptic Gregorian calendar, counted from 1970-01-01; a
//! [`Timestamp`] is a second of local time (KM0's markets share one time zone, and the
//! simulation has no daylight-saving change). Conversions use Howard Hinnant's
//! `days_from_civil` / `civil_from_days` algorithms, so they are exact on every target.
//!
//! ```
//! use partlab_km0::calendar::Date;
//! let d = Date::from_ymd(2026, 9, 14).expect("a real day");
//! assert_eq!(d.to_string(), "2026-09-14");
//! assert_eq!(d.weekday(), 0); // Monday
//! assert_eq!(d.add_days(17).ymd(), (2026, 10, 1));
//! ```

use std::fmt;

/// Seconds in a day.
pub const DAY_SECS: u32 = 86_400;
/// Seconds in an hour.
pub const HOUR_SECS: u32 = 3_600;

/// A calendar day: days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Date(pub i32);

impl Date {
    /// The day `year-month-day`, or `None` when it does not exist (2026-02-30) or lies outside
    /// the years 1970–9999.
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(1970..=9999).contains(&year) || !(1..=12).contains(&month) || day == 0 {
            return None;
        }
        if day > days_in_month(year, month) {
            return None;
        }
        Some(Date(days_from_civil(year, month, day)))
    }

    /// Parses `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Date> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let num = |s: &str| -> Option<u32> {
            s.bytes()
                .all(|c| c.is_ascii_digit())
                .then(|| s.parse().ok())
                .flatten()
        };
        let year = num(text.get(0..4)?)?;
        let month = num(text.get(5..7)?)?;
        let day = num(text.get(8..10)?)?;
        Date::from_ymd(i32::try_from(year).ok()?, month, day)
    }

    /// `(year, month, day)`.
    pub fn ymd(self) -> (i32, u32, u32) {
        civil_from_days(self.0)
    }

    /// The day `n` days later (earlier when negative).
    pub fn add_days(self, n: i32) -> Date {
        Date(self.0.saturating_add(n))
    }

    /// Day of the week, 0 = Monday … 6 = Sunday.
    pub fn weekday(self) -> u32 {
        // 1970-01-01 was a Thursday (3).
        (self.0 + 3).rem_euclid(7) as u32
    }

    /// The `YYYY-MM` bucket of this day, as a number `year * 12 + month - 1`.
    pub fn month_bucket(self) -> u32 {
        let (y, m, _) = self.ymd();
        (y.max(0) as u32) * 12 + m - 1
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

/// A second of local time, counted from an [`Epoch`]'s midnight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Timestamp(pub u32);

/// The origin of a workload's timestamps: midnight of its first day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Epoch(pub Date);

impl Epoch {
    /// The day that `t` falls on.
    pub fn date(self, t: Timestamp) -> Date {
        self.0.add_days((t.0 / DAY_SECS) as i32)
    }

    /// The timestamp of midnight at the start of `date` (0 for days before the epoch).
    pub fn midnight(self, date: Date) -> Timestamp {
        let days = (date.0 - self.0 .0).max(0) as u32;
        Timestamp(days.saturating_mul(DAY_SECS))
    }

    /// `YYYY-MM-DD hh:mm` for `t`.
    pub fn format(self, t: Timestamp) -> String {
        let secs = t.0 % DAY_SECS;
        format!(
            "{} {:02}:{:02}",
            self.date(t),
            secs / HOUR_SECS,
            secs % HOUR_SECS / 60
        )
    }
}

/// Whether `year` is a leap year of the Gregorian calendar.
pub fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in `month` (1–12) of `year`.
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

fn days_from_civil(y: i32, m: u32, d: u32) -> i32 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = m as i32;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d as i32 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i32) -> (i32, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_days() {
        assert_eq!(Date::from_ymd(1970, 1, 1), Some(Date(0)));
        assert_eq!(Date::from_ymd(2000, 3, 1).map(|d| d.0), Some(11_017));
        assert_eq!(Date::parse("2026-09-14").map(Date::weekday), Some(0));
        assert_eq!(Date::parse("2026-02-29"), None);
        assert_eq!(
            Date::parse("2024-02-29").map(|d| d.ymd()),
            Some((2024, 2, 29))
        );
        for bad in [
            "2026-9-14",
            "2026/09/14",
            "x026-09-14",
            "2026-13-01",
            "",
            "2026-09-1é",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_day_round_trips() {
        let start = Date::from_ymd(1999, 12, 25).expect("valid");
        let mut prev = start.ymd();
        for i in 1..4000 {
            let d = start.add_days(i);
            let (y, m, day) = d.ymd();
            assert_eq!(Date::from_ymd(y, m, day), Some(d));
            assert!((y, m, day) > prev);
            prev = (y, m, day);
        }
    }

    #[test]
    fn timestamps_format_in_local_time() {
        let e = Epoch(Date::from_ymd(2026, 9, 14).expect("valid"));
        assert_eq!(e.format(Timestamp(0)), "2026-09-14 00:00");
        assert_eq!(
            e.format(Timestamp(DAY_SECS + 13 * HOUR_SECS + 5 * 60 + 59)),
            "2026-09-15 13:05"
        );
        let oct = Date::from_ymd(2026, 10, 1).expect("valid");
        assert_eq!(e.midnight(oct), Timestamp(17 * DAY_SECS));
        assert_eq!(
            e.date(Timestamp(17 * DAY_SECS)).month_bucket(),
            2026 * 12 + 9
        );
    }
}
