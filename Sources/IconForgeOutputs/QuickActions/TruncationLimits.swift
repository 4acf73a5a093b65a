/// How wide a quick action's title and subtitle may be before the Home Screen menu truncates
/// them, in display columns: most characters count 1, East Asian wide and fullwidth characters 2.
package struct TruncationLimits: Sendable, Equatable {
    /// The widths for one locale.
    package struct Widths: Sendable, Equatable {
        /// A title beside a subtitle: iOS shows it on one line.
        package var title: Int
        /// A title without a subtitle: iOS wraps it onto a second line.
        package var titleWithoutSubtitle: Int
        /// A subtitle: iOS shows it on up to two lines, in a smaller font.
        package var subtitle: Int

        package init(title: Int, titleWithoutSubtitle: Int, subtitle: Int) {
            self.title = title
            self.titleWithoutSubtitle = titleWithoutSubtitle
            self.subtitle = subtitle
        }

        /// One line of about 25 columns of 17 pt text beside the icon, two lines for the rest.
        package static let standard = Widths(title: 25, titleWithoutSubtitle: 50, subtitle: 50)
    }

    /// The widths for every locale without its own entry.
    package var standard: Widths
    /// Widths for particular locales (by lproj name, "de", "zh-Hans"), for scripts whose
    /// characters run wider or narrower than the column count suggests.
    package var perLocale: [String: Widths]

    package init(standard: Widths = .standard, perLocale: [String: Widths] = [:]) {
        self.standard = standard
        self.perLocale = perLocale
    }

    package func widths(for locale: String) -> Widths {
        perLocale[locale] ?? standard
    }
}
