/// A failure that stops the whole build, with the path it concerns.
public enum BuildError: Error, Equatable, Sendable {
    /// A named folder or file does not exist or cannot be listed.
    case missingInput(path: String, message: String)
    /// The output folder or a file in it cannot be written.
    case output(FileError)
    /// The dependency file cannot be written (the outputs were).
    case dependencyFile(FileError)
    /// One of the app's own files (`--info-plist` and the like) cannot be updated (the
    /// outputs were written).
    case appFile(FileError)
}

extension BuildError {
    /// This error, saying what it left in the output folder unless it already says.
    package func leavingOutput(_ left: FileError.LeftOutput) -> BuildError {
        guard case .output(var failure) = self, failure.leftOutput == nil else { return self }
        failure.leftOutput = left
        return .output(failure)
    }
}
