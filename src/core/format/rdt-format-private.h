/* rdt-format-private.h: what the loaders of the format layer share with the
 * readers of the other document kinds in the Redoubt namespace (a saved game,
 * issue 13; a gridless scenario, issue 18). */
#pragma once

#include <gio/gio.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Parses a <game> document with the scenario loader's settings and checks
 * (size, DOCTYPE refusal, no network or entities, depth and element limits,
 * namespace, format-version, RELAX NG schema).  (transfer full) or NULL with
 * an RDT_FORMAT_ERROR naming file:line and the element. */
xmlDoc *_rdt_format_parse_game (GBytes      *bytes,
                                const char  *path_for_messages,
                                GPtrArray   *diagnostics,
                                GError     **error);
/* Reads @bytes with every safety check of rdt-scenario-io.h (size, DOCTYPE,
 * limits, namespace, version, RELAX NG schema) without building a model.
 * Findings go to @diagnostics (non-NULL).  (transfer full) (nullable): free
 * with xmlFreeDoc. */
xmlDoc *_rdt_format_parse_document (GBytes      *bytes,
                                    const char  *path_for_messages,
                                    GPtrArray   *diagnostics,
                                    GError     **error);
/* The save's fast re-validation (issue 15): TRUE only when @bytes pass
 * rdt_format_check_bytes() without errors, checked without building a tree;
 * FALSE when they may not (then rdt_format_check_bytes() decides). */
gboolean _rdt_format_stream_check_bytes (GBytes *bytes);
/* What every save does before writing: TRUE when @bytes load without
 * errors (the streaming check, then the full one when that is not sure);
 * else FALSE with "Not saving PATH: ..." in @error. */
gboolean _rdt_format_check_bytes_to_save (GBytes      *bytes,
                                          const char  *path,
                                          GError     **error);
/* How many loads the project's structure check decided by itself, and how
 * many it left to libxml2's RELAX NG validation (tests, issue 15). */
void     _rdt_format_structure_counts   (guint *decided,
                                         guint *deferred);

G_END_DECLS
