/// The help texts, as literals so that what `--help` says is easy to review; the option
/// lists come from `OptionTable`, where each option is declared.
enum HelpText {
    static let main = """
        iconforge — check and render iOS quick-action glyphs

        USAGE
          iconforge build [GLYPHS...] [-o OUTPUT] [--fit] [--format FORMAT] [options]
          iconforge check [GLYPHS...] [--fit] [--format FORMAT] [options]
          iconforge render GLYPH.svg --scale 2|3 -o FILE.png [--fit] [options]
          iconforge preview [GLYPHS...] [-o OUTPUT] [--fit] [options]
          iconforge rules
          iconforge help [COMMAND]
          iconforge --version

        COMMANDS
          build   check every glyph, render @2x and @3x PNGs, write catalog.json
          check   run the checks only, write nothing (for CI)
          render  render one glyph at one scale, exactly as build does (for Make)
          preview check the glyphs and write OUTPUT/preview.html to look at them
          rules   list every rule with its id and default severity

        Run 'iconforge help build', 'help check', 'help render' or 'help preview' for
        options.
        Settings may also come from iconforge.json in the current folder (see README);
        flags win over it.

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
        written.

        OPTIONS

        """ + OptionTable.helpLines(for: .preview)
}
