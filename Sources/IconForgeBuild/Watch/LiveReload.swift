/// How a page that a watched run writes (the preview) reloads itself in a browser that
/// opened it from disk (`file://`), with no server: next to the page the watch keeps a
/// small script, `<page>.reload.js`, that calls `iconforgeReloadStamp("…")` with the
/// page's current size, time and inode. The page, written with `LiveReload.pageScript`
/// in it, loads that script once a second (a `<script>` element may load a file from the
/// page's own folder where `fetch` may not) and reloads itself when the stamp differs
/// from the first it saw.
///
/// The page's side is one call: a page written for a watch puts
/// `LiveReload.pageScript(forPage:)` in its `<head>`. The watch's side is `WatchTargets.pages`.
package enum LiveReload {
    /// `Output/preview.html` → `Output/preview.reload.js`.
    package static func stampPath(forPage page: String) -> String {
        let name = page.lastPathComponent
        let stem = name.hasSuffix(".html") ? String(name.dropLast(5)) : name
        return (page.contains("/") ? page.parentPath + "/" : "") + stem + ".reload.js"
    }

    /// The `<script>` element a page written for a watch carries, to reload itself when
    /// the watch says it changed.
    package static func pageScript(forPage page: String) -> String {
        let source = stampPath(forPage: page).lastPathComponent
        return """
            <script>
            (function () {
              var first = null;
              window.iconforgeReloadStamp = function (stamp) {
                if (first === null) { first = stamp; } else if (stamp !== first) { location.reload(); }
              };
              function look() {
                var script = document.createElement("script");
                script.src = "\(source)?" + Date.now();
                script.onload = script.onerror = function () { script.remove(); };
                document.head.appendChild(script);
              }
              look();
              setInterval(look, 1000);
            })();
            </script>
            """
    }

    /// The stamp script's text for a page with this signature.
    static func stampScript(_ signature: FileSignature) -> String {
        "iconforgeReloadStamp(\"\(signature.size)-\(signature.modified)-\(signature.inode)\");\n"
    }

    /// The stamps a watch has written, by page, so that each is rewritten only when its
    /// page changed.
    struct Stamps {
        private var written: [String: FileSignature] = [:]

        /// Writes the stamp of every page in `pages` that changed since its last stamp (a
        /// page that does not exist gets none). A stamp that cannot be written is skipped:
        /// the page then simply does not reload.
        mutating func update(_ pages: [String]) {
            for page in pages {
                guard let signature = FileSystem.signature(of: page), written[page] != signature else { continue }
                // Ctrl-C during the write removes its temporary file (see Interruption).
                if (try? FileSystem.writeAtomically(
                    Array(LiveReload.stampScript(signature).utf8), to: LiveReload.stampPath(forPage: page))) != nil
                {
                    written[page] = signature
                }
            }
        }
    }
}
