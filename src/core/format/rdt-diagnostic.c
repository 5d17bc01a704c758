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
  copy->provisional = diagnostic->provisional;
  copy->folded = diagnostic->folded;
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

GPtrArray *
rdt_diagnostics_fold_provisional (GPtrArray  *diagnostics,
                                  const char *volume_file,
                                  const char *volume_title)
{
  GPtrArray *out = rdt_diagnostics_new ();
  g_autoptr(GHashTable) summaries = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (diagnostics != NULL, out);

  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      const char *file = d->file != NULL ? d->file : "";
      RdtDiagnostic *summary;

      if (!d->provisional || d->severity != RDT_SEVERITY_WARNING)
        {
          g_ptr_array_add (out, rdt_diagnostic_copy (d));
          continue;
        }
      summary = g_hash_table_lookup (summaries, file);
      if (summary == NULL)
        {
          summary = rdt_diagnostic_new (RDT_SEVERITY_WARNING, d->file, 0, NULL, "",
                                        _("enter the values from your copy of the game and remove provisional="));
          summary->provisional = TRUE;
          g_ptr_array_add (out, summary);
          g_hash_table_insert (summaries, (gpointer) file, summary);
        }
      summary->folded++;
    }
  for (guint i = 0; i < out->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (out, i);
      g_autofree char *base = NULL;

      if (d->folded == 0)
        continue;
      g_free (d->message);
      if (volume_file != NULL && g_strcmp0 (d->file, volume_file) == 0 && volume_title != NULL)
        d->message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "the volume “%s” has %u provisional value",
                                                   "the volume “%s” has %u provisional values", d->folded),
                                      volume_title, d->folded);
      else
        {
          base = d->file != NULL ? g_path_get_basename (d->file) : g_strdup ("?");
          d->message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     "“%s” has %u provisional value",
                                                     "“%s” has %u provisional values", d->folded),
                                        base, d->folded);
        }
    }
  return out;
}
