# Loads Formula/iconforge.rb without Homebrew, for HomebrewFormulaTests on Linux: a
# stand-in for the parts of Homebrew's Formula DSL the formula uses. It prints, as JSON, what
# the class declares and the commands `install` runs (recorded, not run: the test runs the
# `make install` itself), or runs the `test do` block for real against an installed prefix.
#
#   ruby formula_harness.rb FORMULA describe PREFIX
#   ruby formula_harness.rb FORMULA test PREFIX TESTPATH
require "json"
require "pathname"
require "open3"

class Formula
  @declared = { "depends_on" => [], "head" => nil, "url" => nil }
  class << self
    attr_reader :declared, :test_block

    def inherited(subclass)
      super
      subclass.instance_variable_set(:@declared, { "depends_on" => [], "head" => nil, "url" => nil })
    end

    def desc(text) = @declared["desc"] = text
    def homepage(text) = @declared["homepage"] = text
    def license(value) = @declared["license"] = value.to_s
    def url(text, **) = @declared["url"] = text
    def sha256(text) = @declared["sha256"] = text
    def head(text, **options) = @declared["head"] = { "url" => text, "branch" => options[:branch] }
    def test(&block) = @test_block = block

    def depends_on(spec)
      @declared["depends_on"] << (spec.is_a?(Hash) ? spec.map { |name, kind| [name.to_s, Array(kind).map(&:to_s)] }.first : [spec.to_s, []])
    end
  end

  attr_reader :commands, :prefix, :testpath

  def initialize(prefix, testpath = nil)
    @prefix = Pathname(prefix)
    @testpath = testpath && Pathname(testpath)
    @commands = []
    @running = false
  end

  def bin = prefix/"bin"

  # In `install`, commands are recorded; in `test`, run, as Homebrew runs them.
  def system(*args)
    return @commands << args.map(&:to_s) unless @running

    Kernel.system(*args.map(&:to_s), chdir: testpath.to_s) || raise("failed: #{args.join(" ")}")
  end

  def shell_output(command, expected = 0)
    output, status = Open3.capture2(command, chdir: testpath.to_s)
    raise "#{command}: exit #{status.exitstatus}, not #{expected}\n#{output}" unless status.exitstatus == expected

    output
  end

  def assert_match(pattern, text)
    raise "#{pattern.inspect} not in #{text.inspect}" unless text.match?(pattern.is_a?(String) ? Regexp.new(Regexp.escape(pattern)) : pattern)
  end

  def assert_path_exists(path)
    raise "#{path} does not exist" unless File.exist?(path)
  end

  def run_test
    @running = true
    Dir.chdir(testpath) { instance_eval(&self.class.test_block) }
  end
end

# Homebrew's `<<~SVG` heredocs write through Pathname#write, which makes no folders.
class Pathname
  alias original_write write
  def write(text, *rest)
    dirname.mkpath
    original_write(text, *rest)
  end
end

formula_file, mode, prefix, testpath = ARGV
load formula_file
formula_class = Formula.declared && ObjectSpace.each_object(Class).find { |c| c < Formula }
case mode
when "describe"
  formula = formula_class.new(prefix)
  formula.install
  puts JSON.generate(formula_class.declared.merge("install" => formula.commands))
when "test"
  formula_class.new(prefix, testpath).run_test
  puts "test block passed"
else
  abort "usage: formula_harness.rb FORMULA describe|test PREFIX [TESTPATH]"
end
