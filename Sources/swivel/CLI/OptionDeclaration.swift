import SwivelCore

/// One option, declared once: its names, what it takes, where `--help` shows it and with which
/// lines, whether a config file may set it, and which field of `Options` it sets. The parser, the
/// config loader, `--help`, `--help-markdown` (the README's table) and `--man` all read this.
struct OptionDeclaration: Sendable {
    /// What follows the name.
    enum Form: Equatable, Sendable {
        /// Nothing (`--help`): it only makes the run print text.
        case action
        /// On when given bare; `--flag=yes|no` (and a config's `flag = yes|no`) sets it either way.
        case flag
        /// A value, as `--name VALUE` or `--name=VALUE`; the placeholder names it in the help.
        case value(placeholder: String)
    }

    /// The long name, without `--`; also the config file's key.
    let name: String
    /// A one-character name (`-h`), given alone.
    let short: Character?
    let form: Form
    let section: HelpSection
    /// The lines `--help` prints beside the name, as wrapped there; `{range}` and `{default}`
    /// stand for the value type's range and the default, written by the declaration.
    let helpTemplate: [String]
    /// More than fits in `--help`, for the README's table and the man page (one paragraph).
    let discussion: String?
    /// Whether a config file may set it.
    let inConfig: Bool
    /// Left out of `--help` and the README (tools for packaging: `--man`, `--help-markdown`).
    let hidden: Bool
    /// Applied before the other settings of its source, wherever it stands (a preset, so that the
    /// options beside it win).
    let appliedFirst: Bool
    /// The allowed values as the help writes them.
    let range: String?
    /// The default as the help writes it; nil when the help says none.
    let defaultText: String?
    /// Checks a value (for a flag: yes/no; for an action: unused) and makes the setting.
    let read: @Sendable (_ value: [UInt8], _ label: String) throws(Options.UsageError) -> Setting
    /// The setting of a flag given bare, or of an action.
    let bare: (@Sendable () -> Setting)?
    /// The setting holding `value`, if it has this option's value type (for tests and presets).
    let make: @Sendable (AnyHashable) -> Setting?

    /// `--name PLACEHOLDER`, or `-h, --help` with a short name.
    var term: String {
        var term = "--" + name
        if case .value(let placeholder) = form { term += " " + placeholder }
        if let short { term = "-\(short), " + term }
        return term
    }

    /// The help lines with the range and default written in.
    var help: [String] {
        helpTemplate.map {
            $0.replacingEvery("{range}", with: range ?? "")
                .replacingEvery("{default}", with: defaultText ?? "")
        }
    }
}

/// One checked value from the command line or a config file, before it lands in `Options`.
struct Setting: Equatable, CustomStringConvertible {
    let option: OptionDeclaration
    /// The checked value (`true` for an action).
    let value: AnyHashable
    /// Writes the value into the options.
    let assign: @Sendable (inout Options) -> Void

    /// The setting of option `name` holding `value`; the value must have the option's type.
    init(_ name: String, _ value: some Hashable & Sendable) {
        guard let option = OptionDeclarations.named[name] else { preconditionFailure("no option '\(name)'") }
        guard let setting = option.make(AnyHashable(value)) else {
            preconditionFailure("--\(name) does not take a \(type(of: value))")
        }
        self = setting
    }

    init(option: OptionDeclaration, value: AnyHashable, assign: @escaping @Sendable (inout Options) -> Void) {
        (self.option, self.value, self.assign) = (option, value, assign)
    }

    static func == (a: Setting, b: Setting) -> Bool { a.option.name == b.option.name && a.value == b.value }

    var description: String { "\(option.name) = \(value)" }
}

/// The ways to declare an option: each takes the option's names, what it sets, its help and
/// whether the config file may set it, and makes the one `OptionDeclaration`.
extension OptionDeclaration {
    /// An option that takes a value of `type` and stores it at `field`. The default the help
    /// shows is `Options()`'s value there, unless `defaultText` says it otherwise.
    static func value<V>(_ name: String, _ placeholder: String, _ type: ValueType<V>,
                         sets field: WritableKeyPath<Options, V> & Sendable,
                         marks given: (WritableKeyPath<Options, Bool> & Sendable)? = nil,
                         section: HelpSection, config: Bool = true, defaultText: String? = nil,
                         _ help: [String], more: String? = nil) -> OptionDeclaration {
        value(name, placeholder, type, section: section, config: config,
              defaultText: defaultText ?? type.show(Options()[keyPath: field]), help, more: more) { options, v in
            options[keyPath: field] = v
            if let given { options[keyPath: given] = true }
        }
    }

    /// An option whose value is stored in an optional field (default: none, or `defaultText`).
    static func value<V>(_ name: String, _ placeholder: String, _ type: ValueType<V>,
                         sets field: WritableKeyPath<Options, V?> & Sendable,
                         section: HelpSection, config: Bool = true, defaultText: String? = nil,
                         _ help: [String], more: String? = nil) -> OptionDeclaration {
        value(name, placeholder, type, section: section, config: config, defaultText: defaultText, help,
              more: more) { options, v in options[keyPath: field] = v }
    }

    /// An option that takes a value of `type` and applies it with `apply`.
    static func value<V>(_ name: String, _ placeholder: String, _ type: ValueType<V>,
                         section: HelpSection, config: Bool = true, appliedFirst: Bool = false,
                         defaultText: String?, _ help: [String], more: String? = nil,
                         apply: @escaping @Sendable (inout Options, V) -> Void) -> OptionDeclaration {
        typealias Make = @Sendable (OptionDeclaration, V) -> Setting
        let make: Make = { option, v in Setting(option: option, value: AnyHashable(v)) { apply(&$0, v) } }
        return OptionDeclaration(
            name: name, short: nil, form: .value(placeholder: placeholder), section: section, helpTemplate: help,
            discussion: more, inConfig: config, hidden: false, appliedFirst: appliedFirst, range: type.range,
            defaultText: defaultText,
            read: { bytes, label throws(Options.UsageError) in
                make(named(name), try type.check(bytes, label))
            },
            bare: nil,
            make: { any in (any.base as? V).map { make(named(name), $0) } })
    }

    /// A flag stored at `field` (`inverted`: the flag turns the field off, as `--no-captions`).
    static func flag(_ name: String, _ short: Character? = nil, sets field: WritableKeyPath<Options, Bool> & Sendable,
                     inverted: Bool = false, marks given: (WritableKeyPath<Options, Bool> & Sendable)? = nil,
                     section: HelpSection, config: Bool = true, _ help: [String],
                     more: String? = nil) -> OptionDeclaration {
        let make: @Sendable (OptionDeclaration, Bool) -> Setting = { option, on in
            Setting(option: option, value: AnyHashable(on)) {
                $0[keyPath: field] = inverted ? !on : on
                if let given { $0[keyPath: given] = true }
            }
        }
        return OptionDeclaration(
            name: name, short: short, form: .flag, section: section, helpTemplate: help, discussion: more,
            inConfig: config, hidden: false, appliedFirst: false, range: nil, defaultText: nil,
            read: { bytes, label throws(Options.UsageError) in make(named(name), try OptionValue.bool(bytes, label)) },
            bare: { make(named(name), true) },
            make: { any in (any.base as? Bool).map { make(named(name), $0) } })
    }

    /// An option that only makes the run print a text (`--help`); never from a config file.
    static func action(_ name: String, _ short: Character? = nil, sets field: WritableKeyPath<Options, Bool> & Sendable,
                       section: HelpSection, hidden: Bool = false, _ help: [String]) -> OptionDeclaration {
        let make: @Sendable (OptionDeclaration) -> Setting = { option in
            Setting(option: option, value: AnyHashable(true)) { $0[keyPath: field] = true }
        }
        return OptionDeclaration(
            name: name, short: short, form: .action, section: section, helpTemplate: help, discussion: nil,
            inConfig: false, hidden: hidden, appliedFirst: false, range: nil, defaultText: nil,
            read: { _, _ in make(named(name)) },
            bare: { make(named(name)) },
            make: { any in any == AnyHashable(true) ? make(named(name)) : nil })
    }

    /// The declaration called `name`, looked up when a setting is made (a declaration cannot
    /// hold itself).
    private static func named(_ name: String) -> OptionDeclaration { OptionDeclarations.named[name]! }
}
