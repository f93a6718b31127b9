/// The instant an ISO 8601 date denotes, to compare two spellings of it.
///
/// Accepts `YYYY-MM-DD` (midnight UTC) and `YYYY-MM-DDTHH:MM[:SS[.fraction]][zone]`
/// where the zone is `Z` or `±HH:MM` / `±HHMM` / `±HH`; `t`, `z` and a space in
/// place of `T` are accepted as RFC 3339 allows. A time without a zone is read
/// as UTC. Leap seconds (`:60`) are accepted and kept distinct.
///
///     ISO8601Instant("2026-11-20T10:00:00Z") == ISO8601Instant("2026-11-20T11:00:00.000+01:00")  // true
struct ISO8601Instant: Hashable {
    /// Seconds since 1970-01-01T00:00:00Z, leap seconds aside.
    var seconds: Int
    /// Digits of the fraction of a second, without trailing zeros.
    var fraction: [UInt8]
    var leapSecond: Bool

    init?(_ text: String) {
        let b = Array(text.utf8)
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= b.count else { return nil }
            var v = 0
            for k in 0..<count {
                let c = b[i + k]
                guard c >= 0x30 && c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            i += count
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
            (1...12).contains(month), day >= 1, day <= ISO8601Instant.daysIn(month: month, year: year)
        else { return nil }
        var seconds = ISO8601Instant.daysFromCivil(year: year, month: month, day: day) * 86_400
        var fraction: [UInt8] = []
        var leap = false
        if i < b.count {
            guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ") else { return nil }
            i += 1
            guard let hour = number(2), hour < 24, expect(0x3A), let minute = number(2), minute < 60 else { return nil }
            var second = 0
            if expect(0x3A) {
                guard let s = number(2), s <= 60 else { return nil }
                second = s
                if s == 60 { leap = true; second = 59 }
                if expect(0x2E) || expect(0x2C) {
                    while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { fraction.append(b[i]); i += 1 }
                    guard !fraction.isEmpty else { return nil }
                    while fraction.last == 0x30 { fraction.removeLast() }
                }
            }
            seconds += hour * 3600 + minute * 60 + second
            if i < b.count {
                if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                    i += 1
                } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                    let sign = b[i] == UInt8(ascii: "+") ? 1 : -1
                    i += 1
                    guard let zh = number(2), zh < 24 else { return nil }
                    var zm = 0
                    if i < b.count {
                        _ = expect(0x3A)
                        guard let m = number(2), m < 60 else { return nil }
                        zm = m
                    }
                    seconds -= sign * (zh * 3600 + zm * 60)
                } else {
                    return nil
                }
            }
        }
        guard i == b.count else { return nil }
        self.seconds = seconds
        self.fraction = fraction
        self.leapSecond = leap
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's
    /// days_from_civil).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
