// Build-tool plugin: embeds every shader (*.vert, *.frag) of the package's top-level Shaders/ folder
// into the target that uses it, as Swift string constants, so the binary never looks up a path at
// run time. The snippets there (*.glsl) are put in place of the shaders' `#include` lines (see
// embed-shaders), so they are inputs too: editing one embeds the shaders again.
import Foundation
import PackagePlugin

@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let shaderDir = context.package.directoryURL.appending(path: "Shaders")
        let files = try FileManager.default
            .contentsOfDirectory(at: shaderDir, includingPropertiesForKeys: nil)
            .filter { ["vert", "frag", "glsl"].contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.filter { $0.pathExtension != "glsl" }.count) shaders",
                executable: try context.tool(named: "embed-shaders").url,
                // The tool lists the folder itself when it runs. The folder is an input too: adding
                // or removing a file changes its modification time, so the command runs again even
                // with a build plan made before the file existed (SwiftPM keeps plans across builds).
                arguments: [output.path, shaderDir.path],
                inputFiles: files + [shaderDir],
                outputFiles: [output]
            ),
        ]
    }
}
