import Foundation

extension ISO8601Instant {
    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    static let referenceDateOffset = 978_307_200

    /// The ISO 8601 text of `date` in UTC, exact: ``date(_:)`` reads it back
    /// as the same `Date`, bit for bit.
    ///
    /// The fraction of a second is the digits of the shortest decimal text
    /// that names the date's `timeIntervalSinceReferenceDate` (the text
    /// Swift prints for a `Double`), so no rounding happens either way:
    ///
    ///     ISO8601Instant.text(of: Date(timeIntervalSinceReferenceDate: 0.5))   // "2001-01-01T00:00:00.5Z"
    ///
    /// - Returns: `nil` for a date that is not finite or falls outside the
    ///   years 0000 to 9999.
    static func text(of date: Date) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, abs(interval) < 1e12, let (negative, whole, fraction) = _plainDecimal(interval.description),
            let magnitude = Int(whole)
        else { return nil }
        var seconds = magnitude, digits = fraction
        if negative {
            if digits.isEmpty { seconds = -magnitude } else { seconds = -(magnitude + 1); digits = _complement(digits) }
        }
        seconds += referenceDateOffset
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let within = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let yyyy = String(repeating: "0", count: 4 - String(year).count) + String(year)
        let time = "\(two(within / 3600)):\(two(within / 60 % 60)):\(two(within % 60))"
        return "\(yyyy)-\(two(month))-\(two(day))T\(time)\(digits.isEmpty ? "" : "." + digits)Z"
    }

    /// The `Date` an ISO 8601 text names (any form ``init(_:)`` accepts),
    /// exact for the texts ``text(of:)`` writes; `nil` for a text that is no
    /// date, or a leap second (a `Date` has none).
    static func date(_ text: String) -> Date? {
        guard let instant = ISO8601Instant(text), !instant.leapSecond else { return nil }
        var seconds = instant.seconds - referenceDateOffset
        var digits = String(decoding: instant.fraction, as: UTF8.self)
        var sign = ""
        if seconds < 0 {
            sign = "-"
            if digits.isEmpty { seconds = -seconds } else { seconds = -seconds - 1; digits = _complement(digits) }
        }
        return Double("\(sign)\(seconds)\(digits.isEmpty ? "" : "." + digits)").map(Date.init(timeIntervalSinceReferenceDate:))
    }

    /// Year, month and day of the day `days` after 1970-01-01 (H. Hinnant's
    /// civil_from_days, the inverse of ``daysFromCivil(year:month:day:)``).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Sign, whole digits and fraction digits (no trailing zeros) of a
    /// decimal text with an optional exponent (`1.5e-07`), written out.
    static func _plainDecimal(_ text: String) -> (negative: Bool, whole: String, fraction: String)? {
        var chars = Substring(text)
        let negative = chars.first == "-"
        if negative { chars = chars.dropFirst() }
        var exponent = 0
        if let e = chars.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let x = Int(chars[chars.index(after: e)...]) else { return nil }
            exponent = x
            chars = chars[..<e]
        }
        let parts = chars.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let first = parts.first, !first.isEmpty,
            (first + (parts.count == 2 ? parts[1] : "")).allSatisfy(\.isASCIIDigitCharacter),
            abs(exponent) < 400
        else { return nil }
        var digits = Array(first + (parts.count == 2 ? parts[1] : ""))
        var point = first.count + exponent
        if point < 0 { digits.insert(contentsOf: repeatElement("0", count: -point), at: 0); point = 0 }
        if point > digits.count { digits.append(contentsOf: repeatElement("0", count: point - digits.count)) }
        var whole = String(digits[..<point]).drop { $0 == "0" }
        if whole.isEmpty { whole = "0" }
        var fraction = String(digits[point...])
        while fraction.last == "0" { fraction.removeLast() }
        return (negative, String(whole), fraction)
    }

    /// `10^k - f` for the *k* fraction digits `f` (no trailing zeros), in *k*
    /// digits: the fraction that completes `f` to a whole second.
    static func _complement(_ fraction: String) -> String {
        var digits = fraction.unicodeScalars.map { Int($0.value) - 48 }
        guard let last = digits.indices.last else { return fraction }
        for i in digits.indices { digits[i] = (i == last ? 10 : 9) - digits[i] }
        return String(digits.map { Character(String($0)) })
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
