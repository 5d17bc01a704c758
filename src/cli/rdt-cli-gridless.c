/* rdt-cli-gridless.c: the Pub Battles commands on gridless files (issue 18):
 * `los FILE A B` (dispatched here by rdt-cli-los.c), `fof FILE PIECE` and
 * `terrain FILE PIECE`.  docs/cli.md and docs/gridless-json.md describe the
 * output; docs/gridless-conventions.md the geometry. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-files.h"
#include "redoubt-core.h"

static RdtGridless *
load (const char *path)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = rdt_gridless_load_from_file (path, diagnostics, &error);

  if (g == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return NULL;
    }
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
      rdt_cli_error (_("%s: the file has errors; run “redoubt-cli validate” and fix them first"), path);
      return NULL;
    }
  return g_steal_pointer (&g);
}

static const RdtGlPiece *
find_piece (const RdtGridless *g,
            const char        *id)
{
  const RdtGlPiece *p = rdt_gridless_find_piece (g, id);

  if (p == NULL)
    rdt_cli_error (_("no piece “%s” in the file"), id);
  return p;
}

/* PIECE or X,Y (inches, inside the map). */
static gboolean
parse_end (const RdtGridless *g,
           const char        *text,
           RdtGlLosEnd       *end)
{
  g_auto(GStrv) xy = NULL;
  char *e1 = NULL, *e2 = NULL;

  end->piece = rdt_gridless_find_piece (g, text);
  if (end->piece != NULL)
    return TRUE;
  xy = g_strsplit (text, ",", 3);
  if (g_strv_length (xy) == 2)
    {
      end->point.x = g_ascii_strtod (xy[0], &e1);
      end->point.y = g_ascii_strtod (xy[1], &e2);
      if (e1 != xy[0] && *e1 == '\0' && e2 != xy[1] && *e2 == '\0')
        {
          if (end->point.x >= 0 && end->point.y >= 0 && end->point.x <= g->width &&
              end->point.y <= g->height)
            return TRUE;
          rdt_cli_error (_("the point %s is outside the %g × %g inch map"), text, g->width, g->height);
          return FALSE;
        }
    }
  rdt_cli_error (_("“%s” is neither a piece nor a point X,Y in inches"), text);
  return FALSE;
}

static void
member_double (JsonBuilder *b,
               const char  *name,
               double       v)
{
  json_builder_set_member_name (b, name);
  /* Rounded to 1e-9 inch: stable output, well below every tolerance (G0). */
  json_builder_add_double_value (b, v == 0 ? 0 : (double) (gint64) (v * 1e9 + (v > 0 ? 0.5 : -0.5)) / 1e9);
}

static void
member_string (JsonBuilder *b,
               const char  *name,
               const char  *v)
{
  json_builder_set_member_name (b, name);
  if (v != NULL)
    json_builder_add_string_value (b, v);
  else
    json_builder_add_null_value (b);
}

static void
point_json (JsonBuilder *b,
            RdtPoint     p)
{
  json_builder_begin_array (b);
  json_builder_add_double_value (b, p.x);
  json_builder_add_double_value (b, p.y);
  json_builder_end_array (b);
}

/* ------------------------------------------------------------------ los */

static void
los_end_json (JsonBuilder  *b,
              const char   *name,
              RdtGlLosEnd   end,
              RdtPoint      at,
              int           level)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  member_string (b, "piece", end.piece != NULL ? end.piece->id : NULL);
  json_builder_set_member_name (b, "at");
  point_json (b, at);
  json_builder_set_member_name (b, "hill-level");
  json_builder_add_int_value (b, level);
  json_builder_end_object (b);
}

static void
los_json (JsonBuilder    *b,
          const RdtGlLos *los,
          RdtGlLosEnd     from,
          RdtGlLosEnd     to)
{
  json_builder_begin_object (b);
  los_end_json (b, "viewer", from, los->from, los->viewer_level);
  los_end_json (b, "target", to, los->to, los->target_level);
  member_string (b, "verdict", los->verdict == RDT_GL_YES ? "clear" : "blocked");
  member_string (b, "reason", _(los->reason));
  member_string (b, "rule", _(los->rule));
  member_string (b, "conventions", los->convention);
  member_double (b, "centre-distance", los->length);
  member_double (b, "sight-line-start", los->start);
  member_double (b, "sight-line-end", los->end);
  member_double (b, "max-range", los->max_range);
  member_double (b, "woods-buildings-length", los->woods_length);
  member_double (b, "see-into", RDT_GL_SEE_INTO);
  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; i < los->steps->len; i++)
    {
      const RdtGlLosStep *s = &g_array_index (los->steps, RdtGlLosStep, i);
      json_builder_begin_object (b);
      member_string (b, "what", s->what);
      member_string (b, "id", s->id);
      member_double (b, "enter", s->enter);
      member_double (b, "leave", s->leave);
      member_double (b, "inside", s->inside);
      member_string (b, "effect", rdt_gl_los_effect_to_string (s->effect));
      member_string (b, "conventions", s->convention);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
los_text (const RdtGlLos *los,
          const char     *from_text,
          const char     *to_text)
{
  printf (_("Line of sight %s → %s: %s\n"), from_text, to_text,
          los->verdict == RDT_GL_YES ? _("clear") : _("blocked"));
  printf ("  %s (%s; %s)\n", _(los->reason), _(los->rule), los->convention);
  printf (_("  sight line %.4f to %.4f in. of %.4f in. between centres; range 1 Foot move = %.4f in.\n"),
          los->start, los->end, los->length, los->max_range);
  printf (_("  viewer hill level %d, target hill level %d; woods/buildings seen into %.4f in. (limit 3/8\")\n"),
          los->viewer_level, los->target_level, los->woods_length);
  for (guint i = 0; i < los->steps->len; i++)
    {
      const RdtGlLosStep *s = &g_array_index (los->steps, RdtGlLosStep, i);
      printf ("  %8.4f–%8.4f in.  %-9s %-20s %-18s (%s)\n", s->enter, s->leave, s->what, s->id,
              rdt_gl_los_effect_to_string (s->effect), s->convention);
    }
}

int
rdt_cli_gridless_los (int    argc,
                      char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the answer as JSON (docs/gridless-json.md)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE VIEWER TARGET — Pub Battles line of sight"));
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = NULL;
  RdtGlLosEnd from = { 0 }, to = { 0 };
  RdtGlLos los;
  int status;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 4)
    {
      rdt_cli_error (_("usage: redoubt-cli los FILE PIECE|X,Y PIECE|X,Y [--json]"));
      return RDT_CLI_EXIT_USAGE;
    }
  g = load (argv[1]);
  if (g == NULL)
    return RDT_CLI_EXIT_FAILURE;
  if (!parse_end (g, argv[2], &from) || !parse_end (g, argv[3], &to))
    return RDT_CLI_EXIT_FAILURE;
  rdt_gl_los (g, from, to, &los);
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      los_json (b, &los, from, to);
      rdt_cli_print_json (b);
    }
  else
    los_text (&los, argv[2], argv[3]);
  status = los.verdict == RDT_GL_YES ? RDT_CLI_EXIT_OK : RDT_CLI_EXIT_BLOCKED;
  rdt_gl_los_clear (&los);
  return status;
}

/* ------------------------------------------------------------------ fof */

int
rdt_cli_fof (int    argc,
             char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the answer as JSON (docs/gridless-json.md)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE PIECE — which pieces are in the piece’s Field of Fire"));
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const RdtGlPiece *firer;
  RdtPoint zone[4];
  gboolean projects;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 3)
    {
      rdt_cli_error (_("usage: redoubt-cli fof FILE PIECE [--json]"));
      return RDT_CLI_EXIT_USAGE;
    }
  g = load (argv[1]);
  if (g == NULL || (firer = find_piece (g, argv[2])) == NULL)
    return RDT_CLI_EXIT_FAILURE;
  rdt_gl_fof_zone (g, firer, zone);
  projects = firer->type == RDT_GL_INFANTRY || firer->type == RDT_GL_DRAGOONS ||
             firer->type == RDT_GL_ARTILLERY;

  json_builder_begin_object (b);
  member_string (b, "piece", firer->id);
  member_string (b, "type", rdt_gl_piece_type_to_string (firer->type));
  json_builder_set_member_name (b, "projects");
  json_builder_add_boolean_value (b, projects);
  member_double (b, "range", rdt_gridless_foot_move (g) / 3);
  json_builder_set_member_name (b, "zone");
  json_builder_begin_array (b);
  for (int k = 0; k < 4; k++)
    point_json (b, zone[k]);
  json_builder_end_array (b);
  member_string (b, "rule", _("Pub Battles, Field of Fire"));
  member_string (b, "conventions", "G5 G6");
  if (!json)
    {
      printf (_("Field of Fire of %s (%s): %s; range 1/3 Foot move = %.4f in. (Pub Battles, Field of Fire; G5)\n"),
              firer->id, rdt_gl_piece_type_to_string (firer->type),
              projects ? _("projects one") : _("projects none (only Infantry, Dragoons and Artillery do)"),
              rdt_gridless_foot_move (g) / 3);
    }
  json_builder_set_member_name (b, "pieces");
  json_builder_begin_array (b);
  for (gboolean pass_in = TRUE; ; pass_in = FALSE)
    {
      if (!json)
        printf ("%s\n", pass_in ? _("In its Field of Fire:") : _("Not in its Field of Fire:"));
      for (guint i = 0; i < g->pieces->len; i++)
        {
          const RdtGlPiece *t = g_ptr_array_index (g->pieces, i);
          RdtGlFof fof;
          gboolean enemy = g_strcmp0 (t->side, firer->side) != 0;

          if (t == firer)
            continue;
          rdt_gl_fof (g, firer, t, &fof);
          if ((fof.verdict == RDT_GL_YES) != pass_in)
            {
              rdt_gl_fof_clear (&fof);
              continue;
            }
          json_builder_begin_object (b);
          member_string (b, "piece", t->id);
          member_string (b, "side", t->side);
          json_builder_set_member_name (b, "enemy");
          json_builder_add_boolean_value (b, enemy);
          member_string (b, "verdict", rdt_gl_verdict_to_string (fof.verdict));
          member_double (b, "fraction-in-zone", fof.fraction);
          member_string (b, "in-zone", rdt_gl_verdict_to_string (fof.in_zone));
          member_string (b, "line-of-sight", fof.los.verdict == RDT_GL_YES ? "clear" : "blocked");
          member_string (b, "line-of-sight-reason", _(fof.los.reason));
          member_string (b, "reason", _(fof.reason));
          member_string (b, "conventions", fof.convention);
          if (enemy && fof.verdict == RDT_GL_YES)
            {
              RdtGlFlank flank;
              rdt_gl_flank (g, firer, t, &flank);
              json_builder_set_member_name (b, "flank");
              json_builder_begin_object (b);
              member_string (b, "verdict", rdt_gl_verdict_to_string (flank.verdict));
              member_string (b, "reason", _(flank.reason));
              member_string (b, "rule", _(flank.rule));
              member_string (b, "conventions", flank.convention);
              json_builder_end_object (b);
              if (!json)
                printf ("  %-22s %5.1f%%  %s; %s: %s (%s)\n", t->id, 100 * fof.fraction, _(fof.reason),
                        _("flank"), rdt_gl_verdict_to_string (flank.verdict), _(flank.reason));
              rdt_gl_flank_clear (&flank);
            }
          else if (!json)
            printf ("  %-22s %5.1f%%  %s%s%s (%s)\n", t->id, 100 * fof.fraction, _(fof.reason),
                    fof.los.verdict != RDT_GL_YES && fof.in_zone != RDT_GL_NO ? ": " : "",
                    fof.los.verdict != RDT_GL_YES && fof.in_zone != RDT_GL_NO ? _(fof.los.reason) : "",
                    fof.convention);
          json_builder_end_object (b);
          rdt_gl_fof_clear (&fof);
        }
      if (!pass_in)
        break;
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  if (json)
    rdt_cli_print_json (b);
  return RDT_CLI_EXIT_OK;
}

/* -------------------------------------------------------------- terrain */

int
rdt_cli_terrain (int    argc,
                 char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the answer as JSON (docs/gridless-json.md)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE PIECE — the terrain under the majority of the piece"));
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = NULL;
  const RdtGlPiece *p;
  RdtGlTerrain t;
  const char *reason;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 3)
    {
      rdt_cli_error (_("usage: redoubt-cli terrain FILE PIECE [--json]"));
      return RDT_CLI_EXIT_USAGE;
    }
  g = load (argv[1]);
  if (g == NULL || (p = find_piece (g, argv[2])) == NULL)
    return RDT_CLI_EXIT_FAILURE;
  rdt_gl_piece_terrain (g, p, &t);
  reason = t.has_majority == RDT_GL_YES
           ? _("more than half of the block is in this terrain")
           : _("no terrain holds more than half of the block: “equally in two types of terrain” "
               "(Moving Intent: the opponent may relocate the piece within 1/3 Foot move)");
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      member_string (b, "piece", p->id);
      member_double (b, "area", t.area);
      json_builder_set_member_name (b, "fractions");
      json_builder_begin_object (b);
      for (guint k = 0; k < RDT_GL_N_AREA_KINDS; k++)
        member_double (b, rdt_gl_area_kind_to_string (k), t.fraction[k]);
      json_builder_end_object (b);
      member_string (b, "verdict", rdt_gl_verdict_to_string (t.has_majority));
      member_string (b, "terrain", t.has_majority == RDT_GL_YES ? rdt_gl_area_kind_to_string (t.majority) : NULL);
      member_string (b, "reason", reason);
      json_builder_set_member_name (b, "levels");
      json_builder_begin_array (b);
      for (int l = 1; l <= RDT_GL_MAX_LEVEL; l++)
        if (t.level_fraction[l] > 0)
          {
            json_builder_begin_object (b);
            json_builder_set_member_name (b, "level");
            json_builder_add_int_value (b, l);
            member_double (b, "fraction", t.level_fraction[l]);
            json_builder_end_object (b);
          }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "hill-level");
      json_builder_add_int_value (b, t.level);
      member_string (b, "hill", t.hill_id);
      member_string (b, "rule", _(t.rule));
      member_string (b, "conventions", t.convention);
      json_builder_end_object (b);
      rdt_cli_print_json (b);
    }
  else
    {
      printf (_("Terrain of %s: %s (%s; %s)\n"), p->id,
              t.has_majority == RDT_GL_YES ? rdt_gl_area_kind_to_string (t.majority) : _("undecided"),
              _(t.rule), t.convention);
      printf ("  %s\n", reason);
      for (guint k = 0; k < RDT_GL_N_AREA_KINDS; k++)
        if (t.fraction[k] > 0)
          printf ("  %-10s %9.5f%%\n", rdt_gl_area_kind_to_string (k), 100 * t.fraction[k]);
      if (t.level > 0)
        printf (_("  on hill %s (level %d): %.5f%% of the block at that level or higher\n"),
                t.hill_id, t.level, 100 * t.level_fraction[t.level]);
      else
        printf (_("  not on a hill (no level holds more than half of the block)\n"));
    }
  return RDT_CLI_EXIT_OK;
}
