// Build-tool plugin: embeds the built-in sample deck (the package's assets/demo/*.png) into the
// target that uses it, so `swivel --demo` works from any directory without looking up a path.
import Foundation
import PackagePlugin

@main
struct EmbedDemoDeck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let demoDir = context.package.directoryURL.appending(path: "assets/demo")
        let files = try FileManager.default
            .contentsOfDirectory(at: demoDir, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDemoDeck.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) demo images",
                executable: try context.tool(named: "embed-demo-deck").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
