/* rdt-cli-render.c: `redoubt-cli render FILE -o OUT.png|svg|pdf [--area HEX:RADIUS]
 * [--scale N] [--caption TEXT] [--no-counters]`: draws the map, or the hexes
 * within RADIUS of HEX, with the editor's own drawing code (src/render/).
 *
 * The overlay options of issue 7 (--los, --fan, --zoc, --moves) add overlay
 * items to RdtRenderExportOptions; the drawing is already shared. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-cli.h"
#include "redoubt-core.h"
#include "redoubt-render.h"

/* "1127:3" -> hex 1127, radius 3 (radius 0 without ":"). */
static gboolean
parse_area (RdtHexGrid *grid,
            const char *text,
            RdtHex     *out_hex,
            int        *out_radius,
            GError    **error)
{
  g_autofree char *label = g_strdup (text);
  char *colon = strchr (label, ':');
  guint64 radius = 0;

  if (colon)
    {
      *colon = '\0';
      if (!g_ascii_string_to_unsigned (colon + 1, 10, 0, 999, &radius, error))
        return FALSE;
    }
  if (!rdt_hex_grid_parse_label (grid, label, out_hex, error))
    return FALSE;
  *out_radius = (int) radius;
  return TRUE;
}

int
rdt_cli_render (int    argc,
                char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *area = NULL;
  g_autofree char *caption = NULL;
  double scale = RDT_RENDER_DEFAULT_SCALE;
  gboolean no_counters = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the image to OUT (.png, .svg or .pdf)"), N_("OUT") },
    { "area", 0, 0, G_OPTION_ARG_STRING, &area, N_("Only the hexes within RADIUS of HEX"), N_("HEX:RADIUS") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale, N_("Pixels (PNG) or points (SVG, PDF) per hex radius (default 28)"), N_("N") },
    { "caption", 0, 0, G_OPTION_ARG_STRING, &caption, N_("Text set under the map"), N_("TEXT") },
    { "no-counters", 0, 0, G_OPTION_ARG_NONE, &no_counters, N_("Leave the counters out"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — draw the map to an image"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) diagnostics = g_ptr_array_new ();
  g_autoptr (RdtScenario) scenario = NULL;
  g_autoptr (RdtRenderMap) map = NULL;
  g_autoptr (RdtMapRenderer) renderer = NULL;
  RdtRenderExportOptions options;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 2 || output == NULL)
    {
      rdt_cli_error (_("usage: redoubt-cli render FILE -o OUT.png|svg|pdf [--area HEX:RADIUS] [--scale N]"));
      return RDT_CLI_EXIT_USAGE;
    }
  rdt_render_export_options_init (&options);
  if (!rdt_render_format_from_path (output, &options.format))
    {
      rdt_cli_error (_("%s: the output must end in .png, .svg or .pdf"), output);
      return RDT_CLI_EXIT_USAGE;
    }
  if (!(scale >= 1.0 && scale <= 1000.0))
    {
      rdt_cli_error (_("--scale must be between 1 and 1000"));
      return RDT_CLI_EXIT_USAGE;
    }

  scenario = rdt_scenario_load_from_file (argv[1], diagnostics, &error);
  if (scenario == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  if (area && !parse_area (rdt_scenario_get_grid (scenario), area,
                           &options.area_centre, &options.area_radius, &error))
    {
      rdt_cli_error ("--area %s: %s", area, error->message);
      return RDT_CLI_EXIT_USAGE;
    }

  map = rdt_render_map_new_from_scenario (scenario);
  renderer = rdt_map_renderer_new (map);
  options.scale = scale;
  options.use_area = area != NULL;
  options.caption = caption;
  options.layers = no_counters ? RDT_RENDER_LAYER_ALL & ~RDT_RENDER_LAYER_COUNTERS
                               : RDT_RENDER_LAYER_ALL;
  if (!rdt_map_renderer_export_file (renderer, output, &options, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  return RDT_CLI_EXIT_OK;
}
