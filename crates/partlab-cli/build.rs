//! Links `guard/closed_stdout.c` into the `partlab` binary on Unix: a constructor that keeps a
//! closed standard output unwritable (see the file for why it is C). Without a C compiler the
//! binary is built without it and a closed stdout is quietly the /dev/null Rust's runtime puts
//! there; the build says so.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=guard/closed_stdout.c");
    println!("cargo:rerun-if-env-changed=CC");
    if std::env::var_os("CARGO_CFG_UNIX").is_none() {
        return;
    }
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return;
    };
    let object = out_dir.join("closed_stdout.o");
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let compiled = Command::new(&compiler)
        .args(["-c", "-O2", "-fPIC", "guard/closed_stdout.c", "-o"])
        .arg(&object)
        .status()
        .is_ok_and(|s| s.success());
    if compiled {
        // An object file on the link line is always linked (an archive's unreferenced
        // members would be dropped, and nothing references a constructor).
        println!("cargo:rustc-link-arg-bins={}", object.display());
    } else {
        println!(
            "cargo:warning=no C compiler ({compiler}): `partlab >&-` will not report the closed stdout"
        );
    }
}
