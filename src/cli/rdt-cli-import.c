/* rdt-cli-import.c: redoubt-cli import-vassal (issue 17, docs/vassal-import.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "rdt-cli.h"
#include "rdt-vassal-import.h"

static void
add_string (JsonBuilder *b,
            const char  *member,
            const char  *value)
{
  json_builder_set_member_name (b, member);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_strings (JsonBuilder *b,
             const char  *member,
             GPtrArray   *list)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (guint i = 0; list != NULL && i < list->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (list, i));
  json_builder_end_array (b);
}

static gint
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static GPtrArray *
sorted_keys (GHashTable *table)
{
  GPtrArray *keys = g_ptr_array_new ();
  GHashTableIter it;
  gpointer key;

  g_hash_table_iter_init (&it, table);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_ptr_array_add (keys, key);
  g_ptr_array_sort (keys, compare_keys);
  return keys;
}

static void
add_counts (JsonBuilder *b,
            const char  *member,
            GHashTable  *table)
{
  g_autoptr(GPtrArray) keys = sorted_keys (table);

  json_builder_set_member_name (b, member);
  json_builder_begin_object (b);
  for (guint i = 0; i < keys->len; i++)
    {
      json_builder_set_member_name (b, g_ptr_array_index (keys, i));
      json_builder_add_int_value (b, GPOINTER_TO_UINT (g_hash_table_lookup (table, g_ptr_array_index (keys, i))));
    }
  json_builder_end_object (b);
}

static void
print_json (const char      *module,
            const char      *out,
            gboolean         ok,
            const GError    *error,
            RdtVassalReport *r)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "module");
  json_builder_add_string_value (b, module);
  json_builder_set_member_name (b, "output");
  json_builder_add_string_value (b, out);
  json_builder_set_member_name (b, "ok");
  json_builder_add_boolean_value (b, ok);
  json_builder_set_member_name (b, "error");
  if (error != NULL)
    json_builder_add_string_value (b, error->message);
  else
    json_builder_add_null_value (b);
  if (r != NULL)
    {
      add_string (b, "module_name", r->module_name);
      json_builder_set_member_name (b, "boards");
      json_builder_begin_array (b);
      for (guint i = 0; r->boards != NULL && r->boards[i] != NULL; i++)
        json_builder_add_string_value (b, r->boards[i]);
      json_builder_end_array (b);
      add_string (b, "board", r->board);
      add_string (b, "zone", r->zone);
      add_string (b, "folder", r->folder);
      add_string (b, "board_image", r->board_image);
      json_builder_set_member_name (b, "image_width");
      json_builder_add_int_value (b, r->image_width);
      json_builder_set_member_name (b, "image_height");
      json_builder_add_int_value (b, r->image_height);
      add_string (b, "grid", r->grid_text);
      json_builder_set_member_name (b, "calibration");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "origin_x");
      json_builder_add_double_value (b, r->origin_x);
      json_builder_set_member_name (b, "origin_y");
      json_builder_add_double_value (b, r->origin_y);
      json_builder_set_member_name (b, "hex_size");
      json_builder_add_double_value (b, r->hex_size);
      json_builder_set_member_name (b, "max_drift_px");
      json_builder_add_double_value (b, r->drift);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "labels_compared");
      json_builder_add_int_value (b, r->n_labels);
      json_builder_set_member_name (b, "labels_text_differ");
      json_builder_add_int_value (b, r->n_labels_differ);
      /* The first hex as the map shows it (VASSAL's label text), and its
       * plain label, or null when the map shows plain labels (issue 17). */
      json_builder_set_member_name (b, "display_first");
      if (r->display_first != NULL)
        json_builder_add_string_value (b, r->display_first);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "display_first_plain");
      if (r->display_first_plain != NULL)
        json_builder_add_string_value (b, r->display_first_plain);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "units");
      json_builder_add_int_value (b, r->n_units);
      json_builder_set_member_name (b, "units_with_art");
      json_builder_add_int_value (b, r->n_units_with_art);
      json_builder_set_member_name (b, "set_up");
      json_builder_add_int_value (b, r->n_setup);
      json_builder_set_member_name (b, "images");
      json_builder_add_int_value (b, r->n_images);
      json_builder_set_member_name (b, "prototypes");
      json_builder_add_int_value (b, r->n_prototypes);
      add_counts (b, "skipped_components", r->skipped_components);
      add_counts (b, "skipped_traits", r->skipped_traits);
      add_strings (b, "warnings", r->warnings);
      add_strings (b, "left_for_user", r->left_for_user);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

int
rdt_cli_import_vassal (int    argc,
                       char **argv)
{
  gboolean json = FALSE;
  g_autofree char *out = NULL;
  g_autofree char *board = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out, N_("The scenario to write (must not exist)"), N_("OUT.redoubt") },
    { "board", 0, 0, G_OPTION_ARG_STRING, &board, N_("The board to import, when the module has several"), N_("NAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the report as JSON (docs/vassal-import.md)"), NULL },
    { NULL }
  };
  /* Through rdt_cli_parse_options() like every other command, so that
   * `redoubt-cli --help` prints its usage line instead of running it. */
  const RdtCliSpec spec = { "import-vassal", "MODULE.vmod -o OUT.redoubt",
                            N_("import a VASSAL module's board, counters and set-up"),
                            NULL, entries, NULL, 1, 1 };
  int status = rdt_cli_parse_options (&spec, &argc, &argv);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtVassalReport) report = NULL;
  RdtVassalImportOptions options = { 0 };
  gboolean ok;

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (out == NULL)
    return rdt_cli_usage_error (&spec, _("import-vassal: give one MODULE.vmod and -o OUT.redoubt"));
  options.board = board;
  ok = rdt_vassal_import (argv[1], out, &options, &report, &error);
  if (json)
    print_json (argv[1], out, ok, error, report);
  else
    {
      if (report != NULL)
        {
          g_autofree char *text = rdt_vassal_report_to_text (report);
          fputs (text, stdout);
        }
      if (ok)
        printf (_("Wrote %s\n"), out);
    }
  if (!ok)
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  return RDT_CLI_EXIT_OK;
}
