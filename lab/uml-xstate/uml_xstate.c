// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * uml_xstate.so - lets user-mode-linux 6.1 to 6.12 run on a host whose XSAVE area is larger
 * than the one these kernels were built for (AMX: lab/README.md, exit 90).
 *
 * Such a UML saves and restores each guest thread's floating-point state with
 * ptrace(PTRACE_GETREGSET / PTRACE_SETREGSET, NT_X86_XSTATE) in a buffer of a size fixed when
 * it was built (Debian 12's: 2,696 bytes, x87 to AVX-512 and PKRU). The host kernel hands out
 * a shorter copy of a larger area (AMX's tiles: 11,008 bytes), but takes back only a whole one
 * (arch/x86/kernel/fpu/regset.c: the count must be its size, else EFAULT), and the guest's first
 * process dies: "ptrace set fp regs failed, errno = 14".
 *
 * Preloaded into linux.uml (lab/run), this file's ptrace() gives the host, for such a short
 * PTRACE_SETREGSET, UML's buffer followed by zeros up to the host's size. The header in UML's
 * part (bytes 512-575) names the components present; the host puts every other one in its
 * initial state. Those beyond UML's buffer are AMX's, which a guest cannot use (UML has no
 * arch_prctl(ARCH_REQ_XCOMP_PERM)), so they are in that state anyway. Every other call, and
 * every call on a host whose area fits UML's buffer, passes through unchanged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>

typedef long (*ptrace_fn)(int, ...);

static ptrace_fn real_ptrace;
static size_t xsize; /* the host's XSAVE area, as its ptrace reports it; 0: not read yet */
static unsigned char whole[64 * 1024] __attribute__((aligned(64))); /* > any area (AMX: 11 KiB) */

/* The host's size, read once (a whole copy of the first thread UML asks about). */
static size_t host_xsize(pid_t pid)
{
	struct iovec iov = { whole, sizeof(whole) };

	if (!xsize && real_ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov) == 0)
		xsize = iov.iov_len;
	return xsize;
}

/* A short PTRACE_SETREGSET: UML's part, then zeros to the host's size. */
static long set_xstate(pid_t pid, const struct iovec *u)
{
	struct iovec iov = { whole, xsize };

	memcpy(whole, u->iov_base, u->iov_len);
	memset(whole + u->iov_len, 0, xsize - u->iov_len);
	return real_ptrace(PTRACE_SETREGSET, pid, (void *)NT_X86_XSTATE, &iov);
}

long ptrace(enum __ptrace_request req, ...)
{
	va_list ap;
	pid_t pid;
	void *addr, *data;

	va_start(ap, req);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);
	if (!real_ptrace)
		real_ptrace = (ptrace_fn)dlsym(RTLD_NEXT, "ptrace");
	if (req == PTRACE_SETREGSET && (uintptr_t)addr == NT_X86_XSTATE && data &&
	    ((struct iovec *)data)->iov_len < host_xsize(pid))
		return set_xstate(pid, data);
	return real_ptrace(req, pid, addr, data);
}
