/*
 * Keeps a closed standard output unwritable, so that `partlab lesson >&-` fails (exit 1)
 * instead of printing into nothing and reporting success.
 *
 * Why C: before `main`, Rust's runtime reopens a closed descriptor 0, 1 or 2 on /dev/null
 * (read-write), after which a closed stdout cannot be told from a redirection to /dev/null,
 * and the workspace forbids the `unsafe` a Rust constructor would need. This constructor runs
 * before that runtime: if descriptor 1 is not open, it puts a read-only /dev/null there. The
 * runtime then leaves it alone, and every write the CLI makes to it fails with EBADF, which
 * `main` reports as "standard output is closed or not open for writing".
 */
#include <fcntl.h>
#include <unistd.h>

__attribute__((constructor)) static void partlab_keep_closed_stdout_unwritable(void) {
    if (fcntl(1, F_GETFD) != -1) {
        return;
    }
    /* The lowest free descriptor: 1, unless 0 is closed too; then move it to 1 and let the
     * runtime give 0 its usual /dev/null. */
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0 && fd != 1) {
        dup2(fd, 1);
        close(fd);
    }
}
