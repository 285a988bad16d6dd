/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_FIO_FIO_KNOWS_H
#define NFSWEEP_FIO_FIO_KNOWS_H

/*
 * What the fio that will run the points knows, asked before the first
 * point (fio --enghelp, fio --cmdhelp), so that a sweep of a mistyped
 * engine or option ends at once with exit 2 instead of as a file of
 * fio_error rows. Each runs fio without a shell.
 */
#include <stddef.h>

/*
 * Can @fio load the engine @engine (a built-in's name, or external:PATH)?
 * 0, or -1 with @err naming @opt and fio's own words, -2 when the engine
 * was built for another fio's FIO_IOOPS_VERSION (@err says what to do).
 */
int fio_knows_engine(const char *fio, const char *opt, const char *engine, char *err, size_t len);

/*
 * Is @key an option of fio's (--cmdhelp) or of one of the @nengines
 * engines (--enghelp=ENGINE,KEY: an engine's options are not in
 * --cmdhelp)? 0, or -1 with @err.
 */
int fio_knows_option(const char *fio, const char *key, const char *const *engines, size_t nengines,
		     char *err, size_t len);

#endif
