/* rdt-gridless-io.h: reading, validating and writing gridless scenario files
 * (root element <gridless-scenario>, issue 18).
 *
 * The same safe loader as rdt-scenario-io.h (size and depth limits, no
 * DOCTYPE, no network, the embedded RELAX NG schema), then the model, then
 * rdt_gridless_validate().  Every finding names file, line and element.
 * The writer produces the canonical form of docs/format.md.
 */
#pragma once

#include <gio/gio.h>

#include "rdt-gridless.h"

G_BEGIN_DECLS

/* Structural failures (bad XML, schema, an unreadable point list, a cap
 * exceeded) give NULL and an RDT_FORMAT_ERROR; semantic findings are only
 * diagnostics.  @diagnostics is nullable. */
RdtGridless *rdt_gridless_load_from_bytes (GBytes            *bytes,
                                           const char        *path_for_messages,
                                           GPtrArray         *diagnostics,
                                           GError           **error);
RdtGridless *rdt_gridless_load_from_file  (const char        *path,
                                           GPtrArray         *diagnostics,
                                           GError           **error);
/* Appends the semantic findings (docs/format.md "Gridless checks"). */
void         rdt_gridless_validate        (const RdtGridless *gridless,
                                           GPtrArray         *diagnostics);
/* The canonical form, (transfer full). */
GBytes      *rdt_gridless_to_bytes        (const RdtGridless *gridless,
                                           GError           **error);
/* Writes the canonical form atomically after checking it loads;
 * @keep_backup keeps the replaced file as PATH.bak. */
gboolean     rdt_gridless_save_to_file    (const RdtGridless *gridless,
                                           const char        *path,
                                           gboolean           keep_backup,
                                           GError           **error);

G_END_DECLS
