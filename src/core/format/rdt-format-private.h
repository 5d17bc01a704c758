/* rdt-format-private.h: what the loaders of the format layer share (issue 18). */
#pragma once

#include <gio/gio.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Reads @bytes with every safety check of rdt-scenario-io.h (size, DOCTYPE,
 * limits, namespace, version, RELAX NG schema) without building a model.
 * Findings go to @diagnostics (non-NULL).  (transfer full) (nullable): free
 * with xmlFreeDoc. */
xmlDoc *_rdt_format_parse_document (GBytes      *bytes,
                                    const char  *path_for_messages,
                                    GPtrArray   *diagnostics,
                                    GError     **error);

G_END_DECLS
