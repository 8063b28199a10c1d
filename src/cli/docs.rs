//! `bbconv completions SHELL` and `bbconv man`: shell completions and the roff man page, both
//! generated from the clap definition (the files in `completions/` are these outputs, committed).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use bbconv_board::Numbering;
use bbconv_forms::{detection_rules, Format};
use clap_complete::Shell;

use super::args::EXIT_CODES;

/// clap_complete's elvish and PowerShell scripts complete flags only; this adds the values of
/// `-f`/`-t` (every form) and `--order`/`--to-order` (every order), as bash, zsh and fish have.
fn add_value_completion(shell: Shell, script: String) -> String {
    let forms: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
    let orders: Vec<&str> = Numbering::all().map(Numbering::name).collect();
    match shell {
        Shell::Elvish => {
            let hook = format!(
                "set edit:completion:arg-completer[bbconv] = {{|@words|\n    var prev = ''\n    if (> (count $words) 2) {{\n        set prev = $words[-2]\n    }}\n    if (has-value [-f --from -t --to] $prev) {{\n        put {}\n    }} elif (has-value [--order --to-order] $prev) {{\n        put {}\n    }} else {{\n",
                forms.join(" "),
                orders.join(" ")
            );
            script
                .replacen(
                    "set edit:completion:arg-completer[bbconv] = {|@words|\n",
                    &hook,
                    1,
                )
                .replacen(
                    "    $completions[$command]\n}",
                    "    $completions[$command]\n    }\n}",
                    1,
                )
        }
        Shell::PowerShell => {
            let quote = |v: &[&str]| {
                v.iter()
                    .map(|x| format!("'{x}'"))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let hook = format!(
                "    $commandElements = $commandAst.CommandElements\n    $previous = if ($wordToComplete) {{ $commandElements[-2] }} else {{ $commandElements[-1] }}\n    $values = switch -regex (\"$previous\") {{\n        '^(-f|--from|-t|--to)$' {{ @({}) }}\n        '^(--order|--to-order)$' {{ @({}) }}\n        default {{ $null }}\n    }}\n    if ($values) {{\n        return $values.Where{{ $_ -like \"$wordToComplete*\" }} | ForEach-Object {{ [CompletionResult]::new($_, $_, [CompletionResultType]::ParameterValue, $_) }}\n    }}\n",
                quote(&forms),
                quote(&orders)
            );
            script.replacen(
                "    $commandElements = $commandAst.CommandElements\n",
                &hook,
                1,
            )
        }
        _ => script,
    }
}

pub(crate) fn completions(shell: Shell, mut cmd: clap::Command) -> Result<ExitCode> {
    let mut raw = Vec::new();
    clap_complete::generate(shell, &mut cmd, "bbconv", &mut raw);
    let out = add_value_completion(shell, String::from_utf8_lossy(&raw).into_owned()).into_bytes();
    let mut w = io::stdout().lock();
    w.write_all(&out)?;
    w.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn roff_escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('-', "\\-")
        .replace('\'', "\\(aq")
}

fn line_start(s: &str) -> String {
    // A roff line must not start with a period or an apostrophe.
    let e = roff_escape(s);
    if e.starts_with('.') {
        format!("\\&{e}")
    } else {
        e
    }
}

pub(crate) fn man(cmd: clap::Command) -> Result<ExitCode> {
    let man = clap_mangen::Man::new(cmd.clone())
        .section("1")
        .manual("bbconv manual");
    let mut out: Vec<u8> = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    man.render_subcommands_section(&mut out)?;
    for sub in cmd.get_subcommands() {
        let name = format!("bbconv {}", sub.get_name());
        let sub = sub.clone().name(name.clone()).bin_name(name.clone());
        let m = clap_mangen::Man::new(sub);
        let mut buf = Vec::new();
        m.render_synopsis_section(&mut buf)?;
        m.render_description_section(&mut buf)?;
        m.render_options_section(&mut buf)?;
        m.render_extra_section(&mut buf)?;
        let text = String::from_utf8_lossy(&buf)
            .replace(".SH SYNOPSIS", &format!(".SH \"{}\"", name.to_uppercase()))
            .replace(".SH DESCRIPTION\n", "")
            .replace(".SH OPTIONS", ".SS Options")
            .replace(".SH EXTRA", ".SS Examples");
        out.extend_from_slice(text.as_bytes());
    }
    let mut extra = String::new();
    extra.push_str(".SH FORMS\nUsed with \\-f (input) and \\-t (output). N = W*H squares.\n");
    for f in Format::ALL {
        extra.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n.br\nExample: {}\n",
            roff_escape(f.name()),
            line_start(f.description()),
            line_start(f.example())
        ));
    }
    extra.push_str(".SH DETECTION\n");
    for r in detection_rules() {
        extra.push_str(&format!("{}\n.br\n", line_start(&r)));
    }
    extra.push_str(".SH SQUARE ORDERS\nBit i of a number is the square whose index is i under the order (\\-\\-order, \\-\\-to\\-order). File f counts from the west and rank r from the south, from 0.\n");
    for o in Numbering::all() {
        extra.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}\n",
            o.name(),
            roff_escape(o.formula())
        ));
    }
    extra.push_str(".SH \"EXIT STATUS\"\n");
    for l in EXIT_CODES.lines().skip(1) {
        let l = l.trim();
        if let Some((code, text)) = l.split_once("  ") {
            extra.push_str(&format!(
                ".TP\n\\fB{code}\\fR\n{}\n",
                line_start(text.trim())
            ));
        }
    }
    extra.push_str(".SH ENVIRONMENT\n.TP\n\\fBNO_COLOR\\fR\nWhen set and not empty, \\-\\-color auto does not colour.\n");
    out.extend_from_slice(extra.as_bytes());
    man.render_version_section(&mut out)?;
    let mut w = io::stdout().lock();
    w.write_all(&out)?;
    w.flush()?;
    Ok(ExitCode::SUCCESS)
}
