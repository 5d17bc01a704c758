/* rdt-format-private.h: the safe XML parse, for the layers above that read
 * their own documents in the Redoubt namespace (a saved game, issue 13). */
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

G_END_DECLS
