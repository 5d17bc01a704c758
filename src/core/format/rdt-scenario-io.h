/* rdt-scenario-io.h: reading and writing .redoubt scenario files and volume files.
 *
 * The loader reads the bytes itself (at most RDT_FORMAT_MAX_BYTES), refuses any
 * DOCTYPE, parses from memory without network, DTD loading, entity
 * substitution, XInclude, recovery or XML_PARSE_HUGE, validates against the
 * RELAX NG schema embedded from data/schema/redoubt.rng, then builds the model.
 * Files that cannot be loaded give NULL and an RDT_FORMAT_ERROR naming
 * file:line and the element, and the same finding as an RdtDiagnostic.
 * Semantic problems do not stop loading: the scenario load functions run
 * rdt_scenario_validate() themselves and append its findings (errors and
 * provisional-value warnings), so callers need not call it again on a
 * freshly loaded scenario; call it after edits.
 *
 * The writer produces the one canonical form (docs/format.md), so loading and
 * saving a canonical file reproduces it byte for byte.
 */
#pragma once

#include <gio/gio.h>

#include "rdt-scenario.h"
#include "rdt-volume.h"

G_BEGIN_DECLS

#define RDT_FORMAT_NAMESPACE "urn:x-redoubt:format"
#define RDT_FORMAT_VERSION 1
#define RDT_FORMAT_MAX_BYTES (64 * 1024 * 1024)
#define RDT_FORMAT_MAX_DEPTH 32
#define RDT_FORMAT_MAX_ELEMENTS 2000000

#define RDT_FORMAT_ERROR (rdt_format_error_quark ())

typedef enum {
  RDT_FORMAT_ERROR_IO,             /* cannot read the file */
  RDT_FORMAT_ERROR_TOO_BIG,        /* size, depth or element count */
  RDT_FORMAT_ERROR_DOCTYPE,        /* a DOCTYPE (DTDs and entities are refused) */
  RDT_FORMAT_ERROR_MALFORMED,      /* not well-formed XML */
  RDT_FORMAT_ERROR_NAMESPACE,      /* wrong or missing namespace */
  RDT_FORMAT_ERROR_NEWER_VERSION,  /* format-version newer than this program */
  RDT_FORMAT_ERROR_SCHEMA,         /* RELAX NG validation failed */
  RDT_FORMAT_ERROR_INVALID,        /* schema-valid but cannot be built (unknown type...) */
  RDT_FORMAT_ERROR_VOLUME,         /* the referenced volume cannot be found or loaded */
} RdtFormatError;

GQuark       rdt_format_error_quark        (void);

RdtScenario *rdt_scenario_load_from_file   (const char   *path,
                                            GPtrArray    *diagnostics,
                                            GError      **error);
RdtScenario *rdt_scenario_load_from_bytes  (GBytes       *bytes,
                                            const char   *path_for_messages,
                                            GPtrArray    *diagnostics,
                                            GError      **error);
/* Like rdt_scenario_load_from_bytes(); @file_findings (nullable) also
 * receives copies of the findings the loader itself reported about this file
 * (well-formedness, schema, building the model), not the validator's, which
 * rdt_scenario_validate() recomputes from the model.  Those with
 * RdtDiagnostic.dropped name content the model could not keep: saving the
 * scenario writes a file without it (issue 11; docs/editor.md). */
RdtScenario *rdt_scenario_load_from_bytes_full (GBytes     *bytes,
                                               const char *path_for_messages,
                                               GPtrArray  *diagnostics,
                                               GPtrArray  *file_findings,
                                               GError    **error);
/* The canonical form, (transfer full). */
GBytes      *rdt_scenario_to_bytes         (RdtScenario  *scenario,
                                            GError      **error);
/* Writes the canonical form atomically and records the path and checksum. */
gboolean     rdt_scenario_save_to_file     (RdtScenario  *scenario,
                                            const char   *path,
                                            GError      **error);
/* Like rdt_scenario_save_to_file() with @canonical, what
 * rdt_scenario_to_bytes() returned for @scenario unchanged since, so that a
 * caller that already has them does not serialise twice (issue 15,
 * `redoubt-cli format`).  The bytes are re-validated all the same. */
gboolean     rdt_scenario_save_bytes_to_file (RdtScenario *scenario,
                                              GBytes      *canonical,
                                              const char  *path,
                                              GError     **error);

/* Volume files (data/volumes/<id>.xml, root element <volume>). */
RdtVolume   *rdt_volume_load_from_file     (const char   *path,
                                            GPtrArray    *diagnostics,
                                            GError      **error);
RdtVolume   *rdt_volume_load_from_bytes    (GBytes       *bytes,
                                            const char   *path_for_messages,
                                            GPtrArray    *diagnostics,
                                            GError      **error);
GBytes      *rdt_volume_to_bytes           (RdtVolume    *volume,
                                            GError      **error);
gboolean     rdt_volume_save_to_file       (RdtVolume    *volume,
                                            const char   *path,
                                            GError      **error);

/* Finds data/volumes/<id>.xml: $REDOUBT_DATADIR, then SOURCE_DATADIR (when
 * it exists: running from the source tree), then PKGDATADIR.  (transfer full,
 * nullable). */
char        *rdt_volume_find_file          (const char   *id);

/* Only checks that the bytes are safe to parse and schema-valid (no model):
 * what `xmllint --relaxng data/schema/redoubt.rng` says, plus the DOCTYPE
 * refusal and limits. */
gboolean     rdt_format_check_bytes        (GBytes       *bytes,
                                            const char   *path_for_messages,
                                            GPtrArray    *diagnostics,
                                            GError      **error);

G_END_DECLS
