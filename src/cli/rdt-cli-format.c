/* redoubt-cli format: rewrite scenario and volume files in canonical form. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-files.h"
#include "redoubt-core.h"

/* Returns the exit code for one file. */
static int
format_one (const char *path,
            gboolean    check,
            gboolean    backup)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) canonical = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtVolume) volume = NULL;
  g_autoptr(RdtGridless) gridless = NULL;
  g_autofree char *old = NULL;
  gsize old_len = 0;

  /* Read once: kept to compare with the canonical form below (issue 15). */
  if (!g_file_get_contents (path, &old, &old_len, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }

  if (g_str_equal (rdt_cli_peek_root (path), "volume"))
    {
      volume = rdt_volume_load_from_file (path, diagnostics, &error);
      if (volume != NULL)
        canonical = rdt_volume_to_bytes (volume, &error);
    }
  else if (g_str_equal (rdt_cli_peek_root (path), "gridless-scenario"))
    {
      gridless = rdt_gridless_load_from_file (path, diagnostics, &error);
      if (gridless != NULL)
        canonical = rdt_gridless_to_bytes (gridless, &error);
    }
  else
    {
      scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
      if (scenario != NULL)
        canonical = rdt_scenario_to_bytes (scenario, &error);
    }
  if ((volume == NULL && scenario == NULL && gridless == NULL) || canonical == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  /* An element the loader could not take into the model (an unknown terrain,
   * a malformed label) would be lost by rewriting: refuse until fixed. */
  if (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0)
    {
      for (guint i = 0; i < diagnostics->len; i++)
        {
          const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
          g_autofree char *line = NULL;
          if (d->severity != RDT_SEVERITY_ERROR)
            continue;
          line = rdt_diagnostic_to_string (d);
          g_printerr ("%s\n", line);
        }
      rdt_cli_error (_("%s: not rewritten: fix the errors first (rewriting could lose data)"), path);
      return RDT_CLI_EXIT_FAILURE;
    }

  /* A change on disk since the read is caught by the save's file stamp. */
  if (old_len == g_bytes_get_size (canonical) &&
      memcmp (old, g_bytes_get_data (canonical, NULL), old_len) == 0)
    return RDT_CLI_EXIT_OK;  /* already canonical: nothing to write */
  g_clear_pointer (&old, g_free);
  if (check)
    {
      g_printerr (_("%s: not in canonical form\n"), path);
      return RDT_CLI_EXIT_FAILURE;
    }
  if (scenario != NULL)
    {
      rdt_scenario_set_saved_once (scenario, !backup);
      if (!rdt_scenario_save_bytes_to_file (scenario, canonical, path, &error))
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
    }
  else if (gridless != NULL)
    {
      if (!rdt_gridless_save_to_file (gridless, path, backup, &error))
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
    }
  else if (!rdt_volume_save_to_file (volume, path, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  g_printerr (_("%s: rewritten in canonical form\n"), path);
  /* Issue 11: what an earlier, killed save of this file left behind. */
  {
    g_auto(GStrv) removed = rdt_file_remove_stale_temporaries (path, RDT_FILE_STALE_TEMP_SECONDS);

    for (guint i = 0; removed[i] != NULL; i++)
      g_printerr (_("%s: removed %s, a temporary file left by an interrupted save\n"),
                  path, removed[i]);
  }
  return RDT_CLI_EXIT_OK;
}

int
rdt_cli_format (int    argc,
                char **argv)
{
  gboolean check = FALSE;
  gboolean backup = FALSE;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "check", 0, 0, G_OPTION_ARG_NONE, &check, N_("Only check: exit 1 if a file is not canonical"), NULL },
    { "backup", 0, 0, G_OPTION_ARG_NONE, &backup, N_("Keep the previous file as FILE.bak"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE…") },
    { NULL }
  };
  const RdtCliSpec spec = { "format", "FILE...", N_("rewrite files in canonical form"), NULL,
                            entries, NULL, 0, 0 };
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (files == NULL || files[0] == NULL)
    return rdt_cli_usage_error (&spec, _("format: no FILE given"));
  status = RDT_CLI_EXIT_OK;
  for (guint i = 0; files[i] != NULL; i++)
    if (format_one (files[i], check, backup) != RDT_CLI_EXIT_OK)
      status = RDT_CLI_EXIT_FAILURE;
  return status;
}
