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
} else if options.bench {
    Bench(settings: .init(width: options.width, height: options.height, cards: options.cards,
                          frames: options.frames)).run()
} else {
    App(options: options).run()
}
