/* redoubt-cli validate: schema and semantic checks of scenario and volume files. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-files.h"
#include "redoubt-core.h"

/* Which root element a file has, without parsing it: "volume",
 * "gridless-scenario" or "scenario" (anything else is left to the scenario
 * loader to report). */
const char *
rdt_cli_peek_root (const char *path)
{
  /* Plain stdio, not GFile: GIO's VFS set-up (its module folder scanned)
   * was a cost of every CLI call (issue 15). */
  FILE *in = fopen (path, "rb");
  char buf[4096];
  size_t n;
  const char *p;

  if (in == NULL)
    return "scenario";
  n = fread (buf, 1, sizeof buf - 1, in);
  fclose (in);
  if (n == 0)
    return "scenario";
  buf[n] = '\0';
  for (p = buf; (p = strchr (p, '<')) != NULL; p++)
    {
      if (p[1] == '?' || p[1] == '!')
        continue;
      if (g_str_has_prefix (p + 1, "gridless-scenario"))
        return "gridless-scenario";
      return g_str_has_prefix (p + 1, "volume") ? "volume" : "scenario";
    }
  return "scenario";
}

static int
sort_line (const RdtDiagnostic *d)
{
  return rdt_diagnostic_is_summary (d) ? G_MAXINT : d->line;
}

/* Findings in reading order: by file (the scenario before the volume file it
 * references, as first reported), then by line.  The sort is stable, so
 * findings on one line keep the order in which they were found. */
static void
sort_diagnostics (GPtrArray *diagnostics,
                  guint      from)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();

  for (guint i = from; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (!g_ptr_array_find_with_equal_func (files, d->file, g_str_equal, NULL))
        g_ptr_array_add (files, d->file);
    }
  for (guint f = 0; f < files->len; f++)
    {
      guint start = sorted->len;
      for (guint i = from; i < diagnostics->len; i++)
        {
          RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
          if (g_str_equal (d->file, g_ptr_array_index (files, f)))
            {
              /* Insertion sort: stable, and lists are short (at most
               * RDT_DIAGNOSTICS_MAX_PER_FILE per file); the "and N more"
               * summary stays last. */
              guint j = sorted->len;
              while (j > start && sort_line (g_ptr_array_index (sorted, j - 1)) > sort_line (d))
                j--;
              g_ptr_array_insert (sorted, j, d);
            }
        }
    }
  for (guint i = 0; i < sorted->len; i++)
    diagnostics->pdata[from + i] = sorted->pdata[i];
}

/* Loads @path as whatever it is and appends every finding. */
gboolean
rdt_cli_check_file (const char *path,
                    GPtrArray  *diagnostics)
{
  g_autoptr(GError) error = NULL;
  guint from = diagnostics->len;
  gboolean ok = TRUE;

  if (g_str_equal (rdt_cli_peek_root (path), "volume"))
    {
      g_autoptr(RdtVolume) volume = rdt_volume_load_from_file (path, diagnostics, &error);
      if (volume == NULL)
        ok = FALSE;
      else
        rdt_volume_validate (volume, path, diagnostics);
    }
  else if (g_str_equal (rdt_cli_peek_root (path), "gridless-scenario"))
    {
      g_autoptr(RdtGridless) gridless = rdt_gridless_load_from_file (path, diagnostics, &error);
      if (gridless == NULL)
        ok = FALSE;
    }
  else
    {
      g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
      if (scenario == NULL)
        ok = FALSE;
    }
  /* Diagnostics without a file name cannot happen here, but never crash. */
  for (guint i = from; i < diagnostics->len; i++)
    if (((RdtDiagnostic *) g_ptr_array_index (diagnostics, i))->file == NULL)
      ((RdtDiagnostic *) g_ptr_array_index (diagnostics, i))->file = g_strdup (path);
  sort_diagnostics (diagnostics, from);
  return ok && rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) == 0;
}

void
rdt_cli_add_diagnostic_json (JsonBuilder         *b,
                             const RdtDiagnostic *d)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, d->file != NULL ? d->file : "");
  json_builder_set_member_name (b, "line");
  json_builder_add_int_value (b, d->line);
  json_builder_set_member_name (b, "severity");
  json_builder_add_string_value (b, rdt_severity_to_string (d->severity));
  json_builder_set_member_name (b, "element");
  if (d->element != NULL)
    json_builder_add_string_value (b, d->element);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "message");
  json_builder_add_string_value (b, d->message != NULL ? d->message : "");
  json_builder_set_member_name (b, "hint");
  if (d->hint != NULL)
    json_builder_add_string_value (b, d->hint);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

void
rdt_cli_print_json (JsonBuilder *b)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = NULL;

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

int
rdt_cli_validate (int    argc,
                  char **argv)
{
  gboolean strict = FALSE;
  gboolean json = FALSE;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "strict", 0, 0, G_OPTION_ARG_NONE, &strict, N_("Treat warnings as errors"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON (docs/json.md)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE…") },
    { NULL }
  };
  const RdtCliSpec spec = { "validate", "FILE...", N_("check scenario and volume files"),
                            N_("Exit status: 0 every file is valid (warnings allowed unless --strict), "
                               "1 some file is invalid, 2 usage error."),
                            entries, NULL, 0, 0 };
  g_autoptr(JsonBuilder) b = NULL;
  gboolean all_valid = TRUE;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (files == NULL || files[0] == NULL)
    return rdt_cli_usage_error (&spec, _("validate: no FILE given (see “redoubt-cli validate --help”)"));
  b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "strict");
  json_builder_add_boolean_value (b, strict);
  json_builder_set_member_name (b, "files");
  json_builder_begin_array (b);
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      gboolean valid = rdt_cli_check_file (files[i], diagnostics);
      guint n_errors = rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR);
      guint n_warnings = rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING);

      if (strict && n_warnings > 0)
        valid = FALSE;
      if (!valid)
        all_valid = FALSE;

      if (json)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "file");
          json_builder_add_string_value (b, files[i]);
          json_builder_set_member_name (b, "valid");
          json_builder_add_boolean_value (b, valid);
          json_builder_set_member_name (b, "errors");
          json_builder_add_int_value (b, n_errors);
          json_builder_set_member_name (b, "warnings");
          json_builder_add_int_value (b, n_warnings);
          json_builder_set_member_name (b, "diagnostics");
          json_builder_begin_array (b);
          for (guint d = 0; d < diagnostics->len; d++)
            rdt_cli_add_diagnostic_json (b, g_ptr_array_index (diagnostics, d));
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      else
        {
          for (guint d = 0; d < diagnostics->len; d++)
            {
              g_autofree char *line = rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, d));
              printf ("%s\n", line);
            }
          /* The summary goes to stderr so stdout holds only findings. */
          if (valid)
            g_printerr (_("%s: valid (%u warning(s))\n"), files[i], n_warnings);
          else
            g_printerr (_("%s: invalid (%u error(s), %u warning(s))\n"), files[i], n_errors, n_warnings);
        }
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "valid");
  json_builder_add_boolean_value (b, all_valid);
  json_builder_end_object (b);
  if (json)
    rdt_cli_print_json (b);
  return all_valid ? RDT_CLI_EXIT_OK : RDT_CLI_EXIT_FAILURE;
}
