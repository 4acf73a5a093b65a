/// `iconforge init --from-info-plist PATH [--strings DIR | --xcstrings FILE]`: an app's
/// hand-written `UIApplicationShortcutItems` as `quick-actions.json`, with its types,
/// titles, subtitles, icons, user info and every locale's translations, such that the
/// first build writes exactly the array and the translations the app already has (and so
/// changes no byte of its files). What quick-actions.json cannot say (user info that is
/// not strings, a key it does not know) is refused, naming it.
package enum QuickActionsImport {
    package struct Failure: Error, Equatable {
        package var path: String
        package var message: String

        package init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    /// The largest file read.
    package static let readLimit = 64 << 20

    /// Every locale's strings: locale → key → value.
    package typealias Translations = [String: [String: String]]

    /// The definitions file's text for the Info.plist `plist` (read from `plistPath`), with
    /// `translations`, whose development locale is `developmentLocale` (nil: the catalog's
    /// source language, else the Info.plist's `CFBundleDevelopmentRegion`, else `en`).
    package static func definitions(
        plist: [UInt8], plistPath: String, translations: Translations, developmentLocale: String?
    ) throws(Failure) -> String {
        let root: [String: PropertyListValue]
        do throws(InfoPlistUpdate.Failure) {
            root = try InfoPlistUpdate.parse(plist, what: "it").dictionary
        } catch {
            throw Failure(path: plistPath, message: error.message)
        }
        guard let items = root[InfoPlistUpdate.key]?.array else {
            throw Failure(
                path: plistPath,
                message:
                    "has no \(InfoPlistUpdate.key) array to import; for a new app, run iconforge init without --from-info-plist"
            )
        }
        let region = root["CFBundleDevelopmentRegion"]?.string.flatMap { $0.contains("$(") ? nil : $0 }
        let development = developmentLocale ?? region ?? "en"
        var locales = Set<String>()
        var actions: [OrderedJSON] = []
        for (index, value) in items.enumerated() {
            let number = index + 1
            guard let item = value.dictionary else {
                throw Failure(path: plistPath, message: "\(InfoPlistUpdate.key) item \(number) is not a dictionary")
            }
            var fields = try textFields(
                of: item, number: number, plistPath: plistPath, translations: translations, development: development,
                locales: &locales)
            fields += try otherFields(of: item, number: number, plistPath: plistPath)
            actions.append(.object(fields))
        }
        let others = locales.subtracting([development]).sorted(by: StringCatalogUpdate.xcodeOrder)
        let document = OrderedJSON.object([
            ("developmentLocale", .string(development)),
            ("locales", .array(([development] + others).map { .string($0) }, inline: true)),
            ("actions", .array(actions)),
        ])
        return document.text(.readable) + "\n"
    }

    /// Item `number`'s type, title and subtitle fields, after checking that it has no key
    /// quick-actions.json cannot express.
    private static func textFields(
        of item: [String: PropertyListValue], number: Int, plistPath: String, translations: Translations,
        development: String, locales: inout Set<String>
    ) throws(Failure) -> [(String, OrderedJSON)] {
        let known: Set<String> = Set(QuickActionsPropertyList.Item.CodingKeys.allKeys)
        if let unknown = item.keys.sorted().first(where: { !known.contains($0) }) {
            throw Failure(
                path: plistPath,
                message:
                    "item \(number) has \(unknown), which quick-actions.json cannot express; remove it from the Info.plist, or add it to the array by hand after iconforge's"
            )
        }
        guard let type = item["UIApplicationShortcutItemType"]?.string else {
            throw Failure(path: plistPath, message: "item \(number) has no UIApplicationShortcutItemType string")
        }
        guard let title = item["UIApplicationShortcutItemTitle"]?.string else {
            throw Failure(
                path: plistPath, message: "item \(number) (\(type)) has no UIApplicationShortcutItemTitle string")
        }
        var fields: [(String, OrderedJSON)] = [("type", .string(type))]
        fields += text(title, field: "title", translations: translations, development: development, locales: &locales)
        if let subtitle = item["UIApplicationShortcutItemSubtitle"] {
            guard let subtitle = subtitle.string else {
                throw Failure(path: plistPath, message: "item \(number)'s subtitle is not a string")
            }
            fields += text(
                subtitle, field: "subtitle", translations: translations, development: development, locales: &locales)
        }
        return fields
    }

    /// Item `number`'s icon, user info and target content identifier fields.
    private static func otherFields(
        of item: [String: PropertyListValue], number: Int, plistPath: String
    ) throws(Failure) -> [(String, OrderedJSON)] {
        var fields: [(String, OrderedJSON)] = []
        let icons = [
            ("UIApplicationShortcutItemIconFile", "glyph"), ("UIApplicationShortcutItemIconSymbolName", "symbol"),
            ("UIApplicationShortcutItemIconType", "system"),
        ]
        .compactMap { key, kind in item[key]?.string.map { (key, kind, $0) } }
        if !icons.isEmpty {
            fields.append(("icon", .object(icons.map { ($0.1, .string($0.2)) }, inline: true)))
        }
        if let userInfo = item["UIApplicationShortcutItemUserInfo"] {
            guard let dictionary = userInfo.dictionary, dictionary.values.allSatisfy({ $0.string != nil }) else {
                throw Failure(
                    path: plistPath,
                    message:
                        "item \(number)'s UIApplicationShortcutItemUserInfo holds values other than strings, which quick-actions.json cannot express; make them strings (the app reads them as it likes)"
                )
            }
            fields.append(
                (
                    "userInfo",
                    .object(dictionary.keys.sorted().map { ($0, .string(dictionary[$0]?.string ?? "")) }, inline: true)
                ))
        }
        if let identifier = item["UIApplicationShortcutItemTargetContentIdentifier"] {
            guard let identifier = identifier.string else {
                throw Failure(
                    path: plistPath,
                    message: "item \(number)'s UIApplicationShortcutItemTargetContentIdentifier is not a string")
            }
            fields.append(("targetContentIdentifier", .string(identifier)))
        }
        return fields
    }

    /// A title's or subtitle's fields: the text in each locale that translates `value`, and
    /// the key when the development locale's text is not `value` itself.
    private static func text(
        _ value: String, field: String, translations: Translations, development: String, locales: inout Set<String>
    ) -> [(String, OrderedJSON)] {
        let developmentText = translations[development]?[value] ?? value
        var entries = [(development, developmentText)]
        for locale in translations.keys.sorted(by: StringCatalogUpdate.xcodeOrder) where locale != development {
            guard let translated = translations[locale]?[value] else { continue }
            entries.append((locale, translated))
            locales.insert(locale)
        }
        var fields: [(String, OrderedJSON)] = [
            (
                field,
                entries.count == 1
                    ? .string(developmentText) : .object(entries.map { ($0.0, .string($0.1)) }, inline: true)
            )
        ]
        if developmentText != value { fields.append((field + "Key", .string(value))) }
        return fields
    }

    /// The translations in the `<locale>.lproj/InfoPlist.strings` files of `folder`.
    package static func strings(in folder: String) throws(Failure) -> Translations {
        let names: [String]
        do throws(FileError) { names = try FileSystem.contents(ofFolder: folder) } catch {
            throw Failure(path: folder, message: error.message)
        }
        var translations: Translations = [:]
        for name in names.sorted() where name.hasSuffix(".lproj") && name != "Base.lproj" {
            let path = folder + "/" + name + "/" + "InfoPlist.strings"
            guard FileSystem.kind(followingSymlinksOf: path) != .missing else { continue }
            do {
                let bytes = try FileSystem.readRegularFile(path, limit: readLimit)
                let text = try StringsFileUpdate.Encoding(bytes).decode(bytes)
                var pairs: [String: String] = [:]
                for entry in StringsFileParser.entries(in: text) { pairs[entry.key] = entry.value }
                translations[String(name.dropLast(6))] = pairs
            } catch let error as FileError {
                throw Failure(path: path, message: error.message)
            } catch let error as StringsFileUpdate.Failure {
                throw Failure(path: path, message: error.message)
            } catch {
                throw Failure(path: path, message: "\(error)")
            }
        }
        return translations
    }

    /// The translations in a String Catalog, and its source language.
    package static func catalog(at path: String) throws(Failure) -> (
        translations: Translations, sourceLanguage: String?
    ) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(try FileSystem.readRegularFile(path, limit: readLimit))
        } catch let error as FileError {
            throw Failure(path: path, message: error.message)
        } catch {
            throw Failure(path: path, message: "is not a String Catalog (not valid JSON)")
        }
        var translations: Translations = [:]
        if case .object(let keys)? = root["strings"]?.kind {
            for key in keys {
                guard case .object(let locales)? = key.value["localizations"]?.kind else { continue }
                for locale in locales {
                    if let value = locale.value["stringUnit"]?["value"]?.string {
                        translations[locale.key, default: [:]][key.key] = value
                    }
                }
            }
        }
        return (translations, root["sourceLanguage"]?.string)
    }
}

extension QuickActionsPropertyList.Item.CodingKeys {
    static var allKeys: [String] {
        [Self.iconFile, .iconSymbolName, .iconType, .subtitle, .title, .type, .userInfo, .targetContentIdentifier].map(
            \.rawValue)
    }
}
