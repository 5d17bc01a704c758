/* rdt-diagnostic.c: one finding about a file. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rdt-diagnostic.h"

G_DEFINE_BOXED_TYPE (RdtDiagnostic, rdt_diagnostic, rdt_diagnostic_copy, rdt_diagnostic_free)

RdtDiagnostic *
rdt_diagnostic_new (RdtSeverity  severity,
                    const char  *file,
                    int          line,
                    const char  *element,
                    const char  *message,
                    const char  *hint)
{
  RdtDiagnostic *d = g_new0 (RdtDiagnostic, 1);

  d->severity = severity;
  d->file = g_strdup (file);
  d->line = line;
  d->element = g_strdup (element);
  d->message = g_strdup (message);
  d->hint = g_strdup (hint);
  return d;
}

RdtDiagnostic *
rdt_diagnostic_copy (const RdtDiagnostic *diagnostic)
{
  RdtDiagnostic *copy;

  g_return_val_if_fail (diagnostic != NULL, NULL);

  copy = rdt_diagnostic_new (diagnostic->severity, diagnostic->file, diagnostic->line,
                             diagnostic->element, diagnostic->message, diagnostic->hint);
  copy->dropped = diagnostic->dropped;
  return copy;
}

void
rdt_diagnostic_free (RdtDiagnostic *diagnostic)
{
  if (diagnostic == NULL)
    return;
  g_free (diagnostic->file);
  g_free (diagnostic->element);
  g_free (diagnostic->message);
  g_free (diagnostic->hint);
  g_free (diagnostic);
}

const char *
rdt_severity_to_string (RdtSeverity severity)
{
  return severity == RDT_SEVERITY_ERROR ? "error" : "warning";
}

char *
rdt_diagnostic_to_string (const RdtDiagnostic *d)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (d != NULL, NULL);

  g_string_append (s, d->file != NULL ? d->file : "-");
  g_string_append_printf (s, ":%d: %s: ", d->line, rdt_severity_to_string (d->severity));
  if (d->element != NULL)
    g_string_append_printf (s, "<%s>: ", d->element);
  g_string_append (s, d->message != NULL ? d->message : "");
  if (d->hint != NULL && d->hint[0] != '\0')
    g_string_append_printf (s, " (%s)", d->hint);
  return g_string_free (s, FALSE);
}

GPtrArray *
rdt_diagnostics_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_diagnostic_free);
}

guint
rdt_diagnostics_count (GPtrArray   *diagnostics,
                       RdtSeverity  severity)
{
  guint n = 0;

  if (diagnostics == NULL)
    return 0;
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (d->severity == severity)
        n++;
    }
  return n;
}
