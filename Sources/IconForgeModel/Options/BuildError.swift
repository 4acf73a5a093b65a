/// A failure that stops the whole build, with the path it concerns.
package enum BuildError: Error, Equatable, Sendable {
    /// A named folder or file does not exist or cannot be listed.
    case missingInput(path: String, message: String)
    /// The output folder or a file in it cannot be written.
    case output(FileError)
    /// The dependency file cannot be written (the outputs were).
    case dependencyFile(FileError)
    /// One of the app's own files (`--info-plist` and the like) cannot be updated (nothing
    /// was written: they are committed with the outputs).
    case appFile(FileError)
    /// A place the build would write to is refused before anything is written: a symlink
    /// leading out of the project, a dangling one, an asset catalog that is not one.
    case refusedDestination(FileError)
}

extension BuildError {
    /// This error (a write that stopped the build), saying what the build had checked.
    package func having(checked: FileError.Checked) -> BuildError {
        guard case .output(var failure) = self else { return self }
        failure.checked = checked
        return .output(failure)
    }

    /// This error, saying what it left in the output folder unless it already says.
    package func leavingOutput(_ left: FileError.LeftOutput) -> BuildError {
        guard case .output(var failure) = self, failure.leftOutput == nil else { return self }
        failure.leftOutput = left
        return .output(failure)
    }
}
