/* rdt-gridless.c: the gridless scenario record (issue 18); see rdt-gridless.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "rdt-gridless.h"

static void
area_free (gpointer data)
{
  RdtGlArea *a = data;

  g_free (a->id);
  g_free (a->name);
  g_clear_pointer (&a->points, g_array_unref);
  g_free (a);
}

static void
hill_free (gpointer data)
{
  RdtGlHill *h = data;

  g_free (h->id);
  g_free (h->name);
  g_clear_pointer (&h->points, g_array_unref);
  g_clear_pointer (&h->crest, g_array_unref);
  g_free (h);
}

static void
crossing_free (gpointer data)
{
  RdtGlCrossing *c = data;

  g_free (c->name);
  g_free (c);
}

static void
water_free (gpointer data)
{
  RdtGlWater *w = data;

  g_free (w->id);
  g_free (w->name);
  g_clear_pointer (&w->points, g_array_unref);
  g_clear_pointer (&w->crossings, g_ptr_array_unref);
  g_free (w);
}

static void
road_free (gpointer data)
{
  RdtGlRoad *r = data;

  g_free (r->id);
  g_free (r->name);
  g_clear_pointer (&r->points, g_array_unref);
  g_free (r);
}

static void
side_free (gpointer data)
{
  RdtGlSide *s = data;

  g_free (s->id);
  g_free (s->name);
  g_free (s);
}

static void
command_free (gpointer data)
{
  RdtGlCommand *c = data;

  g_free (c->id);
  g_free (c->name);
  g_free (c->side);
  g_free (c->hq);
  g_free (c->chit);
  g_free (c);
}

static void
piece_free (gpointer data)
{
  RdtGlPiece *p = data;

  g_free (p->id);
  g_free (p->name);
  g_free (p->side);
  g_free (p->command);
  g_free (p);
}

static void
zone_free (gpointer data)
{
  RdtGlZone *z = data;

  g_free (z->id);
  g_free (z->name);
  g_free (z->side);
  g_strfreev (z->commands);
  g_free (z->option);
  g_free (z->road);
  g_clear_pointer (&z->points, g_array_unref);
  g_free (z);
}

static void
condition_free (gpointer data)
{
  RdtGlCondition *c = data;

  g_free (c->winner);
  g_free (c->side);
  g_free (c->zone);
  g_free (c->text);
  g_free (c);
}

RdtGridless *
rdt_gridless_new (void)
{
  RdtGridless *g = g_new0 (RdtGridless, 1);

  g->areas = g_ptr_array_new_with_free_func (area_free);
  g->hills = g_ptr_array_new_with_free_func (hill_free);
  g->waters = g_ptr_array_new_with_free_func (water_free);
  g->roads = g_ptr_array_new_with_free_func (road_free);
  g->sides = g_ptr_array_new_with_free_func (side_free);
  g->commands = g_ptr_array_new_with_free_func (command_free);
  g->pieces = g_ptr_array_new_with_free_func (piece_free);
  g->notes = g_ptr_array_new_with_free_func (g_free);
  g->zones = g_ptr_array_new_with_free_func (zone_free);
  g->conditions = g_ptr_array_new_with_free_func (condition_free);
  return g;
}

/* The loader builds crossings with this free function too. */
GPtrArray *_rdt_gl_crossings_new (void);

GPtrArray *
_rdt_gl_crossings_new (void)
{
  return g_ptr_array_new_with_free_func (crossing_free);
}

void
rdt_gridless_free (RdtGridless *g)
{
  if (g == NULL)
    return;
  g_free (g->path);
  g_free (g->id);
  g_free (g->title);
  g_free (g->description);
  g_free (g->underlay_href);
  g_free (g->combat_order);
  g_free (g->combat_order_rule);
  g_ptr_array_unref (g->areas);
  g_ptr_array_unref (g->hills);
  g_ptr_array_unref (g->waters);
  g_ptr_array_unref (g->roads);
  g_ptr_array_unref (g->sides);
  g_ptr_array_unref (g->commands);
  g_ptr_array_unref (g->pieces);
  g_ptr_array_unref (g->notes);
  g_ptr_array_unref (g->zones);
  g_ptr_array_unref (g->conditions);
  g_free (g);
}

static const char *const area_kinds[] = {
  "woods", "buildings", "marsh", "river", "stream", "clear",
};
static const char *const piece_types[] = {
  "hq", "infantry", "cavalry", "dragoons", "artillery", "baggage",
};
static const char *const qualities[] = { "regular", "elite", "militia" };
static const char *const zone_kinds[] = { "placement", "reinforcement", "early-entry", "objective" };
static const char *const victory_kinds[] = { "losses", "ineffective", "holds" };

const char *
rdt_gl_zone_kind_to_string (RdtGlZoneKind kind)
{
  g_return_val_if_fail (kind < RDT_GL_N_ZONE_KINDS, "placement");
  return zone_kinds[kind];
}

gboolean
rdt_gl_zone_kind_from_string (const char    *text,
                              RdtGlZoneKind *kind)
{
  for (guint i = 0; i < RDT_GL_N_ZONE_KINDS; i++)
    if (g_strcmp0 (text, zone_kinds[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rdt_gl_victory_kind_to_string (RdtGlVictoryKind kind)
{
  g_return_val_if_fail (kind < RDT_GL_N_VICTORY_KINDS, "losses");
  return victory_kinds[kind];
}

gboolean
rdt_gl_victory_kind_from_string (const char       *text,
                                 RdtGlVictoryKind *kind)
{
  for (guint i = 0; i < RDT_GL_N_VICTORY_KINDS; i++)
    if (g_strcmp0 (text, victory_kinds[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const RdtGlZone *
rdt_gridless_find_zone (const RdtGridless *g,
                        const char        *id)
{
  g_return_val_if_fail (g != NULL, NULL);
  for (guint i = 0; i < g->zones->len; i++)
    {
      const RdtGlZone *z = g_ptr_array_index (g->zones, i);
      if (g_strcmp0 (z->id, id) == 0)
        return z;
    }
  return NULL;
}

double
rdt_gridless_zone_fraction (const RdtGridless *g,
                            const RdtGlZone   *zone,
                            const RdtGlPiece  *piece)
{
  RdtPoint c[4];
  double whole, inside;

  g_return_val_if_fail (g != NULL && zone != NULL && piece != NULL, 0);
  if (zone->points == NULL || zone->points->len < 3 || !g->specs[piece->type].present)
    return 0;
  rdt_gridless_piece_corners (g, piece, c);
  whole = rdt_geom_polygon_area (c, 4);
  if (!(whole > 0))
    return 0;
  /* The zone (any simple polygon) clipped by the block (convex). */
  inside = rdt_geom_clipped_area ((const RdtPoint *) zone->points->data, zone->points->len, c, 4);
  return CLAMP (fabs (inside) / fabs (whole), 0.0, 1.0);
}

const char *
rdt_gl_area_kind_to_string (RdtGlAreaKind kind)
{
  g_return_val_if_fail (kind < RDT_GL_N_AREA_KINDS, "clear");
  return area_kinds[kind];
}

gboolean
rdt_gl_area_kind_from_string (const char    *text,
                              RdtGlAreaKind *kind)
{
  /* "clear" is what no area covers: never a shape of its own. */
  for (guint i = 0; i < RDT_GL_AREA_CLEAR; i++)
    if (g_strcmp0 (text, area_kinds[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rdt_gl_piece_type_to_string (RdtGlPieceType type)
{
  g_return_val_if_fail (type < RDT_GL_N_PIECE_TYPES, "infantry");
  return piece_types[type];
}

gboolean
rdt_gl_piece_type_from_string (const char     *text,
                               RdtGlPieceType *type)
{
  for (guint i = 0; i < RDT_GL_N_PIECE_TYPES; i++)
    if (g_strcmp0 (text, piece_types[i]) == 0)
      {
        *type = i;
        return TRUE;
      }
  return FALSE;
}

const char *
rdt_gl_quality_to_string (RdtGlQuality quality)
{
  g_return_val_if_fail (quality <= RDT_GL_QUALITY_MILITIA, "regular");
  return qualities[quality];
}

const RdtGlPiece *
rdt_gridless_find_piece (const RdtGridless *g,
                         const char        *id)
{
  g_return_val_if_fail (g != NULL, NULL);
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
      if (g_strcmp0 (p->id, id) == 0)
        return p;
    }
  return NULL;
}

const RdtGlPieceSpec *
rdt_gridless_get_spec (const RdtGridless *g,
                       RdtGlPieceType     type)
{
  g_return_val_if_fail (g != NULL && type < RDT_GL_N_PIECE_TYPES, NULL);
  return &g->specs[type];
}

void
rdt_gridless_piece_corners (const RdtGridless *g,
                            const RdtGlPiece  *piece,
                            RdtPoint           out[4])
{
  const RdtGlPieceSpec *spec = rdt_gridless_get_spec (g, piece->type);

  rdt_geom_block_corners (piece->centre, spec->width, spec->depth, piece->facing, out);
}

double
rdt_gridless_foot_move (const RdtGridless *g)
{
  return g->specs[RDT_GL_INFANTRY].present ? g->specs[RDT_GL_INFANTRY].move : 0;
}

double
rdt_gridless_cavalry_move (const RdtGridless *g)
{
  if (g->specs[RDT_GL_CAVALRY].present)
    return g->specs[RDT_GL_CAVALRY].move;
  return g->specs[RDT_GL_DRAGOONS].present ? g->specs[RDT_GL_DRAGOONS].move : 0;
}
