"""``torchpatch check``: flag outdated PyTorch usage in Python files, for people, CI and pre-commit.

Exit status: 0 nothing found, 1 findings, 2 a usage error or an input that could not be checked
(a missing path, a file that does not parse or decode, a link loop, a file over the size limit).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import cli

EXIT_USAGE = 2


@cli.command()
@click.argument("files", nargs=-1, type=click.Path())
@click.option("--torch-version", "--target-version", "torch_version", metavar="V",
              help="The torch release the code must run on, e.g. 2.12 [default: target-version in "
                   "[tool.torchpatch], else the pinned build].")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif", "github"]), default=None,
              help="text (default), json ({findings, errors, files}), sarif (SARIF 2.1.0 for code scanning) "
                   "or github (workflow annotations).")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--select", multiple=True, metavar="RULES",
              help="Only these rules: codes (TP112), code prefixes (TP1) or names (qr-removed, globs allowed); "
                   "comma-separated. Replaces select in the config file.")
@click.option("--ignore", multiple=True, metavar="RULES", help="Not these rules (as --select). Replaces ignore "
              "in the config file.")
@click.option("--severity", type=click.Choice(["error", "warning", "info"]), default=None,
              help="The lowest severity reported [default: info, everything].")
@click.option("--exclude", multiple=True, metavar="GLOB", help="Skip files and folders matching GLOB "
              "(replaces exclude in the config file).")
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
              help="Read [tool.torchpatch] from this pyproject.toml instead of the nearest one.")
@click.option("--isolated", is_flag=True, help="Read no configuration file.")
@click.option("--fix", is_flag=True, help="Rewrite the files where the fix is mechanical and safe ([*] in the text).")
@click.option("--diff", "show_diff", is_flag=True, help="Print the --fix rewrites as a unified diff; change nothing.")
@click.option("--list-rules", is_flag=True, help="List the rule codes, names, severities and sections, then exit.")
def check(files, torch_version, fmt, as_json, select, ignore, severity, exclude, config_file, isolated, fix,
          show_diff, list_rules):
    """Check FILES (Python files or folders; - reads stdin) without running them.

    Reports each use of an API the references mark as removed, renamed, deprecated or changed
    for the target torch version, with its code (TP112) and name (qr-removed). Configuration:
    [tool.torchpatch] in the nearest pyproject.toml (select, ignore, per-file-ignores,
    target-version, exclude, severity, help-uri); flags override it. A line ending in
    `# noqa`, `# noqa: TP112` or `# torchpatch: ignore[qr-removed]` is not reported. Exit status:
    0 clean, 1 findings, 2 usage error (an unknown rule, a bad config) or files that could not be
    checked (each is reported with its reason).
    """
    from torchpatch.validators.gcthreshold import fewer_collections

    # The whole command, not only the walk: its imports and the rule set make ~100k objects that live as long
    # as the process, which young collections would traverse again and again for nothing (~2% of a small check).
    with fewer_collections():
        from torchpatch.validators.checker import CheckReport, check_paths, default_rules
        from torchpatch.validators.checker.options import resolve
        from torchpatch.validators.checker.output import render, summary
        from torchpatch.validators.errors import TorchpatchError

        try:
            rules = default_rules()
            if list_rules:
                _list_rules(rules)
                return
            if not files:
                raise click.UsageError("give at least one FILE or folder (or - for stdin)")
            fmt = "json" if as_json and fmt is None else fmt or "text"
            options = resolve(files, rules, select=select, ignore=ignore, severity=severity,
                              torch_version=torch_version, exclude=exclude, config_file=config_file, isolated=isolated)
            selection, torch_version, exclude, config = (options.selection, options.torch_version, options.exclude,
                                                         options.config)
            paths = [f for f in files if f != "-"]
            report = check_paths(paths, torch_version, rules=rules, selection=selection,
                                 exclude=exclude) if paths else CheckReport()
            if "-" in files:
                _check_stdin(report, torch_version, rules, selection)
            if fix or show_diff:
                _fix(report, torch_version, rules, selection, write=fix, show_diff=show_diff)
        except TorchpatchError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(EXIT_USAGE)
        report.findings.sort()
        version = _version() if fmt == "sarif" else ""  # only SARIF names it; reading it costs start-up time
        output = render(report, fmt, version=version, rules={r.id: r for r in rules.rules}, help_uri=config.help_uri)
        if output and not (show_diff and fmt == "text"):
            click.echo(output)
        if fmt == "text":
            click.echo(summary(report), err=True)
        sys.exit(report.exit_code)


def _check_stdin(report, torch_version, rules, selection) -> None:
    from torchpatch.validators.checker import FileError, check_source
    from torchpatch.validators.checker.check import ParseError
    from torchpatch.validators.errors import InvalidInput, TorchpatchError

    if sys.stdin is None or sys.stdin.closed:
        report.errors.append(FileError("<stdin>", "there is no stdin to read"))
        return
    try:
        code = _decode_python(sys.stdin.buffer.read())
    except (UnicodeDecodeError, SyntaxError, LookupError) as exc:  # the other files' findings still count
        report.errors.append(FileError("<stdin>", f"does not decode: {exc}"))
        return
    try:
        report.findings += check_source(code, torch_version, "<stdin>", rules=rules, selection=selection)
        report.files += 1
    except ParseError as exc:
        report.errors.append(FileError("<stdin>", f"does not parse: {exc.reason}", exc.line, exc.column))
    except InvalidInput as exc:  # an unknown rule in a suppression comment
        report.errors.append(FileError("<stdin>", str(exc).removeprefix("<stdin>: ")))
    except TorchpatchError as exc:  # too large, or nested too deeply to check
        report.errors.append(FileError("<stdin>", str(exc)))


def _decode_python(data: bytes) -> str:
    """As Python reads a source file: a PEP 263 coding line or a BOM, else UTF-8."""
    from torchpatch.validators.checker.source import source_encoding

    return data.decode(source_encoding(data))


def _fix(report, torch_version, rules, selection, *, write: bool, show_diff: bool) -> None:
    """Rewrite (or diff) each file with fixable findings; what was fixed leaves the report."""
    from torchpatch.validators.checker.fixes import fix_files

    for name, original, result in fix_files(report, torch_version, rules, selection, write=write):
        if show_diff:
            click.echo(result.diff(original.removeprefix("\ufeff"), Path(name).as_posix()), nl=False)
        if write:
            click.echo(f"fixed {len(result.fixed)} in {name}", err=True)


def _list_rules(rules) -> None:
    for rule in sorted(rules.rules, key=lambda r: (r.code or "~", r.id)):
        fixable = " (fixable)" if rule.rewrite else ""
        click.echo(f"{rule.code or '-':6} {rule.id}  [{rule.severity}, torch >= {rule.version}]{fixable}  {rule.section}")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pytorch-knowledge-patch")
    except PackageNotFoundError:
        return "0"
