#!/usr/bin/python3
"""without_io_uring.py COMMAND [ARG...]

Runs COMMAND with io_uring_setup(2) refused by the kernel (EPERM), as
kernel.io_uring_disabled=2 refuses it (Linux 6.6 and later) and as the
seccomp profiles of container runtimes do. A real refusal through a seccomp
filter (libseccomp's Python binding), not a mock: the lab's kernel (6.1)
predates the sysctl, and the host's must not be changed by a test.
Debian's python3-seccomp, hence /usr/bin/python3."""
import errno
import os
import sys

import seccomp

if len(sys.argv) < 2:
    sys.exit(__doc__)
flt = seccomp.SyscallFilter(seccomp.ALLOW)
flt.add_rule(seccomp.ERRNO(errno.EPERM), "io_uring_setup")
flt.load()
os.execvp(sys.argv[1], sys.argv[1:])
