/* rdt-cli-render.c: `redoubt-cli render FILE -o OUT.png|svg|pdf [--area HEX:RADIUS]
 * [--scale N] [--caption TEXT] [--no-counters] [--los FROM:TO] [--fan HEX[:RANGE]]
 * [--zoc SIDE] [--moves UNIT [--strategic] [--path HEX]] [--retreat UNIT]
 * [--targets UNIT] [--ignore-units] [--occupied HEX,...] [--turn N]
 * [--weather ID] [--released ID] [--force]`: draws the map, or the
 * hexes within RADIUS of HEX, with the editor's own drawing code (src/render/),
 * and the rule overlays of issue 7 from the same code as the editor
 * (rdt-rule-overlays.h).  docs/cli-render.md. */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"
#include "rdt-cli-files.h"
#include "rdt-cli-moves.h"
#include "rdt-rule-overlays.h"
#include "redoubt-core.h"
#include "redoubt-render.h"

/* "1127:3" -> hex 1127, radius 3 (radius 0 without ":"). */
static gboolean
parse_area (RdtHexGrid *grid,
            const RdtHexLabelFormat *labels,
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
  if (!rdt_hex_label_format_parse (labels, grid, label, out_hex, error))
    return FALSE;
  *out_radius = (int) radius;
  return TRUE;
}

/* "1127:0928" -> two hexes. */
static gboolean
parse_pair (RdtHexGrid *grid,
            const RdtHexLabelFormat *labels,
            const char *text,
            RdtHex     *a,
            RdtHex     *b,
            GError    **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", 2);

  if (g_strv_length (parts) != 2)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("expected FROM:TO"));
      return FALSE;
    }
  return rdt_hex_label_format_parse (labels, grid, parts[0], a, error)
      && rdt_hex_label_format_parse (labels, grid, parts[1], b, error);
}

/* The name a ruling gives a unit: its name, else its id. */
static const char *
unit_label (RdtScenario *scenario,
            const char  *id)
{
  RdtUnit *unit = rdt_scenario_find_unit (scenario, id);

  return unit && unit->name && unit->name[0] ? unit->name : id;
}

typedef struct {
  const char *los;
  const char *fan;
  const char *zoc;
  const char *moves;
  const char *path;
  const char *retreat;
  const char *targets;
  char **occupied;
  gboolean strategic;
  gboolean ignore_units;
  /* The game context of --moves and --retreat (issue 12). */
  const RdtGameContext *context;
} OverlayArgs;

/* Adds the requested rule overlays to `items` and their captions to
 * `caption`; prints errors. */
static int
build_overlays (RdtScenario       *scenario,
                const OverlayArgs *args,
                GArray            *items,
                GString           *caption)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  /* Hexes typed as the map shows them (issue 17) or XXYY. */
  const RdtHexLabelFormat *labels = rdt_scenario_get_hex_labels (scenario);
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(GArray) occupied = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  g_autoptr(GError) error = NULL;
  g_autofree char *options_text = NULL;
  RdtLos *los;
  int status = RDT_CLI_EXIT_OK;

  if (!args->los && !args->fan && !args->zoc && !args->moves && !args->retreat && !args->targets)
    return RDT_CLI_EXIT_OK;
  board = rdt_board_new_from_scenario (scenario, NULL, &error);
  if (board == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  if (!rdt_cli_parse_hex_lists (board, args->occupied, occupied))
    return RDT_CLI_EXIT_USAGE;
  options_text = rdt_rule_overlays_los_options_text (grid, args->ignore_units, occupied);
  if (args->los || args->fan)
    rdt_rule_overlays_add_occupied (items, occupied);
  los = rdt_los_new (board);
  rdt_los_set_ignore_units (los, args->ignore_units);
  rdt_los_set_occupied (los, (const RdtHex *) occupied->data, occupied->len);

  if (args->zoc)
    {
      int side = rdt_board_find_side (board, args->zoc);
      guint n;

      if (side < 0)
        {
          rdt_cli_error (_("--zoc %s: no such side"), args->zoc);
          status = RDT_CLI_EXIT_USAGE;
          goto out;
        }
      n = rdt_rule_overlays_add_zoc (items, board, side);
      g_string_append (caption, caption->len ? "\n" : "");
      g_string_append_printf (caption, g_dngettext (GETTEXT_PACKAGE,
                                                    "ZOC of %s: %u hex (8.1; rifle ZOC +1, 8.31)",
                                                    "ZOC of %s: %u hexes (8.1; rifle ZOC +1, 8.31)", n),
                              rdt_board_get_side_label (board, side), n);
    }
  if (args->moves || args->retreat)
    {
      RdtMoveRules *rules = rdt_cli_move_rules (NULL, NULL);
      g_autoptr(RdtMovement) movement = rdt_movement_new (scenario, rules);

      rdt_move_rules_free (rules);
      if (args->moves)
        {
          g_autoptr(RdtReach) reach = NULL;
          RdtMoveOptions options;
          guint n;

          rdt_move_options_init (&options);
          options.strategic = args->strategic;
          options.context = args->context;
          reach = rdt_movement_reach (movement, args->moves, &options, &error);
          if (reach == NULL)
            {
              rdt_cli_error ("--moves %s: %s", args->moves, error->message);
              status = RDT_CLI_EXIT_FAILURE;
              goto out;
            }
          n = rdt_rule_overlays_add_reach (items, reach, grid);
          g_string_append (caption, caption->len ? "\n" : "");
          g_string_append_printf (caption, g_dngettext (GETTEXT_PACKAGE,
                                                        "%s (%s): %u hex in reach (9; yellow: ends in enemy ZOC, 8.31)",
                                                        "%s (%s): %u hexes in reach (9; yellow: ends in enemy ZOC, 8.31)", n),
                                  unit_label (scenario, args->moves),
                                  args->strategic ? _("strategic movement, 9.5") : _("normal movement"), n);
          {
            /* Hatched hexes: as `moves` words it. */
            g_autofree char *undecided = rdt_rule_overlays_undecided_text (reach, NULL, RDT_UNDECIDED_HINT_OPTION);

            if (undecided != NULL)
              g_string_append_printf (caption, "\n%s", undecided);
          }
          if (args->path)
            {
              RdtHex to;

              if (!rdt_hex_label_format_parse (labels, grid, args->path, &to, &error))
                {
                  rdt_cli_error ("--path %s: %s", args->path, error->message);
                  status = RDT_CLI_EXIT_USAGE;
                  goto out;
                }
              if (!rdt_rule_overlays_add_path (items, reach, to))
                {
                  RdtMoveReason reason = rdt_reach_get_reason (reach, to);

                  g_string_append_printf (caption, "\n%s: %s (%s)", args->path,
                                          rdt_move_reason_get_message (reason),
                                          rdt_reach_get_reason_rule (reach, to));
                }
            }
        }
      if (args->retreat)
        {
          g_autoptr(RdtRetreat) retreat = NULL;
          RdtRetreatOptions options;

          rdt_retreat_options_init (&options, 1);
          options.context = args->context;
          retreat = rdt_movement_retreat (movement, args->retreat, &options, &error);
          if (retreat == NULL)
            {
              rdt_cli_error ("--retreat %s: %s", args->retreat, error->message);
              status = RDT_CLI_EXIT_FAILURE;
              goto out;
            }
          rdt_rule_overlays_add_retreat (items, retreat);
          g_string_append (caption, caption->len ? "\n" : "");
          g_string_append_printf (caption, _("%s retreats: %u destinations (13.2)"),
                                  unit_label (scenario, args->retreat), rdt_retreat_get_n_ends (retreat));
          {
            g_autofree char *undecided = rdt_rule_overlays_undecided_text (NULL, retreat, RDT_UNDECIDED_HINT_OPTION);

            if (undecided != NULL)
              g_string_append_printf (caption, "\n%s", undecided);
          }
        }
    }
  if (args->fan)
    {
      RdtHex from;
      int radius = -1;
      guint n;
      g_autofree char *text = NULL;

      if (strchr (args->fan, ':') ? !parse_area (grid, labels, args->fan, &from, &radius, &error)
                                  : !rdt_hex_label_format_parse (labels, grid, args->fan, &from, &error))
        {
          rdt_cli_error ("--fan %s: %s", args->fan, error->message);
          status = RDT_CLI_EXIT_USAGE;
          goto out;
        }
      if (radius < 0)
        radius = rdt_board_get_artillery_range (board);
      /* The range may come from the file (11.2, up to 999999): no hex is
       * further than the map's far edge, so the fan stops there (issue 11). */
      if (radius > rdt_hex_grid_max_distance (grid, from))
        {
          rdt_cli_error (_("--fan: range %d is beyond the map; using %d, the distance to its farthest hex"),
                         radius, rdt_hex_grid_max_distance (grid, from));
          radius = rdt_hex_grid_max_distance (grid, from);
        }
      n = rdt_rule_overlays_add_fan (items, los, from, radius);
      text = rdt_rule_overlays_fan_caption (grid, from, radius, n);
      g_string_append (caption, caption->len ? "\n" : "");
      g_string_append (caption, text);
      g_string_append (caption, options_text);
    }
  if (args->targets)
    {
      int unit = -1;
      g_autoptr(GArray) targets = NULL;
      g_autofree char *undecided_rule = NULL;
      RdtDepends depends = RDT_DEPENDS_NOTHING;

      for (guint i = 0; i < rdt_board_get_n_units (board); i++)
        if (g_strcmp0 (rdt_board_get_unit (board, i)->id, args->targets) == 0)
          unit = (int) i;
      if (unit < 0)
        {
          rdt_cli_error (_("--targets %s: no such unit on the map"), args->targets);
          status = RDT_CLI_EXIT_USAGE;
          goto out;
        }
      /* Germantown 3.1.1, 3.1.2: the fog range, given --turn and --weather
       * (the board's units are the scenario's, in its order). */
      targets = rdt_los_artillery_targets_in_context (los, unit, scenario, args->context,
                                                      &undecided_rule, &depends, NULL);
      rdt_rule_overlays_add_targets (items, rdt_board_get_unit (board, unit)->hex, targets);
      g_string_append (caption, caption->len ? "\n" : "");
      g_string_append_printf (caption, g_dngettext (GETTEXT_PACKAGE,
                                                    "%s: %u artillery target (11.2)",
                                                    "%s: %u artillery targets (11.2)", targets->len),
                              rdt_board_get_unit_label (board, (guint) unit), targets->len);
      if (undecided_rule != NULL)
        {
          /* Hatched targets: beyond the range the fog may allow. */
          g_autofree char *undecided = rdt_undecided_text (undecided_rule, depends);

          g_string_append_printf (caption, "\n%s", undecided);
        }
    }
  if (args->los)
    {
      RdtHex from, to;
      RdtLosReport report;
      g_autofree char *text = NULL;

      if (!parse_pair (grid, labels, args->los, &from, &to, &error))
        {
          rdt_cli_error ("--los %s: %s", args->los, error->message);
          status = RDT_CLI_EXIT_USAGE;
          goto out;
        }
      rdt_los_report_init (&report);
      rdt_los_check (los, from, to, &report);
      rdt_rule_overlays_add_los (items, &report, board);
      text = rdt_rule_overlays_los_caption (&report, grid);
      g_string_append (caption, caption->len ? "\n" : "");
      g_string_append (caption, text);
      g_string_append (caption, options_text);
      rdt_los_report_clear (&report);
    }
out:
  rdt_los_free (los);
  return status;
}

/* The `los`, `fof` and `terrain` answers drawn over a gridless table
 * (issue 18: "`render` of any of them"): the same core calls as the
 * commands, so the picture cannot disagree with the text. */
static void
gridless_los_overlay (cairo_t           *cr,
                      const RdtGridless *g,
                      RdtGlLosEnd        from,
                      RdtGlLosEnd        to,
                      double             scale)
{
  RdtGlLos los;
  double dx, dy;

  rdt_gl_los (g, from, to, &los);
  dx = los.length > 0 ? (los.to.x - los.from.x) / los.length : 0;
  dy = los.length > 0 ? (los.to.y - los.from.y) / los.length : 0;
  /* Centre to centre, thin; the sight line (G6 a) green when clear, red when not. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_move_to (cr, los.from.x * scale, los.from.y * scale);
  cairo_line_to (cr, los.to.x * scale, los.to.y * scale);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 3);
  if (los.verdict == RDT_GL_YES)
    cairo_set_source_rgb (cr, 0.0, 0.6, 0.0);
  else
    cairo_set_source_rgb (cr, 0.85, 0.0, 0.0);
  cairo_move_to (cr, (los.from.x + los.start * dx) * scale, (los.from.y + los.start * dy) * scale);
  cairo_line_to (cr, (los.from.x + los.end * dx) * scale, (los.from.y + los.end * dy) * scale);
  cairo_stroke (cr);
  /* Each object met, by what it did: blocks dark red, seen into orange,
   * seen over blue, the viewer's own hill or an uncrossed crest grey. */
  for (guint i = 0; i < los.steps->len; i++)
    {
      const RdtGlLosStep *st = &g_array_index (los.steps, RdtGlLosStep, i);
      switch (st->effect)
        {
        case RDT_GL_LOS_BLOCKS: cairo_set_source_rgb (cr, 0.5, 0.0, 0.0); break;
        case RDT_GL_LOS_SEEN_INTO: cairo_set_source_rgb (cr, 0.95, 0.55, 0.0); break;
        case RDT_GL_LOS_SEEN_OVER: cairo_set_source_rgb (cr, 0.1, 0.3, 0.9); break;
        case RDT_GL_LOS_OWN_HILL:
        case RDT_GL_LOS_NOT_CROSSED:
        default: cairo_set_source_rgb (cr, 0.5, 0.5, 0.5); break;
        }
      cairo_set_line_width (cr, 6);
      cairo_move_to (cr, (los.from.x + st->enter * dx) * scale, (los.from.y + st->enter * dy) * scale);
      cairo_line_to (cr, (los.from.x + MAX (st->leave, st->enter + 0.02) * dx) * scale,
                     (los.from.y + MAX (st->leave, st->enter + 0.02) * dy) * scale);
      cairo_stroke (cr);
    }
  /* Point ends as small rings. */
  for (int e = 0; e < 2; e++)
    {
      RdtGlLosEnd end = e == 0 ? from : to;
      if (end.piece != NULL)
        continue;
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, 1.5);
      cairo_new_sub_path (cr);
      cairo_arc (cr, end.point.x * scale, end.point.y * scale, 4, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  rdt_gl_los_clear (&los);
}

static void
stroke_polygon (cairo_t        *cr,
                const RdtPoint *p,
                guint           n,
                double          scale)
{
  for (guint i = 0; i < n; i++)
    (i == 0 ? cairo_move_to : cairo_line_to) (cr, p[i].x * scale, p[i].y * scale);
  cairo_close_path (cr);
  cairo_stroke (cr);
}

static void
gridless_fof_overlay (cairo_t           *cr,
                      const RdtGridless *g,
                      const RdtGlPiece  *firer,
                      double             scale)
{
  RdtPoint zone[4];

  /* The zone of G5, thick, then every other block by its verdict: green in
   * the FoF, orange undecided (exactly half), red in the zone without LOS. */
  rdt_gl_fof_zone (g, firer, zone);
  cairo_set_source_rgb (cr, 0.85, 0.0, 0.0);
  cairo_set_line_width (cr, 2.5);
  stroke_polygon (cr, zone, 4, scale);
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *t = g_ptr_array_index (g->pieces, i);
      RdtGlFof fof;
      RdtPoint c[4];

      if (t == firer || t->destroyed || !g->specs[t->type].present)
        continue;
      rdt_gl_fof (g, firer, t, &fof);
      rdt_gridless_piece_corners (g, t, c);
      cairo_set_line_width (cr, 3);
      if (fof.verdict == RDT_GL_YES)
        cairo_set_source_rgb (cr, 0.0, 0.7, 0.0);
      else if (fof.verdict == RDT_GL_UNDECIDED)
        cairo_set_source_rgb (cr, 1.0, 0.6, 0.0);
      else if (fof.in_zone != RDT_GL_NO && fof.projects)
        cairo_set_source_rgb (cr, 0.85, 0.0, 0.0);
      else
        {
          rdt_gl_fof_clear (&fof);
          continue;
        }
      stroke_polygon (cr, c, 4, scale);
      rdt_gl_fof_clear (&fof);
    }
}

static void
gridless_terrain_overlay (cairo_t           *cr,
                          const RdtGridless *g,
                          const RdtGlPiece  *piece,
                          double             scale)
{
  RdtPoint c[4];

  /* The block, and the outline of every terrain area and hill that covers
   * part of it (G2, G3): the shapes its fractions come from. */
  rdt_gridless_piece_corners (g, piece, c);
  cairo_set_source_rgb (cr, 0.8, 0.0, 0.8);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < g->areas->len; i++)
    {
      const RdtGlArea *a = g_ptr_array_index (g->areas, i);
      if (rdt_geom_clipped_area ((const RdtPoint *) a->points->data, a->points->len, c, 4) > 0)
        stroke_polygon (cr, (const RdtPoint *) a->points->data, a->points->len, scale);
    }
  for (guint i = 0; i < g->hills->len; i++)
    {
      const RdtGlHill *h = g_ptr_array_index (g->hills, i);
      if (rdt_geom_clipped_area ((const RdtPoint *) h->points->data, h->points->len, c, 4) > 0)
        stroke_polygon (cr, (const RdtPoint *) h->points->data, h->points->len, scale);
    }
  cairo_set_line_width (cr, 3);
  stroke_polygon (cr, c, 4, scale);
}

/* A Pub Battles gridless file (issue 18): the table drawn by
 * rdt-gridless-render.c, optionally with the movement envelope of a piece
 * (G10) and the centre path to a destination, a line of sight, one piece's
 * Field of Fire or the terrain under one piece.  docs/cli-render.md. */
static int
render_gridless (int    argc,
                 char **argv)
{
  g_autofree char *output = NULL, *moves = NULL, *to = NULL;
  g_autofree char *los = NULL, *fof = NULL, *terrain = NULL;
  double scale = 0;
  gboolean no_fof = FALSE, no_labels = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the image to OUT (.png, .svg or .pdf)"), N_("OUT") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale, N_("Pixels (PNG) or points (SVG, PDF) per inch of table (default 40)"), N_("N") },
    { "moves", 0, 0, G_OPTION_ARG_STRING, &moves, N_("Draw the movement envelope of PIECE (G10)"), N_("PIECE") },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, N_("With --moves: the path to the centre X,Y (same facing)"), N_("X,Y") },
    { "los", 0, 0, G_OPTION_ARG_STRING, &los, N_("Draw the line of sight from A to B (piece ids or X,Y; G6, G7)"), N_("A:B") },
    { "fof", 0, 0, G_OPTION_ARG_STRING, &fof, N_("Draw the Field of Fire of PIECE alone and the pieces in it (G5)"), N_("PIECE") },
    { "terrain", 0, 0, G_OPTION_ARG_STRING, &terrain, N_("Outline PIECE and the shapes under it (G2, G3)"), N_("PIECE") },
    { "no-fof", 0, 0, G_OPTION_ARG_NONE, &no_fof, N_("Leave the Fields of Fire out"), NULL },
    { "no-labels", 0, 0, G_OPTION_ARG_NONE, &no_labels, N_("Leave the piece ids out"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE -o OUT — draw a Pub Battles gridless table"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtGridless) g = NULL;
  RdtRenderFormat format;
  RdtGridlessRenderOptions options = { .fof = TRUE, .labels = TRUE };
  const RdtGlPiece *piece = NULL;
  RdtGlLosEnd los_from = { 0 }, los_to = { 0 };
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;
  cairo_status_t st;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 2 || output == NULL || (to != NULL && moves == NULL))
    {
      rdt_cli_error (_("usage: redoubt-cli render GRIDLESS-FILE -o OUT.png|svg|pdf [--scale N] [--moves PIECE [--to X,Y]] [--los A:B] [--fof PIECE] [--terrain PIECE] [--no-fof] [--no-labels]"));
      return RDT_CLI_EXIT_USAGE;
    }
  if (!rdt_render_format_from_path (output, &format))
    {
      rdt_cli_error (_("%s: the output must end in .png, .svg or .pdf"), output);
      return RDT_CLI_EXIT_USAGE;
    }
  if (scale == 0)
    scale = 40;
  if (!(scale >= 1.0 && scale <= 1000.0))
    {
      rdt_cli_error (_("--scale must be between 1 and 1000"));
      return RDT_CLI_EXIT_USAGE;
    }
  g = rdt_gridless_load_from_file (argv[1], diagnostics, &error);
  if (g == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  if (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0)
    {
      rdt_cli_error (_("%s: the file has errors; run “redoubt-cli validate” and fix them first"), argv[1]);
      return RDT_CLI_EXIT_FAILURE;
    }
  w = g->width * scale;
  h = g->height * scale;
  if (w > RDT_RENDER_MAX_SIDE || h > RDT_RENDER_MAX_SIDE ||
      (format == RDT_RENDER_FORMAT_PNG && w * h > RDT_RENDER_MAX_PIXELS))
    {
      rdt_cli_error (_("%.0f × %.0f is over the caps of docs/cli-render.md: use a smaller --scale"), w, h);
      return RDT_CLI_EXIT_FAILURE;
    }
  if (moves != NULL && (piece = rdt_gridless_find_piece (g, moves)) == NULL)
    {
      rdt_cli_error (_("no piece “%s” in the file"), moves);
      return RDT_CLI_EXIT_FAILURE;
    }
  {
    const char *names[2] = { fof, terrain };
    for (int k = 0; k < 2; k++)
      if (names[k] != NULL && rdt_gridless_find_piece (g, names[k]) == NULL)
        {
          rdt_cli_error (_("no piece “%s” in the file"), names[k]);
          return RDT_CLI_EXIT_FAILURE;
        }
  }
  if (los != NULL)
    {
      g_auto(GStrv) ab = g_strsplit (los, ":", 3);
      if (g_strv_length (ab) != 2)
        {
          rdt_cli_error (_("--los: “%s” is not A:B (two piece ids or points X,Y)"), los);
          return RDT_CLI_EXIT_USAGE;
        }
      if (!rdt_cli_gridless_parse_end (g, ab[0], &los_from) || !rdt_cli_gridless_parse_end (g, ab[1], &los_to))
        return RDT_CLI_EXIT_FAILURE;
    }
  /* --fof draws that piece's FoF alone: the others would hide it. */
  options.fof = !no_fof && fof == NULL;
  options.labels = !no_labels;
  options.selected = moves != NULL ? moves : fof != NULL ? fof : terrain;
  if (format == RDT_RENDER_FORMAT_SVG)
    surface = cairo_svg_surface_create (output, w, h);
  else if (format == RDT_RENDER_FORMAT_PDF)
    surface = cairo_pdf_surface_create (output, w, h);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w), (int) ceil (h));
  cr = cairo_create (surface);
  rdt_gridless_render (cr, g, scale, &options);
  if (terrain != NULL)
    gridless_terrain_overlay (cr, g, rdt_gridless_find_piece (g, terrain), scale);
  if (fof != NULL)
    gridless_fof_overlay (cr, g, rdt_gridless_find_piece (g, fof), scale);
  if (los != NULL)
    gridless_los_overlay (cr, g, los_from, los_to, scale);
  if (piece != NULL)
    {
      RdtGlEnvelope env;
      const RdtPoint *p;

      rdt_gl_envelope (g, piece, &env);
      p = (const RdtPoint *) env.polygon->data;
      for (guint i = 0; i < env.polygon->len; i++)
        (i == 0 ? cairo_move_to : cairo_line_to) (cr, p[i].x * scale, p[i].y * scale);
      cairo_close_path (cr);
      if (env.road != NULL)
        for (guint i = 0; i < env.road->len; i++)
          {
            RdtPoint q = g_array_index (env.road, RdtPoint, i);
            (i == 0 ? cairo_move_to : cairo_line_to) (cr, q.x * scale, q.y * scale);
          }
      cairo_set_source_rgba (cr, 0.94, 0.82, 0.13, 0.30);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.69, 0.56, 0.0);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      rdt_gl_envelope_clear (&env);
      if (to != NULL)
        {
          g_auto(GStrv) xy = g_strsplit (to, ",", 3);
          char *e1 = NULL, *e2 = NULL;
          RdtGlPose pose = { { 0, 0 }, piece->facing, piece->road_column };
          RdtGlMove m;

          if (g_strv_length (xy) == 2)
            {
              pose.to.x = g_ascii_strtod (xy[0], &e1);
              pose.to.y = g_ascii_strtod (xy[1], &e2);
            }
          if (e1 == NULL || e1 == xy[0] || *e1 != '\0' || e2 == xy[1] || *e2 != '\0')
            {
              cairo_destroy (cr);
              cairo_surface_destroy (surface);
              rdt_cli_error (_("--to: “%s” is not X,Y in inches"), to);
              return RDT_CLI_EXIT_USAGE;
            }
          rdt_gl_can_reach (g, piece, &pose, &m);
          for (guint i = 0; i < m.n_legs_points; i++)
            (i == 0 ? cairo_move_to : cairo_line_to) (cr, m.legs[i].x * scale, m.legs[i].y * scale);
          if (m.verdict == RDT_GL_YES)
            cairo_set_source_rgb (cr, 0.0, 0.5, 0.0);
          else
            cairo_set_source_rgb (cr, 0.8, 0.0, 0.0);
          cairo_set_line_width (cr, 2.5);
          cairo_stroke (cr);
        }
    }
  cairo_destroy (cr);
  if (format == RDT_RENDER_FORMAT_PNG)
    st = cairo_surface_write_to_png (surface, output);
  else
    {
      cairo_surface_finish (surface);
      st = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      rdt_cli_error ("%s: %s", output, cairo_status_to_string (st));
      return RDT_CLI_EXIT_FAILURE;
    }
  return RDT_CLI_EXIT_OK;
}

int
rdt_cli_render (int    argc,
                char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *area = NULL;
  g_autofree char *caption = NULL;
  double scale = 0;           /* 0: not given */
  gboolean no_counters = FALSE;
  g_autofree char *los = NULL, *fan = NULL, *zoc = NULL, *moves = NULL, *path = NULL;
  g_autofree char *retreat = NULL, *targets = NULL;
  g_auto(GStrv) occupied = NULL;
  int turn = 0;
  g_autofree char *weather = NULL;
  g_auto(GStrv) released = NULL;
  RdtGameContext game;
  RdtCliReferee referee = { 0 };
  OverlayArgs args = { 0 };
  g_autoptr(GArray) items = rdt_rule_overlays_new ();
  g_autoptr(GString) auto_caption = g_string_new (NULL);
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the image to OUT (.png, .svg or .pdf)"), N_("OUT") },
    { "area", 0, 0, G_OPTION_ARG_STRING, &area, N_("Only the hexes within RADIUS of HEX"), N_("HEX:RADIUS") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &scale, N_("Pixels (PNG) or points (SVG, PDF) per hex radius (default 28)"), N_("N") },
    { "caption", 0, 0, G_OPTION_ARG_STRING, &caption, N_("Text set under the map"), N_("TEXT") },
    { "no-counters", 0, 0, G_OPTION_ARG_NONE, &no_counters, N_("Leave the counters out"), NULL },
    { "los", 0, 0, G_OPTION_ARG_STRING, &los, N_("Draw the line of sight from FROM to TO (11.4)"), N_("FROM:TO") },
    { "fan", 0, 0, G_OPTION_ARG_STRING, &fan, N_("Shade the hexes out of LOS from HEX within RANGE (default: artillery range, 11.2)"), N_("HEX[:RANGE]") },
    { "zoc", 0, 0, G_OPTION_ARG_STRING, &zoc, N_("Shade the zone of control of SIDE's units (8.1)"), N_("SIDE") },
    { "moves", 0, 0, G_OPTION_ARG_STRING, &moves, N_("Shade the hexes UNIT can reach, with their cost (9)"), N_("UNIT") },
    { "strategic", 0, 0, G_OPTION_ARG_NONE, &args.strategic, N_("With --moves: strategic movement (9.5)"), NULL },
    { "path", 0, 0, G_OPTION_ARG_STRING, &path, N_("With --moves: the cheapest path to HEX"), N_("HEX") },
    { "retreat", 0, 0, G_OPTION_ARG_STRING, &retreat, N_("Shade the retreat destinations of UNIT (13.2)"), N_("UNIT") },
    { "targets", 0, 0, G_OPTION_ARG_STRING, &targets, N_("Show the legal targets of artillery UNIT (11.2)"), N_("UNIT") },
    { "ignore-units", 0, 0, G_OPTION_ARG_NONE, &args.ignore_units, N_("LOS: combat units do not block"), NULL },
    { "occupied", 0, 0, G_OPTION_ARG_STRING_ARRAY, &occupied, N_("LOS: treat these hexes as occupied (repeatable: the lists are merged)"), N_("HEX,...") },
    { "turn", 0, 0, G_OPTION_ARG_INT, &turn, N_("With --moves, --retreat, --targets: the game turn (rules that depend on it are otherwise not decided)"), N_("N") },
    { "weather", 0, 0, G_OPTION_ARG_STRING, &weather, N_("With --moves, --retreat, --targets: the weather, e.g. dense-fog, moderate-fog (Germantown 3.1)"), N_("ID") },
    { "released", 0, 0, G_OPTION_ARG_STRING_ARRAY, &released, N_("With --moves, --retreat: a release made (e.g. sullivan), or none; repeatable"), N_("ID") },
    { NULL }
  };
  /* With a rule overlay, render is a referee command: --force. */
  const RdtCliSpec spec = { "render", "FILE -o OUT.png|svg|pdf", N_("draw the map to an image"), NULL,
                            entries, &referee, 1, 1 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr (RdtScenario) scenario = NULL;
  g_autoptr (RdtRenderMap) map = NULL;
  g_autoptr (RdtMapRenderer) renderer = NULL;
  RdtRenderExportOptions options;
  int status;

  /* A gridless file (Pub Battles, issue 18): blocks on a table in inches. */
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "-o") || g_str_equal (argv[i], "--output"))
        {
          i++;
          continue;
        }
      if (argv[i][0] != '-')
        {
          if (g_str_equal (rdt_cli_peek_root (argv[i]), "gridless-scenario"))
            return render_gridless (argc, argv);
          break;
        }
    }
  status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (output == NULL)
    return rdt_cli_usage_error (&spec, _("render: -o OUT is required"));
  if (!rdt_cli_game_context (&game, turn, weather, released, &error))
    return rdt_cli_usage_error (&spec, error->message);
  rdt_render_export_options_init (&options);
  if (!rdt_render_format_from_path (output, &options.format))
    {
      rdt_cli_error (_("%s: the output must end in .png, .svg or .pdf"), output);
      return RDT_CLI_EXIT_USAGE;
    }
  if (scale != 0 && !(scale >= 1.0 && scale <= 1000.0))
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
  if (area && !parse_area (rdt_scenario_get_grid (scenario), rdt_scenario_get_hex_labels (scenario), area,
                           &options.area_centre, &options.area_radius, &error))
    {
      rdt_cli_error ("--area %s: %s", area, error->message);
      return RDT_CLI_EXIT_USAGE;
    }

  args.los = los;
  args.fan = fan;
  args.zoc = zoc;
  args.moves = moves;
  args.path = path;
  args.retreat = retreat;
  args.targets = targets;
  args.occupied = occupied;
  args.context = &game;
  if ((los || fan || zoc || moves || retreat || targets) &&
      !rdt_cli_referee_check (argv[1], diagnostics, &referee))
    return RDT_CLI_EXIT_FAILURE;
  status = build_overlays (scenario, &args, items, auto_caption);
  if (status != RDT_CLI_EXIT_OK)
    return status;

  map = rdt_render_map_new_from_scenario (scenario);
  renderer = rdt_map_renderer_new (map);
  options.scale = scale != 0 ? scale : RDT_RENDER_DEFAULT_SCALE;
  options.use_area = area != NULL;
  options.caption = caption ? caption : (auto_caption->len ? auto_caption->str : NULL);
  options.overlays = (const RdtRenderOverlay *) items->data;
  options.n_overlays = items->len;
  options.layers = no_counters ? RDT_RENDER_LAYER_ALL & ~RDT_RENDER_LAYER_COUNTERS
                               : RDT_RENDER_LAYER_ALL;
  /* The caps of docs/cli-render.md: a large map at the default scale is
   * drawn smaller, and said so; a --scale that was asked for is not changed
   * behind the user's back. */
  {
    double w, h, fit;
    g_autoptr(GError) size_error = NULL;

    if (!rdt_map_renderer_export_size (renderer, &options, &w, &h, &size_error)
        && g_error_matches (size_error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_SIZE))
      {
        fit = rdt_map_renderer_export_max_scale (renderer, &options);
        if (scale != 0 || fit <= 0)
          {
            if (fit > 0)
              rdt_cli_error (_("%s (the largest scale that fits is %.1f)"), size_error->message, fit);
            else
              rdt_cli_error ("%s", size_error->message);
            return RDT_CLI_EXIT_FAILURE;
          }
        rdt_cli_error (_("%s. Drawn at scale %.1f instead of %g to stay within the caps (docs/cli-render.md); use --scale or --area to choose"),
                       size_error->message, fit, options.scale);
        options.scale = fit;
      }
  }
  if (!rdt_map_renderer_export_file (renderer, output, &options, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  return RDT_CLI_EXIT_OK;
}
