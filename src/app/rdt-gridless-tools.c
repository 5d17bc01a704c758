/* rdt-gridless-tools.c: the editing tools of the gridless window (issue 18)
 * beyond vertex editing: drawing hills (outline, then crest line, with their
 * level), rivers and streams (polyline or polygon), placing fords and bridges
 * on a water, deleting a shape, the Shape and Piece panels (id, name, kind,
 * level; a piece's side, type, command, quality, status, Road Column, facing
 * and block size) with validation before anything changes, and the piece
 * palette (new pieces of any type for either side, pieces taken off the
 * table).  Every change is one undo step of the window (a snapshot). */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "rdt-diagnostic.h"
#include "rdt-gridless-io.h"
#include "rdt-gridless-view-private.h"

/* rdt-gridless.c: crossings arrays with the core's free function. */
GPtrArray *_rdt_gl_crossings_new (void);

/* ------------------------------------------------------------ helpers */

static gboolean
id_taken (View       *v,
          const char *id)
{
  const RdtGridless *g = v->g;

  for (guint i = 0; i < g->areas->len; i++)
    if (g_strcmp0 (((RdtGlArea *) g_ptr_array_index (g->areas, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < g->hills->len; i++)
    if (g_strcmp0 (((RdtGlHill *) g_ptr_array_index (g->hills, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < g->waters->len; i++)
    if (g_strcmp0 (((RdtGlWater *) g_ptr_array_index (g->waters, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < g->roads->len; i++)
    if (g_strcmp0 (((RdtGlRoad *) g_ptr_array_index (g->roads, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < g->pieces->len; i++)
    if (g_strcmp0 (((RdtGlPiece *) g_ptr_array_index (g->pieces, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < v->off_table->len; i++)
    if (g_strcmp0 (((RdtGlPiece *) g_ptr_array_index (v->off_table, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

char *
_rdt_gv_new_id (View       *v,
                const char *prefix)
{
  for (guint n = 1; ; n++)
    {
      char *candidate = g_strdup_printf ("%s-%u", prefix, n);

      if (!id_taken (v, candidate))
        return candidate;
      g_free (candidate);
    }
}

guint
_rdt_gv_count_errors (const RdtGridless  *g,
                      char              **first)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  guint n = 0;

  rdt_gridless_validate (g, diagnostics);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity != RDT_SEVERITY_ERROR)
        continue;
      if (n++ == 0 && first != NULL)
        *first = rdt_diagnostic_to_string (d);
    }
  return n;
}

/* A copy of the scenario to change, through its canonical bytes. */
static RdtGridless *
copy_of (View *v)
{
  g_autoptr(GBytes) bytes = rdt_gridless_to_bytes (v->g, NULL);

  return bytes != NULL ? rdt_gridless_load_from_bytes (bytes, v->path, NULL, NULL) : NULL;
}

/* Checks @changed (transfer full) as Save would: written and read back
 * (the schema: ids, kinds, numbers) and validated (docs/format.md,
 * "Gridless checks"); it may not add errors to those the scenario has.
 * Returns the re-read scenario, or NULL with the first finding in @why. */
static RdtGridless *
check_change (View        *v,
              RdtGridless *changed,
              char       **why)
{
  g_autoptr(RdtGridless) owned = changed;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = rdt_gridless_to_bytes (owned, &error);
  RdtGridless *back;
  guint before;

  if (bytes == NULL)
    {
      *why = g_strdup (error->message);
      return NULL;
    }
  back = rdt_gridless_load_from_bytes (bytes, v->path, NULL, &error);
  if (back == NULL)
    {
      *why = g_strdup (error->message);
      return NULL;
    }
  before = _rdt_gv_count_errors (v->g, NULL);
  if (_rdt_gv_count_errors (back, why) > before)
    {
      rdt_gridless_free (back);
      return NULL;
    }
  g_clear_pointer (why, g_free);
  return back;
}

/* A drafted shape added to @copy (transfer full): checked as check_change()
 * does, then made the scenario (one undo step) and the draft dropped.
 * FALSE with the finding in @why when refused (the draft stays). */
static gboolean
apply_draft (View        *v,
             RdtGridless *copy,
             char       **why)
{
  RdtGridless *back = check_change (v, copy, why);

  if (back == NULL)
    return FALSE;
  _rdt_gv_replace (v, back);
  g_array_set_size (v->draft, 0);
  _rdt_gv_tools_clear (v);
  return TRUE;
}

static void
set_tool_message (View       *v,
                  const char *text)
{
  g_free (v->tool_message);
  v->tool_message = g_strdup (text);
}

/* The point of the segments of @pts nearest @p; @closed adds the closing edge. */
static RdtPoint
nearest_on (GArray   *pts,
            gboolean  closed,
            RdtPoint  p,
            double   *distance)
{
  RdtPoint best = p;
  double best_d = G_MAXDOUBLE;
  guint n = pts->len, segs = closed ? n : (n > 0 ? n - 1 : 0);

  for (guint k = 0; k < segs; k++)
    {
      RdtPoint a = g_array_index (pts, RdtPoint, k), b = g_array_index (pts, RdtPoint, (k + 1) % n);
      double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
      double t = l2 > 0 ? CLAMP (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2, 0, 1) : 0;
      RdtPoint q = { a.x + t * dx, a.y + t * dy };
      double d = hypot (q.x - p.x, q.y - p.y);

      if (d < best_d)
        {
          best_d = d;
          best = q;
        }
    }
  *distance = best_d;
  return best;
}

static gboolean
inside (GArray   *ring,
        RdtPoint  p)
{
  gboolean in = FALSE;

  for (guint i = 0, j = ring->len - 1; i < ring->len; j = i++)
    {
      RdtPoint a = g_array_index (ring, RdtPoint, i), b = g_array_index (ring, RdtPoint, j);

      if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x)
        in = !in;
    }
  return in;
}

static GArray *
points_copy (GArray *from)
{
  GArray *to = g_array_sized_new (FALSE, FALSE, sizeof (RdtPoint), from->len);

  g_array_append_vals (to, from->data, from->len);
  return to;
}

static RdtGlPiece *
piece_copy (const RdtGlPiece *p)
{
  RdtGlPiece *c = g_new0 (RdtGlPiece, 1);

  *c = *p;
  c->id = g_strdup (p->id);
  c->name = g_strdup (p->name);
  c->side = g_strdup (p->side);
  c->command = g_strdup (p->command);
  return c;
}

static void
piece_copy_free (gpointer data)
{
  RdtGlPiece *p = data;

  g_free (p->id);
  g_free (p->name);
  g_free (p->side);
  g_free (p->command);
  g_free (p);
}

GPtrArray *
_rdt_gv_off_table_new (void)
{
  return g_ptr_array_new_with_free_func (piece_copy_free);
}

void
_rdt_gv_tools_clear (View *v)
{
  g_array_set_size (v->draft_crest, 0);
  v->draft_crest_stage = FALSE;
  v->crossing_water = -1;
  g_clear_pointer (&v->tool_message, g_free);
}

/* -------------------------------------------------------------- tools */

/* Enter in the Hill mode: the outline is done (3 points or more), then the
 * crest line (2 points or more, its ends snapped onto the outline: G7)
 * makes the hill, at the level chosen with 1-9 (G3). */
static gboolean
finish_hill (View *v)
{
  g_autofree char *why = NULL;
  RdtGridless *copy;
  RdtGlHill *h;

  if (!v->draft_crest_stage)
    {
      if (v->draft->len < 3)
        return FALSE;
      v->draft_crest_stage = TRUE;
      return TRUE;
    }
  if (v->draft_crest->len < 2 || (copy = copy_of (v)) == NULL)
    return FALSE;
  h = g_new0 (RdtGlHill, 1);
  h->id = _rdt_gv_new_id (v, "hill");
  h->level = v->draft_level;
  h->points = points_copy (v->draft);
  h->crest = points_copy (v->draft_crest);
  g_ptr_array_add (copy->hills, h);
  if (!apply_draft (v, copy, &why))
    {
      g_autofree char *text = g_strdup_printf (_("Hill refused: %s"), why);
      set_tool_message (v, text);
    }
  return TRUE;
}

/* Enter in the Water mode: a river or a stream, a polyline (crossed, no
 * area) or a polygon (also a terrain area: G1). */
static gboolean
finish_water (View *v)
{
  g_autofree char *why = NULL;
  RdtGridless *copy;
  RdtGlWater *w;

  if (v->draft->len < (v->draft_water_area ? 3u : 2u) || (copy = copy_of (v)) == NULL)
    return FALSE;
  w = g_new0 (RdtGlWater, 1);
  w->id = _rdt_gv_new_id (v, v->draft_river ? "river" : "stream");
  w->river = v->draft_river;
  w->area = v->draft_water_area;
  w->points = points_copy (v->draft);
  w->crossings = _rdt_gl_crossings_new ();
  g_ptr_array_add (copy->waters, w);
  if (!apply_draft (v, copy, &why))
    {
      g_autofree char *text = g_strdup_printf (_("Water refused: %s"), why);
      set_tool_message (v, text);
    }
  return TRUE;
}

/* The crossing under @p (within the snapping tolerance). */
static gboolean
crossing_at (View     *v,
             RdtPoint  p,
             int      *water,
             int      *index)
{
  double tol = RDT_GV_SNAP_PIXELS / _rdt_gv_scale (v);

  for (guint i = 0; i < v->g->waters->len; i++)
    {
      RdtGlWater *w = g_ptr_array_index (v->g->waters, i);

      for (guint k = 0; k < w->crossings->len; k++)
        {
          RdtGlCrossing *c = g_ptr_array_index (w->crossings, k);

          if (hypot (c->at.x - p.x, c->at.y - p.y) <= tol)
            {
              *water = i;
              *index = k;
              return TRUE;
            }
        }
    }
  return FALSE;
}

gboolean
_rdt_gv_tools_crossing_grab (View     *v,
                             RdtPoint  at)
{
  return crossing_at (v, at, &v->crossing_water, &v->crossing_index);
}

void
_rdt_gv_tools_crossing_move (View     *v,
                             RdtPoint  to)
{
  RdtGlWater *w;
  RdtGlCrossing *c;
  double d;

  if (v->crossing_water < 0 || (guint) v->crossing_water >= v->g->waters->len)
    return;
  w = g_ptr_array_index (v->g->waters, v->crossing_water);
  if ((guint) v->crossing_index >= w->crossings->len)
    return;
  c = g_ptr_array_index (w->crossings, v->crossing_index);
  /* Kept on its water ("a crossing lies on its water"). */
  if (w->area && w->points->len >= 3 && inside (w->points, to))
    c->at = to;
  else
    c->at = nearest_on (w->points, w->area, to, &d);
}

/* A click in the Crossing mode: on a crossing selects it; on a water (its
 * line within the tolerance, or inside its polygon) places a ford or a
 * bridge there, on the line itself ("a crossing lies on its water"). */
static void
click_crossing (View     *v,
                RdtPoint  at)
{
  double tol = RDT_GV_SNAP_PIXELS / _rdt_gv_scale (v), best = tol;
  int water = -1;
  RdtPoint where = at;

  if (crossing_at (v, at, &v->crossing_water, &v->crossing_index))
    return;
  v->crossing_water = -1;
  for (guint i = 0; i < v->g->waters->len; i++)
    {
      RdtGlWater *w = g_ptr_array_index (v->g->waters, i);
      double d;
      RdtPoint q = nearest_on (w->points, w->area, at, &d);

      if (w->area && w->points->len >= 3 && inside (w->points, at))
        {
          water = i;
          where = at;
          best = 0;
        }
      else if (d <= best)
        {
          water = i;
          where = q;
          best = d;
        }
    }
  if (water < 0)
    {
      set_tool_message (v, _("No river or stream here: a ford or bridge is placed on a water (docs/format.md, <crossing>)."));
      return;
    }
  {
    RdtGlWater *w = g_ptr_array_index (v->g->waters, water);
    RdtGlCrossing *c;

    if (w->crossings->len >= RDT_GRIDLESS_MAX_CROSSINGS)
      return;
    _rdt_gv_begin_edit (v);
    c = g_new0 (RdtGlCrossing, 1);
    c->at = where;
    c->bridge = v->crossing_bridge;
    g_ptr_array_add (w->crossings, c);
    v->crossing_water = water;
    v->crossing_index = w->crossings->len - 1;
    g_clear_pointer (&v->tool_message, g_free);
  }
}

/* A click in the Place mode: a new piece of the palette's type and side,
 * or the palette's piece taken off the table put back, centred there. */
static void
click_place (View     *v,
             RdtPoint  at)
{
  RdtGlPiece *p;

  if (v->place_existing != NULL)
    {
      RdtGlPiece *old = NULL;

      for (guint i = 0; i < v->off_table->len && old == NULL; i++)
        if (g_strcmp0 (((RdtGlPiece *) g_ptr_array_index (v->off_table, i))->id, v->place_existing) == 0)
          old = g_ptr_array_index (v->off_table, i);
      if (old == NULL)
        return;
      _rdt_gv_begin_edit (v);
      p = piece_copy (old);
      g_ptr_array_remove (v->off_table, old);     /* frees old */
      g_clear_pointer (&v->place_existing, g_free);
    }
  else
    {
      const RdtGlSide *side;

      if (v->g->sides->len == 0 || v->place_side >= v->g->sides->len)
        {
          set_tool_message (v, _("The scenario has no side for a new piece (docs/format.md, <sides>)."));
          return;
        }
      if (!v->g->specs[v->place_type].present)
        {
          g_autofree char *text = g_strdup_printf (_("The scenario has no <piece-type type=\"%s\">: its block size and move are unknown (docs/format.md)."),
                                                   rdt_gl_piece_type_to_string (v->place_type));
          set_tool_message (v, text);
          return;
        }
      if (v->g->pieces->len >= RDT_GRIDLESS_MAX_PIECES)
        return;
      side = g_ptr_array_index (v->g->sides, v->place_side);
      _rdt_gv_begin_edit (v);
      p = g_new0 (RdtGlPiece, 1);
      p->id = _rdt_gv_new_id (v, rdt_gl_piece_type_to_string (v->place_type));
      p->side = g_strdup (side->id);
      p->type = v->place_type;
      /* Facing the other side: map-up for the first side of the file,
       * map-down for the others (an editing default, no rule). */
      p->facing = v->place_side == 0 ? 0 : 180;
    }
  p->centre.x = CLAMP (at.x, 0, v->g->width);
  p->centre.y = CLAMP (at.y, 0, v->g->height);
  p->destroyed = FALSE;
  /* The scenario's own free function frees the fields with g_free. */
  g_ptr_array_add (v->g->pieces, p);
  g_free (v->selected);
  v->selected = g_strdup (p->id);
  g_clear_pointer (&v->tool_message, g_free);
}

gboolean
_rdt_gv_tools_click (View     *v,
                     RdtPoint  at)
{
  switch (v->mode)
    {
    case RDT_GRIDLESS_VIEW_HILL:
      if (!v->draft_crest_stage)
        {
          RdtPoint q = _rdt_gv_snap (v, at);

          if (v->draft->len < RDT_GRIDLESS_MAX_VERTICES)
            g_array_append_val (v->draft, q);
        }
      else
        {
          double d;
          RdtPoint q = nearest_on (v->draft, TRUE, at, &d);

          /* Crest points near the outline go onto it (G7: the crest starts
           * and ends on the outline). */
          if (d > RDT_GV_SNAP_PIXELS / _rdt_gv_scale (v))
            q = at;
          if (v->draft_crest->len < RDT_GRIDLESS_MAX_VERTICES)
            g_array_append_val (v->draft_crest, q);
        }
      return TRUE;
    case RDT_GRIDLESS_VIEW_WATER:
      {
        RdtPoint q = _rdt_gv_snap (v, at);

        if (v->draft->len < RDT_GRIDLESS_MAX_VERTICES)
          g_array_append_val (v->draft, q);
      }
      return TRUE;
    case RDT_GRIDLESS_VIEW_CROSSING:
      click_crossing (v, at);
      return TRUE;
    case RDT_GRIDLESS_VIEW_PLACE:
      click_place (v, at);
      return TRUE;
    case RDT_GRIDLESS_VIEW_SELECT:
    case RDT_GRIDLESS_VIEW_LOS:
    case RDT_GRIDLESS_VIEW_TAPE:
    case RDT_GRIDLESS_VIEW_VERTEX:
    case RDT_GRIDLESS_VIEW_POLYGON:
    case RDT_GRIDLESS_VIEW_POLYLINE:
    default:
      return FALSE;
    }
}

/* Deletes the shape of the selected vertex (a crest line: its hill). */
static gboolean
delete_shape (View *v)
{
  GPtrArray *array;
  g_autofree char *text = NULL;

  switch (v->vertex.kind)
    {
    case SHAPE_AREA:
      array = v->g->areas;
      break;
    case SHAPE_HILL:
    case SHAPE_CREST:
      array = v->g->hills;
      break;
    case SHAPE_WATER:
      array = v->g->waters;
      break;
    case SHAPE_ROAD:
      array = v->g->roads;
      break;
    case SHAPE_NONE:
    case N_SHAPE_KINDS:
    default:
      return FALSE;
    }
  if (v->vertex.index >= array->len)
    return FALSE;
  /* Every shape record starts with its id. */
  text = g_strdup_printf (_("Deleted %s."), *(char **) g_ptr_array_index (array, v->vertex.index));
  _rdt_gv_begin_edit (v);
  g_ptr_array_remove_index (array, v->vertex.index);
  v->vertex.kind = SHAPE_NONE;
  v->crossing_water = -1;
  set_tool_message (v, text);
  return TRUE;
}

/* Deletes the selected piece; it goes to the palette ("off the table"). */
static gboolean
delete_piece (View *v)
{
  RdtGlPiece *p = _rdt_gv_find_piece (v, v->selected);

  if (p == NULL)
    return FALSE;
  _rdt_gv_begin_edit (v);
  g_ptr_array_add (v->off_table, piece_copy (p));
  g_ptr_array_remove (v->g->pieces, p);
  g_clear_pointer (&v->selected, g_free);
  return TRUE;
}

static gboolean
delete_crossing (View *v)
{
  RdtGlWater *w;

  if (v->crossing_water < 0 || (guint) v->crossing_water >= v->g->waters->len)
    return FALSE;
  w = g_ptr_array_index (v->g->waters, v->crossing_water);
  if ((guint) v->crossing_index >= w->crossings->len)
    return FALSE;
  _rdt_gv_begin_edit (v);
  g_ptr_array_remove_index (w->crossings, v->crossing_index);
  v->crossing_water = -1;
  return TRUE;
}

static void
set_mode (View                *v,
          RdtGridlessViewMode  mode)
{
  v->mode = mode;
  g_array_set_size (v->draft, 0);
  _rdt_gv_tools_clear (v);
}

gboolean
_rdt_gv_tools_key (View            *v,
                   guint            keyval,
                   GdkModifierType  state)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;

  if (ctrl)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_h:
      set_mode (v, RDT_GRIDLESS_VIEW_HILL);
      return TRUE;
    case GDK_KEY_w:
      set_mode (v, RDT_GRIDLESS_VIEW_WATER);
      return TRUE;
    case GDK_KEY_c:
      set_mode (v, RDT_GRIDLESS_VIEW_CROSSING);
      return TRUE;
    case GDK_KEY_a:
      set_mode (v, RDT_GRIDLESS_VIEW_PLACE);
      return TRUE;
    case GDK_KEY_z:
      /* Z shows or hides the scenario's zones. */
      v->show_zones = !v->show_zones;
      {
        g_autofree char *text = NULL;
        guint n = v->g->zones != NULL ? v->g->zones->len : 0;

        if (v->show_zones)
          text = g_strdup_printf (_("Zones shown: %u (set-up, entry, objective)."), n);
        else
          text = g_strdup (_("Zones hidden."));
        set_tool_message (v, text);
      }
      return TRUE;
    default:
      break;
    }
  if ((keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete) && shift && v->mode == RDT_GRIDLESS_VIEW_VERTEX)
    return delete_shape (v);
  if ((keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete) && v->mode == RDT_GRIDLESS_VIEW_SELECT)
    return delete_piece (v);
  switch (v->mode)
    {
    case RDT_GRIDLESS_VIEW_HILL:
      if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_9)
        {
          v->draft_level = keyval - GDK_KEY_0;
          return TRUE;
        }
      if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter)
        return finish_hill (v);
      if (keyval == GDK_KEY_BackSpace || keyval == GDK_KEY_Delete)
        {
          if (v->draft_crest_stage && v->draft_crest->len > 0)
            g_array_set_size (v->draft_crest, v->draft_crest->len - 1);
          else if (v->draft_crest_stage)
            v->draft_crest_stage = FALSE;
          else if (v->draft->len > 0)
            g_array_set_size (v->draft, v->draft->len - 1);
          else
            return FALSE;
          return TRUE;
        }
      return FALSE;
    case RDT_GRIDLESS_VIEW_WATER:
      if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_4)
        {
          v->draft_river = keyval == GDK_KEY_1 || keyval == GDK_KEY_3;
          v->draft_water_area = keyval >= GDK_KEY_3;
          return TRUE;
        }
      if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter)
        return finish_water (v);
      if ((keyval == GDK_KEY_BackSpace || keyval == GDK_KEY_Delete) && v->draft->len > 0)
        {
          g_array_set_size (v->draft, v->draft->len - 1);
          return TRUE;
        }
      return FALSE;
    case RDT_GRIDLESS_VIEW_CROSSING:
      if (keyval == GDK_KEY_1 || keyval == GDK_KEY_2)
        {
          v->crossing_bridge = keyval == GDK_KEY_2;
          /* The selected crossing changes kind too (one undo step). */
          if (v->crossing_water >= 0 && (guint) v->crossing_water < v->g->waters->len)
            {
              RdtGlWater *w = g_ptr_array_index (v->g->waters, v->crossing_water);

              if ((guint) v->crossing_index < w->crossings->len)
                {
                  RdtGlCrossing *c = g_ptr_array_index (w->crossings, v->crossing_index);

                  if (c->bridge != v->crossing_bridge)
                    {
                      _rdt_gv_begin_edit (v);
                      c = g_ptr_array_index (((RdtGlWater *) g_ptr_array_index (v->g->waters, v->crossing_water))->crossings,
                                             v->crossing_index);
                      c->bridge = v->crossing_bridge;
                    }
                }
            }
          return TRUE;
        }
      if (keyval == GDK_KEY_Delete || keyval == GDK_KEY_BackSpace)
        return delete_crossing (v);
      return FALSE;
    case RDT_GRIDLESS_VIEW_PLACE:
      if (keyval >= GDK_KEY_1 && keyval <= GDK_KEY_6)
        {
          v->place_type = keyval - GDK_KEY_1;
          g_clear_pointer (&v->place_existing, g_free);
          if (v->palette_type != NULL)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (v->palette_type), v->place_type);
          return TRUE;
        }
      if (keyval == GDK_KEY_x && v->g->sides->len > 0)
        {
          v->place_side = (v->place_side + 1) % v->g->sides->len;
          if (v->palette_side != NULL)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (v->palette_side), v->place_side);
          return TRUE;
        }
      return FALSE;
    case RDT_GRIDLESS_VIEW_SELECT:
    case RDT_GRIDLESS_VIEW_LOS:
    case RDT_GRIDLESS_VIEW_TAPE:
    case RDT_GRIDLESS_VIEW_VERTEX:
    case RDT_GRIDLESS_VIEW_POLYGON:
    case RDT_GRIDLESS_VIEW_POLYLINE:
    default:
      return FALSE;
    }
}

/* The scenario's zones (<zones>, when the format has them: Brandywine
 * Scenario, Setup, Start Options, Early Start Option): set-up placement
 * areas, reinforcement and early-entry zones and objectives, tinted by side
 * and labelled with their kind, commands and turn. */
static void
draw_zones (View    *v,
            cairo_t *cr,
            double   scale)
{
  static const double dash[] = { 8, 4 };
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  g_autoptr(GArray) widths = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; v->g->zones != NULL && i < v->g->zones->len; i++)
    {
      const RdtGlZone *z = g_ptr_array_index (v->g->zones, i);
      gboolean first = v->g->sides->len > 0
                       && g_strcmp0 (((RdtGlSide *) g_ptr_array_index (v->g->sides, 0))->id, z->side) == 0;
      double r = first ? 0.8 : 0.15, gr = 0.15, b = first ? 0.15 : 0.8;
      RdtPoint c = { 0, 0 };
      g_autofree char *commands = z->commands != NULL ? g_strjoinv (" ", z->commands) : g_strdup ("");
      g_autofree char *label = NULL;

      if (z->points == NULL || z->points->len < 3)
        continue;
      if (z->kind == RDT_GL_ZONE_OBJECTIVE)
        r = 0.85, gr = 0.65, b = 0.0;
      for (guint k = 0; k < z->points->len; k++)
        {
          RdtPoint q = g_array_index (z->points, RdtPoint, k);

          if (k == 0)
            cairo_move_to (cr, q.x * scale, q.y * scale);
          else
            cairo_line_to (cr, q.x * scale, q.y * scale);
          c.x += q.x / z->points->len;
          c.y += q.y / z->points->len;
        }
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, r, gr, b, z->kind == RDT_GL_ZONE_PLACEMENT ? 0.06 : 0.12);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, r, gr, b, 0.8);
      cairo_set_line_width (cr, z->kind == RDT_GL_ZONE_PLACEMENT ? 1.5 : 2.5);
      cairo_set_dash (cr, dash, z->kind == RDT_GL_ZONE_OBJECTIVE ? 0 : 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      switch (z->kind)
        {
        case RDT_GL_ZONE_PLACEMENT:
          label = g_strdup_printf (_("%s: set-up %d (%s)"), z->id, z->order, commands);
          break;
        case RDT_GL_ZONE_REINFORCEMENT:
          label = g_strdup_printf (_("%s: enters turn %d%s (%s, option %s)"), z->id, z->turn,
                                   z->turn_provisional ? _(" (provisional)") : "", commands,
                                   z->option != NULL ? z->option : "?");
          break;
        case RDT_GL_ZONE_EARLY_ENTRY:
          label = g_strdup_printf (_("%s: early entry, %d turns early (%s)"), z->id, z->turns_early, commands);
          break;
        case RDT_GL_ZONE_OBJECTIVE:
        case RDT_GL_N_ZONE_KINDS:
        default:
          label = g_strdup_printf (_("%s: objective"), z->id);
          break;
        }
      cairo_set_font_size (cr, 12);
      cairo_set_source_rgba (cr, r * 0.7, gr * 0.7, b * 0.7, 1.0);
      {
        cairo_text_extents_t ext;
        double x, y = c.y * scale;

        /* Centred on the zone, kept on the table, and below the labels
         * already drawn near it (zones may overlap). */
        cairo_text_extents (cr, label, &ext);
        x = CLAMP (c.x * scale - ext.width / 2, 2, MAX (2, v->g->width * scale - ext.width - 2));
        for (guint k = 0; k < placed->len; k++)
          {
            RdtPoint q = g_array_index (placed, RdtPoint, k);

            if (fabs (q.y - y) < 14 && x < q.x + g_array_index (widths, double, k) && q.x < x + ext.width)
              {
                y = q.y + 14;
                k = (guint) -1;   /* look again from the first */
              }
          }
        cairo_move_to (cr, x, y);
        cairo_show_text (cr, label);
        g_array_append_val (placed, ((RdtPoint) { x, y }));
        g_array_append_val (widths, ext.width);
      }
    }
}

void
_rdt_gv_tools_draw (View    *v,
                    cairo_t *cr,
                    double   scale)
{
  if (v->show_zones)
    draw_zones (v, cr, scale);
  if (v->mode == RDT_GRIDLESS_VIEW_HILL && v->draft_crest->len > 0)
    {
      const double dash[] = { 5, 3 };

      for (guint k = 0; k < v->draft_crest->len; k++)
        {
          RdtPoint q = g_array_index (v->draft_crest, RdtPoint, k);

          if (k == 0)
            cairo_move_to (cr, q.x * scale, q.y * scale);
          else
            cairo_line_to (cr, q.x * scale, q.y * scale);
        }
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_source_rgba (cr, 0.45, 0.25, 0.0, 0.9);
      cairo_set_line_width (cr, 2.5);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (v->mode == RDT_GRIDLESS_VIEW_CROSSING)
    for (guint i = 0; i < v->g->waters->len; i++)
      {
        RdtGlWater *w = g_ptr_array_index (v->g->waters, i);

        for (guint k = 0; k < w->crossings->len; k++)
          {
            RdtGlCrossing *c = g_ptr_array_index (w->crossings, k);
            gboolean on = (int) i == v->crossing_water && (int) k == v->crossing_index;

            cairo_new_path (cr);
            cairo_arc (cr, c->at.x * scale, c->at.y * scale, on ? 9 : 7, 0, 2 * G_PI);
            cairo_set_source_rgb (cr, on ? 1.0 : 0.2, on ? 0.3 : 0.2, on ? 0.0 : 0.2);
            cairo_set_line_width (cr, on ? 3 : 1.5);
            cairo_stroke (cr);
          }
      }
}

void
_rdt_gv_tools_info (View    *v,
                    GString *s)
{
  switch (v->mode)
    {
    case RDT_GRIDLESS_VIEW_HILL:
      if (!v->draft_crest_stage)
        g_string_append_printf (s, _(" New hill, level %d (1-9): click the outline, Enter ends it (%u points)."),
                                v->draft_level, v->draft->len);
      else
        g_string_append_printf (s, _(" New hill, level %d: click the crest line from outline to outline (G7), Enter makes the hill (%u points)."),
                                v->draft_level, v->draft_crest->len);
      break;
    case RDT_GRIDLESS_VIEW_WATER:
      g_string_append_printf (s, _(" New %s as a %s (1 river line, 2 stream line, 3 river area, 4 stream area; Enter ends, %u points)."),
                              v->draft_river ? _("river") : _("stream"),
                              v->draft_water_area ? _("polygon") : _("polyline"), v->draft->len);
      break;
    case RDT_GRIDLESS_VIEW_CROSSING:
      g_string_append_printf (s, _(" Click a river or stream to place a %s (1 ford, 2 bridge); click a crossing to select it, Delete removes it."),
                              v->crossing_bridge ? _("bridge") : _("ford"));
      if (v->crossing_water >= 0 && (guint) v->crossing_water < v->g->waters->len)
        {
          RdtGlWater *w = g_ptr_array_index (v->g->waters, v->crossing_water);

          if ((guint) v->crossing_index < w->crossings->len)
            {
              RdtGlCrossing *c = g_ptr_array_index (w->crossings, v->crossing_index);

              g_string_append_printf (s, _(" Selected: %s on %s at %.3f\", %.3f\"."),
                                      c->bridge ? _("bridge") : _("ford"), w->id, c->at.x, c->at.y);
            }
        }
      break;
    case RDT_GRIDLESS_VIEW_PLACE:
      if (v->place_existing != NULL)
        g_string_append_printf (s, _(" Click to put %s back on the table."), v->place_existing);
      else
        g_string_append_printf (s, _(" Click to place a new %s of %s (1-6 type, X side)."),
                                rdt_gl_piece_type_to_string (v->place_type),
                                v->place_side < v->g->sides->len
                                ? ((RdtGlSide *) g_ptr_array_index (v->g->sides, v->place_side))->name : "?");
      break;
    case RDT_GRIDLESS_VIEW_SELECT:
    case RDT_GRIDLESS_VIEW_LOS:
    case RDT_GRIDLESS_VIEW_TAPE:
    case RDT_GRIDLESS_VIEW_VERTEX:
    case RDT_GRIDLESS_VIEW_POLYGON:
    case RDT_GRIDLESS_VIEW_POLYLINE:
    default:
      break;
    }
  if (v->tool_message != NULL)
    g_string_append_printf (s, " %s", v->tool_message);
}

/* -------------------------------------------------------------- panels */

static const char *const area_kinds[] = { N_("woods"), N_("buildings"), N_("marsh"), N_("river"), N_("stream"), NULL };
static const char *const water_kinds[] = { N_("river"), N_("stream"), NULL };
static const char *const piece_types[] = { N_("HQ"), N_("infantry"), N_("cavalry"), N_("dragoons"),
                                           N_("artillery"), N_("baggage"), NULL };
static const char *const qualities[] = { N_("regular"), N_("Elite"), N_("Militia"), NULL };
static const char *const statuses[] = { N_("Fresh"), N_("Spent"), NULL };

static GtkWidget *
drop_down (const char *const *strings,
           const char        *name)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  GtkWidget *w;

  for (guint i = 0; strings[i] != NULL; i++)
    gtk_string_list_append (list, _(strings[i]));
  w = gtk_drop_down_new (G_LIST_MODEL (list), NULL);
  gtk_widget_set_name (w, name);
  return w;
}

static void
set_strings (GtkWidget *drop,
             GPtrArray *strings)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < strings->len; i++)
    gtk_string_list_append (list, g_ptr_array_index (strings, i));
  gtk_drop_down_set_model (GTK_DROP_DOWN (drop), G_LIST_MODEL (list));
  g_object_unref (list);
}

static GtkWidget *
entry (const char *name)
{
  GtkWidget *e = gtk_entry_new ();

  gtk_widget_set_name (e, name);
  return e;
}

static GtkWidget *
spin (const char *name,
      double      min,
      double      max,
      double      step,
      guint       digits)
{
  GtkWidget *s = gtk_spin_button_new_with_range (min, max, step);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (s), digits);
  gtk_widget_set_name (s, name);
  return s;
}

static GtkWidget *
error_label (const char *name)
{
  GtkWidget *l = gtk_label_new (NULL);

  gtk_widget_set_name (l, name);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (l), 36);
  gtk_widget_add_css_class (l, "error");
  return l;
}

static void
grid_row (GtkWidget  *grid,
          int         row,
          const char *label,
          GtkWidget  *field)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (l), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), field);
  g_object_set_data (G_OBJECT (field), "row-label", l);
  gtk_grid_attach (GTK_GRID (grid), l, 0, row, 1, 1);
  gtk_widget_set_hexpand (field, TRUE);
  gtk_grid_attach (GTK_GRID (grid), field, 1, row, 1, 1);
}

static gboolean
id_ok (const char *id)
{
  /* docs/format.md, the schema's id: [A-Za-z0-9][A-Za-z0-9_.-]{0,63}. */
  gsize n = strlen (id);

  if (n == 0 || n > 64 || !g_ascii_isalnum (id[0]))
    return FALSE;
  for (gsize i = 1; i < n; i++)
    if (!g_ascii_isalnum (id[i]) && id[i] != '_' && id[i] != '.' && id[i] != '-')
      return FALSE;
  return TRUE;
}

static const char *
text_of (GtkWidget *e)
{
  return gtk_editable_get_text (GTK_EDITABLE (e));
}

/* The shape record of the selected vertex in @g (every record starts with
 * its id and its name). */
static gpointer
selected_shape (View        *v,
                RdtGridless *g)
{
  GPtrArray *array = NULL;

  switch (v->vertex.kind)
    {
    case SHAPE_AREA: array = g->areas; break;
    case SHAPE_HILL:
    case SHAPE_CREST: array = g->hills; break;
    case SHAPE_WATER: array = g->waters; break;
    case SHAPE_ROAD: array = g->roads; break;
    case SHAPE_NONE:
    case N_SHAPE_KINDS:
    default: return NULL;
    }
  return v->vertex.index < array->len ? g_ptr_array_index (array, v->vertex.index) : NULL;
}

static void
on_shape_apply (GtkButton *button,
                gpointer   data)
{
  View *v = data;
  g_autofree char *why = NULL;
  RdtGridless *copy, *back;
  char **record;
  const char *id = text_of (v->shape_id), *name = text_of (v->shape_name);

  if (v->game != NULL || (copy = copy_of (v)) == NULL)
    return;
  record = selected_shape (v, copy);
  if (record == NULL)
    {
      rdt_gridless_free (copy);
      return;
    }
  if (!id_ok (id))
    why = g_strdup_printf (_("“%s” is not an id: 1 to 64 letters, digits, _ . -, starting with a letter or digit (docs/format.md)."), id);
  else if (g_strcmp0 (id, record[0]) != 0 && id_taken (v, id))
    why = g_strdup_printf (_("The id “%s” is taken: ids are unique (docs/format.md, Gridless checks)."), id);
  if (why == NULL)
    {
      g_free (record[0]);
      record[0] = g_strdup (id);
      g_free (record[1]);
      record[1] = *name != '\0' ? g_strdup (name) : NULL;
      switch (v->vertex.kind)
        {
        case SHAPE_AREA:
          ((RdtGlArea *) record)->kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->shape_kind));
          break;
        case SHAPE_HILL:
        case SHAPE_CREST:
          ((RdtGlHill *) record)->level = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (v->shape_level));
          break;
        case SHAPE_WATER:
          ((RdtGlWater *) record)->river = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->shape_kind)) == 0;
          break;
        case SHAPE_ROAD:
        case SHAPE_NONE:
        case N_SHAPE_KINDS:
        default:
          break;
        }
      back = check_change (v, copy, &why);
    }
  else
    {
      rdt_gridless_free (copy);
      back = NULL;
    }
  if (back == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Not changed: %s"), why);
      gtk_label_set_text (GTK_LABEL (v->shape_error), text);
      return;
    }
  {
    ShapeKind kind = v->vertex.kind;
    guint index = v->vertex.index, vertex = v->vertex.vertex;

    _rdt_gv_replace (v, back);
    v->vertex.kind = kind;
    v->vertex.index = index;
    v->vertex.vertex = vertex;
    gtk_label_set_text (GTK_LABEL (v->shape_error), "");
    _rdt_gv_refresh (v);
  }
}

static void
on_shape_delete (GtkButton *button,
                 gpointer   data)
{
  View *v = data;

  if (v->game == NULL && delete_shape (v))
    _rdt_gv_refresh (v);
}

static void
on_piece_apply (GtkButton *button,
                gpointer   data)
{
  View *v = data;
  g_autofree char *why = NULL;
  g_autofree char *new_id = g_strdup (text_of (v->attr_id));
  RdtGridless *copy, *back = NULL;
  RdtGlPiece *p = NULL;
  guint side = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->attr_side));
  guint command = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->attr_command));
  RdtGlPieceType type = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->attr_type));

  if (v->game != NULL || v->selected == NULL || (copy = copy_of (v)) == NULL)
    return;
  for (guint i = 0; i < copy->pieces->len && p == NULL; i++)
    if (g_strcmp0 (((RdtGlPiece *) g_ptr_array_index (copy->pieces, i))->id, v->selected) == 0)
      p = g_ptr_array_index (copy->pieces, i);
  if (p == NULL)
    why = g_strdup (_("no piece selected"));
  else if (!id_ok (new_id))
    why = g_strdup_printf (_("“%s” is not an id: 1 to 64 letters, digits, _ . -, starting with a letter or digit (docs/format.md)."), new_id);
  else if (g_strcmp0 (new_id, p->id) != 0 && id_taken (v, new_id))
    why = g_strdup_printf (_("The id “%s” is taken: ids are unique (docs/format.md, Gridless checks)."), new_id);
  else if (side >= copy->sides->len)
    why = g_strdup (_("choose a side"));
  else if (!copy->specs[type].present)
    why = g_strdup_printf (_("the scenario has no <piece-type type=\"%s\">: its block size and move are unknown (docs/format.md)."),
                           rdt_gl_piece_type_to_string (type));
  else if (command > 0 && command - 1 < copy->commands->len
           && g_strcmp0 (((RdtGlCommand *) g_ptr_array_index (copy->commands, command - 1))->side,
                         ((RdtGlSide *) g_ptr_array_index (copy->sides, side))->id) != 0)
    why = g_strdup_printf (_("command %s belongs to the other side (HQs: a piece is commanded by an HQ of its side)."),
                           ((RdtGlCommand *) g_ptr_array_index (copy->commands, command - 1))->id);
  if (why == NULL)
    {
      const char *name = text_of (v->attr_name);
      RdtGlPieceSpec *spec = &copy->specs[type];
      double width = gtk_spin_button_get_value (GTK_SPIN_BUTTON (v->attr_width));
      double depth = gtk_spin_button_get_value (GTK_SPIN_BUTTON (v->attr_depth));

      /* An HQ renamed: its commands follow it. */
      for (guint i = 0; i < copy->commands->len; i++)
        {
          RdtGlCommand *c = g_ptr_array_index (copy->commands, i);

          if (g_strcmp0 (c->hq, p->id) == 0)
            {
              g_free (c->hq);
              c->hq = g_strdup (new_id);
            }
        }
      g_free (p->id);
      p->id = g_strdup (new_id);
      g_free (p->name);
      p->name = *name != '\0' ? g_strdup (name) : NULL;
      g_free (p->side);
      p->side = g_strdup (((RdtGlSide *) g_ptr_array_index (copy->sides, side))->id);
      g_free (p->command);
      p->command = command > 0 && command - 1 < copy->commands->len
                   ? g_strdup (((RdtGlCommand *) g_ptr_array_index (copy->commands, command - 1))->id) : NULL;
      p->type = type;
      p->quality = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->attr_quality));
      p->spent = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->attr_status)) == 1;
      p->road_column = gtk_check_button_get_active (GTK_CHECK_BUTTON (v->attr_column));
      p->facing = fmod (gtk_spin_button_get_value (GTK_SPIN_BUTTON (v->attr_facing)) + 360.0, 360.0);
      /* The block size is the piece type's (<piece-type width depth>):
       * every block of the type changes with it. */
      if (fabs (spec->width - width) > 1e-9 || fabs (spec->depth - depth) > 1e-9)
        {
          spec->width = width;
          spec->depth = depth;
        }
      back = check_change (v, copy, &why);
    }
  else
    rdt_gridless_free (copy);
  if (back == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Not changed: %s"), why);
      gtk_label_set_text (GTK_LABEL (v->attr_error), text);
      return;
    }
  _rdt_gv_replace (v, back);
  g_free (v->selected);
  v->selected = g_steal_pointer (&new_id);
  v->panel_generation = 0;
  _rdt_gv_refresh (v);
  gtk_label_set_text (GTK_LABEL (v->attr_error), "");
}

static void
on_piece_delete (GtkButton *button,
                 gpointer   data)
{
  View *v = data;

  if (v->game == NULL && delete_piece (v))
    _rdt_gv_refresh (v);
}

static void
on_palette_place (GtkButton *button,
                  gpointer   data)
{
  View *v = data;

  if (v->game != NULL)
    return;
  set_mode (v, RDT_GRIDLESS_VIEW_PLACE);
  v->place_type = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->palette_type));
  v->place_side = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->palette_side));
  g_clear_pointer (&v->place_existing, g_free);
  _rdt_gv_refresh (v);
  gtk_widget_grab_focus (v->area);
}

static void
on_palette_put_back (GtkButton *button,
                     gpointer   data)
{
  View *v = data;
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (v->palette_existing));

  if (v->game != NULL || i >= v->off_table->len)
    return;
  set_mode (v, RDT_GRIDLESS_VIEW_PLACE);
  g_free (v->place_existing);
  v->place_existing = g_strdup (((RdtGlPiece *) g_ptr_array_index (v->off_table, i))->id);
  _rdt_gv_refresh (v);
  gtk_widget_grab_focus (v->area);
}

static GtkWidget *
frame (const char *title,
       GtkWidget  *child,
       const char *name)
{
  GtkWidget *f = gtk_frame_new (title);

  gtk_widget_set_name (f, name);
  gtk_frame_set_child (GTK_FRAME (f), child);
  return f;
}

static GtkWidget *
button (const char *label,
        const char *name,
        GCallback   callback,
        View       *v)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_name (b, name);
  g_signal_connect (b, "clicked", callback, v);
  return b;
}

GtkWidget *
_rdt_gv_tools_panel_new (View *v)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *grid, *row;
  int r = 0;

  /* Shape (V mode, a vertex selected). */
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 3);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  v->shape_title = gtk_label_new (NULL);
  gtk_widget_set_name (v->shape_title, "gridless-shape-title");
  gtk_grid_attach (GTK_GRID (grid), v->shape_title, 0, r++, 2, 1);
  grid_row (grid, r++, _("_Id"), v->shape_id = entry ("gridless-shape-id"));
  grid_row (grid, r++, _("_Name"), v->shape_name = entry ("gridless-shape-name"));
  grid_row (grid, r++, _("_Kind"), v->shape_kind = drop_down (area_kinds, "gridless-shape-kind"));
  grid_row (grid, r++, _("_Level"), v->shape_level = spin ("gridless-shape-level", 1, 9, 1, 0));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), button (_("_Apply"), "gridless-shape-apply", G_CALLBACK (on_shape_apply), v));
  gtk_box_append (GTK_BOX (row), button (_("_Delete shape"), "gridless-shape-delete", G_CALLBACK (on_shape_delete), v));
  gtk_grid_attach (GTK_GRID (grid), row, 0, r++, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), v->shape_error = error_label ("gridless-shape-error"), 0, r++, 2, 1);
  v->shape_box = frame (_("Shape"), grid, "gridless-shape-panel");
  gtk_box_append (GTK_BOX (box), v->shape_box);

  /* Piece (Select mode, a piece selected). */
  grid = gtk_grid_new ();
  r = 0;
  gtk_grid_set_row_spacing (GTK_GRID (grid), 3);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  grid_row (grid, r++, _("I_d"), v->attr_id = entry ("gridless-piece-id"));
  grid_row (grid, r++, _("Na_me"), v->attr_name = entry ("gridless-piece-name"));
  grid_row (grid, r++, _("_Side"), v->attr_side = drop_down ((const char *[]) { NULL }, "gridless-piece-side"));
  grid_row (grid, r++, _("_Type"), v->attr_type = drop_down (piece_types, "gridless-piece-type"));
  grid_row (grid, r++, _("_Command"), v->attr_command = drop_down ((const char *[]) { NULL }, "gridless-piece-command"));
  grid_row (grid, r++, _("_Quality"), v->attr_quality = drop_down (qualities, "gridless-piece-quality"));
  grid_row (grid, r++, _("Stat_us"), v->attr_status = drop_down (statuses, "gridless-piece-status"));
  v->attr_column = gtk_check_button_new_with_mnemonic (_("_Road Column"));
  gtk_widget_set_name (v->attr_column, "gridless-piece-column");
  gtk_grid_attach (GTK_GRID (grid), v->attr_column, 1, r++, 1, 1);
  grid_row (grid, r++, _("_Facing (°)"), v->attr_facing = spin ("gridless-piece-facing", 0, 359.9, 15, 1));
  grid_row (grid, r++, _("Block _width (\")"), v->attr_width = spin ("gridless-piece-width", 0.05, 12, 0.0625, 4));
  grid_row (grid, r++, _("Block d_epth (\")"), v->attr_depth = spin ("gridless-piece-depth", 0.05, 12, 0.0625, 4));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), button (_("A_pply"), "gridless-piece-apply", G_CALLBACK (on_piece_apply), v));
  gtk_box_append (GTK_BOX (row), button (_("Delete _piece"), "gridless-piece-delete", G_CALLBACK (on_piece_delete), v));
  gtk_grid_attach (GTK_GRID (grid), row, 0, r++, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), v->attr_error = error_label ("gridless-piece-error"), 0, r++, 2, 1);
  v->piece_box = frame (_("Piece"), grid, "gridless-piece-panel");
  gtk_box_append (GTK_BOX (box), v->piece_box);

  /* Palette. */
  grid = gtk_grid_new ();
  r = 0;
  gtk_grid_set_row_spacing (GTK_GRID (grid), 3);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  grid_row (grid, r++, _("Side"), v->palette_side = drop_down ((const char *[]) { NULL }, "gridless-palette-side"));
  grid_row (grid, r++, _("Type"), v->palette_type = drop_down (piece_types, "gridless-palette-type"));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (v->palette_type), RDT_GL_INFANTRY);
  gtk_grid_attach (GTK_GRID (grid), button (_("Place a new piece (A)"), "gridless-palette-place",
                                            G_CALLBACK (on_palette_place), v), 0, r++, 2, 1);
  grid_row (grid, r++, _("Off the table"), v->palette_existing = drop_down ((const char *[]) { NULL }, "gridless-palette-existing"));
  gtk_grid_attach (GTK_GRID (grid), button (_("Put it back"), "gridless-palette-put-back",
                                            G_CALLBACK (on_palette_put_back), v), 0, r++, 2, 1);
  v->palette_box = frame (_("Pieces"), grid, "gridless-palette");
  gtk_box_append (GTK_BOX (box), v->palette_box);
  return box;
}

static void
fill_piece_panel (View             *v,
                  const RdtGlPiece *p)
{
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  g_autoptr(GPtrArray) commands = g_ptr_array_new_with_free_func (g_free);
  const RdtGlPieceSpec *spec = rdt_gridless_get_spec (v->g, p->type);
  guint side = 0, command = 0;

  for (guint i = 0; i < v->g->sides->len; i++)
    {
      RdtGlSide *s = g_ptr_array_index (v->g->sides, i);

      g_ptr_array_add (sides, s->name != NULL ? s->name : s->id);
      if (g_strcmp0 (s->id, p->side) == 0)
        side = i;
    }
  set_strings (v->attr_side, sides);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (v->attr_side), side);
  g_ptr_array_add (commands, g_strdup (_("(none)")));
  for (guint i = 0; i < v->g->commands->len; i++)
    {
      RdtGlCommand *c = g_ptr_array_index (v->g->commands, i);

      g_ptr_array_add (commands, g_strdup_printf ("%s (%s)", c->id, c->side));
      if (g_strcmp0 (c->id, p->command) == 0)
        command = i + 1;
    }
  set_strings (v->attr_command, commands);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (v->attr_command), command);
  gtk_editable_set_text (GTK_EDITABLE (v->attr_id), p->id);
  gtk_editable_set_text (GTK_EDITABLE (v->attr_name), p->name != NULL ? p->name : "");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (v->attr_type), p->type);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (v->attr_quality), p->quality);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (v->attr_status), p->spent ? 1 : 0);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (v->attr_column), p->road_column);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (v->attr_facing), p->facing);
  if (spec != NULL && spec->present)
    {
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (v->attr_width), spec->width);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (v->attr_depth), spec->depth);
    }
  gtk_label_set_text (GTK_LABEL (v->attr_error), "");
}

static void
row_visible (GtkWidget *field,
             gboolean   visible)
{
  gtk_widget_set_visible (field, visible);
  gtk_widget_set_visible (g_object_get_data (G_OBJECT (field), "row-label"), visible);
}

static void
fill_shape_panel (View *v)
{
  char **record = selected_shape (v, v->g);
  const char *kinds[] = { NULL, N_("Terrain area"), N_("Hill"), N_("Hill (crest line)"),
                          N_("River or stream"), N_("Road") };

  if (record == NULL)
    return;
  gtk_label_set_text (GTK_LABEL (v->shape_title), _(kinds[v->vertex.kind]));
  gtk_editable_set_text (GTK_EDITABLE (v->shape_id), record[0]);
  gtk_editable_set_text (GTK_EDITABLE (v->shape_name), record[1] != NULL ? record[1] : "");
  row_visible (v->shape_kind, v->vertex.kind == SHAPE_AREA || v->vertex.kind == SHAPE_WATER);
  row_visible (v->shape_level, v->vertex.kind == SHAPE_HILL || v->vertex.kind == SHAPE_CREST);
  if (v->vertex.kind == SHAPE_AREA)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      for (guint i = 0; area_kinds[i] != NULL; i++)
        g_ptr_array_add (names, (gpointer) _(area_kinds[i]));
      set_strings (v->shape_kind, names);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (v->shape_kind), ((RdtGlArea *) record)->kind);
    }
  else if (v->vertex.kind == SHAPE_WATER)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();

      for (guint i = 0; water_kinds[i] != NULL; i++)
        g_ptr_array_add (names, (gpointer) _(water_kinds[i]));
      set_strings (v->shape_kind, names);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (v->shape_kind), ((RdtGlWater *) record)->river ? 0 : 1);
    }
  else if (v->vertex.kind == SHAPE_HILL || v->vertex.kind == SHAPE_CREST)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (v->shape_level), ((RdtGlHill *) record)->level);
  gtk_label_set_text (GTK_LABEL (v->shape_error), "");
}

void
_rdt_gv_tools_panel_update (View *v)
{
  const RdtGlPiece *p = _rdt_gv_find_piece (v, v->selected);
  gboolean editing = v->game == NULL;
  gboolean shape = editing && v->mode == RDT_GRIDLESS_VIEW_VERTEX && selected_shape (v, v->g) != NULL;
  gboolean piece = editing && p != NULL;

  if (v->shape_box == NULL)
    return;
  /* Pieces taken off the table that are back (undo) leave the palette. */
  for (guint i = v->off_table->len; i-- > 0;)
    if (_rdt_gv_find_piece (v, ((RdtGlPiece *) g_ptr_array_index (v->off_table, i))->id) != NULL)
      g_ptr_array_remove_index (v->off_table, i);
  gtk_widget_set_visible (v->shape_box, shape);
  gtk_widget_set_visible (v->piece_box, piece);
  gtk_widget_set_visible (v->palette_box, editing);
  if (v->panel_generation == v->generation && g_strcmp0 (v->panel_piece, v->selected) == 0
      && v->panel_kind == v->vertex.kind && v->panel_index == v->vertex.index && v->panel_generation != 0)
    return;
  v->panel_generation = v->generation == 0 ? 1 : v->generation;
  if (v->generation == 0)
    v->generation = 1;
  v->panel_kind = v->vertex.kind;
  v->panel_index = v->vertex.index;
  g_free (v->panel_piece);
  v->panel_piece = g_strdup (v->selected);
  if (piece)
    fill_piece_panel (v, p);
  if (shape)
    fill_shape_panel (v);
  {
    g_autoptr(GPtrArray) sides = g_ptr_array_new ();
    g_autoptr(GPtrArray) off = g_ptr_array_new ();

    for (guint i = 0; i < v->g->sides->len; i++)
      {
        RdtGlSide *s = g_ptr_array_index (v->g->sides, i);
        g_ptr_array_add (sides, s->name != NULL ? s->name : s->id);
      }
    set_strings (v->palette_side, sides);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (v->palette_side), v->place_side);
    for (guint i = 0; i < v->off_table->len; i++)
      g_ptr_array_add (off, ((RdtGlPiece *) g_ptr_array_index (v->off_table, i))->id);
    set_strings (v->palette_existing, off);
  }
}
