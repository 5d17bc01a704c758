/* rdt-diagnostic.h: one finding about a scenario or volume file.
 *
 * Loading, schema validation and semantic validation all report through the same
 * record, so the CLI, the editor and the tests say the same thing.  Every
 * diagnostic names the file and line, the element, what is wrong and what to do.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  RDT_SEVERITY_ERROR,
  RDT_SEVERITY_WARNING,
} RdtSeverity;

typedef struct {
  RdtSeverity severity;
  char *file;      /* (nullable) path as given to the loader */
  int line;        /* 1-based; 0 when unknown */
  char *element;   /* (nullable) element name, e.g. "hexside" */
  char *message;   /* what is wrong, one sentence */
  char *hint;      /* (nullable) what to do about it */
  /* Set by the scenario loader on findings about content of the file that
   * the model could not keep (an element or value it dropped or replaced):
   * saving the loaded scenario writes a file without it (issue 11). */
  gboolean dropped;
  /* Non-zero only in the summary that ends a capped list (see
   * RDT_DIAGNOSTICS_MAX_PER_FILE): how many findings of each severity were
   * counted but not kept.  Its `message` says "and N more". */
  guint n_more_errors;
  guint n_more_warnings;
  /* A warning about a value marked provisional (not stated in the
   * rulebooks or not from the counters). */
  gboolean provisional;
  /* On a summary made by rdt_diagnostics_fold_provisional(): how many
   * provisional warnings about its file it stands for; else 0. */
  guint folded;
} RdtDiagnostic;

/* At most this many findings are kept per file (docs/cli.md, docs/format.md):
 * a hostile file with millions of errors would otherwise take gigabytes.  The
 * rest are counted, not stored, in one summary finding at the end of that
 * file's list ("and 1,899,000 more"). */
#define RDT_DIAGNOSTICS_MAX_PER_FILE 1000

GType          rdt_diagnostic_get_type  (void) G_GNUC_CONST;
#define RDT_TYPE_DIAGNOSTIC (rdt_diagnostic_get_type ())

RdtDiagnostic *rdt_diagnostic_new       (RdtSeverity          severity,
                                         const char          *file,
                                         int                  line,
                                         const char          *element,
                                         const char          *message,
                                         const char          *hint);
RdtDiagnostic *rdt_diagnostic_copy      (const RdtDiagnostic *diagnostic);
void           rdt_diagnostic_free      (RdtDiagnostic       *diagnostic);

/* "FILE:LINE: error|warning: <element>: MESSAGE (HINT)"; (transfer full). */
char          *rdt_diagnostic_to_string (const RdtDiagnostic *diagnostic);
const char    *rdt_severity_to_string   (RdtSeverity          severity);

/* A GPtrArray that frees its RdtDiagnostic elements; (transfer full). */
GPtrArray     *rdt_diagnostics_new      (void);
/* Appends @diagnostic (transfer full) to @diagnostics, unless that array
 * already holds RDT_DIAGNOSTICS_MAX_PER_FILE findings for the same file: then
 * the finding is only counted in the file's summary and freed.  Every producer
 * of findings adds them through here. */
void           rdt_diagnostics_add      (GPtrArray           *diagnostics,
                                         RdtDiagnostic       *diagnostic);
/* Whether @diagnostic is the "and N more" summary of a capped list. */
gboolean       rdt_diagnostic_is_summary (const RdtDiagnostic *diagnostic);
/* Counts the diagnostics of one severity in an array (nullable), including
 * those counted but not kept by rdt_diagnostics_add(). */
guint          rdt_diagnostics_count    (GPtrArray           *diagnostics,
                                         RdtSeverity          severity);
/* A copy of @diagnostics in which the provisional warnings of each file are
 * one summary warning, in the place of the first (issue 16); @volume_file
 * and @volume_title (nullable) name the volume in its summary.
 * (transfer full). */
GPtrArray     *rdt_diagnostics_fold_provisional (GPtrArray  *diagnostics,
                                                 const char *volume_file,
                                                 const char *volume_title);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtDiagnostic, rdt_diagnostic_free)

G_END_DECLS
