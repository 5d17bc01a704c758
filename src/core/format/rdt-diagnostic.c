/* rdt-diagnostic.c: one finding about a file. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "rdt-diagnostic.h"

G_DEFINE_BOXED_TYPE (RdtDiagnostic, rdt_diagnostic, rdt_diagnostic_copy, rdt_diagnostic_free)

/* A finding is one line (docs/cli.md): libxml2's messages may hold newlines
 * ("Input is not proper UTF-8 ...\nBytes: 0xFF ..."), so every run of
 * white space becomes one space, and the ends are trimmed. */
static char *
one_line (const char *text)
{
  GString *out;
  gboolean space = FALSE;

  if (text == NULL)
    return NULL;
  /* Most messages are one line already: no leading or trailing space, no
   * run of two spaces, no other white space.  Copy those as they are
   * (issue 15: load time); the loop below would give the same string. */
  if (text[0] != ' ')
    {
      const char *p = text;

      while (*p != '\0' && *p != '\n' && *p != '\r' && *p != '\t' && *p != '\v' && *p != '\f' &&
             !(p[0] == ' ' && (p[1] == ' ' || p[1] == '\0')))
        p++;
      if (*p == '\0')
        return g_strdup (text);
    }
  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '\n' || *p == '\r' || *p == '\t' || *p == '\v' || *p == '\f' || *p == ' ')
        {
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

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
  d->message = one_line (message);
  d->hint = one_line (hint);
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
  copy->n_more_errors = diagnostic->n_more_errors;
  copy->n_more_warnings = diagnostic->n_more_warnings;
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
      if (rdt_diagnostic_is_summary (d))
        n += severity == RDT_SEVERITY_ERROR ? d->n_more_errors : d->n_more_warnings;
      else if (d->severity == severity)
        n++;
    }
  return n;
}

gboolean
rdt_diagnostic_is_summary (const RdtDiagnostic *diagnostic)
{
  g_return_val_if_fail (diagnostic != NULL, FALSE);
  return diagnostic->n_more_errors > 0 || diagnostic->n_more_warnings > 0;
}

/* 1899000 -> "1,899,000" (docs/cli.md shows the count this way in every
 * language: it is a count, not prose). */
static char *
group_digits (guint n)
{
  g_autofree char *digits = g_strdup_printf ("%u", n);
  gsize len = strlen (digits);
  GString *out = g_string_sized_new (len + len / 3);

  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

static void
summary_update (RdtDiagnostic *summary)
{
  guint64 total = (guint64) summary->n_more_errors + summary->n_more_warnings;
  g_autofree char *n = group_digits ((guint) MIN (total, G_MAXUINT));
  g_autofree char *e = group_digits (summary->n_more_errors);
  g_autofree char *w = group_digits (summary->n_more_warnings);

  summary->severity = summary->n_more_errors > 0 ? RDT_SEVERITY_ERROR : RDT_SEVERITY_WARNING;
  g_free (summary->message);
  summary->message = g_strdup_printf (_("and %s more (%s errors, %s warnings) not listed: only the first %d findings of a file are kept"),
                                      n, e, w, RDT_DIAGNOSTICS_MAX_PER_FILE);
}

void
rdt_diagnostics_add (GPtrArray     *diagnostics,
                     RdtDiagnostic *diagnostic)
{
  RdtDiagnostic *summary = NULL;
  guint n = 0;

  g_return_if_fail (diagnostics != NULL);
  g_return_if_fail (diagnostic != NULL);

  /* Newest first: once a file is capped, its summary is its last finding,
   * usually the array's last element, so each later finding costs O(1). */
  for (guint i = diagnostics->len; i > 0; i--)
    {
      RdtDiagnostic *o = g_ptr_array_index (diagnostics, i - 1);

      if (g_strcmp0 (o->file, diagnostic->file) != 0)
        continue;
      if (rdt_diagnostic_is_summary (o))
        {
          summary = o;
          break;
        }
      n++;
    }
  if (summary == NULL && n < RDT_DIAGNOSTICS_MAX_PER_FILE)
    {
      g_ptr_array_add (diagnostics, diagnostic);
      return;
    }
  if (summary == NULL)
    {
      summary = rdt_diagnostic_new (RDT_SEVERITY_ERROR, diagnostic->file, 0, NULL, NULL,
                                    _("fix the findings listed and check the file again"));
      g_ptr_array_add (diagnostics, summary);
    }
  /* Saturating: a count cannot wrap back to "0 more". */
  if (diagnostic->severity == RDT_SEVERITY_ERROR)
    summary->n_more_errors += summary->n_more_errors < G_MAXUINT;
  else
    summary->n_more_warnings += summary->n_more_warnings < G_MAXUINT;
  summary_update (summary);
  rdt_diagnostic_free (diagnostic);
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
