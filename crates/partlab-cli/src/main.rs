//! `partlab`: the lab's partitioning core on the command line, for instructors and scripts.
//!
//! Run `partlab help` for the commands. With `--json` every command prints one JSON object on
//! stdout. The tool answers, it never crashes: exit 0 on success (also when the reader of the
//! output goes away early, as with `| head`), 2 with one line on stderr for bad input, 1 with
//! one line on stderr when the output cannot be written (a full disk, a closed stdout, a
//! descriptor open for reading only).
//!
//! Code map: `args` is the command line's grammar (clap), `commands` computes and prints,
//! `key_file` reads `--key-file` within the core's limits, `text` escapes user text for the
//! terminal. This file turns every outcome into an exit code and at most one line on stderr.

mod args;
mod chapter;
mod cli;
mod commands;
mod import;
mod key_file;
mod panels;
mod quiz;
mod study;
mod text;
mod zoo;

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches};
use partlab_core::config::ConfigError;
use partlab_lab::i18n;
use partlab_lab::state::Lang;

use crate::cli::Cli;
use crate::key_file::KeyFileError;
use crate::text::shown;

/// Everything that stops a command, each shown as one line on stderr.
#[derive(Debug)]
pub(crate) enum CliError {
    /// The command line is wrong; the message is complete (with its pointer to the help).
    Usage(String),
    /// The core refused the configuration or the keys.
    Config(ConfigError),
    /// An input file (a listing for `import`) could not be read; the message is complete.
    Input(String),
    /// `--key-file` could not be used.
    KeyFile {
        /// The file as given.
        path: PathBuf,
        /// What is wrong with it.
        error: KeyFileError,
    },
    /// Writing the output failed.
    Output(io::Error),
}

impl CliError {
    /// Bad input is 2, as for clap's own errors; an output that cannot be written is 1.
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Output(_) => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) | CliError::Input(m) => f.write_str(m),
            // The lab holds every user-facing wording of the core's errors.
            CliError::Config(e) => f.write_str(&i18n::config_error(Lang::En, e)),
            CliError::KeyFile { path, error } => match error {
                KeyFileError::Open(_) | KeyFileError::Read { .. } | KeyFileError::NoKeys => {
                    write!(f, "key file {}: {error}", path.display())
                }
                _ => write!(f, "key file {error}"),
            },
            CliError::Output(e) if is_bad_descriptor(e) => f.write_str(
                "cannot write output: standard output is closed or not open for writing",
            ),
            CliError::Output(e) => write!(f, "cannot write output: {e}"),
        }
    }
}

impl From<ConfigError> for CliError {
    fn from(e: ConfigError) -> Self {
        CliError::Config(e)
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Output(e)
    }
}

/// The whole command line: the commands declared in [`args`] and each study chapter's,
/// made from its field table ([`chapter`]).
fn full_command() -> clap::Command {
    chapter::chapters().fold(Cli::command(), |cmd, (c, def)| {
        cmd.subcommand(chapter::command(c, def))
    })
}

/// The subcommand path named by the arguments (`partlab`, `partlab dist`,
/// `partlab sweep movement`), for pointing at the right help.
fn command_path(args: &[OsString]) -> String {
    let mut path = vec!["partlab".to_owned()];
    let mut command = full_command();
    for arg in args.iter().skip(1) {
        let Some(sub) = arg
            .to_str()
            .and_then(|name| command.find_subcommand(name))
            .filter(|sub| sub.get_name() != "help")
        else {
            break;
        };
        path.push(sub.get_name().to_owned());
        let sub = sub.clone();
        command = sub;
    }
    path.join(" ")
}

/// The subcommand paths that accept the long option `--name`.
fn commands_with_option(name: &str) -> Vec<String> {
    fn walk(command: &clap::Command, path: &str, name: &str, found: &mut Vec<String>) {
        if command.get_arguments().any(|a| a.get_long() == Some(name)) {
            found.push(path.to_owned());
        }
        for sub in command.get_subcommands() {
            walk(sub, &format!("{path} {}", sub.get_name()), name, found);
        }
    }
    let mut found = Vec::new();
    walk(&full_command(), "partlab", name, &mut found);
    found
}

/// clap's message as one line: its paragraphs (the error and any tip) without the usage
/// block, which `--help` shows in full.
fn one_line(e: &clap::Error) -> String {
    // `ansi()` keeps the text as given (clap's styles are plain, so it adds no codes of its
    // own); `Display` would strip escape sequences a user typed, hiding them from `shown`.
    let rendered = e.render().ansi().to_string();
    let body = rendered.trim().trim_start_matches("error: ");
    body.split("\n\n")
        .filter(|p| !p.starts_with("Usage:") && !p.starts_with("For more information"))
        .map(|p| {
            p.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// A clap error as one line, made specific where clap's own is vague.
fn usage_error(e: &clap::Error, args: &[OsString]) -> CliError {
    let path = command_path(args);
    let not_utf8 = args.iter().any(|a| a.to_str().is_none());
    let message = match e.kind() {
        // clap reports a non-UTF-8 command or option name as unknown, with the bytes
        // replaced: the real problem is the encoding.
        ErrorKind::InvalidUtf8 | ErrorKind::InvalidSubcommand | ErrorKind::UnknownArgument
            if not_utf8 =>
        {
            let (position, arg) = args
                .iter()
                .enumerate()
                .skip(1)
                .find(|(_, a)| a.to_str().is_none())
                .map_or((0, String::new()), |(i, a)| {
                    (i, a.to_string_lossy().into_owned())
                });
            format!("argument {position} is not valid UTF-8 text (\"{arg}\", shown with � for the bytes that are not)")
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let mut command = full_command();
            for name in path.split(' ').skip(1) {
                if let Some(sub) = command.find_subcommand(name).cloned() {
                    command = sub;
                }
            }
            let names: Vec<&str> = command
                .get_subcommands()
                .map(clap::Command::get_name)
                .filter(|&n| n != "help")
                .collect();
            format!("`{path}` needs a command: {}", names.join(" or "))
        }
        ErrorKind::UnknownArgument => {
            let option = match e.get(ContextKind::InvalidArg) {
                Some(ContextValue::String(s)) => s.clone(),
                _ => String::new(),
            };
            let name = option
                .strip_prefix("--")
                .map(|o| o.split('=').next().unwrap_or(o))
                .unwrap_or_default();
            let elsewhere = if name.is_empty() {
                Vec::new()
            } else {
                commands_with_option(name)
            };
            if elsewhere.is_empty() {
                one_line(e)
            } else {
                format!(
                    "--{name} does not apply to `{path}`; it is an option of `{}`",
                    elsewhere.join("`, `")
                )
            }
        }
        _ => one_line(e),
    };
    CliError::Usage(format!("{message} (see `{path} --help`)"))
}

/// Parses and runs the command, writing to `out`.
fn run(args: &[OsString], out: &mut dyn Write) -> Result<(), CliError> {
    let matches = match full_command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            write!(out, "{e}")?;
            return Ok(());
        }
        Err(e) => return Err(usage_error(&e, args)),
    };
    if let Some((c, def, sub)) = matches
        .subcommand()
        .and_then(|(name, sub)| chapter::by_name(name).map(|(c, def)| (c, def, sub)))
    {
        return chapter::run(c, def, sub, out);
    }
    let cli = Cli::from_arg_matches(&matches).map_err(|e| usage_error(&e, args))?;
    match cli.command {
        Some(command) => commands::run(command, out),
        // No command: the help, as `partlab help` would print it, rather than an error.
        None => Ok(write!(out, "{}", full_command().render_help())?),
    }
}

/// Whether `e` is EBADF: the descriptor is closed, or open for reading only.
fn is_bad_descriptor(e: &io::Error) -> bool {
    // EBADF is 9 on Linux, the BSDs and macOS.
    cfg!(unix) && e.raw_os_error() == Some(9)
}

/// Standard output, written so that every failure is seen. The standard library's `Stdout`
/// reports success for writes that fail with EBADF (a closed stdout, or `1<file`), so on Unix
/// the output goes through a `File` of its own copy of descriptor 1 instead. A stdout closed
/// before the program started is kept unwritable by `guard/closed_stdout.c` (see `build.rs`).
/// This is the one place every subcommand's output passes through.
fn stdout() -> Box<dyn Write> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(std::fs::File::from(fd));
        }
    }
    Box::new(io::stdout().lock())
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let mut out = BufWriter::new(stdout());
    let result = run(&args, &mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`partlab lesson | head -1`): it has what it wanted, so this
        // is a quiet success, as for other Unix filters.
        Err(CliError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            // Nothing more can be done if stderr itself fails, so that error is dropped; the
            // exit code still tells.
            let _ = writeln!(io::stderr(), "partlab: {}", shown(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}
