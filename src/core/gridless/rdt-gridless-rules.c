/* rdt-gridless-rules.c: Pub Battles rulings on a gridless map (issue 18).
 * The geometry of every ruling is fixed by docs/gridless-conventions.md; the
 * comments name the convention (G0..G9) and the rulebook section
 * (pub-battles-brandywine.txt). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "rdt-gridless-rules.h"

#define RULE_MOVING    N_("Pub Battles, How the Pieces Move: Moving")
#define RULE_ATTACK    N_("Pub Battles, How to Attack (Melee)")
#define RULE_LOS       N_("Pub Battles, Line of Sight")
#define RULE_FOF       N_("Pub Battles, Field of Fire")
#define RULE_FLANK     N_("Pub Battles, Flanking Attacks")
#define RULE_COMMAND   N_("Pub Battles, HQs: Command Range")

/* docs/gridless-conventions.md, "Readings": the one reading of each open
 * wording, quoted by every answer that applies it. */
const char rdt_gl_reading_fof_arc[] =
  N_("G5 2: “within a 45 degree arc” is read as 45° to each side of straight ahead, "
     "widening from the front corners (not 22.5° to each side)");
const char rdt_gl_reading_closer[] =
  N_("G6 c: “closer to those blocking objects than the target” is measured along the sight line: "
     "from the viewer’s centre to where the line first enters the object, against from where it "
     "last leaves it to the target’s centre; equal distances block");
const char rdt_gl_reading_hq_blocks[] =
  N_("G6 d: HQs block line of sight like every other piece (the rule names no exception; "
     "“do not block movement” is a movement rule)");
const char rdt_gl_reading_flanked[] =
  N_("G8 6: a Flanked piece may fire at a piece on its flank at −1; the flanker gets no bonus "
     "(the text gives none)");

const char *
rdt_gl_verdict_to_string (RdtGlVerdict verdict)
{
  switch (verdict)
    {
    case RDT_GL_YES:
      return "yes";
    case RDT_GL_NO:
      return "no";
    case RDT_GL_UNDECIDED:
    default:
      return "undecided";
    }
}

const char *
rdt_gl_los_effect_to_string (RdtGlLosEffect effect)
{
  static const char *const names[] = {
    "seen-into", "seen-over", "own-hill", "crest-not-crossed", "blocks",
  };

  g_return_val_if_fail (effect <= RDT_GL_LOS_BLOCKS, "blocks");
  return names[effect];
}

/* G0: "more than half" with the fraction tolerance; exactly half is a tie. */
static RdtGlVerdict
majority_of (double fraction)
{
  if (fraction > 0.5 + RDT_GEOM_EPS_FRACTION)
    return RDT_GL_YES;
  if (fraction >= 0.5 - RDT_GEOM_EPS_FRACTION)
    return RDT_GL_UNDECIDED;
  return RDT_GL_NO;
}

static const RdtPoint *
pts (GArray *a)
{
  return (const RdtPoint *) a->data;
}

/* ------------------------------------------------------------- terrain */

void
rdt_gl_piece_terrain (const RdtGridless *g,
                      const RdtGlPiece  *piece,
                      RdtGlTerrain      *out)
{
  RdtPoint c[4];
  double covered = 0, best_hill = 0;

  g_return_if_fail (g != NULL && piece != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->rule = RULE_MOVING;
  out->convention = "G2 G3";
  rdt_gridless_piece_corners (g, piece, c);
  out->area = rdt_geom_polygon_area (c, 4);
  if (out->area <= 0)
    {
      out->has_majority = RDT_GL_UNDECIDED;
      return;
    }
  /* G2: areas do not overlap (validated, G1), so the fractions add up. */
  for (guint i = 0; i < g->areas->len; i++)
    {
      RdtGlArea *a = g_ptr_array_index (g->areas, i);
      double f = rdt_geom_clipped_area (pts (a->points), a->points->len, c, 4) / out->area;
      out->fraction[a->kind] += f;
      covered += f;
    }
  for (guint i = 0; i < g->waters->len; i++)
    {
      RdtGlWater *w = g_ptr_array_index (g->waters, i);
      double f;
      if (!w->area)
        continue;
      f = rdt_geom_clipped_area (pts (w->points), w->points->len, c, 4) / out->area;
      out->fraction[w->river ? RDT_GL_AREA_RIVER : RDT_GL_AREA_STREAM] += f;
      covered += f;
    }
  out->fraction[RDT_GL_AREA_CLEAR] = MAX (0.0, 1 - covered);
  out->has_majority = RDT_GL_UNDECIDED;
  for (guint k = 0; k < RDT_GL_N_AREA_KINDS; k++)
    if (majority_of (out->fraction[k]) == RDT_GL_YES)
      {
        out->has_majority = RDT_GL_YES;
        out->majority = k;
      }
  /* G3: hills of one level do not overlap (validated), so per-level sums
   * are exact. */
  out->level_fraction[0] = 1;
  for (guint i = 0; i < g->hills->len; i++)
    {
      RdtGlHill *h = g_ptr_array_index (g->hills, i);
      if (h->level >= 1 && h->level <= RDT_GL_MAX_LEVEL)
        out->level_fraction[h->level] +=
          rdt_geom_clipped_area (pts (h->points), h->points->len, c, 4) / out->area;
    }
  for (int l = 1; l <= RDT_GL_MAX_LEVEL; l++)
    if (majority_of (out->level_fraction[l]) == RDT_GL_YES)
      out->level = l;
  for (guint i = 0; i < g->hills->len && out->level > 0; i++)
    {
      RdtGlHill *h = g_ptr_array_index (g->hills, i);
      double f;
      if (h->level != out->level)
        continue;
      f = rdt_geom_clipped_area (pts (h->points), h->points->len, c, 4);
      if (f > best_hill)
        {
          best_hill = f;
          out->hill_id = h->id;
        }
    }
}

RdtGlAreaKind
rdt_gl_point_terrain (const RdtGridless *g,
                      RdtPoint           p,
                      int               *level)
{
  RdtGlAreaKind kind = RDT_GL_AREA_CLEAR;

  if (level != NULL)
    {
      *level = 0;
      for (guint i = 0; i < g->hills->len; i++)
        {
          RdtGlHill *h = g_ptr_array_index (g->hills, i);
          if (h->level > *level &&
              rdt_geom_point_in_polygon (pts (h->points), h->points->len, p) != RDT_GEOM_OUTSIDE)
            *level = h->level;
        }
    }
  for (guint i = 0; i < g->areas->len; i++)
    {
      RdtGlArea *a = g_ptr_array_index (g->areas, i);
      if (rdt_geom_point_in_polygon (pts (a->points), a->points->len, p) != RDT_GEOM_OUTSIDE)
        return a->kind;
    }
  for (guint i = 0; i < g->waters->len; i++)
    {
      RdtGlWater *w = g_ptr_array_index (g->waters, i);
      if (w->area && rdt_geom_point_in_polygon (pts (w->points), w->points->len, p) != RDT_GEOM_OUTSIDE)
        return w->river ? RDT_GL_AREA_RIVER : RDT_GL_AREA_STREAM;
    }
  return kind;
}

/* ------------------------------------------------------------- contact */

void
rdt_gl_contact (const RdtGridless *g,
                const RdtGlPiece  *a,
                const RdtGlPiece  *b,
                RdtGlContact      *out)
{
  RdtPoint ca[4], cb[4];
  double half;

  g_return_if_fail (g != NULL && a != NULL && b != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->rule = RULE_ATTACK;
  out->convention = "G4";
  rdt_gridless_piece_corners (g, a, ca);
  rdt_gridless_piece_corners (g, b, cb);
  out->gap = rdt_geom_convex_distance (ca, 4, cb, 4);
  out->overlap = rdt_geom_polygons_overlap (ca, 4, cb, 4);
  out->in_contact = out->gap <= RDT_GL_CONTACT_TOLERANCE ? RDT_GL_YES : RDT_GL_NO;
  out->front_width = rdt_geom_distance (ca[0], ca[1]);
  out->b_edge = -1;
  for (int k = 0; k < 4; k++)
    {
      RdtPoint c = cb[k], d = cb[(k + 1) % 4];
      double l = rdt_geom_edge_contact_length (ca[0], ca[1], c, d, RDT_GL_CONTACT_TOLERANCE);
      if (l > out->front_contact)
        {
          out->front_contact = l;
          out->b_edge = k;
          out->b_edge_length = rdt_geom_distance (c, d);
          out->b_edge_contact = rdt_geom_edge_contact_length (c, d, ca[0], ca[1],
                                                              RDT_GL_CONTACT_TOLERANCE);
        }
    }
  if (out->in_contact != RDT_GL_YES || out->b_edge < 0)
    {
      out->majority = RDT_GL_NO;
      return;
    }
  /* G4: more than half of the shorter of the two touching edges. */
  half = MIN (out->front_width, out->b_edge_length) / 2;
  if (out->front_contact > half + RDT_GEOM_EPS_LEN)
    out->majority = RDT_GL_YES;
  else if (out->front_contact >= half - RDT_GEOM_EPS_LEN)
    out->majority = RDT_GL_UNDECIDED;
  else
    out->majority = RDT_GL_NO;
}

/* ------------------------------------------------------------------ LOS */

static int
compare_steps (gconstpointer a,
               gconstpointer b)
{
  const RdtGlLosStep *x = a, *y = b;

  return x->enter < y->enter ? -1 : x->enter > y->enter ? 1 : 0;
}

/* G6: a viewer "on" a hill: more than half of its block inside it (a point:
 * inside or on the outline). */
static gboolean
end_on_hill (const RdtGridless *g,
             RdtGlLosEnd        end,
             RdtGlHill         *h)
{
  RdtPoint c[4];
  double area;

  if (end.piece == NULL)
    return rdt_geom_point_in_polygon (pts (h->points), h->points->len, end.point) != RDT_GEOM_OUTSIDE;
  rdt_gridless_piece_corners (g, end.piece, c);
  area = rdt_geom_polygon_area (c, 4);
  return area > 0 &&
         majority_of (rdt_geom_clipped_area (pts (h->points), h->points->len, c, 4) / area) == RDT_GL_YES;
}

static int
end_level (const RdtGridless *g,
           RdtGlLosEnd        end)
{
  int level = 0;

  if (end.piece != NULL)
    {
      RdtGlTerrain t;
      rdt_gl_piece_terrain (g, end.piece, &t);
      return t.level;
    }
  rdt_gl_point_terrain (g, end.point, &level);
  return level;
}

void
rdt_gl_los_clear (RdtGlLos *los)
{
  g_clear_pointer (&los->steps, g_array_unref);
}

static void
add_step (RdtGlLos       *out,
          const char     *what,
          const char     *id,
          double          enter,
          double          leave,
          double          inside,
          RdtGlLosEffect  effect,
          const char     *convention)
{
  RdtGlLosStep s = { what, id, enter, leave, inside, effect, RULE_LOS, convention, NULL };

  g_array_append_val (out->steps, s);
}

void
rdt_gl_los (const RdtGridless *g,
            RdtGlLosEnd        from,
            RdtGlLosEnd        to,
            RdtGlLos          *out)
{
  RdtPoint ca[4], cb[4], s0, s1;
  double t_a = 0, t_b = 1, ls, woods = 0;

  g_return_if_fail (g != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->steps = g_array_new (FALSE, FALSE, sizeof (RdtGlLosStep));
  out->rule = RULE_LOS;
  out->convention = "G6";
  out->from = from.piece != NULL ? from.piece->centre : from.point;
  out->to = to.piece != NULL ? to.piece->centre : to.point;
  out->length = rdt_geom_distance (out->from, out->to);
  out->max_range = rdt_gridless_foot_move (g);
  out->viewer_level = end_level (g, from);
  out->target_level = end_level (g, to);

  /* G6: the sight line runs from the edge of the viewer's block to the edge
   * of the target's block along the line between their centres. */
  if (out->length > RDT_GEOM_EPS_LEN)
    {
      double first, last;
      if (from.piece != NULL)
        {
          rdt_gridless_piece_corners (g, from.piece, ca);
          rdt_geom_segment_inside_length (out->from, out->to, ca, 4, NULL, &last);
          t_a = MAX (0.0, last);
        }
      if (to.piece != NULL)
        {
          rdt_gridless_piece_corners (g, to.piece, cb);
          rdt_geom_segment_inside_length (out->from, out->to, cb, 4, &first, NULL);
          t_b = first >= 0 ? first : 1;
        }
    }
  if (t_b < t_a)
    t_b = t_a;
  out->start = t_a * out->length;
  out->end = t_b * out->length;
  ls = out->end - out->start;
  s0 = rdt_point (out->from.x + t_a * (out->to.x - out->from.x), out->from.y + t_a * (out->to.y - out->from.y));
  s1 = rdt_point (out->from.x + t_b * (out->to.x - out->from.x), out->from.y + t_b * (out->to.y - out->from.y));

  if (ls > RDT_GEOM_EPS_LEN)
    {
      /* Woods and buildings (G6 a, b). */
      for (guint i = 0; i < g->areas->len; i++)
        {
          RdtGlArea *a = g_ptr_array_index (g->areas, i);
          double t1, t2, inside, enter, leave;

          if (a->kind != RDT_GL_AREA_WOODS && a->kind != RDT_GL_AREA_BUILDINGS)
            continue;
          inside = rdt_geom_segment_inside_length (s0, s1, pts (a->points), a->points->len, &t1, &t2);
          if (inside <= RDT_GEOM_EPS_LEN)
            continue;
          enter = out->start + t1 * ls;
          leave = out->start + t2 * ls;
          /* G6 c: "While on a Hill, you can see over Woods, Buildings ... IF
           * you are closer to those blocking objects than the target." */
          if (out->viewer_level >= 1 && enter < (out->length - leave) - RDT_GEOM_EPS_LEN)
            add_step (out, rdt_gl_area_kind_to_string (a->kind), a->id, enter, leave, inside,
                      RDT_GL_LOS_SEEN_OVER, "G6c");
          else
            add_step (out, rdt_gl_area_kind_to_string (a->kind), a->id, enter, leave, inside,
                      RDT_GL_LOS_SEEN_INTO, out->viewer_level >= 1 ? "G6b G6c" : "G6b");
          /* From a hill the "closer" test was applied, whichever way it went. */
          if (out->viewer_level >= 1)
            g_array_index (out->steps, RdtGlLosStep, out->steps->len - 1).reading = rdt_gl_reading_closer;
        }
      /* Hills (G7). */
      for (guint i = 0; i < g->hills->len; i++)
        {
          RdtGlHill *h = g_ptr_array_index (g->hills, i);
          double t1, t2, inside, enter, leave;
          gboolean crosses;

          inside = rdt_geom_segment_inside_length (s0, s1, pts (h->points), h->points->len, &t1, &t2);
          /* G7: a line that meets no interior of the hill (it touches a corner
           * or runs along the outline) is not onto it, even where it touches
           * a crest end (crest ends lie on the outline, G0 3). */
          crosses = inside > RDT_GEOM_EPS_LEN &&
                    rdt_geom_segment_crosses_polyline (s0, s1, pts (h->crest), h->crest->len, NULL);
          if (inside <= RDT_GEOM_EPS_LEN && !crosses)
            continue;
          enter = inside > 0 ? out->start + t1 * ls : out->start;
          leave = inside > 0 ? out->start + t2 * ls : out->end;
          if (end_on_hill (g, from, h))
            add_step (out, "hill", h->id, enter, leave, inside, RDT_GL_LOS_OWN_HILL, "G7");
          else if (!crosses)
            add_step (out, "hill", h->id, enter, leave, inside, RDT_GL_LOS_NOT_CROSSED, "G7");
          else if (out->viewer_level > h->level && enter < (out->length - leave) - RDT_GEOM_EPS_LEN)
            add_step (out, "hill", h->id, enter, leave, inside, RDT_GL_LOS_SEEN_OVER, "G6c G7");
          else
            add_step (out, "hill", h->id, enter, leave, inside, RDT_GL_LOS_BLOCKS,
                      out->viewer_level > h->level ? "G6c G7" : "G7");
          if (out->viewer_level > h->level && crosses && !end_on_hill (g, from, h))
            g_array_index (out->steps, RdtGlLosStep, out->steps->len - 1).reading = rdt_gl_reading_closer;
        }
      /* Pieces (G6 d): every block other than the two ends. */
      for (guint i = 0; i < g->pieces->len; i++)
        {
          const RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
          RdtPoint c[4];
          double t1, t2, inside;

          if (p == from.piece || p == to.piece || p->destroyed || !g->specs[p->type].present)
            continue;
          rdt_gridless_piece_corners (g, p, c);
          inside = rdt_geom_segment_inside_length (s0, s1, c, 4, &t1, &t2);
          if (inside > RDT_GEOM_EPS_LEN)
            {
              add_step (out, "piece", p->id, out->start + t1 * ls, out->start + t2 * ls, inside,
                        RDT_GL_LOS_BLOCKS, "G6d");
              if (p->type == RDT_GL_HQ)
                g_array_index (out->steps, RdtGlLosStep, out->steps->len - 1).reading = rdt_gl_reading_hq_blocks;
            }
        }
    }
  g_array_sort (out->steps, compare_steps);
  /* G6 b: "see into Woods and Buildings up to 3/8"", all of them together
   * along the line; the one that takes the total past 3/8" blocks. */
  for (guint i = 0; i < out->steps->len; i++)
    {
      RdtGlLosStep *s = &g_array_index (out->steps, RdtGlLosStep, i);
      if (s->effect != RDT_GL_LOS_SEEN_INTO)
        continue;
      woods += s->inside;
      if (woods > RDT_GL_SEE_INTO + RDT_GEOM_EPS_LEN)
        s->effect = RDT_GL_LOS_BLOCKS;
    }
  out->woods_length = woods;

  out->verdict = RDT_GL_YES;
  out->reason = N_("clear: nothing on the sight line blocks it");
  for (guint i = 0; i < out->steps->len; i++)
    {
      RdtGlLosStep *s = &g_array_index (out->steps, RdtGlLosStep, i);
      if (s->effect != RDT_GL_LOS_BLOCKS)
        continue;
      out->verdict = RDT_GL_NO;
      out->convention = s->convention;
      out->reading = s->reading;
      if (g_str_equal (s->what, "piece"))
        out->reason = N_("blocked by a piece on the sight line");
      else if (g_str_equal (s->what, "hill"))
        out->reason = N_("blocked by a hill: the sight line crosses its crest line");
      else
        out->reason = N_("blocked: the sight line runs more than 3/8\" into woods or buildings");
      return;
    }
  /* G6 e: "The max range you can see is 1 Foot move." */
  if (ls > out->max_range + RDT_GEOM_EPS_LEN)
    {
      out->verdict = RDT_GL_NO;
      out->convention = "G6e";
      out->reason = N_("out of range: the sight line is longer than 1 Foot move");
    }
}

/* -------------------------------------------------------- Field of Fire */

void
rdt_gl_fof_zone (const RdtGridless *g,
                 const RdtGlPiece  *piece,
                 RdtPoint           out[4])
{
  RdtPoint c[4];
  RdtPoint f = rdt_geom_facing_vector (piece->facing);
  RdtPoint r = rdt_point (-f.y, f.x);
  double range = rdt_gridless_foot_move (g) / 3;

  /* G5: straight ahead out to 1/3 Foot move, widening at 45 degrees from
   * each front corner. */
  rdt_gridless_piece_corners (g, piece, c);
  out[0] = c[0];
  out[1] = c[1];
  out[2] = rdt_point (c[1].x + range * (f.x + r.x), c[1].y + range * (f.y + r.y));
  out[3] = rdt_point (c[0].x + range * (f.x - r.x), c[0].y + range * (f.y - r.y));
}

void
rdt_gl_fof_clear (RdtGlFof *fof)
{
  rdt_gl_los_clear (&fof->los);
}

void
rdt_gl_fof (const RdtGridless *g,
            const RdtGlPiece  *firer,
            const RdtGlPiece  *target,
            RdtGlFof          *out)
{
  RdtPoint c[4];
  double area;
  RdtGlLosEnd a = { firer, { 0, 0 } }, b = { target, { 0, 0 } };

  g_return_if_fail (g != NULL && firer != NULL && target != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->rule = RULE_FOF;
  out->convention = "G5";
  out->projects = firer->type == RDT_GL_INFANTRY || firer->type == RDT_GL_DRAGOONS ||
                  firer->type == RDT_GL_ARTILLERY;
  out->range = rdt_gridless_foot_move (g) / 3;
  out->reading = out->projects ? rdt_gl_reading_fof_arc : NULL;
  rdt_gl_fof_zone (g, firer, out->zone);
  rdt_gridless_piece_corners (g, target, c);
  area = rdt_geom_polygon_area (c, 4);
  out->fraction = area > 0 && out->range > 0 ? rdt_geom_clipped_area (c, 4, out->zone, 4) / area : 0;
  out->in_zone = majority_of (out->fraction);
  rdt_gl_los (g, a, b, &out->los);
  if (!out->projects)
    {
      out->verdict = RDT_GL_NO;
      out->reason = N_("only Infantry, Dragoons and Artillery project a Field of Fire");
    }
  else if (out->in_zone == RDT_GL_NO)
    {
      out->verdict = RDT_GL_NO;
      out->reason = N_("less than half of the target is inside the 45-degree arc within 1/3 Foot move");
    }
  else if (out->in_zone == RDT_GL_UNDECIDED)
    {
      out->verdict = RDT_GL_UNDECIDED;
      out->reason = N_("exactly half of the target is inside the Field of Fire: “half in Fire range, half out” "
                       "(Moving Intent: the opponent may relocate the piece)");
    }
  else if (out->los.verdict != RDT_GL_YES)
    {
      out->verdict = RDT_GL_NO;
      out->convention = "G5 G6";
      out->reason = N_("inside the arc, but the Field of Fire is limited by Line of Sight and there is none");
    }
  else
    {
      out->verdict = RDT_GL_YES;
      out->reason = N_("more than half of the target is inside the arc, with Line of Sight");
    }
}

/* -------------------------------------------------------------- flank */

void
rdt_gl_flank_clear (RdtGlFlank *flank)
{
  rdt_gl_fof_clear (&flank->attacker_fof);
  rdt_gl_fof_clear (&flank->defender_fof);
}

void
rdt_gl_flank (const RdtGridless *g,
              const RdtGlPiece  *attacker,
              const RdtGlPiece  *defender,
              RdtGlFlank        *out)
{
  RdtGlTerrain t;

  g_return_if_fail (g != NULL && attacker != NULL && defender != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->rule = RULE_FLANK;
  out->convention = "G8";
  rdt_gl_fof (g, attacker, defender, &out->attacker_fof);
  rdt_gl_fof (g, defender, attacker, &out->defender_fof);
  rdt_gl_piece_terrain (g, defender, &t);

  if (defender->road_column)
    {
      out->verdict = RDT_GL_YES;
      out->reading = rdt_gl_reading_flanked;
      out->rule = N_("Pub Battles, Terrain Effects: Road Column");
      out->reason = N_("the defender is in Road Column: “Treat as Flanked for combat”");
      return;
    }
  if (t.has_majority == RDT_GL_YES && t.majority == RDT_GL_AREA_BUILDINGS)
    {
      out->verdict = RDT_GL_NO;
      out->rule = N_("Pub Battles, Terrain Effects: Buildings");
      out->reason = N_("the defender is in Buildings: “Defenders cannot be Flanked”");
      return;
    }
  if (t.has_majority != RDT_GL_YES && t.fraction[RDT_GL_AREA_BUILDINGS] >= 0.5 - RDT_GEOM_EPS_FRACTION)
    {
      out->verdict = RDT_GL_UNDECIDED;
      out->reason = N_("the defender is half in Buildings (Moving Intent: the opponent may relocate it); "
                       "in Buildings it cannot be Flanked");
      return;
    }
  if (out->attacker_fof.verdict == RDT_GL_UNDECIDED)
    {
      out->verdict = RDT_GL_UNDECIDED;
      out->reason = N_("exactly half of the defender is in the attacker’s Field of Fire (Moving Intent)");
      return;
    }
  if (out->attacker_fof.verdict != RDT_GL_YES)
    {
      out->verdict = RDT_GL_NO;
      out->reason = N_("the defender is not in the attacker’s Field of Fire");
      return;
    }
  if (out->defender_fof.verdict == RDT_GL_UNDECIDED)
    {
      out->verdict = RDT_GL_UNDECIDED;
      out->reason = N_("exactly half of the attacker is in the defender’s Field of Fire (Moving Intent)");
      return;
    }
  if (out->defender_fof.verdict == RDT_GL_YES)
    {
      out->verdict = RDT_GL_NO;
      out->reason = N_("the majority of the attacker is in the defender’s Field of Fire");
      return;
    }
  out->verdict = RDT_GL_YES;
  out->reading = rdt_gl_reading_flanked;
  out->reason = N_("the defender is in the attacker’s Field of Fire and the majority of the attacker "
                   "is not in the defender’s");
}

/* -------------------------------------------------------- command range */

void
rdt_gl_command_range (const RdtGridless *g,
                      const RdtGlPiece  *hq,
                      const RdtGlPiece  *piece,
                      RdtGlCommandRange *out)
{
  RdtPoint a[4], b[4];

  g_return_if_fail (g != NULL && hq != NULL && piece != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->rule = RULE_COMMAND;
  out->convention = "G9";
  rdt_gridless_piece_corners (g, hq, a);
  rdt_gridless_piece_corners (g, piece, b);
  out->distance = rdt_geom_convex_distance (a, 4, b, 4);
  out->range = rdt_gridless_cavalry_move (g) / 3;
  out->verdict = out->distance <= out->range + RDT_GEOM_EPS_LEN ? RDT_GL_YES : RDT_GL_NO;
}
