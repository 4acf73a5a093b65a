import Dispatch
import Synchronization

/// What to build or check, and where.
package struct BuildRequest: Sendable {
    /// Folders (every `*.svg` inside) and single SVG files.
    package var inputs: [String] = ["Glyphs"]
    package var outputFolder: String = "Output"
    package var options = PipelineOptions()
    /// Glyphs processed at once.
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// False for `check`: run every rule, write nothing.
    package var writesOutput = true
    /// Where glyphs are rendered; the command-line tool uses worker processes.
    package var isolation = Isolation.inProcess
    /// An Xcode asset catalog (`.xcassets`) to write the glyphs into as template images.
    package var assetCatalog: String?
    /// With `assetCatalog`: also write each glyph as a vector image set of this format.
    package var vectorFormat: VectorFormat?
    /// A folder to write each glyph into as a custom SF Symbol (`.symbolset`).
    package var symbolsFolder: String?
    /// The app target's other asset catalogs, whose asset names the glyphs must not take.
    package var otherAssetCatalogs: [String] = []
    /// The app's name, for the `actions.app-name` rule (overrides the definitions file).
    package var appName: String?
    /// A make-style dependency file to write, listing every input the outputs depend on.
    package var depfile: String?
    /// A folder to write Xcode's input and output file lists into (`--xcfilelist`), for a
    /// Run Script build phase.
    package var fileListFolder: String?
    /// The quick actions in the app's own files, each updated in place (`--info-plist`,
    /// `--info-plist-strings`, `--xcstrings`, `--swift`).
    package var appFiles = AppFileTargets()
    /// Further inputs that a depfile should name (the configuration file).
    package var extraDependencies: [String] = []
    /// Whether warnings fail the build too (`--werror`).
    package var warningsAreErrors = false
    /// Keep every glyph's PNGs in the report (`BuildReport.images`), a failed glyph's renders
    /// too, also in a check: what the preview page shows, so that it shows exactly what the
    /// build made. A build where nothing changed still stops early when nothing failed (the
    /// page then reads the PNGs it kept); failed glyphs are processed again to be shown.
    package var keepsImages = false
    /// Called once, with the output folder, when another build holds it and this one waits
    /// for it to finish (the library prints nothing; a command line says it is waiting).
    package var onWaitingForLock: (@Sendable (String) -> Void)?
    /// Called after each glyph is processed (reused ones too) with how many are done and
    /// the total, from whichever thread did it: what a progress line counts.
    package var onGlyphDone: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// The project a symlink on the way to a write may lead into (see `WriteDestination`);
    /// nil: the current folder (the command line gives its git repository).
    package var projectRoot: String?
    /// `--follow-symlinks`: write through symlinks that lead out of the project too.
    package var followsSymlinks = false
    /// Another build's results with these options, taken for every glyph whose source is the
    /// one it had instead of rendering it again (`KnownResults`: a diff's base build).
    package var knownResults: KnownResults?
    /// The clocks the build compares file times with.
    var clock = BuildClock.system
    /// What the previous builds of this process left in memory (`--watch`): nil, or the
    /// same `BuildMemory` for every build of one session.
    package var memory: BuildMemory?
    /// What a test watches this build do, and the faults it injects into its writes; every
    /// thread of the build is handed these (none outside tests).
    package var probes = BuildProbes()

    package init() {}

    /// How this build judges where its writes land.
    package var writeDestination: WriteDestination {
        let folder = FileManager.default.currentDirectoryPath
        let root = projectRoot ?? folder
        return WriteDestination(root: FileSystem.resolvedPath(root) ?? root, followsLinksOutside: followsSymlinks)
    }
}
