/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_OPS_TREE_H
#define NFSWEEP_OPS_TREE_H

/*
 * The directory tree an nfsweep-ops job works on, and its bookkeeping.
 * ROOT/dNNN/ holds, for each slot i of the directory:
 *   fI    a full file (ops_file_size): reads, writes, unlink2
 *   eI    an empty file: stat, access, chmod, lock, unlink, rename
 *   lI    a symlink to fI: readlink
 *   cI    absent: create makes it, housekeeping removes it
 *   mI    absent: mkdir makes it, housekeeping removes it
 *   eI.r  absent: rename's target, renamed back by housekeeping
 *   nI    never there: neg_stat
 * A slot is busy from the moment an op picks it until its housekeeping is
 * done, so that two operations in flight never touch the same file and
 * the tree is the same after each op as before it. ROOT/.nfsweep-ops
 * records the shape; a tree of the same shape is reused (and repaired
 * where an interrupted run left it), one of another shape is removed and
 * laid out again.
 */
#include <stddef.h>
#include <stdint.h>

struct ops_tree_shape {
	unsigned int dirs, files_per_dir;
	uint64_t file_size;
};

struct ops_tree {
	char root[4096];
	struct ops_tree_shape shape;
	unsigned int nslots, nbusy;
	int *dir_fd;		    /* per directory, O_DIRECTORY: the *at() calls' dirfd */
	unsigned char *busy;	    /* per slot */
	unsigned char *mode_toggle; /* per slot: chmod alternates 0644 and 0640 */
	uint64_t *cursor;	    /* per slot: seq_read/seq_write's next offset */
	int *fd;		    /* per slot: fI open (the fd cache), or -1 */
	uint64_t *fd_used;	    /* per slot: when fd was last used (LRU) */
	unsigned int nfds;	    /* fds cached */
};

/* The name of kind @k ('f', 'e', 'l', 'c', 'm', 'n', 'r': eI.r) of slot index @i. */
void ops_tree_name(char k, unsigned int i, char *buf, size_t len);

/* Slot @s's directory (index into dir_fd) and its index in it. */
static inline unsigned int ops_tree_dir(const struct ops_tree *t, unsigned int s)
{
	return s / t->shape.files_per_dir;
}
static inline unsigned int ops_tree_idx(const struct ops_tree *t, unsigned int s)
{
	return s % t->shape.files_per_dir;
}

/* Bookkeeping only, no file system: the arrays for @shape. 0, or -ENOMEM. */
int ops_tree_init(struct ops_tree *t, const char *root, const struct ops_tree_shape *shape);

/*
 * A free slot, found from @r (uniformly random over the free ones when few
 * are busy), marked busy; -1 when every slot is busy.
 */
int ops_tree_pick(struct ops_tree *t, uint32_t r);
void ops_tree_release(struct ops_tree *t, unsigned int slot);

/*
 * Lay the tree out at its root, or reuse and repair one of the same shape
 * (see above). Synchronous, untimed: fio's measured window starts later.
 * Opens the directories' fds. 0, or -errno with @err naming the call and
 * the path.
 */
int ops_tree_layout(struct ops_tree *t, char *err, size_t len);

void ops_tree_free(struct ops_tree *t);

#endif
