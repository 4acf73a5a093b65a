# bash iconforge completion script (generated from iconforge's declarations of its commands and options; regenerate with `make docs`)
_iconforge() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "build check render preview fix diff rules explain init doctor completions help --version -h --help" -- "$cur"))
        return
    fi
    case "${COMP_WORDS[1]}" in
    build)
        case "$prev" in
        -o|--output) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --xcassets) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --vector) COMPREPLY=($(compgen -W "pdf svg" -- "$cur")); return ;;
        --symbols) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --depfile) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --xcfilelist) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --xcassets-check) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --info-plist) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --info-plist-strings) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --xcstrings) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --swift) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --png-compression) COMPREPLY=(); return ;;
        --format) COMPREPLY=($(compgen -W "text json github sarif" -- "$cur")); return ;;
        --path-base) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        -j|--jobs) COMPREPLY=(); return ;;
        --shape-threshold) COMPREPLY=(); return ;;
        --tolerance) COMPREPLY=(); return ;;
        --max-file-size) COMPREPLY=(); return ;;
        --max-elements) COMPREPLY=(); return ;;
        --render-timeout) COMPREPLY=(); return ;;
        --isolation) COMPREPLY=($(compgen -W "workers none" -- "$cur")); return ;;
        --app-name) COMPREPLY=(); return ;;
        --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-o --output --preview --xcassets --vector --symbols --depfile --xcfilelist --xcassets-check --info-plist --info-plist-strings --xcstrings --swift --swift-public --follow-symlinks --png-compression --format --path-base --watch --fit --no-fit --werror --no-werror -j --jobs --shape-threshold --tolerance --max-file-size --max-elements --render-timeout --isolation --app-name --config --no-config -q --quiet -h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    check)
        case "$prev" in
        --format) COMPREPLY=($(compgen -W "text json github sarif" -- "$cur")); return ;;
        --path-base) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        -j|--jobs) COMPREPLY=(); return ;;
        --shape-threshold) COMPREPLY=(); return ;;
        --tolerance) COMPREPLY=(); return ;;
        --max-file-size) COMPREPLY=(); return ;;
        --max-elements) COMPREPLY=(); return ;;
        --render-timeout) COMPREPLY=(); return ;;
        --isolation) COMPREPLY=($(compgen -W "workers none" -- "$cur")); return ;;
        --app-name) COMPREPLY=(); return ;;
        --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--format --path-base --watch --fit --no-fit --werror --no-werror -j --jobs --shape-threshold --tolerance --max-file-size --max-elements --render-timeout --isolation --app-name --config --no-config -q --quiet -h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    render)
        case "$prev" in
        --scale) COMPREPLY=($(compgen -W "2 3" -- "$cur")); return ;;
        -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --png-compression) COMPREPLY=(); return ;;
        -j|--jobs) COMPREPLY=(); return ;;
        --shape-threshold) COMPREPLY=(); return ;;
        --tolerance) COMPREPLY=(); return ;;
        --max-file-size) COMPREPLY=(); return ;;
        --max-elements) COMPREPLY=(); return ;;
        --render-timeout) COMPREPLY=(); return ;;
        --isolation) COMPREPLY=($(compgen -W "workers none" -- "$cur")); return ;;
        --app-name) COMPREPLY=(); return ;;
        --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--scale -o --output --png-compression --fit --no-fit --werror --no-werror -j --jobs --shape-threshold --tolerance --max-file-size --max-elements --render-timeout --isolation --app-name --config --no-config -q --quiet -h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    preview)
        case "$prev" in
        -o|--output) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        -j|--jobs) COMPREPLY=(); return ;;
        --shape-threshold) COMPREPLY=(); return ;;
        --tolerance) COMPREPLY=(); return ;;
        --max-file-size) COMPREPLY=(); return ;;
        --max-elements) COMPREPLY=(); return ;;
        --render-timeout) COMPREPLY=(); return ;;
        --isolation) COMPREPLY=($(compgen -W "workers none" -- "$cur")); return ;;
        --app-name) COMPREPLY=(); return ;;
        --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-o --output --watch --fit --no-fit --werror --no-werror -j --jobs --shape-threshold --tolerance --max-file-size --max-elements --render-timeout --isolation --app-name --config --no-config -q --quiet -h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    fix)
        case "$prev" in
        -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -j|--jobs) COMPREPLY=(); return ;;
        --shape-threshold) COMPREPLY=(); return ;;
        --tolerance) COMPREPLY=(); return ;;
        --max-file-size) COMPREPLY=(); return ;;
        --max-elements) COMPREPLY=(); return ;;
        --render-timeout) COMPREPLY=(); return ;;
        --isolation) COMPREPLY=($(compgen -W "workers none" -- "$cur")); return ;;
        --app-name) COMPREPLY=(); return ;;
        --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-o --output --in-place --dry-run --fit --no-fit --werror --no-werror -j --jobs --shape-threshold --tolerance --max-file-size --max-elements --render-timeout --isolation --app-name --config --no-config -q --quiet -h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    diff)
        case "$prev" in
        --path-base) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --base) COMPREPLY=(); return ;;
        --base-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W "text json github" -- "$cur")); return ;;
        --page) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -j|--jobs) COMPREPLY=(); return ;;
        --shape-threshold) COMPREPLY=(); return ;;
        --tolerance) COMPREPLY=(); return ;;
        --max-file-size) COMPREPLY=(); return ;;
        --max-elements) COMPREPLY=(); return ;;
        --render-timeout) COMPREPLY=(); return ;;
        --isolation) COMPREPLY=($(compgen -W "workers none" -- "$cur")); return ;;
        --app-name) COMPREPLY=(); return ;;
        --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--path-base --base --base-dir --format --page --fit --no-fit --werror --no-werror -j --jobs --shape-threshold --tolerance --max-file-size --max-elements --render-timeout --isolation --app-name --config --no-config -q --quiet -h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -f -- "$cur"))
        fi
        ;;
    rules)
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-h --help" -- "$cur"))
        else
            COMPREPLY=()
        fi
        ;;
    explain)
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "svg.parse svg.empty svg.external svg.raster svg.text svg.limit svg.dynamic svg.use-cycle glyph.emoji glyph.template color.monochrome color.background size.target size.max size.scaled-down geometry.clipped geometry.off-center geometry.aspect set.stroke-weight set.optical-weight name.invalid name.collision input.unreadable input.empty render.failed render.crashed render.timeout actions.parse actions.count actions.type actions.title actions.emoji actions.app-name actions.truncation actions.icon actions.translation actions.text xcassets.conflict output.conflict output.unwritable app-files.edited app-files.setup config.invalid" -- "$cur"))
        fi
        ;;
    init)
        case "$prev" in
        --app-name) COMPREPLY=(); return ;;
        --from-info-plist) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --strings) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --xcstrings) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--app-name --from-info-plist --strings --xcstrings -h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -d -- "$cur"))
        fi
        ;;
    doctor)
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-h --help" -- "$cur"))
        else
            COMPREPLY=()
        fi
        ;;
    completions)
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur"))
        fi
        ;;
    help)
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "-h --help" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "build check render preview fix diff rules explain init doctor completions help" -- "$cur"))
        fi
        ;;
    esac
}
complete -o filenames -o bashdefault -F _iconforge iconforge
