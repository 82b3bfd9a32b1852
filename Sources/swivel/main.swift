import SwivelCore

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(.usage, "\(error) (see 'swivel --help')")
}
if options.showHelp {
    Console.out(Options.usage)
} else if options.showVersion {
    Console.out("swivel \(Options.version)")
} else {
    App(options: options).run()
}
