# Homebrew formula for iconforge, kept in iconforge's own repository: the repository is its
# own tap (`brew tap` takes any git repository with a Formula/ folder). docs/homebrew.md
# says how to install from it; Tests/IconForgeEndToEndTests/Onboarding/HomebrewFormulaTests.swift
# checks its Ruby syntax, what it installs against `make install`, and runs its test block.
class Iconforge < Formula
  desc "Check and render iOS quick-action glyphs against Apple's icon template"
  # FILL IN: where iconforge's repository is (as in docs/ci.md), here and in REPOSITORY.
  homepage "https://github.com/OWNER/iconforge"

  REPOSITORY = "https://github.com/OWNER/iconforge".freeze

  # Releases: a tag vVERSION, and GitHub's source archive of it. None has been made yet;
  # the first one sets RELEASE and RELEASE_SHA256 (`shasum -a 256` of the archive), and
  # from then on `brew install iconforge` builds the release.
  RELEASE = nil
  RELEASE_SHA256 = nil
  if RELEASE
    url "#{REPOSITORY}/archive/refs/tags/v#{RELEASE}.tar.gz"
    sha256 RELEASE_SHA256
  end

  # `brew install --HEAD`: the main branch of the repository, or of a local checkout named
  # by HOMEBREW_ICONFORGE_REPOSITORY (Homebrew passes HOMEBREW_* variables on).
  head ENV.fetch("HOMEBREW_ICONFORGE_REPOSITORY", "#{REPOSITORY}.git"), branch: "main"

  # Mutex and Atomic need macOS 15 (Package.swift); Swift 6 comes with Xcode 16.
  depends_on xcode: ["16.0", :build]
  depends_on "pkg-config" => :build
  depends_on macos: :sequoia
  depends_on "libdeflate"
  depends_on "libpng"
  depends_on "librsvg"

  def install
    # What `make tool` builds (SwiftPM's own sandbox cannot run inside Homebrew's), then
    # `make install` itself: the binary, the man page and the bash, zsh and fish
    # completions, in the same places under the prefix.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "iconforge"
    system "make", "install", "BUILD=0", "ICONFORGE=.build/release/iconforge", "PREFIX=#{prefix}"
  end

  test do
    assert_match "iconforge is ready", shell_output("#{bin}/iconforge doctor")
    # A real build: one glyph drawn on the template, rendered to both PNGs and a catalog.
    (testpath/"Glyphs/square.svg").write <<~SVG
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>
    SVG
    assert_match "1 glyph, 2 PNGs, 0 errors, 0 warnings", shell_output("#{bin}/iconforge build 2>&1")
    assert_path_exists testpath/"Output/square@2x.png"
    assert_path_exists testpath/"Output/square@3x.png"
    assert_match "\"square\"", (testpath/"Output/catalog.json").read
  end
end
