extension TruncationLimits.Widths {
    /// The columns a title (beside a subtitle or alone) or a subtitle may take.
    package func limit(title: Bool, besideSubtitle: Bool) -> Int {
        !title ? subtitle : besideSubtitle ? self.title : titleWithoutSubtitle
    }
}
