import SwivelCore
import SwivelPlatform
import SwivelSystem

if DecodeWorker.isRequested { DecodeWorker.run() }
StartupTimeline.mark(.main)
StandardStreams.keepOpen()
// Before any other thread starts: under `ulimit -v` the threads' malloc arenas would take the
// address space OpenGL needs (`MallocArenas`, `GLStartMemory`).
MallocArenas.shareOneUnderAddressSpaceLimit()
// Before any other thread starts (threads inherit the blocked signals). A signal wakes the event
// loop, which then quits; every other loop looks between steps.
TerminationSignals.install(onSignal: { EventPump.wake() })

/// Exits 64 with the error's one line (and a pointer to --help where that helps).
func failUsage(_ error: Options.UsageError) -> Never {
    fail(.usage, error.suggestsHelp ? "\(error) (see 'swivel --help')" : "\(error)")
}

let options: Options
do throws(Options.UsageError) {
    let commandLine = try OptionParser.scan(OptionParser.processArguments())
    // The command line is checked on its own first, so its mistakes are reported before the config's.
    let alone = try Options.resolve(commandLine, config: nil)
    if commandLine.onlyPrintsText {
        options = alone
    } else {
        let config = try ConfigLoading.load(for: commandLine, environment: Environment.variables())
        options = try Options.resolve(commandLine, config: config)
    }
} catch {
    failUsage(error)
}
StartupTimeline.mark(.options)
if options.showHelp {
    Console.out(Usage.text)
} else if options.showManPage {
    Console.out(OptionDocs.manPage)
} else if options.showOptionTable {
    Console.out(OptionDocs.markdownTable)
} else if options.showFormatTable {
    Console.out(FormatDocs.markdownTable)
} else if options.showKeyTable {
    Console.out(KeyDocs.markdownTable)
} else if options.showBenchHelp {
    Console.out(Options.benchHelp)
} else if options.showVersion {
    Console.out("swivel \(Options.version)")
} else if options.showInfo {
    InfoCommand.run(options.paths)
} else if options.bench {
    Bench(settings: .init(width: options.width, height: options.height, cards: options.cards,
                          frames: options.benchFrames, flicks: options.benchFlicks, images: options.benchImages,
                          textureBudgetMiB: options.textureBudgetMiB, hud: options.hud,
                          videoDriver: options.videoDriver, scale: options.scale,
                          thumbnailCache: options.thumbnailCache, openCard: options.openCard,
                          reducedMotion: options.reducedMotion, inProcess: options.benchInProcess)).run()
} else if options.soakMinutes != nil {
    Soak(options: options).run()
} else {
    App(options: options).run()
}
// A signal that ended the loop ends the process with its conventional status.
TerminationSignals.exitIfRequested()
