/// Builds the one-line JSON object that `--bench` prints, fields in the order they are added.
struct JSONWriter {
    private var fields: [String] = []

    var text: String { "{" + fields.joined(separator: ", ") + "}" }

    mutating func field(_ name: String, _ value: Int) { fields.append("\(quoted(name)): \(value)") }
    mutating func field(_ name: String, _ value: Int?) { fields.append("\(quoted(name)): \(value.map(String.init) ?? "null")") }
    mutating func field(_ name: String, _ value: String) { fields.append("\(quoted(name)): \(quoted(value))") }
    mutating func field(_ name: String, _ value: Double?) { fields.append("\(quoted(name)): \(number(value))") }
    mutating func field(_ name: String, _ value: Bool) { fields.append("\(quoted(name)): \(value)") }
    mutating func field(_ name: String, _ values: [Double]) {
        fields.append("\(quoted(name)): [" + values.map { number($0) }.joined(separator: ", ") + "]")
    }
    mutating func null(_ name: String) { fields.append("\(quoted(name)): null") }
    mutating func object(_ name: String, _ members: [(String, Double?)]) {
        let inner = members.map { "\(quoted($0.0)): \(number($0.1))" }.joined(separator: ", ")
        fields.append("\(quoted(name)): {\(inner)}")
    }

    private func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return value.fixed(3)
    }

    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
