/* rdt-cli-gridless.c: the Pub Battles commands on gridless files (issue 18):
 * `los FILE A B` (dispatched here by rdt-cli-los.c), `fof FILE PIECE` and
 * `terrain FILE PIECE`.  docs/cli.md and docs/gridless-json.md describe the
 * output; docs/gridless-conventions.md the geometry. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
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
gboolean
rdt_cli_gridless_parse_end (const RdtGridless *g,
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
      if (e1 != xy[0] && *e1 == '\0' && e2 != xy[1] && *e2 == '\0' &&
          isfinite (end->point.x) && isfinite (end->point.y))
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

const RdtGlPiece *
rdt_cli_gridless_point_in_piece (const RdtGridless *g,
                                 RdtGlLosEnd        end)
{
  if (end.piece != NULL)
    return NULL;
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
      RdtPoint c[4];
      if (p->destroyed || !g->specs[p->type].present)
        continue;
      rdt_gridless_piece_corners (g, p, c);
      if (rdt_geom_point_in_polygon (c, 4, end.point) == RDT_GEOM_INSIDE)
        return p;
    }
  return NULL;
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

/* ----------------------------------------------------------------- info */

int
rdt_cli_gridless_info (const char *path,
                       gboolean    json)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = rdt_gridless_load_from_file (path, diagnostics, &error);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  guint kinds[RDT_GL_N_AREA_KINDS] = { 0 }, crossings = 0, errors;

  if (g == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  errors = rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR);
  for (guint i = 0; i < g->areas->len; i++)
    kinds[((RdtGlArea *) g_ptr_array_index (g->areas, i))->kind]++;
  for (guint i = 0; i < g->waters->len; i++)
    crossings += ((RdtGlWater *) g_ptr_array_index (g->waters, i))->crossings->len;

  json_builder_begin_object (b);
  member_string (b, "kind", "gridless-scenario");
  member_string (b, "id", g->id);
  member_string (b, "title", g->title);
  member_double (b, "width", g->width);
  member_double (b, "height", g->height);
  member_string (b, "underlay", g->underlay_href);
  json_builder_set_member_name (b, "areas");
  json_builder_begin_object (b);
  for (guint k = 0; k < RDT_GL_N_AREA_KINDS; k++)
    if (k != RDT_GL_AREA_CLEAR)
      {
        json_builder_set_member_name (b, rdt_gl_area_kind_to_string (k));
        json_builder_add_int_value (b, kinds[k]);
      }
  json_builder_end_object (b);
  json_builder_set_member_name (b, "hills");
  json_builder_add_int_value (b, g->hills->len);
  json_builder_set_member_name (b, "waters");
  json_builder_add_int_value (b, g->waters->len);
  json_builder_set_member_name (b, "crossings");
  json_builder_add_int_value (b, crossings);
  json_builder_set_member_name (b, "roads");
  json_builder_add_int_value (b, g->roads->len);
  json_builder_set_member_name (b, "piece-types");
  json_builder_begin_array (b);
  for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
    {
      const RdtGlPieceSpec *s = &g->specs[t];
      if (!s->present)
        continue;
      json_builder_begin_object (b);
      member_string (b, "type", rdt_gl_piece_type_to_string (t));
      member_double (b, "width", s->width);
      member_double (b, "depth", s->depth);
      member_double (b, "move", s->move);
      json_builder_set_member_name (b, "provisional");
      json_builder_add_boolean_value (b, s->width_provisional || s->depth_provisional || s->move_provisional);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  member_double (b, "foot-move", rdt_gridless_foot_move (g));
  member_double (b, "cavalry-move", rdt_gridless_cavalry_move (g));
  json_builder_set_member_name (b, "sides");
  json_builder_begin_array (b);
  for (guint i = 0; i < g->sides->len; i++)
    {
      const RdtGlSide *side = g_ptr_array_index (g->sides, i);
      guint n = 0;
      for (guint k = 0; k < g->pieces->len; k++)
        n += g_strcmp0 (((RdtGlPiece *) g_ptr_array_index (g->pieces, k))->side, side->id) == 0;
      json_builder_begin_object (b);
      member_string (b, "id", side->id);
      member_string (b, "name", side->name);
      json_builder_set_member_name (b, "pieces");
      json_builder_add_int_value (b, n);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "commands");
  json_builder_add_int_value (b, g->commands->len);
  json_builder_set_member_name (b, "pieces");
  json_builder_add_int_value (b, g->pieces->len);
  json_builder_set_member_name (b, "errors");
  json_builder_add_int_value (b, errors);
  json_builder_set_member_name (b, "warnings");
  json_builder_add_int_value (b, rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING));
  json_builder_end_object (b);
  if (json)
    rdt_cli_print_json (b);
  else
    {
      printf (_("%s: Pub Battles gridless scenario “%s” (%s)\n"), path, g->id, g->title);
      printf (_("  table %g × %g in.%s%s\n"), g->width, g->height,
              g->underlay_href != NULL ? _(", underlay ") : "", g->underlay_href != NULL ? g->underlay_href : "");
      printf (_("  shapes: %u woods, %u buildings, %u marsh, %u river and %u stream areas; %u hills; "
                "%u waters with %u crossings; %u roads\n"),
              kinds[RDT_GL_AREA_WOODS], kinds[RDT_GL_AREA_BUILDINGS], kinds[RDT_GL_AREA_MARSH],
              kinds[RDT_GL_AREA_RIVER], kinds[RDT_GL_AREA_STREAM], g->hills->len, g->waters->len, crossings,
              g->roads->len);
      for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
        {
          const RdtGlPieceSpec *s = &g->specs[t];
          if (s->present)
            printf (_("  %-10s %g × %g in., move %g in.%s\n"), rdt_gl_piece_type_to_string (t), s->width,
                    s->depth, s->move,
                    s->width_provisional || s->depth_provisional || s->move_provisional
                      ? _(" (provisional: measure your own copy)") : "");
        }
      printf (_("  Foot move %g in. (FoF range %g, LOS range %g); Cavalry move %g in. (command range %g)\n"),
              rdt_gridless_foot_move (g), rdt_gridless_foot_move (g) / 3, rdt_gridless_foot_move (g),
              rdt_gridless_cavalry_move (g), rdt_gridless_cavalry_move (g) / 3);
      for (guint i = 0; i < g->sides->len; i++)
        {
          const RdtGlSide *side = g_ptr_array_index (g->sides, i);
          guint n = 0;
          for (guint k = 0; k < g->pieces->len; k++)
            n += g_strcmp0 (((RdtGlPiece *) g_ptr_array_index (g->pieces, k))->side, side->id) == 0;
          printf (_("  side %s (%s): %u pieces\n"), side->id, side->name, n);
        }
      printf (_("  %u commands, %u pieces; %u errors, %u warnings (redoubt-cli validate lists them)\n"),
              g->commands->len, g->pieces->len, errors, rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING));
    }
  return errors > 0 ? RDT_CLI_EXIT_FAILURE : RDT_CLI_EXIT_OK;
}

/* ------------------------------------------------------------------ los */

static void
los_end_json (JsonBuilder       *b,
              const char        *name,
              RdtGlLosEnd        end,
              RdtPoint           at,
              int                level,
              const RdtGridless *g)
{
  const RdtGlPiece *inside = rdt_cli_gridless_point_in_piece (g, end);

  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  member_string (b, "piece", end.piece != NULL ? end.piece->id : NULL);
  /* G6 d: a point inside a block is not that block, which blocks. */
  member_string (b, "inside-piece", inside != NULL ? inside->id : NULL);
  json_builder_set_member_name (b, "at");
  point_json (b, at);
  json_builder_set_member_name (b, "hill-level");
  json_builder_add_int_value (b, level);
  json_builder_end_object (b);
}

static void
los_json (JsonBuilder       *b,
          const RdtGlLos    *los,
          RdtGlLosEnd        from,
          RdtGlLosEnd        to,
          const RdtGridless *g)
{
  json_builder_begin_object (b);
  los_end_json (b, "viewer", from, los->from, los->viewer_level, g);
  los_end_json (b, "target", to, los->to, los->target_level, g);
  member_string (b, "verdict", los->verdict == RDT_GL_YES ? "clear" : "blocked");
  member_string (b, "reason", _(los->reason));
  member_string (b, "rule", _(los->rule));
  member_string (b, "conventions", los->convention);
  member_string (b, "reading", los->reading != NULL ? _(los->reading) : NULL);
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
      member_string (b, "reading", s->reading != NULL ? _(s->reading) : NULL);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
los_text (const RdtGlLos    *los,
          const char        *from_text,
          const char        *to_text,
          RdtGlLosEnd        from,
          RdtGlLosEnd        to,
          const RdtGridless *g)
{
  const RdtGlLosEnd ends[2] = { from, to };
  const char *texts[2] = { from_text, to_text };

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
  for (int e = 0; e < 2; e++)
    {
      const RdtGlPiece *in = rdt_cli_gridless_point_in_piece (g, ends[e]);
      if (in != NULL)
        printf (_("  note: the point %s lies inside the block of %s, which is not the end of the line "
                  "and so blocks it (G6 d); name the piece to look from or at it\n"), texts[e], in->id);
    }
  /* Each documented reading applied, once (docs/gridless-conventions.md, Readings). */
  for (guint i = 0; i < los->steps->len; i++)
    {
      const RdtGlLosStep *s = &g_array_index (los->steps, RdtGlLosStep, i);
      gboolean seen = FALSE;
      if (s->reading == NULL)
        continue;
      for (guint j = 0; j < i && !seen; j++)
        seen = g_array_index (los->steps, RdtGlLosStep, j).reading == s->reading;
      if (!seen)
        printf (_("  reading %s\n"), _(s->reading));
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
  if (!rdt_cli_gridless_parse_end (g, argv[2], &from) || !rdt_cli_gridless_parse_end (g, argv[3], &to))
    return RDT_CLI_EXIT_FAILURE;
  if (from.piece != NULL && from.piece == to.piece)
    {
      rdt_cli_error (_("the viewer and the target are the same piece “%s”: name two pieces or points"),
                     from.piece->id);
      return RDT_CLI_EXIT_USAGE;
    }
  rdt_gl_los (g, from, to, &los);
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      los_json (b, &los, from, to, g);
      rdt_cli_print_json (b);
    }
  else
    los_text (&los, argv[2], argv[3], from, to, g);
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
  /* One spec: --help, the usage line and `redoubt-cli --help` agree. */
  const RdtCliSpec spec = { "fof", "FILE PIECE", N_("Pub Battles: which pieces are in the piece’s Field of Fire (G5)"),
                            N_("docs/cli.md; the geometry: docs/gridless-conventions.md G5, G6, G8"),
                            entries, NULL, 2, 2 };
  g_autoptr(RdtGridless) g = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const RdtGlPiece *firer;
  RdtPoint zone[4];
  gboolean projects;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
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
  if (projects)
    member_string (b, "reading", _(rdt_gl_reading_fof_arc));
  else
    member_string (b, "reading", NULL);
  if (!json)
    {
      /* Built with g_strdup_printf: GCC's printf checks under the sanitizers
       * took a translated format for a possibly null one. */
      g_autofree char *head =
        g_strdup_printf (_("Field of Fire of %s (%s): %s; range 1/3 Foot move = %.4f in. (Pub Battles, Field of Fire; G5)\n"),
                         firer->id, rdt_gl_piece_type_to_string (firer->type),
                         projects ? _("projects one") : _("projects none (only Infantry, Dragoons and Artillery do)"),
                         rdt_gridless_foot_move (g) / 3);
      fputs (head, stdout);
      if (projects)
        {
          g_autofree char *line = g_strdup_printf (_("  reading %s\n"), _(rdt_gl_reading_fof_arc));
          fputs (line, stdout);
        }
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
          member_string (b, "line-of-sight-conventions", fof.los.convention);
          member_string (b, "line-of-sight-reading", fof.los.reading != NULL ? _(fof.los.reading) : NULL);
          member_string (b, "reason", _(fof.reason));
          member_string (b, "conventions", fof.convention);
          member_string (b, "reading", fof.reading != NULL ? _(fof.reading) : NULL);
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
              member_string (b, "reading", flank.reading != NULL ? _(flank.reading) : NULL);
              json_builder_end_object (b);
              if (!json)
                printf ("  %-22s %5.1f%%  %s; %s: %s (%s; %s)%s%s\n", t->id, 100 * fof.fraction, _(fof.reason),
                        _("flank"), rdt_gl_verdict_to_string (flank.verdict), _(flank.reason), flank.convention,
                        flank.reading != NULL ? "\n      " : "", flank.reading != NULL ? _(flank.reading) : "");
              rdt_gl_flank_clear (&flank);
            }
          else if (!json)
            {
              gboolean los_decided = fof.los.verdict != RDT_GL_YES && fof.in_zone != RDT_GL_NO && fof.projects;
              printf ("  %-22s %5.1f%%  %s%s%s (%s%s%s)%s%s\n", t->id, 100 * fof.fraction, _(fof.reason),
                      los_decided ? ": " : "", los_decided ? _(fof.los.reason) : "", fof.convention,
                      los_decided ? "; " : "", los_decided ? fof.los.convention : "",
                      los_decided && fof.los.reading != NULL ? "\n      " : "",
                      los_decided && fof.los.reading != NULL ? _(fof.los.reading) : "");
            }
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
  const RdtCliSpec spec = { "terrain", "FILE PIECE", N_("Pub Battles: the terrain under the majority of the piece (G2, G3)"),
                            N_("docs/cli.md; the geometry: docs/gridless-conventions.md G2, G3"),
                            entries, NULL, 2, 2 };
  g_autoptr(RdtGridless) g = NULL;
  const RdtGlPiece *p;
  RdtGlTerrain t;
  const char *reason;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
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

/* ---------------------------------------------------------------- moves */

static void
svg_points (GString        *s,
            const RdtPoint *p,
            guint           n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%.4f,%.4f", i > 0 ? " " : "", p[i].x, p[i].y);
}

static const char *
area_colour (RdtGlAreaKind kind)
{
  switch (kind)
    {
    case RDT_GL_AREA_WOODS: return "#3c7a3c";
    case RDT_GL_AREA_BUILDINGS: return "#8a6a5a";
    case RDT_GL_AREA_MARSH: return "#7a9a8a";
    case RDT_GL_AREA_RIVER:
    case RDT_GL_AREA_STREAM: return "#4a7ab8";
    case RDT_GL_AREA_CLEAR:
    case RDT_GL_N_AREA_KINDS:
    default: return "#e8e0c8";
    }
}

/* An SVG drawing (1 unit = 1 inch of table) of the map, the pieces with
 * their fronts, the envelope and the path: the `render` of `moves` for
 * gridless files (docs/gridless-json.md). */
static char *
moves_svg (const RdtGridless   *g,
           const RdtGlPiece    *piece,
           const RdtGlEnvelope *env,
           const RdtGlMove     *move)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.2fin\" height=\"%.2fin\" "
                          "viewBox=\"0 0 %.4f %.4f\">\n", g->width, g->height, g->width, g->height);
  g_string_append_printf (s, "<rect width=\"%.4f\" height=\"%.4f\" fill=\"#efe8d0\"/>\n", g->width, g->height);
  for (guint i = 0; i < g->hills->len; i++)
    {
      const RdtGlHill *h = g_ptr_array_index (g->hills, i);
      g_string_append (s, "<polygon fill=\"#c8a060\" fill-opacity=\"0.35\" stroke=\"#8a6a30\" stroke-width=\"0.03\" points=\"");
      svg_points (s, (const RdtPoint *) h->points->data, h->points->len);
      g_string_append (s, "\"/>\n<polyline fill=\"none\" stroke=\"#8a6a30\" stroke-width=\"0.03\" stroke-dasharray=\"0.2 0.1\" points=\"");
      svg_points (s, (const RdtPoint *) h->crest->data, h->crest->len);
      g_string_append (s, "\"/>\n");
    }
  for (guint i = 0; i < g->areas->len; i++)
    {
      const RdtGlArea *a = g_ptr_array_index (g->areas, i);
      g_string_append_printf (s, "<polygon fill=\"%s\" fill-opacity=\"0.7\" points=\"", area_colour (a->kind));
      svg_points (s, (const RdtPoint *) a->points->data, a->points->len);
      g_string_append (s, "\"/>\n");
    }
  for (guint i = 0; i < g->waters->len; i++)
    {
      const RdtGlWater *w = g_ptr_array_index (g->waters, i);
      if (w->area)
        g_string_append (s, "<polygon fill=\"#4a7ab8\" points=\"");
      else
        g_string_append_printf (s, "<polyline fill=\"none\" stroke=\"#4a7ab8\" stroke-width=\"%s\" points=\"",
                                w->river ? "0.12" : "0.05");
      svg_points (s, (const RdtPoint *) w->points->data, w->points->len);
      g_string_append (s, "\"/>\n");
      for (guint k = 0; k < w->crossings->len; k++)
        {
          const RdtGlCrossing *c = g_ptr_array_index (w->crossings, k);
          g_string_append_printf (s, "<circle cx=\"%.4f\" cy=\"%.4f\" r=\"0.12\" fill=\"%s\"/>\n", c->at.x, c->at.y,
                                  c->bridge ? "#555" : "#d8c890");
        }
    }
  for (guint i = 0; i < g->roads->len; i++)
    {
      const RdtGlRoad *r = g_ptr_array_index (g->roads, i);
      g_string_append (s, "<polyline fill=\"none\" stroke=\"#7a5a3a\" stroke-width=\"0.06\" points=\"");
      svg_points (s, (const RdtPoint *) r->points->data, r->points->len);
      g_string_append (s, "\"/>\n");
    }
  if (env->polygon != NULL && env->polygon->len > 0)
    {
      g_string_append (s, "<polygon fill=\"#f0d020\" fill-opacity=\"0.3\" stroke=\"#b09000\" stroke-width=\"0.03\" points=\"");
      svg_points (s, (const RdtPoint *) env->polygon->data, env->polygon->len);
      g_string_append (s, "\"/>\n");
    }
  if (env->road != NULL && env->road->len > 0)
    {
      g_string_append (s, "<polyline fill=\"none\" stroke=\"#f0d020\" stroke-opacity=\"0.7\" stroke-width=\"0.25\" points=\"");
      svg_points (s, (const RdtPoint *) env->road->data, env->road->len);
      g_string_append (s, "\"/>\n");
    }
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
      RdtPoint c[4];
      const RdtGlSide *side0 = g->sides->len > 0 ? g_ptr_array_index (g->sides, 0) : NULL;
      gboolean first = side0 != NULL && g_strcmp0 (side0->id, p->side) == 0;

      rdt_gridless_piece_corners (g, p, c);
      g_string_append_printf (s, "<polygon fill=\"%s\" stroke=\"%s\" stroke-width=\"0.02\" points=\"",
                              first ? "#c03030" : "#3050c0", p == piece ? "#000" : "#222");
      svg_points (s, c, 4);
      /* The front edge, thick. */
      g_string_append_printf (s, "\"/>\n<line x1=\"%.4f\" y1=\"%.4f\" x2=\"%.4f\" y2=\"%.4f\" stroke=\"#fff\" stroke-width=\"0.05\"/>\n",
                              c[0].x, c[0].y, c[1].x, c[1].y);
    }
  if (move != NULL && move->n_legs_points >= 2)
    {
      g_string_append_printf (s, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"0.05\" points=\"",
                              move->verdict == RDT_GL_YES ? "#008000" : "#c00000");
      svg_points (s, move->legs, move->n_legs_points);
      g_string_append (s, "\"/>\n");
    }
  g_string_append (s, "</svg>\n");
  return g_string_free (s, FALSE);
}

static void
move_json (JsonBuilder     *b,
           const RdtGlMove *m,
           const RdtGlPose *pose)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "to");
  point_json (b, pose->to);
  member_double (b, "facing", pose->facing);
  json_builder_set_member_name (b, "road-column");
  json_builder_add_boolean_value (b, pose->road_column);
  member_string (b, "verdict", rdt_gl_verdict_to_string (m->verdict));
  member_string (b, "path", rdt_gl_path_kind_to_string (m->path));
  json_builder_set_member_name (b, "legs");
  json_builder_begin_array (b);
  for (guint i = 0; i < m->n_legs_points; i++)
    point_json (b, m->legs[i]);
  json_builder_end_array (b);
  member_double (b, "path-length", m->path_length);
  member_double (b, "allowance", m->allowance);
  json_builder_set_member_name (b, "further-facing-changes");
  json_builder_add_int_value (b, m->facing_changes);
  json_builder_set_member_name (b, "formation-change");
  json_builder_add_boolean_value (b, m->formation_change);
  json_builder_set_member_name (b, "road-x2");
  json_builder_add_boolean_value (b, m->road_x2);
  json_builder_set_member_name (b, "reduced");
  json_builder_add_boolean_value (b, m->reduced);
  member_string (b, "reduced-by", m->reduced_by);
  member_string (b, "reduced-by-id", m->reduced_id);
  member_string (b, "blocker", m->blocker);
  member_string (b, "end-terrain", m->end_terrain.has_majority == RDT_GL_YES
                                     ? rdt_gl_area_kind_to_string (m->end_terrain.majority) : NULL);
  member_string (b, "end-terrain-verdict", rdt_gl_verdict_to_string (m->end_terrain.has_majority));
  member_string (b, "reason", m->reason != NULL ? _(m->reason) : NULL);
  member_string (b, "rule", _(m->rule));
  member_string (b, "conventions", m->convention);
  json_builder_end_object (b);
}

int
rdt_cli_gridless_moves (int    argc,
                        char **argv)
{
  gboolean json = FALSE, column = FALSE, line = FALSE;
  g_autofree char *to = NULL;
  g_autofree char *svg = NULL;
  double facing = G_MAXDOUBLE;
  const GOptionEntry entries[] = {
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, N_("Decide one destination: the centre X,Y in inches"), N_("X,Y") },
    { "facing", 0, 0, G_OPTION_ARG_DOUBLE, &facing, N_("Facing at the destination, degrees clockwise from map-up (default: unchanged)"), N_("DEG") },
    { "column", 0, 0, G_OPTION_ARG_NONE, &column, N_("End the move in Road Column"), NULL },
    { "line", 0, 0, G_OPTION_ARG_NONE, &line, N_("End the move out of Road Column"), NULL },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &svg, N_("Also draw the map, the envelope and the path to an SVG file"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the answer as JSON (docs/gridless-json.md)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (_("FILE PIECE — Pub Battles: where the piece may move (G10)"));
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const RdtGlPiece *p;
  RdtGlEnvelope env;
  RdtGlMove move = { 0 };
  RdtGlPose pose = { { 0, 0 }, 0, FALSE };
  int status = RDT_CLI_EXIT_OK;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 3 || (column && line))
    {
      rdt_cli_error (_("usage: redoubt-cli moves FILE PIECE [--to X,Y [--facing DEG] [--column|--line]] [--svg FILE] [--json]"));
      return RDT_CLI_EXIT_USAGE;
    }
  if (facing != G_MAXDOUBLE && (!isfinite (facing) || fabs (facing) > 3600))
    {
      rdt_cli_error (_("--facing must be between -3600 and 3600 degrees"));
      return RDT_CLI_EXIT_USAGE;
    }
  g = load (argv[1]);
  if (g == NULL || (p = find_piece (g, argv[2])) == NULL)
    return RDT_CLI_EXIT_FAILURE;
  if (to != NULL)
    {
      RdtGlLosEnd end = { 0 };
      if (!rdt_cli_gridless_parse_end (g, to, &end))
        return RDT_CLI_EXIT_FAILURE;
      pose.to = end.piece != NULL ? end.piece->centre : end.point;
      pose.facing = facing != G_MAXDOUBLE ? fmod (fmod (facing, 360) + 360, 360) : p->facing;
      pose.road_column = column ? TRUE : line ? FALSE : p->road_column;
      rdt_gl_can_reach (g, p, &pose, &move);
      status = move.verdict == RDT_GL_YES ? RDT_CLI_EXIT_OK : RDT_CLI_EXIT_BLOCKED;
    }
  rdt_gl_envelope (g, p, &env);

  if (svg != NULL)
    {
      g_autofree char *text = moves_svg (g, p, &env, to != NULL ? &move : NULL);
      if (!g_file_set_contents (svg, text, -1, &error))
        {
          rdt_cli_error ("%s", error->message);
          rdt_gl_envelope_clear (&env);
          return RDT_CLI_EXIT_FAILURE;
        }
    }
  if (json)
    {
      json_builder_begin_object (b);
      member_string (b, "piece", p->id);
      member_string (b, "type", rdt_gl_piece_type_to_string (p->type));
      json_builder_set_member_name (b, "start");
      point_json (b, p->centre);
      member_double (b, "facing", p->facing);
      json_builder_set_member_name (b, "road-column");
      json_builder_add_boolean_value (b, p->road_column);
      member_double (b, "move", env.move);
      json_builder_set_member_name (b, "move-provisional");
      json_builder_add_boolean_value (b, rdt_gridless_get_spec (g, p->type)->move_provisional);
      json_builder_set_member_name (b, "envelope");
      json_builder_begin_object (b);
      member_double (b, "full", env.full);
      member_double (b, "reduced", env.reduced);
      member_double (b, "rim-step", env.rim_step);
      json_builder_set_member_name (b, "rays");
      json_builder_add_int_value (b, env.rays);
      json_builder_set_member_name (b, "polygon");
      json_builder_begin_array (b);
      for (guint i = 0; i < env.polygon->len; i++)
        point_json (b, g_array_index (env.polygon, RdtPoint, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "road");
      if (env.road != NULL)
        {
          json_builder_begin_array (b);
          for (guint i = 0; i < env.road->len; i++)
            point_json (b, g_array_index (env.road, RdtPoint, i));
          json_builder_end_array (b);
        }
      else
        json_builder_add_null_value (b);
      member_string (b, "rule", _(env.rule));
      member_string (b, "conventions", env.convention);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "to");
      if (to != NULL)
        move_json (b, &move, &pose);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
      rdt_cli_print_json (b);
    }
  else
    {
      printf (_("Moves of %s (%s) from %.4f,%.4f facing %.1f°%s: move %.4f in.%s (Rates of March)\n"),
              p->id, rdt_gl_piece_type_to_string (p->type), p->centre.x, p->centre.y, p->facing,
              p->road_column ? _(", in Road Column") : "", env.move,
              rdt_gridless_get_spec (g, p->type)->move_provisional ? _(", provisional") : "");
      if (env.road_column)
        printf (_("  envelope: %u points along the road within 2x the move (%s; G10)\n"),
                env.road != NULL ? env.road->len : 0, _(env.rule));
      else
        printf (_("  envelope: %u rays, full %.4f in., through difficult terrain %.4f in., rim within %.4f in. (%s; G10)\n"),
                env.rays, env.full, env.reduced, env.rim_step, _(env.rule));
      if (to != NULL)
        {
          printf (_("  to %.4f,%.4f facing %.1f°%s: %s — %s (%s; %s)\n"), pose.to.x, pose.to.y, pose.facing,
                  pose.road_column ? _(" in Road Column") : "", rdt_gl_verdict_to_string (move.verdict),
                  move.reason != NULL ? _(move.reason) : "", _(move.rule), move.convention);
          printf (_("  path %s, %.4f in. of %.4f in. allowed; further facing changes %d, formation change %s, "
                    "reduced %s%s%s%s\n"),
                  rdt_gl_path_kind_to_string (move.path), move.path_length, move.allowance, move.facing_changes,
                  move.formation_change ? _("yes") : _("no"), move.reduced ? _("yes") : _("no"),
                  move.reduced ? " (" : "", move.reduced ? move.reduced_id : "", move.reduced ? ")" : "");
          if (move.blocker != NULL)
            printf (_("  in the way: %s\n"), move.blocker);
        }
    }
  rdt_gl_envelope_clear (&env);
  return status;
}

/* ----------------------------------------------------------------- play */

/* TRUE when @path is a saved gridless game (docs/gridless-play.md). */
gboolean
rdt_cli_is_gridless_game (const char *path)
{
  g_autoptr(GFile) f = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) in = g_file_read (f, NULL, NULL);
  char head[32] = { 0 };

  if (in == NULL)
    return FALSE;
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), head, sizeof head - 1, NULL, NULL, NULL))
    return FALSE;
  return g_str_has_prefix (head, "redoubt-gridless-game ");
}

static void
print_game (RdtGlGame *game)
{
  g_autofree char *state = rdt_gl_game_describe (game);
  g_autofree char *digest = rdt_gl_game_digest (game);

  printf ("%s", state);
  printf (_("digest %s\n"), digest);
  /* Issue 18, Brandywine Objectives: the report once the last turn is over. */
  if (rdt_gl_game_get_phase (game) == RDT_GL_PHASE_OVER)
    {
      g_autofree char *report = rdt_gl_game_victory_report (game);
      printf ("%s", report);
    }
}

int
rdt_cli_gridless_play (int    argc,
                       char **argv)
{
  g_autofree char *seed_text = NULL, *script = NULL, *save = NULL, *replay = NULL;
  const GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("Seed of the chit cup and the dice; random if absent"), N_("N") },
    { "script", 0, 0, G_OPTION_ARG_FILENAME, &script, N_("Actions, one per line (docs/gridless-play.md); - reads standard input"), N_("FILE") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Save the game (scenario, seed and log)"), N_("GAME") },
    { "replay", 0, 0, G_OPTION_ARG_FILENAME, &replay, N_("Rebuild a saved game from its log"), N_("GAME") },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("SCENARIO — play a Pub Battles scenario headless (docs/gridless-play.md)"));
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGlGame) game = NULL;
  g_autofree char *scenario_name = NULL;
  guint64 seed;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if ((replay == NULL) != (argc == 2) || (replay != NULL && (script != NULL || seed_text != NULL)))
    {
      rdt_cli_error (_("usage: redoubt-cli play GRIDLESS-SCENARIO [--seed N] [--script FILE|-] [--save GAME], "
                       "or play --replay GAME"));
      return RDT_CLI_EXIT_USAGE;
    }
  if (replay != NULL)
    {
      g_autofree char *text = NULL;
      g_autofree char *folder = g_path_get_dirname (replay);
      if (!g_file_get_contents (replay, &text, NULL, &error) ||
          (game = rdt_gl_game_from_text (text, folder, &error)) == NULL)
        {
          rdt_cli_error ("%s: %s", replay, error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
      for (guint i = 0; i < rdt_gl_game_get_log (game)->len; i++)
        printf ("%s\t%s\n", (char *) g_ptr_array_index (rdt_gl_game_get_log (game), i),
                (char *) g_ptr_array_index (rdt_gl_game_get_results (game), i));
      print_game (game);
      return RDT_CLI_EXIT_OK;
    }
  {
    RdtGridless *g = load (argv[1]);
    if (g == NULL)
      return RDT_CLI_EXIT_FAILURE;
    if (seed_text != NULL)
      {
        if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
          {
            rdt_gridless_free (g);
            rdt_cli_error (_("--seed: “%s” is not a number from 0 to %llu"), seed_text,
                           (unsigned long long) G_MAXUINT64);
            return RDT_CLI_EXIT_USAGE;
          }
      }
    else
      {
        seed = ((guint64) g_random_int () << 32) | g_random_int ();
        printf (_("seed %" PRIu64 "\n"), seed);
      }
    game = rdt_gl_game_new (g, seed);
    scenario_name = g_path_get_basename (argv[1]);
  }
  if (script != NULL)
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;

      if (g_str_equal (script, "-"))
        {
          GString *s = g_string_new (NULL);
          char buf[4096];
          size_t n;
          while ((n = fread (buf, 1, sizeof buf, stdin)) > 0 && s->len < 64 * 1024 * 1024)
            g_string_append_len (s, buf, (gssize) n);
          text = g_string_free (s, FALSE);
        }
      else if (!g_file_get_contents (script, &text, NULL, &error))
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *line = g_strstrip (g_strdup (lines[i]));
          g_autofree char *result = NULL;
          g_autoptr(GError) e = NULL;

          if (*line == '\0' || *line == '#')
            continue;
          if (!rdt_gl_game_apply (game, line, &result, &e))
            {
              rdt_cli_error ("%s:%u: %s: %s", script, i + 1, line, e->message);
              return RDT_CLI_EXIT_FAILURE;
            }
          printf ("%s\t%s\n", line, result);
        }
    }
  print_game (game);
  if (save != NULL)
    {
      g_autofree char *text = rdt_gl_game_to_text (game, scenario_name);
      if (!g_file_set_contents (save, text, -1, &error))
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
    }
  return RDT_CLI_EXIT_OK;
}
