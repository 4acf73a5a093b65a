/// The help texts, as literals so that what `--help` says is easy to review; the option
/// lists come from `OptionTable`, made of the options declared in `Options.swift`.
enum HelpText {
    /// The help of the command named `name`, nil for an unknown one: its declaration's.
    static func help(for name: String) -> String? {
        CommandTable.command(name)?.help()
    }

    static let explain = """
        iconforge explain — what a rule checks, and how to fix a finding

        USAGE
          iconforge explain RULE

        Prints what RULE checks, why Apple's guidance or the template asks for it, a
        small failing example with its fixed version, and the options that change it.
        RULE is the id in brackets at the end of a diagnostic, e.g. color.monochrome;
        'iconforge rules' lists them all.
        """

    static let `init` = """
        iconforge init — start an iconforge project in an app's repository

        USAGE
          iconforge init [DIR] [--app-name NAME]

        Writes into DIR (default: the current folder), never replacing a file that exists:
          Glyphs/example.svg         an example glyph drawn on the template
          Glyphs/quick-actions.json  one quick action using it, with the app's name
          Glyphs/.template.svg       the 35 pt template artboard for designers (a
                                     dot-file, so never taken for a glyph)
          iconforge.json             the project's settings, to edit
        The app's name comes from --app-name, else is asked on a terminal, else is the
        folder's name. Afterwards 'iconforge build' builds the example.

        OPTIONS

        """ + OptionTable.helpLines(for: CommandTable.command("init")?.options ?? [])

    static let doctor = """
        iconforge doctor — check that iconforge can run here

        USAGE
          iconforge doctor

        Finds librsvg and libpng and prints their versions, renders a glyph in a render
        worker process, and says what to install when something is missing. Exits 0
        when everything works, 3 when something is missing.
        """

    static let completions = """
        iconforge completions — print a shell completion script

        USAGE
          iconforge completions bash|zsh|fish

        bash:  iconforge completions bash > ~/.local/share/bash-completion/completions/iconforge
        zsh:   iconforge completions zsh > ~/.zfunc/_iconforge  (with ~/.zfunc in fpath)
        fish:  iconforge completions fish > ~/.config/fish/completions/iconforge.fish
        'make install' installs all three, and the man page.
        """

    static let main = """
        iconforge — check and render iOS quick-action glyphs

        USAGE

        """ + CommandTable.all.map { "  iconforge " + $0.usage }.joined(separator: "\n") + """

              iconforge --version

            COMMANDS

            """ + CommandTable.all.map { "  " + $0.name.padded(to: 13) + $0.summary }.joined(separator: "\n") + """


            Run 'iconforge help COMMAND' for a command's options, and 'iconforge explain RULE'
            for what a rule checks. Settings may also come from iconforge.json in the current
            folder (see docs/designers.md); flags win over it. New here? 'iconforge doctor' checks the
            installation and 'iconforge init' starts a project.

            EXIT STATUS
              0 clean (warnings allowed)   1 a glyph failed a check
              2 usage error                3 input or output cannot be read or written

            ENVIRONMENT
              ICONFORGE_LIBRSVG   the librsvg library file to open, for an unusual install
                                  (default: Debian's librsvg2-2 on Linux, Homebrew's
                                  or MacPorts' librsvg on macOS)
              NO_COLOR            no colour in diagnostics on a terminal
            """

    static let build = """
        iconforge build — check, render and catalog glyphs

        USAGE
          iconforge build [GLYPHS...] [-o OUTPUT] [options]

        Reads every *.svg in each GLYPHS folder (default: Glyphs) and any SVG files
        named, checks them against Apple's quick-action icon template, and writes to
        OUTPUT (default: Output):
          <name>@2x.png   70 × 70 px canvas (27 pt target = 54 px)
          <name>@3x.png   104 × 104 px canvas (27 pt target = 80 px)
          catalog.json    what was measured, checked and written
        A glyph with an error gets no PNGs; the others are still built. Files are
        written atomically, catalog last; unchanged files are not rewritten, and
        glyphs whose source and options are unchanged are not rendered again.

        If a glyphs folder holds quick-actions.json, build also checks it and writes
        QuickActions.plist and <locale>.lproj/InfoPlist.strings into OUTPUT.

        Naming SVG files (build Glyphs/mail.svg) builds those glyphs alone: their
        PNGs, image sets and catalog entries are updated, and every other glyph's
        files and entries, the quick actions and the app's files stay as they are
        (no depfile or file lists are written). Only a build of whole glyphs folders
        removes the outputs of glyphs that are gone.

        OPTIONS

        """ + OptionTable.helpLines(for: .build)

    static let render = """
        iconforge render — one glyph at one scale, exactly as build makes it

        USAGE
          iconforge render GLYPH.svg --scale 2|3 -o FILE.png [options]

        Runs every check on GLYPH.svg and, if it passes, writes the @2x (70 × 70)
        or @3x (104 × 104) PNG to FILE.png. Exits 1, writing nothing, if it fails.
        For Makefile pattern rules:
          Output/%@2x.png: Glyphs/%.svg
                  @mkdir -p $(@D)
                  iconforge render $< --scale 2 -o $@

        OPTIONS

        """ + OptionTable.helpLines(for: .render)

    static let fix = """
        iconforge fix — apply a glyph's size and centring fix

        USAGE
          iconforge fix GLYPH.svg [-o FILE | --in-place] [--dry-run] [options]

        Checks GLYPH.svg as build does and, when it has a size.target or
        geometry.off-center finding, wraps everything the <svg> root draws in the
        <g transform="…"> the finding suggests (in the file's own user units), leaving
        every other byte as the drawing tool wrote it. Writes NAME.fixed.svg beside
        GLYPH.svg and keeps the original: look at it, then save it over GLYPH.svg (until
        then a build sees both). --in-place replaces GLYPH.svg; --dry-run prints the
        change as a unified diff and writes nothing. The file written is checked again and
        what is left reported (exit 1 for an error a transform cannot mend, such as a
        second colour); a glyph with nothing to fix is left alone (exit 0).

        OPTIONS

        """ + OptionTable.helpLines(for: .fix)

    static let rules = """
        iconforge rules — list every rule

        USAGE
          iconforge rules

        Prints each rule's id, default severity and what it finds. Diagnostics name
        the rule in brackets: file:line:col: error: message [rule.id]
        """

    static let check = """
        iconforge check — run the template checks without writing anything

        USAGE
          iconforge check [GLYPHS...] [options]

        Checks every *.svg in each GLYPHS folder (default: Glyphs) and any SVG
        files named. Exits 1 if any glyph has an error (or a warning, with --werror).

        OPTIONS

        """ + OptionTable.helpLines(for: .check)

    static let preview = """
        iconforge preview — one HTML page to look at every glyph

        USAGE
          iconforge preview [GLYPHS...] [-o OUTPUT] [options]

        Checks the glyphs as check does and writes OUTPUT/preview.html (default:
        Output/preview.html), then prints its path. The page is self-contained
        (images, styles and script inline; it loads nothing) and shows every glyph
        at @2x and @3x, real size on light and dark and magnified, with the
        template's guides, each glyph's measurements and diagnostics (failing
        glyphs first, drawn with what failed), and the quick-action menu per
        locale. Nothing else is written: a failing glyph is rendered for the page
        only. 'iconforge build --preview' writes the same page after a build.
        Exits as check does: 1 if a glyph has an error, 3 if the page cannot be
        written. With --watch the page is made again whenever a glyph changes, and
        reloads itself in the browser.

        OPTIONS

        """ + OptionTable.helpLines(for: .preview)

    static let diff = """
        iconforge diff — what a change did to the glyphs' pictures, for review

        USAGE
          iconforge diff {--base REV | --base-dir DIR} [GLYPHS...] [options]

        Builds the glyphs as check does (writing no PNG) and compares them with a base:
        a git revision (--base origin/main), whose iconforge.json and glyphs are read
        from git's objects and built in a temporary folder (the work tree, the index
        and every ref are left alone), or a folder holding an earlier Output/
        (--base-dir DIR: its catalog.json and the PNGs it lists, which must be inside
        it; the folder itself or one holding Output/). A name that is both a revision
        and a folder is refused, never guessed; the summary says which kind it used.
        Tree entries git refuses to check out (named .. or .git) and symbolic links
        are not read from a revision; each is reported.
        Glyphs are compared by decoded pixels, not bytes: a PNG compressed differently
        or a glyph re-saved by another tool that renders the same is unchanged. Each
        glyph is changed, added, removed, renamed (a removed and an added glyph with
        the same pixels) or unchanged; findings are new (this build has them, the base
        had not) or fixed. The command-line options apply to both builds.

        Writes an HTML page (default: OUTPUT/diff.html; --page FILE) with each change
        before, after and as a difference overlay (red: ink only in the base, green:
        ink only now), at real size on light and dark and magnified, and prints a
        summary (--format text), one JSON document (json), or GitHub annotations
        (github); with GITHUB_STEP_SUMMARY set, also the job's summary in Markdown.

        EXIT STATUS
          0 compared, whether or not anything changed (a review tool: 'check' judges)
          1 the base cannot be read (not a git repository, an unknown revision, a
            folder with no catalog.json or one naming files outside it)
          2 usage error                3 the page cannot be written

        OPTIONS

        """ + OptionTable.helpLines(for: .diff)
}
