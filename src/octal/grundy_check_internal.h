/* The files a grundy run or a census names, checked before it starts, so
 * that a run of hours never ends by finding an output unusable (which
 * options apply to which command is the commands' option tables' to say):
 *  - each file the run writes is its own: --spill, --values-out,
 *    --checkpoint (a census's CHECKPOINT.seconds too), --certificate and
 *    --markdown name different files, none of them --resume's (but
 *    --checkpoint, which may be the checkpoint resumed) or --verify's. Two
 *    names are one file when they are the same file (device and inode)
 *    or, where neither exists yet, the same name in the same directory;
 *  - a file replaced whole (the checkpoint of a table, the certificate,
 *    the census's table: replace_file_internal.h) can be, and the spill file and a
 *    census's checkpoint are regular files or none yet.
 * CG_ERR_USAGE saying what clashes, or CG_ERR_IO with the system's reason. */
#ifndef CGSOLVE_GRUNDY_CHECK_H
#define CGSOLVE_GRUNDY_CHECK_H

#include "core/options_internal.h"
#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

cg_status cg_grundy_check(const cg_options *options, cg_error *err);

#ifdef __cplusplus
}
#endif

#endif
