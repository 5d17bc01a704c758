/* rdt-gridless-view.c: the gridless scenario window (issue 18): the table,
 * with interactive rulings (selection, FoF, command range, LOS with its
 * reason, movement envelope, measuring tape), zoom and pan, and moving and
 * rotating pieces with undo and Save. */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "rdt-gridless-view.h"
#include "rdt-gridless-view-private.h"
#include "rdt-image-loader.h"
#include "rdt-diagnostic.h"
#include "rdt-gridless-io.h"
#include "rdt-scenario-io.h"
#include "rdt-gridless-move.h"
#include "rdt-gridless-rules.h"
#include "rdt-gl-game.h"
#include "rdt-recovery.h"
#include "redoubt-render.h"

/* Pixels per inch of table at zoom 1. */
#define VIEW_SCALE 40.0
#define ZOOM_MIN 0.25
#define ZOOM_MAX 8.0
/* Rotation step of R / Shift+R, degrees (an editing convenience, no rule). */
#define ROTATE_STEP 15.0
/* A press that moves less than this many pixels is a click. */
#define CLICK_SLOP 4.0
/* Undo depth (bounded). */
#define UNDO_MAX 500
/* Vertices within this many pixels are picked and snapped to. */
#define SNAP_PIXELS 8.0



static GArray *shape_points (View *v, ShapeKind kind, guint index);
static guint   n_shapes     (View *v, ShapeKind kind);

static void
view_free (gpointer data)
{
  View *v = data;

  if (v->game != NULL)
    {
      rdt_gl_game_free (v->game);
      v->g = v->edit_g;
    }
  if (v->underlay_cancel != NULL)
    {
      g_cancellable_cancel (v->underlay_cancel);
      g_clear_object (&v->underlay_cancel);
    }
  g_clear_pointer (&v->underlay, cairo_surface_destroy);
  if (v->start_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (v->start_dialog), (gpointer *) &v->start_dialog);
      gtk_window_destroy (GTK_WINDOW (v->start_dialog));
    }
  g_free (v->armed_piece);
  g_free (v->armed_verb);
  rdt_gridless_free (v->g);
  g_free (v->play_message);
  g_free (v->path);
  g_free (v->selected);
  g_free (v->los_target);
  g_ptr_array_unref (v->undo);
  g_ptr_array_unref (v->redo);
  g_array_unref (v->draft);
  g_array_unref (v->draft_crest);
  g_free (v->place_existing);
  g_free (v->panel_piece);
  g_free (v->tool_message);
  g_ptr_array_unref (v->off_table);
  g_clear_pointer (&v->game_scenario, g_bytes_unref);
  if (v->chooser != NULL)
    {
      /* The chooser's answer would come to a freed view. */
      g_signal_handlers_disconnect_by_data (v->chooser, v);
      g_object_remove_weak_pointer (G_OBJECT (v->chooser), (gpointer *) &v->chooser);
      gtk_native_dialog_destroy (v->chooser);
      g_object_unref (v->chooser);
    }
  g_clear_handle_id (&v->autosave_source, g_source_remove);
  /* A window closed normally (saved, or closed without saving after the
   * question) leaves no autosave behind. */
  if (v->recovery_id != NULL)
    rdt_recovery_remove (v->recovery_id);
  g_free (v->recovery_id);
  g_free (v);
}

gboolean
rdt_gridless_view_is_gridless_file (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) in = g_file_read (file, NULL, NULL);
  char buf[4096];
  gssize n;

  if (in == NULL)
    return FALSE;
  n = g_input_stream_read (G_INPUT_STREAM (in), buf, sizeof buf - 1, NULL, NULL);
  if (n <= 0)
    return FALSE;
  buf[n] = '\0';
  /* The first element that is not <?xml?> or <!-- -->. */
  for (const char *p = buf; (p = strchr (p, '<')) != NULL; p++)
    {
      if (p[1] == '?' || p[1] == '!')
        continue;
      return g_str_has_prefix (p + 1, "gridless-scenario");
    }
  return FALSE;
}

static View *
view_of (GtkWidget *area)
{
  return g_object_get_data (G_OBJECT (area), "rdt-gridless-view");
}

static double
scale_of (const View *v)
{
  return VIEW_SCALE * v->zoom;
}

static RdtGlPiece *
find_piece (View       *v,
            const char *id)
{
  if (id == NULL)
    return NULL;
  for (guint i = 0; i < v->g->pieces->len; i++)
    {
      RdtGlPiece *p = g_ptr_array_index (v->g->pieces, i);
      if (g_strcmp0 (p->id, id) == 0)
        return p;
    }
  return NULL;
}

/* Is @p inside the convex quadrilateral @c? */
static gboolean
in_quad (const RdtPoint c[4],
         RdtPoint       p)
{
  int sign = 0;

  for (int i = 0; i < 4; i++)
    {
      RdtPoint a = c[i], b = c[(i + 1) % 4];
      double cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
      int s = cross > 0 ? 1 : cross < 0 ? -1 : 0;

      if (s == 0)
        continue;
      if (sign == 0)
        sign = s;
      else if (s != sign)
        return FALSE;
    }
  return TRUE;
}

/* The topmost piece under @p (the last drawn). */
static RdtGlPiece *
piece_at (View     *v,
          RdtPoint  p)
{
  for (guint i = v->g->pieces->len; i-- > 0;)
    {
      RdtGlPiece *piece = g_ptr_array_index (v->g->pieces, i);
      RdtPoint c[4];

      if (piece->destroyed)   /* play: destroyed, off map or on a Reserve Card */
        continue;
      rdt_gridless_piece_corners (v->g, piece, c);
      if (in_quad (c, p))
        return piece;
    }
  return NULL;
}

static void
path_points (cairo_t        *cr,
             const RdtPoint *p,
             guint           n,
             double          scale,
             gboolean        close)
{
  for (guint i = 0; i < n; i++)
    {
      if (i == 0)
        cairo_move_to (cr, p[i].x * scale, p[i].y * scale);
      else
        cairo_line_to (cr, p[i].x * scale, p[i].y * scale);
    }
  if (close && n > 0)
    cairo_close_path (cr);
}

static gboolean
projects_fof (const RdtGlPiece *p)
{
  /* Field of Fire: infantry, dragoons and artillery project one. */
  return p->type == RDT_GL_INFANTRY || p->type == RDT_GL_DRAGOONS || p->type == RDT_GL_ARTILLERY;
}

/* The text of the info line: what the last gesture decided, with its rule. */
static void
update_info (View *v)
{
  GString *s = g_string_new (NULL);
  const char *modes[] = { N_("Select"), N_("Line of Sight"), N_("Measure"), N_("Vertices"),
                          N_("Draw polygon"), N_("Draw polyline (road)"), N_("Draw hill"),
                          N_("Draw river or stream"), N_("Crossings"), N_("Place pieces") };
  const RdtGlPiece *sel = find_piece (v, v->selected);

  g_string_append_printf (s, _("Mode: %s. Zoom %.0f%%."), _(modes[v->mode]), v->zoom * 100);
  if (v->mode == RDT_GRIDLESS_VIEW_POLYGON)
    g_string_append_printf (s, _(" New area: %s (1 woods, 2 buildings, 3 marsh; Enter ends, %u points)."),
                            rdt_gl_area_kind_to_string (v->draft_kind), v->draft->len);
  else if (v->mode == RDT_GRIDLESS_VIEW_POLYLINE)
    g_string_append_printf (s, _(" New road: Enter ends, %u points."), v->draft->len);
  else if (v->mode >= RDT_GRIDLESS_VIEW_HILL)
    _rdt_gv_tools_info (v, s);
  else if (v->mode == RDT_GRIDLESS_VIEW_VERTEX && v->vertex.kind != SHAPE_NONE)
    {
      RdtPoint q = g_array_index (shape_points (v, v->vertex.kind, v->vertex.index), RdtPoint, v->vertex.vertex);
      g_string_append_printf (s, _(" Vertex %u at %.3f\", %.3f\" (Delete removes it, Shift+Delete its shape)."), v->vertex.vertex, q.x, q.y);
    }
  if (v->mode < RDT_GRIDLESS_VIEW_HILL && v->tool_message != NULL)
    g_string_append_printf (s, " %s", v->tool_message);
  if (v->dirty)
    g_string_append_printf (s, " %s", _("Modified."));
  if (v->game != NULL)
    {
      GPtrArray *cup = rdt_gl_game_get_cup (v->game);
      const char *current = rdt_gl_game_get_current (v->game);
      RdtGlPhase phase = rdt_gl_game_get_phase (v->game);

      g_string_append_printf (s, _("\nPlay: turn %d, %s; moving: %s; chits in the cup: %u (How the Turns Work)."),
                              rdt_gl_game_get_turn (v->game),
                              phase == RDT_GL_PHASE_COMBAT ? _("combat")
                              : phase == RDT_GL_PHASE_SETUP ? _("set-up")
                              : phase == RDT_GL_PHASE_OVER ? _("game over") : _("commands"),
                              current != NULL ? current : _("none"), cup->len);
      if (phase == RDT_GL_PHASE_SETUP || phase == RDT_GL_PHASE_OVER)
        {
          g_autofree char *phase_text = _rdt_gv_phase_text (v);

          g_string_append_printf (s, " %s", phase_text);
        }
      if (v->play_message != NULL)
        g_string_append_printf (s, "\n%s", v->play_message);
    }
  if (sel != NULL)
    {
      RdtGlTerrain t;
      const RdtGlPieceSpec *spec = rdt_gridless_get_spec (v->g, sel->type);

      rdt_gl_piece_terrain (v->g, sel, &t);
      g_string_append_printf (s, "\n%s (%s, %s) at %.2f\", %.2f\" facing %.0f°. ", sel->id,
                              rdt_gl_piece_type_to_string (sel->type), sel->side,
                              sel->centre.x, sel->centre.y, sel->facing);
      g_string_append_printf (s, "%s%s%s. ", sel->spent ? _("Spent") : _("Fresh"),
                              sel->quality == RDT_GL_QUALITY_ELITE ? _(", Elite")
                              : sel->quality == RDT_GL_QUALITY_MILITIA ? _(", Militia") : "",
                              sel->road_column ? _(", Road Column") : "");
      if (t.has_majority == RDT_GL_YES)
        g_string_append_printf (s, _("Terrain: %s (%.0f%% of the block, %s, %s)."),
                                rdt_gl_area_kind_to_string (t.majority), 100 * t.fraction[t.majority],
                                _(t.rule), t.convention);
      else
        g_string_append_printf (s, _("Terrain: no kind under the majority (%s, %s): undecided."),
                                _(t.rule), t.convention);
      if (t.level > 0)
        g_string_append_printf (s, _(" On hill %s, level %d."), t.hill_id != NULL ? t.hill_id : "?", t.level);
      if (spec != NULL && spec->present)
        g_string_append_printf (s, _(" One move: %.2f\"%s."), spec->move,
                                spec->move_provisional ? _(" (provisional)") : "");
      if (sel->type == RDT_GL_HQ)
        g_string_append_printf (s, _(" Command range: %.2f\" from the block (1/3 Cavalry move, Pub Battles HQs, G9)."),
                                rdt_gridless_cavalry_move (v->g) / 3);
      if (projects_fof (sel))
        g_string_append_printf (s, _(" Field of Fire: 1/3 Foot move = %.2f\" (Pub Battles, Field of Fire, G5)."),
                                rdt_gridless_foot_move (v->g) / 3);
    }
  if (v->los_shown)
    {
      RdtGlLos los;
      RdtGlLosEnd from = { NULL, v->los_from }, to = { NULL, v->los_to };

      if (!v->los_from_point)
        from.piece = find_piece (v, v->selected);
      to.piece = find_piece (v, v->los_target);
      rdt_gl_los (v->g, from, to, &los);
      g_string_append_printf (s, _("\nLOS %s → %s: %s. %s (%s, %s; %.2f\", range %.2f\")."),
                              from.piece != NULL ? from.piece->id : _("point"),
                              to.piece != NULL ? to.piece->id : _("point"),
                              los.verdict == RDT_GL_YES ? _("sees")
                              : los.verdict == RDT_GL_NO ? _("does not see") : _("undecided"),
                              los.reason != NULL ? _(los.reason) : "", los.rule != NULL ? _(los.rule) : "",
                              los.convention != NULL ? los.convention : "", los.length, los.max_range);
      rdt_gl_los_clear (&los);
    }
  if (v->tape_shown)
    {
      double d = hypot (v->tape_b.x - v->tape_a.x, v->tape_b.y - v->tape_a.y);
      double foot = rdt_gridless_foot_move (v->g), cav = rdt_gridless_cavalry_move (v->g);

      g_string_append_printf (s, _("\nTape: %.2f\" = %.2f Foot moves (%.2f\") = %.2f Cavalry moves (%.2f\")."),
                              d, foot > 0 ? d / foot : 0, foot, cav > 0 ? d / cav : 0, cav);
    }
  gtk_label_set_text (GTK_LABEL (v->info), s->str);
  g_string_free (s, TRUE);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        data)
{
  View *v = data;
  double scale = scale_of (v);
  const RdtGlPiece *sel = find_piece (v, v->selected);
  RdtGridlessRenderOptions options = { .fof = v->show_fof, .labels = TRUE, .selected = v->selected,
                                       .underlay = v->underlay };

  rdt_gridless_render (cr, v->g, scale, &options);
  _rdt_gv_setup_draw (v, cr, scale);
  if (sel != NULL && v->show_envelope && v->mode == RDT_GRIDLESS_VIEW_SELECT)
    {
      RdtGlEnvelope env;

      /* The movement envelope of the centre (G10). */
      rdt_gl_envelope (v->g, sel, &env);
      if (env.polygon != NULL && env.polygon->len > 2)
        {
          path_points (cr, (const RdtPoint *) env.polygon->data, env.polygon->len, scale, TRUE);
          cairo_set_source_rgba (cr, 0.2, 0.6, 0.2, 0.18);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.1, 0.45, 0.1, 0.9);
          cairo_set_line_width (cr, 1.5);
          cairo_stroke (cr);
        }
      if (env.road != NULL && env.road->len > 1)
        {
          path_points (cr, (const RdtPoint *) env.road->data, env.road->len, scale, FALSE);
          cairo_set_source_rgba (cr, 0.1, 0.6, 0.1, 0.8);
          cairo_set_line_width (cr, MAX (3.0, 0.1 * scale));
          cairo_stroke (cr);
        }
      rdt_gl_envelope_clear (&env);
    }
  if (sel != NULL && projects_fof (sel))
    {
      RdtPoint zone[4];

      /* The selected piece's FoF zone, outlined (G5). */
      rdt_gl_fof_zone (v->g, sel, zone);
      path_points (cr, zone, 4, scale, TRUE);
      cairo_set_source_rgba (cr, 0.9, 0.5, 0.0, 0.25);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.85, 0.4, 0.0);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
    }
  if (sel != NULL && sel->type == RDT_GL_HQ)
    {
      RdtPoint c[4];
      double range = rdt_gridless_cavalry_move (v->g) / 3;

      /* Command range (G9): everything within range of the footprint, the
       * footprint stroked with a round pen of twice the range. */
      rdt_gridless_piece_corners (v->g, sel, c);
      path_points (cr, c, 4, scale, TRUE);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_width (cr, 2 * range * scale);
      cairo_set_source_rgba (cr, 1.0, 0.85, 0.2, 0.18);
      cairo_stroke (cr);
      cairo_new_path (cr);
      cairo_arc (cr, sel->centre.x * scale, sel->centre.y * scale, 2, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  if (v->los_shown)
    {
      RdtGlLos los;
      RdtGlLosEnd from = { NULL, v->los_from }, to = { NULL, v->los_to };

      if (!v->los_from_point)
        from.piece = find_piece (v, v->selected);
      to.piece = find_piece (v, v->los_target);
      rdt_gl_los (v->g, from, to, &los);
      cairo_move_to (cr, los.from.x * scale, los.from.y * scale);
      cairo_line_to (cr, los.to.x * scale, los.to.y * scale);
      if (los.verdict == RDT_GL_YES)
        cairo_set_source_rgb (cr, 0.0, 0.6, 0.0);
      else if (los.verdict == RDT_GL_NO)
        cairo_set_source_rgb (cr, 0.8, 0.0, 0.0);
      else
        cairo_set_source_rgb (cr, 0.9, 0.6, 0.0);
      cairo_set_line_width (cr, 3.0);
      cairo_stroke (cr);
      rdt_gl_los_clear (&los);
    }
  if (v->mode == RDT_GRIDLESS_VIEW_VERTEX)
    for (int kind = SHAPE_AREA; kind < N_SHAPE_KINDS; kind++)
      for (guint i = 0; i < n_shapes (v, kind); i++)
        {
          GArray *pts = shape_points (v, kind, i);

          for (guint k = 0; pts != NULL && k < pts->len; k++)
            {
              RdtPoint q = g_array_index (pts, RdtPoint, k);
              gboolean on = v->vertex.kind == (ShapeKind) kind && v->vertex.index == i && v->vertex.vertex == k;

              cairo_rectangle (cr, q.x * scale - 3, q.y * scale - 3, 6, 6);
              cairo_set_source_rgb (cr, 1.0, on ? 0.3 : 1.0, on ? 0.0 : 1.0);
              cairo_fill_preserve (cr);
              cairo_set_source_rgb (cr, 0, 0, 0);
              cairo_set_line_width (cr, 1.0);
              cairo_stroke (cr);
            }
        }
  if (v->draft->len > 0)
    {
      path_points (cr, (const RdtPoint *) v->draft->data, v->draft->len, scale,
                   v->mode == RDT_GRIDLESS_VIEW_POLYGON || v->mode == RDT_GRIDLESS_VIEW_HILL
                   || (v->mode == RDT_GRIDLESS_VIEW_WATER && v->draft_water_area));
      cairo_set_source_rgba (cr, 0.5, 0.0, 0.5, 0.9);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
      for (guint k = 0; k < v->draft->len; k++)
        {
          RdtPoint q = g_array_index (v->draft, RdtPoint, k);
          cairo_rectangle (cr, q.x * scale - 3, q.y * scale - 3, 6, 6);
          cairo_fill (cr);
        }
    }
  if (v->tape_shown)
    {
      double d = hypot (v->tape_b.x - v->tape_a.x, v->tape_b.y - v->tape_a.y);
      g_autofree char *text = g_strdup_printf ("%.2f\"", d);
      const double dash[] = { 6, 4 };

      cairo_move_to (cr, v->tape_a.x * scale, v->tape_a.y * scale);
      cairo_line_to (cr, v->tape_b.x * scale, v->tape_b.y * scale);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_font_size (cr, 14);
      cairo_move_to (cr, v->tape_b.x * scale + 6, v->tape_b.y * scale - 6);
      cairo_show_text (cr, text);
    }
  _rdt_gv_tools_draw (v, cr, scale);
}

static void
refresh (View *v)
{
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (v->area), (int) ceil (v->g->width * scale_of (v)));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (v->area), (int) ceil (v->g->height * scale_of (v)));
  gtk_widget_queue_draw (v->area);
  update_info (v);
  _rdt_gv_tools_panel_update (v);
}

/* Undo keeps the canonical bytes of the whole scenario before each edit
 * (pieces and shapes alike), bounded by UNDO_MAX. */
static void
push_snapshot (View      *v,
               GPtrArray *stack)
{
  GBytes *bytes = rdt_gridless_to_bytes (v->g, NULL);

  if (bytes == NULL)
    return;
  if (stack->len >= UNDO_MAX)
    g_ptr_array_remove_index (stack, 0);
  g_ptr_array_add (stack, bytes);
}

/* Pops @from, restores it, and pushes the state it replaced on @to. */
static gboolean
undo_redo (View      *v,
           GPtrArray *from,
           GPtrArray *to)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  GBytes *bytes;
  RdtGridless *restored;

  if (from->len == 0)
    return FALSE;
  bytes = g_ptr_array_index (from, from->len - 1);
  restored = rdt_gridless_load_from_bytes (bytes, v->path, diagnostics, NULL);
  if (restored == NULL)
    return FALSE;
  push_snapshot (v, to);
  g_ptr_array_remove_index (from, from->len - 1);
  rdt_gridless_free (v->g);
  v->g = restored;
  v->vertex.kind = SHAPE_NONE;
  v->crossing_water = -1;
  g_clear_pointer (&v->tool_message, g_free);
  v->dirty = TRUE;
  v->generation++;
  _rdt_gv_recovery_changed (v);
  refresh (v);
  return TRUE;
}

static void
begin_edit (View *v)
{
  push_snapshot (v, v->undo);
  g_ptr_array_set_size (v->redo, 0);
  v->dirty = TRUE;
  v->generation++;
  _rdt_gv_recovery_changed (v);
}

/* The points of a shape, NULL when it does not exist. */
static GArray *
shape_points (View      *v,
              ShapeKind  kind,
              guint      index)
{
  switch (kind)
    {
    case SHAPE_AREA:
      return index < v->g->areas->len ? ((RdtGlArea *) g_ptr_array_index (v->g->areas, index))->points : NULL;
    case SHAPE_HILL:
      return index < v->g->hills->len ? ((RdtGlHill *) g_ptr_array_index (v->g->hills, index))->points : NULL;
    case SHAPE_CREST:
      return index < v->g->hills->len ? ((RdtGlHill *) g_ptr_array_index (v->g->hills, index))->crest : NULL;
    case SHAPE_WATER:
      return index < v->g->waters->len ? ((RdtGlWater *) g_ptr_array_index (v->g->waters, index))->points : NULL;
    case SHAPE_ROAD:
      return index < v->g->roads->len ? ((RdtGlRoad *) g_ptr_array_index (v->g->roads, index))->points : NULL;
    case SHAPE_NONE:
    case N_SHAPE_KINDS:
    default:
      return NULL;
    }
}

static guint
n_shapes (View      *v,
          ShapeKind  kind)
{
  switch (kind)
    {
    case SHAPE_AREA:
      return v->g->areas->len;
    case SHAPE_HILL:
    case SHAPE_CREST:
      return v->g->hills->len;
    case SHAPE_WATER:
      return v->g->waters->len;
    case SHAPE_ROAD:
      return v->g->roads->len;
    case SHAPE_NONE:
    case N_SHAPE_KINDS:
    default:
      return 0;
    }
}

static gboolean
shape_closed (View      *v,
              ShapeKind  kind,
              guint      index)
{
  if (kind == SHAPE_AREA || kind == SHAPE_HILL)
    return TRUE;
  if (kind == SHAPE_WATER)
    return ((RdtGlWater *) g_ptr_array_index (v->g->waters, index))->area;
  return FALSE;
}

/* The vertex nearest @p within @tol inches, other than @except. */
static gboolean
nearest_vertex (View            *v,
                RdtPoint         p,
                double           tol,
                const VertexRef *except,
                VertexRef       *out)
{
  double best = tol;
  gboolean found = FALSE;

  for (int kind = SHAPE_AREA; kind < N_SHAPE_KINDS; kind++)
    for (guint i = 0; i < n_shapes (v, kind); i++)
      {
        GArray *pts = shape_points (v, kind, i);

        for (guint k = 0; pts != NULL && k < pts->len; k++)
          {
            RdtPoint q = g_array_index (pts, RdtPoint, k);
            double d = hypot (q.x - p.x, q.y - p.y);

            if (except != NULL && (ShapeKind) kind == except->kind && i == except->index && k == except->vertex)
              continue;
            if (d <= best)
              {
                best = d;
                found = TRUE;
                out->kind = kind;
                out->index = i;
                out->vertex = k;
              }
          }
      }
  return found;
}

/* Snapping to shared vertices: a point within the tolerance of a vertex
 * (other than @except) becomes that vertex, so shapes share it exactly. */
static RdtPoint
snap (View            *v,
      RdtPoint         p,
      const VertexRef *except)
{
  VertexRef r;

  if (nearest_vertex (v, p, SNAP_PIXELS / scale_of (v), except, &r))
    return g_array_index (shape_points (v, r.kind, r.index), RdtPoint, r.vertex);
  return p;
}

static double
segment_distance (RdtPoint  a,
                  RdtPoint  b,
                  RdtPoint  p)
{
  double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
  double t = l2 > 0 ? CLAMP (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2, 0, 1) : 0;

  return hypot (a.x + t * dx - p.x, a.y + t * dy - p.y);
}

/* Inserts a vertex at @p on the nearest segment of any shape within the
 * snapping tolerance; TRUE when it did. */
static gboolean
insert_vertex (View     *v,
               RdtPoint  p)
{
  double best = SNAP_PIXELS / scale_of (v);
  VertexRef at = { SHAPE_NONE, 0, 0 };

  for (int kind = SHAPE_AREA; kind < N_SHAPE_KINDS; kind++)
    for (guint i = 0; i < n_shapes (v, kind); i++)
      {
        GArray *pts = shape_points (v, kind, i);
        guint n = pts != NULL ? pts->len : 0;
        guint segs = shape_closed (v, kind, i) ? n : (n > 0 ? n - 1 : 0);

        for (guint k = 0; k < segs; k++)
          {
            double d = segment_distance (g_array_index (pts, RdtPoint, k),
                                         g_array_index (pts, RdtPoint, (k + 1) % n), p);
            if (d <= best)
              {
                best = d;
                at.kind = kind;
                at.index = i;
                at.vertex = k + 1;
              }
          }
      }
  if (at.kind == SHAPE_NONE || shape_points (v, at.kind, at.index)->len >= RDT_GRIDLESS_MAX_VERTICES)
    return FALSE;
  begin_edit (v);
  g_array_insert_val (shape_points (v, at.kind, at.index), at.vertex, p);
  v->vertex = at;
  return TRUE;
}

static gboolean
delete_vertex (View *v)
{
  GArray *pts = shape_points (v, v->vertex.kind, v->vertex.index);
  guint min = shape_closed (v, v->vertex.kind, v->vertex.index) ? 3 : 2;

  if (pts == NULL || v->vertex.vertex >= pts->len || pts->len <= min)
    return FALSE;
  begin_edit (v);
  g_array_remove_index (pts, v->vertex.vertex);
  v->vertex.kind = SHAPE_NONE;
  refresh (v);
  return TRUE;
}

/* Enter in the Polygon or Polyline mode: the draft becomes a terrain area
 * (woods, buildings or marsh: G1) or a road. */
static gboolean
finish_draft (View *v)
{
  gboolean polygon = v->mode == RDT_GRIDLESS_VIEW_POLYGON;
  const char *prefix = polygon ? rdt_gl_area_kind_to_string (v->draft_kind) : "road";
  char *id = NULL;

  if (v->draft->len < (polygon ? 3u : 2u))
    return FALSE;
  id = _rdt_gv_new_id (v, prefix);
  begin_edit (v);
  if (polygon)
    {
      RdtGlArea *a = g_new0 (RdtGlArea, 1);

      a->id = id;
      a->kind = v->draft_kind;
      a->points = g_array_ref (v->draft);
      g_ptr_array_add (v->g->areas, a);
    }
  else
    {
      RdtGlRoad *r = g_new0 (RdtGlRoad, 1);

      r->id = id;
      r->points = g_array_ref (v->draft);
      g_ptr_array_add (v->g->roads, r);
    }
  g_array_unref (v->draft);
  v->draft = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  refresh (v);
  return TRUE;
}

/* ------------------------------------------------------------- play */

static void
play_message (View       *v,
              const char *text)
{
  g_free (v->play_message);
  v->play_message = g_strdup (text);
}

/* One action line of docs/gridless-play.md through rdt_gl_game_apply: the
 * result (the dice) or the refusal with its rule goes to the info line. */
static gboolean
play_apply (View       *v,
            const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;
  gboolean ok;

  if (v->game == NULL)
    return FALSE;
  ok = rdt_gl_game_apply (v->game, line, &result, &error);
  if (ok)
    {
      g_autofree char *text = g_strdup_printf ("%s: %s", line, result != NULL && *result != '\0' ? result : _("done"));
      play_message (v, text);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("%s: refused: %s"), line, error->message);
      play_message (v, text);
    }
  v->g = (RdtGridless *) rdt_gl_game_get_gridless (v->game);
  refresh (v);
  _rdt_gv_play_panel_update (v);
  return ok;
}

static gboolean
play_undo (View *v)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = rdt_gl_game_undo (v->game, &error);

  play_message (v, ok ? _("Undone.") : error->message);
  v->g = (RdtGridless *) rdt_gl_game_get_gridless (v->game);
  refresh (v);
  _rdt_gv_play_panel_update (v);
  return ok;
}

/* A move of @p to @to facing @facing, as an action line. */
static gboolean
play_move (View             *v,
           const RdtGlPiece *p,
           RdtPoint          to,
           double            facing)
{
  char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE], f[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *line = NULL;

  g_ascii_formatd (x, sizeof x, "%.3f", to.x);
  g_ascii_formatd (y, sizeof y, "%.3f", to.y);
  g_ascii_formatd (f, sizeof f, "%.1f", fmod (facing + 360.0, 360.0));
  /* Set-up: a placed piece is placed again (Brandywine Scenario, Setup). */
  if (rdt_gl_game_get_phase (v->game) == RDT_GL_PHASE_SETUP)
    line = g_strdup_printf ("place %s %s,%s %s %s", p->id, x, y, f, p->road_column ? "column" : "line");
  else
    line = g_strdup_printf ("move %s %s,%s %s", p->id, x, y, f);
  return play_apply (v, line);
}

gboolean
rdt_gridless_view_play (GtkWidget *area,
                        gboolean   on,
                        guint64    seed)
{
  View *v = view_of (area);

  g_return_val_if_fail (v != NULL, FALSE);
  if (on && v->game == NULL)
    {
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      g_autoptr(GBytes) bytes = rdt_gridless_to_bytes (v->g, NULL);
      RdtGridless *copy = bytes != NULL ? rdt_gridless_load_from_bytes (bytes, v->path, diagnostics, NULL) : NULL;
      g_autofree char *text = NULL;

      if (copy == NULL)
        return FALSE;
      v->game = rdt_gl_game_new (copy, seed);
      g_clear_pointer (&v->game_scenario, g_bytes_unref);
      v->game_scenario = g_bytes_ref (bytes);
      v->edit_g = v->g;
      v->g = (RdtGridless *) rdt_gl_game_get_gridless (v->game);
      v->mode = RDT_GRIDLESS_VIEW_SELECT;
      v->vertex.kind = SHAPE_NONE;
      g_array_set_size (v->draft, 0);
      text = g_strdup_printf (_("Game started, seed %" PRIu64 "."), seed);
      play_message (v, text);
    }
  else if (!on && v->game != NULL)
    {
      rdt_gl_game_free (v->game);
      v->game = NULL;
      g_clear_pointer (&v->armed_piece, g_free);
      g_clear_pointer (&v->armed_verb, g_free);
      v->g = v->edit_g;
      v->edit_g = NULL;
      g_clear_pointer (&v->play_message, g_free);
      g_clear_pointer (&v->game_scenario, g_bytes_unref);
    }
  gtk_widget_set_visible (v->play_bar, v->game != NULL);
  refresh (v);
  _rdt_gv_play_panel_update (v);
  return TRUE;
}

gboolean
rdt_gridless_view_play_action (GtkWidget  *area,
                               const char *line)
{
  View *v = view_of (area);

  g_return_val_if_fail (v != NULL, FALSE);
  return play_apply (v, line);
}

static void
on_play_button (GtkButton *button,
                gpointer   data)
{
  View *v = data;
  const char *line = g_object_get_data (G_OBJECT (button), "action");

  if (line == NULL)
    play_undo (v);
  else
    play_apply (v, line);
}

static void
on_entry_activate (GtkEntry *entry,
                   gpointer  data)
{
  View *v = data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (text[0] != '\0' && play_apply (v, text))
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
}

static void
do_click (View           *v,
          RdtPoint        at,
          GdkModifierType state)
{
  RdtGlPiece *p = piece_at (v, at);

  if (v->game == NULL && _rdt_gv_tools_click (v, at))
    {
      refresh (v);
      return;
    }
  if (v->game != NULL && v->armed_piece != NULL)
    {
      /* A piece armed in the Game panel's list or Reserve Card goes here. */
      g_autofree char *id = g_strdup (v->armed_piece);

      _rdt_gv_drop_piece (v, id, at);
      return;
    }
  if (v->mode == RDT_GRIDLESS_VIEW_VERTEX)
    {
      /* A vertex selects it; a shape's edge gets a new vertex. */
      if (!nearest_vertex (v, at, SNAP_PIXELS / scale_of (v), NULL, &v->vertex))
        {
          v->vertex.kind = SHAPE_NONE;
          insert_vertex (v, at);
        }
      refresh (v);
      return;
    }
  if (v->mode == RDT_GRIDLESS_VIEW_POLYGON || v->mode == RDT_GRIDLESS_VIEW_POLYLINE)
    {
      RdtPoint q = snap (v, at, NULL);

      if (v->draft->len < RDT_GRIDLESS_MAX_VERTICES)
        g_array_append_val (v->draft, q);
      refresh (v);
      return;
    }
  if (v->mode == RDT_GRIDLESS_VIEW_LOS || (state & GDK_SHIFT_MASK) != 0)
    {
      /* The first click without a selection fixes the viewer point. */
      if (v->selected == NULL && !v->los_from_point)
        {
          if (p != NULL)
            v->selected = g_strdup (p->id);
          else
            {
              v->los_from_point = TRUE;
              v->los_from = at;
            }
          v->los_shown = FALSE;
        }
      else
        {
          g_clear_pointer (&v->los_target, g_free);
          if (p != NULL)
            v->los_target = g_strdup (p->id);
          v->los_to = at;
          v->los_shown = TRUE;
        }
    }
  else
    {
      g_clear_pointer (&v->selected, g_free);
      if (p != NULL)
        v->selected = g_strdup (p->id);
      v->los_shown = FALSE;
      v->los_from_point = FALSE;
    }
  refresh (v);
}

static RdtPoint
to_inches (View   *v,
           double  x,
           double  y)
{
  RdtPoint p = { x / scale_of (v), y / scale_of (v) };
  return p;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            gpointer        data)
{
  View *v = data;
  RdtGlPiece *p;

  v->drag_px_x = x;
  v->drag_px_y = y;
  v->drag_start = to_inches (v, x, y);
  v->dragging_piece = FALSE;
  v->dragging_vertex = FALSE;
  v->dragging_crossing = FALSE;
  if (v->game == NULL && v->mode == RDT_GRIDLESS_VIEW_CROSSING)
    {
      v->dragging_crossing = _rdt_gv_tools_crossing_grab (v, v->drag_start);
      v->drag_edited = FALSE;
      return;
    }
  if (v->mode == RDT_GRIDLESS_VIEW_VERTEX)
    {
      GArray *pts = shape_points (v, v->vertex.kind, v->vertex.index);
      double tol = SNAP_PIXELS / scale_of (v);

      /* The selected vertex first: shapes that share a vertex (snapped)
       * have several under the pointer. */
      if (pts != NULL && v->vertex.vertex < pts->len
          && hypot (g_array_index (pts, RdtPoint, v->vertex.vertex).x - v->drag_start.x,
                    g_array_index (pts, RdtPoint, v->vertex.vertex).y - v->drag_start.y) <= tol)
        v->dragging_vertex = TRUE;
      else
        v->dragging_vertex = nearest_vertex (v, v->drag_start, tol, NULL, &v->vertex);
      v->drag_edited = FALSE;
      return;
    }
  p = piece_at (v, v->drag_start);
  if (v->mode == RDT_GRIDLESS_VIEW_SELECT && p != NULL && g_strcmp0 (p->id, v->selected) == 0)
    {
      v->dragging_piece = TRUE;
      v->drag_edited = FALSE;
      v->drag_piece_centre = p->centre;
    }
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             gpointer        data)
{
  View *v = data;

  if (hypot (dx, dy) < CLICK_SLOP)
    return;
  if (v->mode == RDT_GRIDLESS_VIEW_TAPE)
    {
      v->tape_shown = TRUE;
      v->tape_a = v->drag_start;
      v->tape_b = to_inches (v, v->drag_px_x + dx, v->drag_px_y + dy);
      refresh (v);
    }
  else if (v->dragging_crossing)
    {
      if (!v->drag_edited)
        begin_edit (v);
      v->drag_edited = TRUE;
      _rdt_gv_tools_crossing_move (v, to_inches (v, v->drag_px_x + dx, v->drag_px_y + dy));
      refresh (v);
    }
  else if (v->dragging_vertex)
    {
      GArray *pts = shape_points (v, v->vertex.kind, v->vertex.index);
      RdtPoint q = to_inches (v, v->drag_px_x + dx, v->drag_px_y + dy);

      if (pts == NULL || v->vertex.vertex >= pts->len)
        return;
      if (!v->drag_edited)
        begin_edit (v);
      v->drag_edited = TRUE;
      /* begin_edit does not replace v->g, so pts stays valid. */
      q.x = CLAMP (q.x, 0, v->g->width);
      q.y = CLAMP (q.y, 0, v->g->height);
      g_array_index (pts, RdtPoint, v->vertex.vertex) = snap (v, q, &v->vertex);
      refresh (v);
    }
  else if (v->dragging_piece)
    {
      RdtGlPiece *p = find_piece (v, v->selected);

      if (p == NULL)
        return;
      if (v->game != NULL)
        {
          /* Play: the tape shows where the move would go; the move is an
           * action at the end of the drag. */
          v->tape_shown = TRUE;
          v->tape_a = v->drag_piece_centre;
          v->tape_b.x = v->drag_piece_centre.x + dx / scale_of (v);
          v->tape_b.y = v->drag_piece_centre.y + dy / scale_of (v);
          refresh (v);
          return;
        }
      if (!v->drag_edited)
        begin_edit (v);
      v->drag_edited = TRUE;
      p->centre.x = CLAMP (v->drag_piece_centre.x + dx / scale_of (v), 0, v->g->width);
      p->centre.y = CLAMP (v->drag_piece_centre.y + dy / scale_of (v), 0, v->g->height);
      refresh (v);
    }
}

static void
finish_drag (View *v)
{
  if (v->game != NULL && v->dragging_piece && v->tape_shown)
    {
      const RdtGlPiece *p = find_piece (v, v->selected);

      v->tape_shown = FALSE;
      if (p != NULL)
        play_move (v, p, v->tape_b, p->facing);
    }
  v->dragging_piece = FALSE;
  v->dragging_vertex = FALSE;
  v->dragging_crossing = FALSE;
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          gpointer        data)
{
  View *v = data;

  if (hypot (dx, dy) < CLICK_SLOP)
    do_click (v, v->drag_start, gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
  else
    finish_drag (v);
}

static void
pan_begin (GtkGestureDrag *gesture,
           double          x,
           double          y,
           gpointer        data)
{
  View *v = data;

  v->pan_h = gtk_adjustment_get_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (v->scrolled)));
  v->pan_v = gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (v->scrolled)));
}

static void
pan_update (GtkGestureDrag *gesture,
            double          dx,
            double          dy,
            gpointer        data)
{
  View *v = data;

  gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (v->scrolled)), v->pan_h - dx);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (v->scrolled)), v->pan_v - dy);
}

static void
set_zoom (View   *v,
          double  zoom)
{
  v->zoom = CLAMP (zoom, ZOOM_MIN, ZOOM_MAX);
  refresh (v);
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           gpointer                  data)
{
  View *v = data;

  if ((gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller)) & GDK_CONTROL_MASK) == 0)
    return FALSE;
  set_zoom (v, v->zoom * (dy < 0 ? 1.25 : 0.8));
  return TRUE;
}

static gboolean
rotate_selected (View   *v,
                 double  by)
{
  RdtGlPiece *p = find_piece (v, v->selected);

  if (p == NULL)
    return FALSE;
  begin_edit (v);
  p->facing = fmod (p->facing + by + 360.0, 360.0);
  refresh (v);
  return TRUE;
}

static void
show_findings (View      *v,
               GPtrArray *diagnostics,
               GError    *error)
{
  GString *s = g_string_new (NULL);

  if (error != NULL)
    g_string_append_printf (s, _("Not saved: %s"), error->message);
  else
    g_string_append_printf (s, _("Saved %s."), v->path);
  for (guint i = 0; i < diagnostics->len && i < 5; i++)
    {
      g_autofree char *line = rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, i));
      g_string_append_printf (s, "\n%s", line);
    }
  gtk_label_set_text (GTK_LABEL (v->info), s->str);
  g_string_free (s, TRUE);
}

gboolean
rdt_gridless_view_save (GtkWidget  *area,
                        GError    **error)
{
  View *v = view_of (area);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (v != NULL, FALSE);
  rdt_gridless_validate (v->g, diagnostics);
  if (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0)
    g_set_error (&local, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED, _("the scenario has errors"));
  else if (rdt_gridless_save_to_file (v->g, v->path, TRUE, &local))
    {
      v->dirty = FALSE;
      _rdt_gv_recovery_changed (v);
    }
  show_findings (v, diagnostics, local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

gboolean
rdt_gridless_view_key (GtkWidget       *area,
                       guint            keyval,
                       GdkModifierType  state)
{
  View *v = view_of (area);
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;

  g_return_val_if_fail (v != NULL, FALSE);
  if (v->game != NULL)
    {
      const RdtGlPiece *p = find_piece (v, v->selected);

      /* Play: the scenario is not edited; undo is the game's. */
      if (ctrl && keyval == GDK_KEY_z)
        return play_undo (v);
      if (ctrl)
        return _rdt_gv_play_key (v, keyval, state);
      switch (keyval)
        {
        case GDK_KEY_g:
          return rdt_gridless_view_play (area, FALSE, 0);
        case GDK_KEY_e:
          /* End Set-up (Brandywine Scenario, Setup). */
          if (rdt_gl_game_get_phase (v->game) != RDT_GL_PHASE_SETUP)
            break;   /* E the envelope */
          play_apply (v, "end-setup");
          return TRUE;
        case GDK_KEY_Escape:
          if (v->armed_piece == NULL)
            break;
          g_clear_pointer (&v->armed_piece, g_free);
          g_clear_pointer (&v->armed_verb, g_free);
          play_message (v, _("Nothing to place."));
          refresh (v);
          return TRUE;
        case GDK_KEY_r:
        case GDK_KEY_R:
          if (p == NULL)
            return FALSE;
          play_move (v, p, p->centre, p->facing + (keyval == GDK_KEY_r ? ROTATE_STEP : -ROTATE_STEP));
          return TRUE;
        case GDK_KEY_v:
        case GDK_KEY_p:
        case GDK_KEY_n:
        case GDK_KEY_h:
        case GDK_KEY_w:
        case GDK_KEY_c:
        case GDK_KEY_a:
        case GDK_KEY_1:
        case GDK_KEY_2:
        case GDK_KEY_3:
        case GDK_KEY_Return:
        case GDK_KEY_KP_Enter:
        case GDK_KEY_Delete:
        case GDK_KEY_BackSpace:
          return FALSE;
        default:
          break;
        }
    }
  else if (keyval == GDK_KEY_g && !ctrl)
    {
      /* The start choices first (rdt-gridless-setup.c). */
      _rdt_gv_start_dialog (v, ((guint64) g_random_int () << 32) | g_random_int ());
      return TRUE;
    }
  if (_rdt_gv_tools_key (v, keyval, state))
    {
      refresh (v);
      return TRUE;
    }
  if (ctrl && _rdt_gv_play_key (v, keyval, state))
    return TRUE;
  if (ctrl)
    switch (keyval)
      {
      case GDK_KEY_z:
        return undo_redo (v, v->undo, v->redo);
      case GDK_KEY_Z:
      case GDK_KEY_y:
        return undo_redo (v, v->redo, v->undo);
      case GDK_KEY_s:
        rdt_gridless_view_save (area, NULL);
        return TRUE;
      default:
        return FALSE;
      }
  switch (keyval)
    {
    case GDK_KEY_r:
      return rotate_selected (v, ROTATE_STEP);
    case GDK_KEY_R:
      return rotate_selected (v, -ROTATE_STEP);
    case GDK_KEY_s:
      v->mode = RDT_GRIDLESS_VIEW_SELECT;
      break;
    case GDK_KEY_l:
      v->mode = RDT_GRIDLESS_VIEW_LOS;
      break;
    case GDK_KEY_t:
      v->mode = RDT_GRIDLESS_VIEW_TAPE;
      break;
    case GDK_KEY_v:
      v->mode = RDT_GRIDLESS_VIEW_VERTEX;
      break;
    case GDK_KEY_p:
      v->mode = RDT_GRIDLESS_VIEW_POLYGON;
      g_array_set_size (v->draft, 0);
      break;
    case GDK_KEY_n:
      v->mode = RDT_GRIDLESS_VIEW_POLYLINE;
      g_array_set_size (v->draft, 0);
      break;
    case GDK_KEY_1:
    case GDK_KEY_2:
    case GDK_KEY_3:
      if (v->mode != RDT_GRIDLESS_VIEW_POLYGON)
        return FALSE;
      v->draft_kind = keyval == GDK_KEY_1 ? RDT_GL_AREA_WOODS
                      : keyval == GDK_KEY_2 ? RDT_GL_AREA_BUILDINGS : RDT_GL_AREA_MARSH;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      return finish_draft (v);
    case GDK_KEY_Delete:
    case GDK_KEY_BackSpace:
      if (v->mode == RDT_GRIDLESS_VIEW_VERTEX)
        return delete_vertex (v);
      if (v->draft->len == 0)
        return FALSE;
      g_array_set_size (v->draft, v->draft->len - 1);
      break;
    case GDK_KEY_e:
      v->show_envelope = !v->show_envelope;
      break;
    case GDK_KEY_f:
      v->show_fof = !v->show_fof;
      break;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      set_zoom (v, v->zoom * 1.25);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      set_zoom (v, v->zoom * 0.8);
      return TRUE;
    case GDK_KEY_0:
      set_zoom (v, 1.0);
      return TRUE;
    case GDK_KEY_Escape:
      g_clear_pointer (&v->selected, g_free);
      g_clear_pointer (&v->los_target, g_free);
      v->los_shown = v->los_from_point = v->tape_shown = FALSE;
      v->vertex.kind = SHAPE_NONE;
      g_array_set_size (v->draft, 0);
      _rdt_gv_tools_clear (v);
      break;
    default:
      return FALSE;
    }
  refresh (v);
  return TRUE;
}

static gboolean
on_key (GtkEventControllerKey *controller,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        gpointer               data)
{
  View *v = data;
  return rdt_gridless_view_key (v->area, keyval, state);
}

void
rdt_gridless_view_click (GtkWidget       *area,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  View *v = view_of (area);
  RdtPoint p = { x, y };

  g_return_if_fail (v != NULL);
  do_click (v, p, state);
}

void
rdt_gridless_view_drag (GtkWidget *area,
                        double     x0,
                        double     y0,
                        double     x1,
                        double     y1)
{
  View *v = view_of (area);
  double s;

  g_return_if_fail (v != NULL);
  s = scale_of (v);
  drag_begin (NULL, x0 * s, y0 * s, v);
  drag_update (NULL, (x1 - x0) * s, (y1 - y0) * s, v);
  finish_drag (v);
}

const char *
rdt_gridless_view_get_info (GtkWidget *area)
{
  View *v = view_of (area);

  g_return_val_if_fail (v != NULL, NULL);
  return gtk_label_get_text (GTK_LABEL (v->info));
}

const RdtGridless *
rdt_gridless_view_get_gridless (GtkWidget *area)
{
  View *v = view_of (area);

  g_return_val_if_fail (v != NULL, NULL);
  return v->g;
}

double
rdt_gridless_view_get_zoom (GtkWidget *area)
{
  View *v = view_of (area);

  g_return_val_if_fail (v != NULL, 0);
  return v->zoom;
}

static void
on_close_response (GtkDialog *dialog,
                   int        response,
                   gpointer   data)
{
  View *v = data;
  GtkWidget *window = v->window;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT && !rdt_gridless_view_save (v->area, NULL))
    return;   /* the findings are in the line; the window stays */
  if (response == GTK_RESPONSE_ACCEPT || response == GTK_RESPONSE_REJECT)
    {
      v->close_confirmed = TRUE;
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A window with unsaved edits asks before closing. */
static gboolean
on_close_request (GtkWindow *window,
                  gpointer   data)
{
  View *v = data;
  GtkWidget *dialog;

  if (!v->dirty || v->close_confirmed)
    return FALSE;
  dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save the changes to “%s” before closing?"), v->path);
  gtk_widget_set_name (dialog, "gridless-close-dialog");
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("Close _without Saving"), GTK_RESPONSE_REJECT,
                          _("_Save"), GTK_RESPONSE_ACCEPT, NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (on_close_response), v);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* The tool bar: one button per mode or toggle, each the same as its key
 * (docs/editor.md, Keys), named "gridless-tool-KEY". */
static void
on_tool_button (GtkButton *button,
                gpointer   data)
{
  View *v = data;
  guint keyval = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "keyval"));

  rdt_gridless_view_key (v->area, keyval, 0);
  gtk_widget_grab_focus (v->area);
}

static GtkWidget *
tool_bar_new (View *v)
{
  static const struct { guint keyval; const char *key; const char *label; const char *tip; } tools[] = {
    { GDK_KEY_s, "s", N_("Select"), N_("Select, move (drag) and rotate (R) blocks (S)") },
    { GDK_KEY_l, "l", N_("LOS"), N_("Line of sight between two blocks or points (L)") },
    { GDK_KEY_t, "t", N_("Tape"), N_("Measuring tape in Foot and Cavalry moves (T)") },
    { GDK_KEY_v, "v", N_("Vertices"), N_("Move, add and delete vertices; select a shape (V)") },
    { GDK_KEY_p, "p", N_("Area"), N_("Draw woods, buildings or marsh (P; 1-3)") },
    { GDK_KEY_n, "n", N_("Road"), N_("Draw a road (N)") },
    { GDK_KEY_h, "h", N_("Hill"), N_("Draw a hill: outline, Enter, crest line, Enter (H; 1-9 level)") },
    { GDK_KEY_w, "w", N_("Water"), N_("Draw a river or stream (W; 1-4)") },
    { GDK_KEY_c, "c", N_("Crossings"), N_("Place, move and delete fords and bridges (C; 1 ford, 2 bridge)") },
    { GDK_KEY_a, "a", N_("Pieces"), N_("Place new pieces from the palette (A; 1-6 type, X side)") },
    { GDK_KEY_g, "g", N_("Play"), N_("Start or leave a game (G)") },
  };
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 3);

  gtk_widget_set_name (bar, "gridless-tool-bar");
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      GtkWidget *b = gtk_button_new_with_label (_(tools[i].label));
      g_autofree char *name = g_strconcat ("gridless-tool-", tools[i].key, NULL);

      gtk_widget_set_name (b, name);
      gtk_widget_set_tooltip_text (b, _(tools[i].tip));
      gtk_widget_set_focus_on_click (b, FALSE);
      g_object_set_data (G_OBJECT (b), "keyval", GUINT_TO_POINTER (tools[i].keyval));
      g_signal_connect (b, "clicked", G_CALLBACK (on_tool_button), v);
      gtk_box_append (GTK_BOX (bar), b);
    }
  return bar;
}

typedef struct {
  View *view;
  GCancellable *cancel;     /* the view's, referenced: tells a closed window */
} UnderlayLoad;

static void
underlay_loaded (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  UnderlayLoad *load = data;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *scan = rdt_image_load_finish (result, &error);

  if (g_cancellable_is_cancelled (load->cancel))
    {
      /* The window was closed meanwhile: the view is gone. */
      if (scan != NULL)
        cairo_surface_destroy (scan);
    }
  else if (scan == NULL)
    {
      /* A missing or refused scan is the validator's warning or error
       * (docs/format.md); the table is drawn without it. */
      g_autofree char *text = g_strdup_printf (_("The underlay scan is not shown: %s"), error->message);

      _rdt_gv_set_message (load->view, text);
    }
  else
    {
      g_clear_pointer (&load->view->underlay, cairo_surface_destroy);
      load->view->underlay = scan;
      gtk_widget_queue_draw (load->view->area);
    }
  g_object_unref (load->cancel);
  g_free (load);
}

/* Decodes the map's scan in a thread, through the file-reference rules and
 * image caps of rdt-file-ref.h (inside the scenario's folder). */
static void
load_underlay (View *v)
{
  g_autofree char *dir = g_path_get_dirname (v->path);
  RdtFileRef ref = { dir, v->path, v->g->underlay_line, "underlay", "href", v->g->underlay_href };
  UnderlayLoad *load;

  if (v->g->underlay_href == NULL || v->g->underlay_ppi <= 0)
    return;
  v->underlay_cancel = g_cancellable_new ();
  load = g_new0 (UnderlayLoad, 1);
  load->view = v;
  load->cancel = g_object_ref (v->underlay_cancel);
  rdt_image_load_async (&ref, NULL, v->underlay_cancel, NULL, underlay_loaded, load);
}

GtkWindow *
rdt_gridless_view_new (GtkApplication *application,
                       RdtGridless    *gridless,
                       const char     *path)
{
  GtkWidget *window = gtk_application_window_new (application);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *info = gtk_label_new (NULL);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *pan = gtk_gesture_drag_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkEventController *key = gtk_event_controller_key_new ();
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *title = g_strdup_printf (_("%s — %s (Pub Battles)"), gridless->title, base);
  View *v = g_new0 (View, 1);

  v->g = gridless;
  v->path = g_strdup (path);
  v->window = window;
  v->area = area;
  v->scrolled = scrolled;
  v->info = info;
  v->zoom = 1.0;
  v->show_envelope = TRUE;
  v->show_fof = TRUE;
  v->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  v->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  v->draft = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  v->draft_kind = RDT_GL_AREA_WOODS;
  v->draft_crest = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  v->draft_level = 1;
  v->show_zones = TRUE;
  v->draft_river = TRUE;
  v->crossing_water = -1;
  v->place_type = RDT_GL_INFANTRY;
  v->off_table = _rdt_gv_off_table_new ();

  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_widget_set_name (area, "gridless-view");
  gtk_widget_set_name (info, "gridless-info");
  gtk_label_set_xalign (GTK_LABEL (info), 0);
  gtk_label_set_wrap (GTK_LABEL (info), TRUE);
  gtk_label_set_selectable (GTK_LABEL (info), TRUE);
  gtk_widget_set_margin_start (info, 6);
  gtk_widget_set_margin_end (info, 6);
  gtk_widget_set_focusable (area, TRUE);
  g_object_set_data_full (G_OBJECT (area), "rdt-gridless-view", v, view_free);
  g_object_set_data (G_OBJECT (window), "rdt-gridless-area", area);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw, v, NULL);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), v);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), v);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), v);
  gtk_widget_add_controller (area, GTK_EVENT_CONTROLLER (drag));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (pan), GDK_BUTTON_MIDDLE);
  g_signal_connect (pan, "drag-begin", G_CALLBACK (pan_begin), v);
  g_signal_connect (pan, "drag-update", G_CALLBACK (pan_update), v);
  gtk_widget_add_controller (area, GTK_EVENT_CONTROLLER (pan));
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), v);
  gtk_widget_add_controller (scrolled, scroll);
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key), v);
  g_signal_connect (window, "close-request", G_CALLBACK (on_close_request), v);
  gtk_widget_add_controller (window, key);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), area);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_hexpand (scrolled, TRUE);
  {
    /* The table, and beside it the side panel: shape and piece editing,
     * the palette (rdt-gridless-tools.c), the game (rdt-gridless-play.c). */
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

    gtk_box_append (GTK_BOX (box), tool_bar_new (v));
    GtkWidget *side_scroll = gtk_scrolled_window_new ();
    GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

    v->side_panel = side;
    gtk_widget_set_name (side, "gridless-side-panel");
    gtk_widget_set_margin_start (side, 6);
    gtk_widget_set_margin_end (side, 6);
    gtk_box_append (GTK_BOX (side), _rdt_gv_tools_panel_new (v));
    gtk_box_append (GTK_BOX (side), _rdt_gv_play_panel_new (v));
    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (side_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (side_scroll), side);
    gtk_widget_set_size_request (side_scroll, 320, -1);
    /* Set, not computed from the children (whose entries expand). */
    gtk_widget_set_hexpand (side_scroll, FALSE);
    gtk_box_append (GTK_BOX (row), scrolled);
    gtk_box_append (GTK_BOX (row), side_scroll);
    gtk_widget_set_vexpand (row, TRUE);
    gtk_box_append (GTK_BOX (box), row);
  }
  gtk_box_append (GTK_BOX (box), info);
  {
    static const struct { const char *label; const char *action; } buttons[] = {
      { N_("Pull chit"), "pull" },
      { N_("Combat"), "combat" },
      { N_("End combat"), "end-combat" },
      { N_("End turn"), "end-turn" },
      { N_("Undo"), NULL },
    };

    v->play_bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_name (v->play_bar, "gridless-play-bar");
    for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
      {
        GtkWidget *b = gtk_button_new_with_label (_(buttons[i].label));

        g_object_set_data (G_OBJECT (b), "action", (gpointer) buttons[i].action);
        g_signal_connect (b, "clicked", G_CALLBACK (on_play_button), v);
        gtk_box_append (GTK_BOX (v->play_bar), b);
      }
    v->entry = gtk_entry_new ();
    gtk_widget_set_name (v->entry, "gridless-action");
    gtk_widget_set_hexpand (v->entry, TRUE);
    gtk_entry_set_placeholder_text (GTK_ENTRY (v->entry), _("Action (docs/gridless-play.md), e.g. round 71st:maxwell"));
    g_signal_connect (v->entry, "activate", G_CALLBACK (on_entry_activate), v);
    gtk_box_append (GTK_BOX (v->play_bar), v->entry);
    gtk_widget_set_visible (v->play_bar, FALSE);
    gtk_box_append (GTK_BOX (box), v->play_bar);
  }
  gtk_window_set_child (GTK_WINDOW (window), box);
  refresh (v);
  load_underlay (v);
  gtk_widget_grab_focus (area);
  return GTK_WINDOW (window);
}

/* ---------------------------------------------- for the other files */

View *
_rdt_gv_of (GtkWidget *area)
{
  return view_of (area);
}

void
_rdt_gv_refresh (View *v)
{
  refresh (v);
}

void
_rdt_gv_begin_edit (View *v)
{
  begin_edit (v);
}

double
_rdt_gv_scale (View *v)
{
  return scale_of (v);
}

RdtGlPiece *
_rdt_gv_find_piece (View       *v,
                    const char *id)
{
  return find_piece (v, id);
}

RdtGlPiece *
_rdt_gv_piece_at (View     *v,
                  RdtPoint  p)
{
  return piece_at (v, p);
}

GArray *
_rdt_gv_shape_points (View      *v,
                      ShapeKind  kind,
                      guint      index)
{
  return shape_points (v, kind, index);
}

RdtPoint
_rdt_gv_snap (View     *v,
              RdtPoint  p)
{
  return snap (v, p, NULL);
}

gboolean
_rdt_gv_play_apply (View       *v,
                    const char *line)
{
  return play_apply (v, line);
}

void
_rdt_gv_set_message (View       *v,
                     const char *text)
{
  play_message (v, text);
}

void
_rdt_gv_replace (View        *v,
                 RdtGridless *restored)
{
  begin_edit (v);
  rdt_gridless_free (v->g);
  v->g = restored;
  v->vertex.kind = SHAPE_NONE;
  v->crossing_water = -1;
  refresh (v);
}

RdtGridlessViewMode
rdt_gridless_view_get_mode (GtkWidget *area)
{
  View *v = view_of (area);

  g_return_val_if_fail (v != NULL, RDT_GRIDLESS_VIEW_SELECT);
  return v->mode;
}

GtkWidget *
rdt_gridless_view_get_area (GtkWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "rdt-gridless-area");
}
