/* rdt-gridless-io.c: gridless scenario files (issue 18): loader, semantic
 * checks and canonical writer.  See rdt-gridless-io.h and docs/format.md
 * ("Gridless scenarios"). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>
#include <math.h>
#include <string.h>

#include "rdt-diagnostic.h"
#include "rdt-file-io.h"
#include "rdt-file-ref.h"
#include "rdt-format-private.h"
#include "rdt-gridless-io.h"
#include "rdt-scenario-io.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)

GPtrArray *_rdt_gl_crossings_new (void);

#define RULE_MOVING N_("Pub Battles, How the Pieces Move")
#define HINT_FORMAT N_("see docs/format.md, “Gridless scenarios”")

typedef struct {
  const char *file;
  GPtrArray *diagnostics;
  gboolean failed;            /* a structural error: nothing is returned */
  guint total_vertices;
  guint shapes;
} Loader;

static void G_GNUC_PRINTF (6, 7)
add (GPtrArray   *diagnostics,
     const char  *file,
     RdtSeverity  severity,
     int          line,
     const char  *element,
     const char  *format,
     ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (diagnostics, rdt_diagnostic_new (severity, file, line, element, message,
                                                    _(HINT_FORMAT)));
}

static char *
attr (xmlNode    *node,
      const char *name)
{
  xmlChar *v = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy = v != NULL ? g_strdup ((const char *) v) : NULL;

  xmlFree (v);
  return copy;
}

static int
line_of (xmlNode *node)
{
  return (int) xmlGetLineNo (node);
}

static gboolean
is_element (xmlNode    *node,
            const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

static char *
text_of (xmlNode *node)
{
  xmlChar *t = xmlNodeGetContent (node);
  char *copy = g_strdup (t != NULL ? (const char *) t : "");

  xmlFree (t);
  return copy;
}

/* The schema has checked the syntax; this converts and range-checks. */
static gboolean
parse_real (const char *text,
            double     *out)
{
  char *end = NULL;
  double v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v))
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
parse_point (const char *text,
             RdtPoint   *out)
{
  g_auto(GStrv) xy = g_strsplit (text, ",", 3);

  return g_strv_length (xy) == 2 && parse_real (xy[0], &out->x) && parse_real (xy[1], &out->y);
}

/* "x,y x,y ..." into a GArray, with the per-shape and total caps. */
static GArray *
parse_points (Loader     *l,
              xmlNode    *node,
              const char *name)
{
  g_autofree char *text = attr (node, name);
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  const char *p = text;

  while (p != NULL && *p != '\0')
    {
      const char *start;
      g_autofree char *token = NULL;
      RdtPoint pt;

      while (g_ascii_isspace (*p))
        p++;
      if (*p == '\0')
        break;
      start = p;
      while (*p != '\0' && !g_ascii_isspace (*p))
        p++;
      if (points->len >= RDT_GRIDLESS_MAX_VERTICES ||
          l->total_vertices >= RDT_GRIDLESS_MAX_TOTAL_VERTICES)
        {
          add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (node), (const char *) node->name,
               _("%s=: more than %d points in one shape or %d in the file (the caps of docs/format.md)"),
               name, RDT_GRIDLESS_MAX_VERTICES, RDT_GRIDLESS_MAX_TOTAL_VERTICES);
          l->failed = TRUE;
          return NULL;
        }
      token = g_strndup (start, p - start);
      if (!parse_point (token, &pt) || fabs (pt.x) > 1e6 || fabs (pt.y) > 1e6)
        {
          g_autofree char *shown = g_utf8_make_valid (token, MIN (strlen (token), 40));
          add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (node), (const char *) node->name,
               _("%s=: “%s” is not a point “x,y” in inches"), name, shown);
          l->failed = TRUE;
          return NULL;
        }
      g_array_append_val (points, pt);
      l->total_vertices++;
    }
  return g_steal_pointer (&points);
}

/* A polygon is written as a closed ring (the last point repeats the first);
 * the model keeps it without the repetition. */
static GArray *
parse_ring (Loader     *l,
            xmlNode    *node,
            const char *name)
{
  GArray *points = parse_points (l, node, name);

  if (points == NULL)
    return NULL;
  if (points->len >= 2)
    {
      RdtPoint a = g_array_index (points, RdtPoint, 0);
      RdtPoint b = g_array_index (points, RdtPoint, points->len - 1);
      if (a.x == b.x && a.y == b.y)
        {
          g_array_set_size (points, points->len - 1);
          return points;
        }
    }
  add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (node), (const char *) node->name,
       _("%s=: the polygon is not closed: its last point must repeat its first"), name);
  return points;
}

static gboolean
count_shape (Loader  *l,
             xmlNode *node)
{
  if (++l->shapes > RDT_GRIDLESS_MAX_SHAPES)
    {
      add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (node), (const char *) node->name,
           _("more than %d shapes on one map (the cap of docs/format.md)"), RDT_GRIDLESS_MAX_SHAPES);
      l->failed = TRUE;
      return FALSE;
    }
  return TRUE;
}

static void
build_map (Loader      *l,
           RdtGridless *g,
           xmlNode     *map)
{
  g_autofree char *w = attr (map, "width");
  g_autofree char *h = attr (map, "height");

  g->map_line = line_of (map);
  parse_real (w, &g->width);
  parse_real (h, &g->height);
  for (xmlNode *n = map->children; n != NULL && !l->failed; n = n->next)
    {
      if (n->type != XML_ELEMENT_NODE || !count_shape (l, n))
        continue;
      if (is_element (n, "underlay"))
        {
          g_autofree char *ppi = attr (n, "pixels-per-inch");
          g_autofree char *ox = attr (n, "origin-x");
          g_autofree char *oy = attr (n, "origin-y");

          g_free (g->underlay_href);
          g->underlay_href = attr (n, "href");
          g->underlay_line = line_of (n);
          parse_real (ppi, &g->underlay_ppi);
          parse_real (ox, &g->underlay_origin_x);
          parse_real (oy, &g->underlay_origin_y);
        }
      else if (is_element (n, "area"))
        {
          RdtGlArea *a = g_new0 (RdtGlArea, 1);
          g_autofree char *kind = attr (n, "kind");

          a->id = attr (n, "id");
          a->name = attr (n, "name");
          a->line = line_of (n);
          rdt_gl_area_kind_from_string (kind, &a->kind);
          a->points = parse_ring (l, n, "points");
          g_ptr_array_add (g->areas, a);
        }
      else if (is_element (n, "hill"))
        {
          RdtGlHill *hl = g_new0 (RdtGlHill, 1);
          g_autofree char *level = attr (n, "level");

          hl->id = attr (n, "id");
          hl->name = attr (n, "name");
          hl->line = line_of (n);
          hl->level = level != NULL ? atoi (level) : 1;
          hl->points = parse_ring (l, n, "points");
          if (!l->failed)
            hl->crest = parse_points (l, n, "crest");
          g_ptr_array_add (g->hills, hl);
        }
      else if (is_element (n, "water"))
        {
          RdtGlWater *wt = g_new0 (RdtGlWater, 1);
          g_autofree char *kind = attr (n, "kind");
          g_autofree char *shape = attr (n, "shape");

          wt->id = attr (n, "id");
          wt->name = attr (n, "name");
          wt->line = line_of (n);
          wt->river = g_strcmp0 (kind, "river") == 0;
          wt->area = g_strcmp0 (shape, "area") == 0;
          wt->points = wt->area ? parse_ring (l, n, "points") : parse_points (l, n, "points");
          wt->crossings = _rdt_gl_crossings_new ();
          g_ptr_array_add (g->waters, wt);
          for (xmlNode *c = n->children; c != NULL && !l->failed; c = c->next)
            if (is_element (c, "crossing"))
              {
                RdtGlCrossing *x;
                g_autofree char *ck = attr (c, "kind");
                g_autofree char *at = attr (c, "at");

                if (wt->crossings->len >= RDT_GRIDLESS_MAX_CROSSINGS)
                  {
                    add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (c), "crossing",
                         _("more than %d crossings on one water (the cap of docs/format.md)"),
                         RDT_GRIDLESS_MAX_CROSSINGS);
                    l->failed = TRUE;
                    break;
                  }
                x = g_new0 (RdtGlCrossing, 1);
                x->bridge = g_strcmp0 (ck, "bridge") == 0;
                x->name = attr (c, "name");
                x->line = line_of (c);
                parse_point (at, &x->at);
                g_ptr_array_add (wt->crossings, x);
              }
        }
      else if (is_element (n, "road"))
        {
          RdtGlRoad *r = g_new0 (RdtGlRoad, 1);

          r->id = attr (n, "id");
          r->name = attr (n, "name");
          r->line = line_of (n);
          r->points = parse_points (l, n, "points");
          g_ptr_array_add (g->roads, r);
        }
    }
}

static void
build_piece_types (Loader      *l,
                   RdtGridless *g,
                   xmlNode     *node)
{
  for (xmlNode *n = node->children; n != NULL; n = n->next)
    {
      g_autofree char *type = NULL, *w = NULL, *d = NULL, *m = NULL, *prov = NULL;
      RdtGlPieceType t;
      RdtGlPieceSpec *spec;

      if (!is_element (n, "piece-type"))
        continue;
      type = attr (n, "type");
      w = attr (n, "width");
      d = attr (n, "depth");
      m = attr (n, "move");
      prov = attr (n, "provisional");
      if (!rdt_gl_piece_type_from_string (type, &t))
        continue;
      spec = &g->specs[t];
      if (spec->present)
        {
          add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (n), "piece-type",
               _("type=\"%s\" is already given at line %d"), type, spec->line);
          continue;
        }
      spec->present = TRUE;
      spec->line = line_of (n);
      parse_real (w, &spec->width);
      parse_real (d, &spec->depth);
      parse_real (m, &spec->move);
      if (prov != NULL)
        {
          g_auto(GStrv) words = g_strsplit_set (prov, " \t\n\r", -1);
          for (guint i = 0; words[i] != NULL; i++)
            {
              spec->width_provisional |= g_str_equal (words[i], "width");
              spec->depth_provisional |= g_str_equal (words[i], "depth");
              spec->move_provisional |= g_str_equal (words[i], "move");
            }
        }
    }
}

static void
build_pieces (Loader      *l,
              RdtGridless *g,
              xmlNode     *node)
{
  for (xmlNode *n = node->children; n != NULL && !l->failed; n = n->next)
    {
      RdtGlPiece *p;
      g_autofree char *type = NULL, *at = NULL, *facing = NULL, *status = NULL;
      g_autofree char *quality = NULL, *formation = NULL;

      if (!is_element (n, "piece"))
        continue;
      if (g->pieces->len >= RDT_GRIDLESS_MAX_PIECES)
        {
          add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (n), "piece",
               _("more than %d pieces (the cap of docs/format.md)"), RDT_GRIDLESS_MAX_PIECES);
          l->failed = TRUE;
          return;
        }
      p = g_new0 (RdtGlPiece, 1);
      p->id = attr (n, "id");
      p->name = attr (n, "name");
      p->side = attr (n, "side");
      p->command = attr (n, "command");
      p->line = line_of (n);
      type = attr (n, "type");
      at = attr (n, "at");
      facing = attr (n, "facing");
      status = attr (n, "status");
      quality = attr (n, "quality");
      formation = attr (n, "formation");
      rdt_gl_piece_type_from_string (type, &p->type);
      parse_point (at, &p->centre);
      parse_real (facing, &p->facing);
      p->spent = g_strcmp0 (status, "spent") == 0;
      p->quality = g_strcmp0 (quality, "elite") == 0 ? RDT_GL_QUALITY_ELITE
                 : g_strcmp0 (quality, "militia") == 0 ? RDT_GL_QUALITY_MILITIA
                 : RDT_GL_QUALITY_REGULAR;
      p->road_column = g_strcmp0 (formation, "road-column") == 0;
      g_ptr_array_add (g->pieces, p);
    }
}

/* A whole number attribute clamped to [lo, hi]; @fallback when absent. */
static int
int_attr (Loader     *l,
          xmlNode    *n,
          const char *name,
          int         lo,
          int         hi,
          int         fallback)
{
  g_autofree char *v = attr (n, name);
  gint64 x;
  char *end = NULL;

  if (v == NULL)
    return fallback;
  x = g_ascii_strtoll (v, &end, 10);
  if (end == v || *end != '\0' || x < lo || x > hi)
    {
      add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (n), (const char *) n->name,
           _("%s=\"%.20s\" must be a whole number from %d to %d"), name, v, lo, hi);
      return CLAMP (x, lo, hi);
    }
  return (int) x;
}

/* <zones>: Brandywine Scenario, Setup and Start Options as data. */
static void
build_zones (Loader      *l,
             RdtGridless *g,
             xmlNode     *node)
{
  for (xmlNode *n = node->children; n != NULL && !l->failed; n = n->next)
    {
      RdtGlZone *z;
      g_autofree char *kind = NULL, *commands = NULL, *schematic = NULL, *prov = NULL;

      if (!is_element (n, "zone"))
        continue;
      if (!count_shape (l, n))
        return;
      z = g_new0 (RdtGlZone, 1);
      z->id = attr (n, "id");
      z->name = attr (n, "name");
      z->side = attr (n, "side");
      z->option = attr (n, "option");
      z->road = attr (n, "road");
      z->line = line_of (n);
      kind = attr (n, "kind");
      if (!rdt_gl_zone_kind_from_string (kind, &z->kind))
        add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, z->line, "zone", _("kind=\"%s\" is not a zone kind"),
             kind != NULL ? kind : "");
      commands = attr (n, "commands");
      if (commands != NULL)
        z->commands = g_strsplit_set (g_strstrip (commands), " \t\n\r", -1);
      schematic = attr (n, "schematic");
      z->schematic = g_strcmp0 (schematic, "true") == 0;
      prov = attr (n, "provisional");
      z->turn_provisional = g_strcmp0 (prov, "turn") == 0;
      z->order = int_attr (l, n, "order", 1, 99, 0);
      z->turn = int_attr (l, n, "turn", 1, RDT_GL_MAX_TURN, 0);
      z->turns_early = int_attr (l, n, "turns-early", 1, RDT_GL_MAX_TURN, 0);
      z->points = parse_ring (l, n, "points");
      g_ptr_array_add (g->zones, z);
    }
}

/* <victory>: the last turn and the users' conditions. */
static void
build_victory (Loader      *l,
               RdtGridless *g,
               xmlNode     *node)
{
  g_autofree char *prov = attr (node, "provisional");

  g->has_victory = TRUE;
  g->victory_line = line_of (node);
  g->last_turn = int_attr (l, node, "last-turn", 1, RDT_GL_MAX_TURN, 0);
  g->last_turn_provisional = g_strcmp0 (prov, "last-turn") == 0;
  for (xmlNode *n = node->children; n != NULL; n = n->next)
    {
      RdtGlCondition *c;
      g_autofree char *kind = NULL, *cprov = NULL;

      if (!is_element (n, "condition"))
        continue;
      if (g->conditions->len >= 100)
        {
          add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, line_of (n), "condition",
               _("more than 100 conditions (the cap of docs/format.md)"));
          return;
        }
      c = g_new0 (RdtGlCondition, 1);
      c->winner = attr (n, "winner");
      c->side = attr (n, "side");
      c->zone = attr (n, "zone");
      c->text = attr (n, "text");
      c->line = line_of (n);
      kind = attr (n, "kind");
      if (!rdt_gl_victory_kind_from_string (kind, &c->kind))
        add (l->diagnostics, l->file, RDT_SEVERITY_ERROR, c->line, "condition",
             _("kind=\"%s\" is not losses, ineffective or holds"), kind != NULL ? kind : "");
      c->at_least = int_attr (l, n, "at-least", 0, RDT_GRIDLESS_MAX_PIECES * 2, 1);
      cprov = attr (n, "provisional");
      c->provisional = g_strcmp0 (cprov, "true") == 0;
      g_ptr_array_add (g->conditions, c);
    }
}

static RdtGridless *
build (Loader  *l,
       xmlNode *root)
{
  g_autoptr(RdtGridless) g = rdt_gridless_new ();

  g->id = attr (root, "id");
  for (xmlNode *n = root->children; n != NULL && !l->failed; n = n->next)
    {
      if (is_element (n, "title"))
        g->title = text_of (n);
      else if (is_element (n, "description"))
        g->description = text_of (n);
      else if (is_element (n, "gridless-map"))
        build_map (l, g, n);
      else if (is_element (n, "piece-types"))
        build_piece_types (l, g, n);
      else if (is_element (n, "sides"))
        {
          for (xmlNode *s = n->children; s != NULL; s = s->next)
            if (is_element (s, "side"))
              {
                RdtGlSide *side = g_new0 (RdtGlSide, 1);
                side->id = attr (s, "id");
                side->name = attr (s, "name");
                side->line = line_of (s);
                g_ptr_array_add (g->sides, side);
              }
        }
      else if (is_element (n, "commands"))
        {
          g->combat_order = attr (n, "combat-order");
          g->combat_order_rule = attr (n, "combat-order-rule");
          g->commands_line = line_of (n);
          for (xmlNode *c = n->children; c != NULL; c = c->next)
            if (is_element (c, "command"))
              {
                RdtGlCommand *cmd = g_new0 (RdtGlCommand, 1);
                g_autofree char *rating = attr (c, "rating");
                g_autofree char *army = attr (c, "army");
                g_autofree char *cprov = attr (c, "provisional");
                cmd->id = attr (c, "id");
                cmd->name = attr (c, "name");
                cmd->side = attr (c, "side");
                cmd->hq = attr (c, "hq");
                cmd->chit = attr (c, "chit");
                cmd->rating = rating != NULL ? atoi (rating) : 0;
                cmd->army = g_strcmp0 (army, "true") == 0;
                /* Brandywine, HQ Ratings: "as shown on the units" (not in the
                 * text): a scenario marks its values provisional="rating". */
                cmd->rating_provisional = g_strcmp0 (cprov, "rating") == 0;
                cmd->line = line_of (c);
                g_ptr_array_add (g->commands, cmd);
              }
        }
      else if (is_element (n, "pieces"))
        build_pieces (l, g, n);
      else if (is_element (n, "zones"))
        build_zones (l, g, n);
      else if (is_element (n, "victory"))
        build_victory (l, g, n);
      else if (is_element (n, "note"))
        g_ptr_array_add (g->notes, text_of (n));
    }
  if (l->failed)
    return NULL;
  return g_steal_pointer (&g);
}

RdtGridless *
rdt_gridless_load_from_bytes (GBytes      *bytes,
                              const char  *path_for_messages,
                              GPtrArray   *diagnostics,
                              GError     **error)
{
  g_autoptr(GPtrArray) own = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  Loader l = { 0 };
  xmlNode *root;
  RdtGridless *g;
  guint from;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (diagnostics == NULL)
    diagnostics = own = rdt_diagnostics_new ();
  from = diagnostics->len;
  l.file = path_for_messages != NULL ? path_for_messages : "<memory>";
  l.diagnostics = diagnostics;
  doc = _rdt_format_parse_document (bytes, l.file, diagnostics, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  if (!is_element (root, "gridless-scenario"))
    {
      add (diagnostics, l.file, RDT_SEVERITY_ERROR, line_of (root), (const char *) root->name,
           _("expected a <gridless-scenario> root element, found <%s>"), (const char *) root->name);
      g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_SCHEMA,
                   _("%s:%d: <%s>: expected a <gridless-scenario> root element"),
                   l.file, line_of (root), (const char *) root->name);
      return NULL;
    }
  g = build (&l, root);
  if (g == NULL)
    {
      const RdtDiagnostic *d = NULL;
      for (guint i = from; i < diagnostics->len && d == NULL; i++)
        if (((RdtDiagnostic *) g_ptr_array_index (diagnostics, i))->severity == RDT_SEVERITY_ERROR)
          d = g_ptr_array_index (diagnostics, i);
      g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID, "%s:%d: <%s>: %s",
                   l.file, d != NULL ? d->line : 0, d != NULL && d->element ? d->element : "document",
                   d != NULL ? d->message : _("cannot be loaded"));
      return NULL;
    }
  g->path = g_strdup (path_for_messages);
  rdt_gridless_validate (g, diagnostics);
  return g;
}

/* The underlay's href, through the one file resolver (rdt-file-ref.h): an
 * unsafe reference is an error, a missing scan only a warning (scans are the
 * user's own copy, not shipped).  Only for a file: bytes have no folder. */
static void
check_underlay_ref (const RdtGridless *g,
                    const char        *path,
                    GPtrArray         *diagnostics)
{
  g_autofree char *dir = NULL;
  g_autoptr(GError) local = NULL;
  RdtFileRef ref = { 0 };

  if (g->underlay_href == NULL || diagnostics == NULL)
    return;
  dir = g_path_get_dirname (path);
  ref.base_dir = dir;
  ref.attribute = "href";
  ref.value = g->underlay_href;
  if (rdt_file_ref_check_image (&ref, &local))
    return;
  if (g_error_matches (local, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_NOT_FOUND))
    add (diagnostics, path, RDT_SEVERITY_WARNING, g->underlay_line, "underlay",
         _("%s; the map is shown without it"), local->message);
  else
    add (diagnostics, path, RDT_SEVERITY_ERROR, g->underlay_line, "underlay", "%s", local->message);
}

RdtGridless *
rdt_gridless_load_from_file (const char  *path,
                             GPtrArray   *diagnostics,
                             GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  bytes = rdt_file_read_bounded (path, RDT_FORMAT_MAX_BYTES, NULL, &local);
  if (bytes == NULL)
    {
      if (diagnostics != NULL)
        g_ptr_array_add (diagnostics, rdt_diagnostic_new (RDT_SEVERITY_ERROR, path, 0, NULL,
                                                          local->message, NULL));
      g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_IO, "%s:0: %s", path, local->message);
      return NULL;
    }
  {
    RdtGridless *g = rdt_gridless_load_from_bytes (bytes, path, diagnostics, error);
    if (g != NULL)
      check_underlay_ref (g, path, diagnostics);
    return g;
  }
}

/* ------------------------------------------------------------ validation */

typedef struct {
  const RdtGridless *g;
  const char *file;
  GPtrArray *diagnostics;
  GHashTable *ids;      /* id -> line, one namespace per file for shapes */
} Checker;

static void G_GNUC_PRINTF (5, 6)
finding (Checker     *c,
         RdtSeverity  severity,
         int          line,
         const char  *element,
         const char  *format,
         ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (c->diagnostics, rdt_diagnostic_new (severity, c->file, line, element, message,
                                                       _(HINT_FORMAT)));
}

static void
check_id (Checker    *c,
          const char *id,
          int         line,
          const char *element)
{
  gpointer old;

  if (id == NULL)
    return;
  if (g_hash_table_lookup_extended (c->ids, id, NULL, &old))
    finding (c, RDT_SEVERITY_ERROR, line, element, _("id=\"%s\" is already used at line %d"),
             id, GPOINTER_TO_INT (old));
  else
    g_hash_table_insert (c->ids, (gpointer) id, GINT_TO_POINTER (line));
}

static gboolean
inside_map (Checker  *c,
            RdtPoint  p)
{
  return p.x >= 0 && p.y >= 0 && p.x <= c->g->width && p.y <= c->g->height;
}

static void
check_points_inside (Checker    *c,
                     GArray     *points,
                     int         line,
                     const char *element,
                     const char *attribute)
{
  for (guint i = 0; i < points->len; i++)
    {
      RdtPoint p = g_array_index (points, RdtPoint, i);
      if (!inside_map (c, p))
        {
          finding (c, RDT_SEVERITY_ERROR, line, element,
                   _("%s=: point %u (%g,%g) is outside the %g × %g inch map"),
                   attribute, i + 1, p.x, p.y, c->g->width, c->g->height);
          return;
        }
    }
}

static gboolean
check_polygon (Checker    *c,
               GArray     *points,
               int         line,
               const char *element)
{
  guint ea, eb;

  if (points->len < 3)
    {
      finding (c, RDT_SEVERITY_ERROR, line, element,
               _("points=: a polygon needs at least 3 corners (and the closing repeat)"));
      return FALSE;
    }
  check_points_inside (c, points, line, element, "points");
  if (!rdt_geom_polygon_is_simple ((const RdtPoint *) points->data, points->len, &ea, &eb))
    {
      if (ea == eb)
        finding (c, RDT_SEVERITY_ERROR, line, element,
                 _("points=: the polygon has a zero-length edge or no area (edge %u)"), ea + 1);
      else
        finding (c, RDT_SEVERITY_ERROR, line, element,
                 _("points=: the polygon intersects itself: edge %u meets edge %u"), ea + 1, eb + 1);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_polyline (Checker    *c,
                GArray     *points,
                int         line,
                const char *element,
                const char *attribute)
{
  if (points->len < 2)
    {
      finding (c, RDT_SEVERITY_ERROR, line, element, _("%s=: a line needs at least 2 points"), attribute);
      return FALSE;
    }
  for (guint i = 0; i + 1 < points->len; i++)
    if (rdt_geom_distance (g_array_index (points, RdtPoint, i),
                           g_array_index (points, RdtPoint, i + 1)) <= RDT_GEOM_EPS_LEN)
      {
        finding (c, RDT_SEVERITY_ERROR, line, element,
                 _("%s=: points %u and %u are the same point"), attribute, i + 1, i + 2);
        return FALSE;
      }
  check_points_inside (c, points, line, element, attribute);
  return TRUE;
}

static double
polyline_distance (GArray   *line,
                   RdtPoint  p)
{
  double m = G_MAXDOUBLE;

  for (guint i = 0; i + 1 < line->len; i++)
    m = MIN (m, rdt_geom_point_segment_distance (p, g_array_index (line, RdtPoint, i),
                                                 g_array_index (line, RdtPoint, i + 1)));
  return m;
}

static double
ring_distance (GArray   *ring,
               RdtPoint  p)
{
  double m = G_MAXDOUBLE;

  for (guint i = 0; i < ring->len; i++)
    m = MIN (m, rdt_geom_point_segment_distance (p, g_array_index (ring, RdtPoint, i),
                                                 g_array_index (ring, RdtPoint, (i + 1) % ring->len)));
  return m;
}

static void
check_hill (Checker   *c,
            RdtGlHill *h)
{
  const RdtPoint *poly = (const RdtPoint *) h->points->data;
  gboolean ok = check_polygon (c, h->points, h->line, "hill");

  if (!check_polyline (c, h->crest, h->line, "hill", "crest") || !ok)
    return;
  /* G7: the crest line splits the hill in two, so it runs inside the hill
   * from one point of the outline to another. */
  for (guint i = 0; i < h->crest->len; i++)
    if (rdt_geom_point_in_polygon (poly, h->points->len, g_array_index (h->crest, RdtPoint, i)) == RDT_GEOM_OUTSIDE &&
        ring_distance (h->points, g_array_index (h->crest, RdtPoint, i)) > RDT_GRIDLESS_DATA_TOLERANCE)
      {
        finding (c, RDT_SEVERITY_ERROR, h->line, "hill",
                 _("crest=: point %u is outside the hill"), i + 1);
        return;
      }
  if (ring_distance (h->points, g_array_index (h->crest, RdtPoint, 0)) > RDT_GRIDLESS_DATA_TOLERANCE ||
      ring_distance (h->points, g_array_index (h->crest, RdtPoint, h->crest->len - 1)) > RDT_GRIDLESS_DATA_TOLERANCE)
    finding (c, RDT_SEVERITY_ERROR, h->line, "hill",
             _("crest=: the crest line must start and end on the hill’s outline (within %g inch), "
               "so that it divides the hill (docs/gridless-conventions.md G7)"),
             RDT_GRIDLESS_DATA_TOLERANCE);
}

typedef struct {
  GArray *points;
  int line;
  const char *element;
  const char *id;
  double x0, y0, x1, y1;
} Shape;

static void
bbox (Shape *s)
{
  s->x0 = s->y0 = G_MAXDOUBLE;
  s->x1 = s->y1 = -G_MAXDOUBLE;
  for (guint i = 0; i < s->points->len; i++)
    {
      RdtPoint p = g_array_index (s->points, RdtPoint, i);
      s->x0 = MIN (s->x0, p.x);
      s->y0 = MIN (s->y0, p.y);
      s->x1 = MAX (s->x1, p.x);
      s->y1 = MAX (s->y1, p.y);
    }
}

/* <zones> and <victory> (issue 18, Brandywine Scenario: Setup, Start
 * Options, Early Start Option, Objectives). */
static GHashTable *
sides_of (const RdtGridless *g)
{
  GHashTable *sides = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < g->sides->len; i++)
    g_hash_table_add (sides, ((RdtGlSide *) g_ptr_array_index (g->sides, i))->id);
  return sides;
}

static const RdtGlCommand *
command_by_id (const RdtGridless *g,
               const char        *id)
{
  for (guint i = 0; i < g->commands->len; i++)
    {
      const RdtGlCommand *c = g_ptr_array_index (g->commands, i);
      if (g_strcmp0 (c->id, id) == 0)
        return c;
    }
  return NULL;
}

static void
validate_scenario_data (Checker    *c,
                        GHashTable *sides)
{
  const RdtGridless *g = c->g;
  g_autoptr(GHashTable) placed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  guint placements = 0, reinforcements = 0;

  for (guint i = 0; i < g->zones->len; i++)
    {
      RdtGlZone *z = g_ptr_array_index (g->zones, i);

      check_id (c, z->id, z->line, "zone");
      if (z->points != NULL)
        check_polygon (c, z->points, z->line, "zone");
      if (!g_hash_table_contains (sides, z->side))
        finding (c, RDT_SEVERITY_ERROR, z->line, "zone", _("side=\"%s\" is not a side"), z->side);
      for (guint k = 0; z->commands != NULL && z->commands[k] != NULL; k++)
        {
          const RdtGlCommand *cmd = command_by_id (g, z->commands[k]);
          if (*z->commands[k] == '\0')
            continue;
          if (cmd == NULL)
            finding (c, RDT_SEVERITY_ERROR, z->line, "zone", _("commands=: “%s” is not a command"), z->commands[k]);
          else if (g_strcmp0 (cmd->side, z->side) != 0)
            finding (c, RDT_SEVERITY_ERROR, z->line, "zone", _("commands=: “%s” is not of side “%s”"),
                     z->commands[k], z->side);
          if (z->kind == RDT_GL_ZONE_PLACEMENT)
            {
              gpointer other = g_hash_table_lookup (placed, z->commands[k]);
              if (other != NULL)
                finding (c, RDT_SEVERITY_ERROR, z->line, "zone",
                         _("commands=: “%s” is already placed in zone “%s” (Setup: each command is placed once)"),
                         z->commands[k], (const char *) other);
              g_hash_table_insert (placed, z->commands[k], z->id);
            }
        }
      if (z->kind != RDT_GL_ZONE_OBJECTIVE && (z->commands == NULL || z->commands[0] == NULL))
        finding (c, RDT_SEVERITY_ERROR, z->line, "zone",
                 _("a %s zone needs commands= (the commands placed or entering there)"),
                 rdt_gl_zone_kind_to_string (z->kind));
      switch (z->kind)
        {
        case RDT_GL_ZONE_PLACEMENT:
          placements++;
          if (z->order < 1)
            finding (c, RDT_SEVERITY_ERROR, z->line, "zone",
                     _("a placement zone needs order= (Setup: “British placement (1st)”, “Colonial placement (2nd)”)"));
          break;
        case RDT_GL_ZONE_REINFORCEMENT:
          reinforcements++;
          if (z->option == NULL || z->turn < 1)
            finding (c, RDT_SEVERITY_ERROR, z->line, "zone",
                     _("a reinforcement zone needs option= and turn= (Start Options)"));
          else if (g_hash_table_contains (options, z->option))
            finding (c, RDT_SEVERITY_ERROR, z->line, "zone", _("option=\"%s\" is already used by another zone"),
                     z->option);
          else
            g_hash_table_add (options, z->option);
          break;
        case RDT_GL_ZONE_EARLY_ENTRY:
          if (z->turns_early < 1)
            finding (c, RDT_SEVERITY_ERROR, z->line, "zone",
                     _("an early-entry zone needs turns-early= (Early Start Option: “two turns early”)"));
          if (z->road != NULL)
            {
              gboolean found = FALSE;
              for (guint k = 0; k < g->roads->len; k++)
                found |= g_strcmp0 (((RdtGlRoad *) g_ptr_array_index (g->roads, k))->id, z->road) == 0;
              if (!found)
                finding (c, RDT_SEVERITY_ERROR, z->line, "zone", _("road=\"%s\" is not a road"), z->road);
            }
          break;
        case RDT_GL_ZONE_OBJECTIVE:
        case RDT_GL_N_ZONE_KINDS:
        default:
          break;
        }
      if (z->schematic)
        finding (c, RDT_SEVERITY_WARNING, z->line, "zone",
                 _("zone “%s”: provisional, schematic shape (the scenario's set-up diagram and map sheet are not "
                   "transcribed: draw it from your copy)"), z->id);
      if (z->turn_provisional)
        finding (c, RDT_SEVERITY_WARNING, z->line, "zone", _("zone “%s”: provisional turn= (not stated in the text)"),
                 z->id);
    }
  /* Every command of a side that has a placement zone reaches the table:
   * placed, or entering from a reinforcement or early-entry zone. */
  for (guint i = 0; placements > 0 && i < g->commands->len; i++)
    {
      const RdtGlCommand *cmd = g_ptr_array_index (g->commands, i);
      gboolean side_has = FALSE, covered = FALSE;
      for (guint k = 0; k < g->zones->len; k++)
        {
          const RdtGlZone *z = g_ptr_array_index (g->zones, k);
          if (g_strcmp0 (z->side, cmd->side) != 0)
            continue;
          side_has |= z->kind == RDT_GL_ZONE_PLACEMENT;
          covered |= z->kind != RDT_GL_ZONE_OBJECTIVE && z->kind != RDT_GL_ZONE_EARLY_ENTRY && z->commands != NULL &&
                     g_strv_contains ((const char *const *) z->commands, cmd->id);
        }
      if (side_has && !covered)
        finding (c, RDT_SEVERITY_ERROR, cmd->line, "command",
                 _("command “%s” is in no placement or reinforcement zone of its side: its pieces would never reach the table (Setup)"),
                 cmd->id);
    }
  if (reinforcements > 0 && placements == 0)
    finding (c, RDT_SEVERITY_ERROR, g->map_line, "zones",
             _("reinforcement zones without a placement zone: Setup places the other commands first"));
  if (!g->has_victory)
    return;
  if (g->last_turn < 1)
    finding (c, RDT_SEVERITY_ERROR, g->victory_line, "victory", _("last-turn= is needed (the turn the game ends)"));
  if (g->last_turn_provisional)
    finding (c, RDT_SEVERITY_WARNING, g->victory_line, "victory",
             _("last-turn=\"%d\" is provisional (the rulebook text gives no number of turns)"), g->last_turn);
  for (guint i = 0; i < g->conditions->len; i++)
    {
      RdtGlCondition *k = g_ptr_array_index (g->conditions, i);
      const RdtGlZone *z = k->zone != NULL ? rdt_gridless_find_zone (g, k->zone) : NULL;

      if (!g_hash_table_contains (sides, k->winner))
        finding (c, RDT_SEVERITY_ERROR, k->line, "condition", _("winner=\"%s\" is not a side"), k->winner);
      if (!g_hash_table_contains (sides, k->side))
        finding (c, RDT_SEVERITY_ERROR, k->line, "condition", _("side=\"%s\" is not a side"), k->side);
      if (k->kind == RDT_GL_VICTORY_HOLDS && (z == NULL || z->kind != RDT_GL_ZONE_OBJECTIVE))
        finding (c, RDT_SEVERITY_ERROR, k->line, "condition",
                 _("kind=\"holds\" needs zone= naming an objective zone"));
      if (k->kind != RDT_GL_VICTORY_HOLDS && k->zone != NULL)
        finding (c, RDT_SEVERITY_ERROR, k->line, "condition", _("zone= is only for kind=\"holds\""));
      if (k->provisional)
        finding (c, RDT_SEVERITY_WARNING, k->line, "condition",
                 _("a provisional victory condition (Brandywine, Objectives are prose only)"));
    }
}

void
rdt_gridless_validate (const RdtGridless *g,
                       GPtrArray         *diagnostics)
{
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) piece_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) terrain = g_array_new (FALSE, FALSE, sizeof (Shape));
  Checker c = { g, g->path != NULL ? g->path : "<memory>", diagnostics, ids };

  g_return_if_fail (g != NULL && diagnostics != NULL);

  if (!(g->width > 0 && g->width <= RDT_GRIDLESS_MAX_SIZE && g->height > 0 &&
        g->height <= RDT_GRIDLESS_MAX_SIZE))
    {
      finding (&c, RDT_SEVERITY_ERROR, g->map_line, "gridless-map",
               _("width and height must be more than 0 and at most %g inches"),
               RDT_GRIDLESS_MAX_SIZE);
      return;   /* every "inside the map" check below would be noise */
    }
  /* The underlay's scale: a scan of at most RDT_GRIDLESS_MAX_UNDERLAY_PPI
   * pixels per inch (the image size caps of docs/format.md apply too). */
  if (g->underlay_href != NULL &&
      !(g->underlay_ppi > 0 && g->underlay_ppi <= RDT_GRIDLESS_MAX_UNDERLAY_PPI))
    finding (&c, RDT_SEVERITY_ERROR, g->underlay_line, "underlay",
             _("pixels-per-inch must be more than 0 and at most %d"), RDT_GRIDLESS_MAX_UNDERLAY_PPI);
  if (g->underlay_href != NULL &&
      !(fabs (g->underlay_origin_x) <= 1e7 && fabs (g->underlay_origin_y) <= 1e7))
    finding (&c, RDT_SEVERITY_ERROR, g->underlay_line, "underlay",
             _("origin-x and origin-y must be pixels between -10000000 and 10000000"));

  for (guint i = 0; i < g->areas->len; i++)
    {
      RdtGlArea *a = g_ptr_array_index (g->areas, i);
      check_id (&c, a->id, a->line, "area");
      if (check_polygon (&c, a->points, a->line, "area"))
        {
          Shape s = { .points = a->points, .line = a->line, .element = "area", .id = a->id };
          bbox (&s);
          g_array_append_val (terrain, s);
        }
    }
  for (guint i = 0; i < g->hills->len; i++)
    {
      RdtGlHill *h = g_ptr_array_index (g->hills, i);
      check_id (&c, h->id, h->line, "hill");
      check_hill (&c, h);
    }
  /* G3: hills of one level do not overlap, and a hill of level L > 1 stands
   * on a hill of level L - 1, so the level of a point is well defined. */
  {
    g_autofree Shape *boxes = g_new0 (Shape, g->hills->len);

    for (guint i = 0; i < g->hills->len; i++)
      {
        boxes[i].points = ((RdtGlHill *) g_ptr_array_index (g->hills, i))->points;
        bbox (&boxes[i]);
      }
    for (guint i = 0; i < g->hills->len; i++)
      {
        RdtGlHill *h = g_ptr_array_index (g->hills, i);
        gboolean on_lower = h->level == 1;

        if (h->points->len < 3)
          continue;
        for (guint j = 0; j < g->hills->len; j++)
          {
            RdtGlHill *o = g_ptr_array_index (g->hills, j);
            Shape *a = &boxes[i], *b = &boxes[j];
            gboolean all_in = TRUE;

            if (o == h || o->points->len < 3 ||
                a->x1 < b->x0 || b->x1 < a->x0 || a->y1 < b->y0 || b->y1 < a->y0)
              continue;
            if (j < i && o->level == h->level &&
                rdt_geom_polygons_overlap ((const RdtPoint *) h->points->data, h->points->len,
                                           (const RdtPoint *) o->points->data, o->points->len))
              finding (&c, RDT_SEVERITY_ERROR, h->line, "hill",
                       _("“%s” overlaps “%s” (line %d) of the same level: put the higher ground on a hill of level %d "
                         "(docs/gridless-conventions.md G3)"), h->id, o->id, o->line, h->level + 1);
            if (o->level != h->level - 1)
              continue;
            for (guint k = 0; k < h->points->len && all_in; k++)
              all_in = rdt_geom_point_in_polygon ((const RdtPoint *) o->points->data, o->points->len,
                                                  g_array_index (h->points, RdtPoint, k)) != RDT_GEOM_OUTSIDE;
            on_lower |= all_in;
          }
        if (!on_lower)
          finding (&c, RDT_SEVERITY_ERROR, h->line, "hill",
                   _("level=\"%d\": the hill does not lie inside a hill of level %d "
                     "(docs/gridless-conventions.md G3)"), h->level, h->level - 1);
      }
  }
  for (guint i = 0; i < g->waters->len; i++)
    {
      RdtGlWater *w = g_ptr_array_index (g->waters, i);
      gboolean ok;

      check_id (&c, w->id, w->line, "water");
      ok = w->area ? check_polygon (&c, w->points, w->line, "water")
                   : check_polyline (&c, w->points, w->line, "water", "points");
      if (ok && w->area)
        {
          Shape s = { .points = w->points, .line = w->line, .element = "water", .id = w->id };
          bbox (&s);
          g_array_append_val (terrain, s);
        }
      for (guint k = 0; ok && k < w->crossings->len; k++)
        {
          RdtGlCrossing *x = g_ptr_array_index (w->crossings, k);
          double d = w->area ? (rdt_geom_point_in_polygon ((const RdtPoint *) w->points->data,
                                                           w->points->len, x->at) != RDT_GEOM_OUTSIDE
                                  ? 0 : ring_distance (w->points, x->at))
                             : polyline_distance (w->points, x->at);
          if (d > RDT_GRIDLESS_DATA_TOLERANCE)
            finding (&c, RDT_SEVERITY_ERROR, x->line, "crossing",
                     _("at=: the %s is %g inch from the %s; it must be on it (within %g inch)"),
                     x->bridge ? _("bridge") : _("ford"), d, w->river ? _("river") : _("stream"),
                     RDT_GRIDLESS_DATA_TOLERANCE);
        }
    }
  for (guint i = 0; i < g->roads->len; i++)
    {
      RdtGlRoad *r = g_ptr_array_index (g->roads, i);
      check_id (&c, r->id, r->line, "road");
      check_polyline (&c, r->points, r->line, "road", "points");
    }
  /* G1: terrain areas do not overlap, so each point of the table has one
   * terrain type (hills are a separate layer). */
  for (guint i = 0; i < terrain->len; i++)
    for (guint j = i + 1; j < terrain->len; j++)
      {
        Shape *a = &g_array_index (terrain, Shape, i), *b = &g_array_index (terrain, Shape, j);
        if (a->x1 < b->x0 || b->x1 < a->x0 || a->y1 < b->y0 || b->y1 < a->y0)
          continue;
        if (rdt_geom_polygons_overlap ((const RdtPoint *) a->points->data, a->points->len,
                                       (const RdtPoint *) b->points->data, b->points->len))
          finding (&c, RDT_SEVERITY_ERROR, b->line, b->element,
                   _("“%s” overlaps “%s” (line %d): terrain areas may share edges but not overlap "
                     "(docs/gridless-conventions.md G1)"), b->id, a->id, a->line);
      }

  /* Piece types: Foot and Cavalry moves are needed by FoF and command range. */
  for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
    {
      const RdtGlPieceSpec *s = &g->specs[t];
      if (!s->present)
        continue;
      if (!(s->width > 0 && s->depth > 0 && s->move > 0 && s->width <= 12 && s->depth <= 12 &&
            s->move <= RDT_GRIDLESS_MAX_SIZE))
        finding (&c, RDT_SEVERITY_ERROR, s->line, "piece-type",
                 _("width, depth and move must be more than 0 (width and depth at most 12 inches)"));
      if (s->width_provisional || s->depth_provisional || s->move_provisional)
        finding (&c, RDT_SEVERITY_WARNING, s->line, "piece-type",
                 _("%s: provisional %s%s%s%s%s (not stated in the rulebook text: measure your own copy; "
                   "Rates of March)"),
                 rdt_gl_piece_type_to_string (t),
                 s->width_provisional ? "width" : "",
                 s->width_provisional && (s->depth_provisional || s->move_provisional) ? ", " : "",
                 s->depth_provisional ? "depth" : "",
                 s->depth_provisional && s->move_provisional ? ", " : "",
                 s->move_provisional ? "move" : "");
    }
  if (!g->specs[RDT_GL_INFANTRY].present)
    finding (&c, RDT_SEVERITY_ERROR, g->map_line, "piece-types",
             _("no <piece-type type=\"infantry\">: the Foot move (Field of Fire, Line of Sight) is unknown"));
  if (!g->specs[RDT_GL_CAVALRY].present && !g->specs[RDT_GL_DRAGOONS].present)
    finding (&c, RDT_SEVERITY_ERROR, g->map_line, "piece-types",
             _("no <piece-type> for cavalry or dragoons: the Cavalry move (command range) is unknown"));

  {
    g_autoptr(GHashTable) sides = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr(GHashTable) commands = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < g->sides->len; i++)
      {
        RdtGlSide *s = g_ptr_array_index (g->sides, i);
        if (g_hash_table_contains (sides, s->id))
          finding (&c, RDT_SEVERITY_ERROR, s->line, "side", _("id=\"%s\" is already used"), s->id);
        g_hash_table_add (sides, s->id);
      }
    for (guint i = 0; i < g->pieces->len; i++)
      {
        RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
        if (g_hash_table_contains (piece_ids, p->id))
          finding (&c, RDT_SEVERITY_ERROR, p->line, "piece", _("id=\"%s\" is already used"), p->id);
        g_hash_table_add (piece_ids, p->id);
      }
    if (g->combat_order != NULL && !g_hash_table_contains (sides, g->combat_order))
      finding (&c, RDT_SEVERITY_ERROR, g->commands_line, "commands",
               _("combat-order=\"%s\" is not a side (How to Resolve Combat, Order: the side that chooses the order)"),
               g->combat_order);
    for (guint i = 0; i < g->commands->len; i++)
      {
        RdtGlCommand *cmd = g_ptr_array_index (g->commands, i);
        if (g_hash_table_contains (commands, cmd->id))
          finding (&c, RDT_SEVERITY_ERROR, cmd->line, "command", _("id=\"%s\" is already used"), cmd->id);
        g_hash_table_add (commands, cmd->id);
        if (!g_hash_table_contains (sides, cmd->side))
          finding (&c, RDT_SEVERITY_ERROR, cmd->line, "command", _("side=\"%s\" is not a side"), cmd->side);
        if (cmd->hq != NULL)
          {
            const RdtGlPiece *hq = rdt_gridless_find_piece (g, cmd->hq);
            if (hq == NULL || hq->type != RDT_GL_HQ)
              finding (&c, RDT_SEVERITY_ERROR, cmd->line, "command",
                       _("hq=\"%s\" is not a piece of type hq"), cmd->hq);
          }
      }
    for (guint i = 0; i < g->pieces->len; i++)
      {
        RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
        RdtPoint corners[4];

        if (!g_hash_table_contains (sides, p->side))
          finding (&c, RDT_SEVERITY_ERROR, p->line, "piece", _("side=\"%s\" is not a side"), p->side);
        if (p->command != NULL && !g_hash_table_contains (commands, p->command))
          finding (&c, RDT_SEVERITY_ERROR, p->line, "piece", _("command=\"%s\" is not a command"), p->command);
        if (!(p->facing >= 0 && p->facing < 360))
          finding (&c, RDT_SEVERITY_ERROR, p->line, "piece", _("facing=: %g is not in [0, 360) degrees"), p->facing);
        if (!g->specs[p->type].present)
          {
            finding (&c, RDT_SEVERITY_ERROR, p->line, "piece",
                     _("type=\"%s\" has no <piece-type>: its size is unknown"),
                     rdt_gl_piece_type_to_string (p->type));
            continue;
          }
        rdt_gridless_piece_corners (g, p, corners);
        for (guint k = 0; k < 4; k++)
          if (!inside_map (&c, corners[k]))
            {
              finding (&c, RDT_SEVERITY_ERROR, p->line, "piece",
                       _("the block at (%g,%g) reaches outside the %g × %g inch map"),
                       p->centre.x, p->centre.y, g->width, g->height);
              break;
            }
        /* How the Pieces Move: pieces do not stack on top of each other. */
        for (guint j = 0; j < i; j++)
          {
            RdtGlPiece *q = g_ptr_array_index (g->pieces, j);
            RdtPoint qc[4];
            if (!g->specs[q->type].present || p->type == RDT_GL_HQ || q->type == RDT_GL_HQ)
              continue;
            rdt_gridless_piece_corners (g, q, qc);
            if (rdt_geom_polygons_overlap (corners, 4, qc, 4))
              finding (&c, RDT_SEVERITY_WARNING, p->line, "piece",
                       _("“%s” overlaps “%s” (line %d): pieces do not stack (%s)"),
                       p->id, q->id, q->line, _(RULE_MOVING));
          }
      }
  }
  {
    g_autoptr(GHashTable) sides = sides_of (g);
    validate_scenario_data (&c, sides);
  }
}

/* ---------------------------------------------------------------- writer */

static void
put_real (GString *out,
          double   v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char *end;

  g_ascii_formatd (buf, sizeof buf, "%.6f", v);
  end = buf + strlen (buf) - 1;
  while (end > buf && *end == '0')
    *end-- = '\0';
  if (*end == '.')
    *end = '\0';
  if (strcmp (buf, "-0") == 0)
    strcpy (buf, "0");
  g_string_append (out, buf);
}

/* The canonical escapes: only what XML requires (and, in attributes, the
 * whitespace that attribute normalisation would otherwise turn into spaces). */
static char *
escape (const char *text,
        gboolean    attribute)
{
  GString *out = g_string_sized_new (strlen (text) + 8);

  for (const char *p = text; *p != '\0'; p++)
    switch (*p)
      {
      case '&': g_string_append (out, "&amp;"); break;
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '"':
        g_string_append (out, attribute ? "&quot;" : "\"");
        break;
      case '\r': g_string_append (out, "&#13;"); break;
      case '\t':
        g_string_append (out, attribute ? "&#9;" : "\t");
        break;
      case '\n':
        g_string_append (out, attribute ? "&#10;" : "\n");
        break;
      default:
        g_string_append_c (out, *p);
      }
  return g_string_free (out, FALSE);
}

static void
put_attr (GString    *out,
          const char *name,
          const char *value)
{
  g_autofree char *escaped = NULL;

  if (value == NULL)
    return;
  escaped = escape (value, TRUE);
  g_string_append_printf (out, " %s=\"%s\"", name, escaped);
}

static void
put_real_attr (GString    *out,
               const char *name,
               double      v)
{
  g_string_append_printf (out, " %s=\"", name);
  put_real (out, v);
  g_string_append_c (out, '"');
}

static void
put_point (GString  *out,
           RdtPoint  p)
{
  put_real (out, p.x);
  g_string_append_c (out, ',');
  put_real (out, p.y);
}

static void
put_points_attr (GString    *out,
                 const char *name,
                 GArray     *points,
                 gboolean    ring)
{
  g_string_append_printf (out, " %s=\"", name);
  for (guint i = 0; i < points->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      put_point (out, g_array_index (points, RdtPoint, i));
    }
  if (ring && points->len > 0)
    {
      g_string_append_c (out, ' ');
      put_point (out, g_array_index (points, RdtPoint, 0));
    }
  g_string_append_c (out, '"');
}

static void
put_text_element (GString    *out,
                  const char *indent,
                  const char *name,
                  const char *text)
{
  g_autofree char *escaped = escape (text, FALSE);

  g_string_append_printf (out, "%s<%s>%s</%s>\n", indent, name, escaped, name);
}

GBytes *
rdt_gridless_to_bytes (const RdtGridless *g,
                       GError           **error)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");

  g_return_val_if_fail (g != NULL, NULL);

  g_string_append_printf (out, "<gridless-scenario xmlns=\"%s\" format-version=\"%d\"",
                          RDT_FORMAT_NAMESPACE, RDT_FORMAT_VERSION);
  put_attr (out, "id", g->id);
  g_string_append (out, " system=\"pub-battles\">\n");
  put_text_element (out, "  ", "title", g->title != NULL ? g->title : "");
  if (g->description != NULL)
    put_text_element (out, "  ", "description", g->description);
  g_string_append (out, "  <gridless-map");
  put_real_attr (out, "width", g->width);
  put_real_attr (out, "height", g->height);
  g_string_append (out, ">\n");
  if (g->underlay_href != NULL)
    {
      g_string_append (out, "    <underlay");
      put_attr (out, "href", g->underlay_href);
      put_real_attr (out, "pixels-per-inch", g->underlay_ppi);
      put_real_attr (out, "origin-x", g->underlay_origin_x);
      put_real_attr (out, "origin-y", g->underlay_origin_y);
      g_string_append (out, "/>\n");
    }
  for (guint i = 0; i < g->areas->len; i++)
    {
      RdtGlArea *a = g_ptr_array_index (g->areas, i);
      g_string_append (out, "    <area");
      put_attr (out, "id", a->id);
      put_attr (out, "name", a->name);
      put_attr (out, "kind", rdt_gl_area_kind_to_string (a->kind));
      put_points_attr (out, "points", a->points, TRUE);
      g_string_append (out, "/>\n");
    }
  for (guint i = 0; i < g->hills->len; i++)
    {
      RdtGlHill *h = g_ptr_array_index (g->hills, i);
      g_string_append (out, "    <hill");
      put_attr (out, "id", h->id);
      put_attr (out, "name", h->name);
      g_string_append_printf (out, " level=\"%d\"", h->level);
      put_points_attr (out, "points", h->points, TRUE);
      put_points_attr (out, "crest", h->crest, FALSE);
      g_string_append (out, "/>\n");
    }
  for (guint i = 0; i < g->waters->len; i++)
    {
      RdtGlWater *w = g_ptr_array_index (g->waters, i);
      g_string_append (out, "    <water");
      put_attr (out, "id", w->id);
      put_attr (out, "name", w->name);
      put_attr (out, "kind", w->river ? "river" : "stream");
      put_attr (out, "shape", w->area ? "area" : "line");
      put_points_attr (out, "points", w->points, w->area);
      if (w->crossings->len == 0)
        {
          g_string_append (out, "/>\n");
          continue;
        }
      g_string_append (out, ">\n");
      for (guint k = 0; k < w->crossings->len; k++)
        {
          RdtGlCrossing *x = g_ptr_array_index (w->crossings, k);
          g_string_append (out, "      <crossing");
          put_attr (out, "kind", x->bridge ? "bridge" : "ford");
          g_string_append (out, " at=\"");
          put_point (out, x->at);
          g_string_append_c (out, '"');
          put_attr (out, "name", x->name);
          g_string_append (out, "/>\n");
        }
      g_string_append (out, "    </water>\n");
    }
  for (guint i = 0; i < g->roads->len; i++)
    {
      RdtGlRoad *r = g_ptr_array_index (g->roads, i);
      g_string_append (out, "    <road");
      put_attr (out, "id", r->id);
      put_attr (out, "name", r->name);
      put_points_attr (out, "points", r->points, FALSE);
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </gridless-map>\n  <piece-types>\n");
  for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
    {
      const RdtGlPieceSpec *s = &g->specs[t];
      g_autoptr(GPtrArray) prov = g_ptr_array_new ();

      if (!s->present)
        continue;
      g_string_append (out, "    <piece-type");
      put_attr (out, "type", rdt_gl_piece_type_to_string (t));
      put_real_attr (out, "width", s->width);
      put_real_attr (out, "depth", s->depth);
      put_real_attr (out, "move", s->move);
      if (s->width_provisional)
        g_ptr_array_add (prov, "width");
      if (s->depth_provisional)
        g_ptr_array_add (prov, "depth");
      if (s->move_provisional)
        g_ptr_array_add (prov, "move");
      if (prov->len > 0)
        {
          g_autofree char *joined = NULL;
          g_ptr_array_add (prov, NULL);
          joined = g_strjoinv (" ", (char **) prov->pdata);
          put_attr (out, "provisional", joined);
        }
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </piece-types>\n  <sides>\n");
  for (guint i = 0; i < g->sides->len; i++)
    {
      RdtGlSide *s = g_ptr_array_index (g->sides, i);
      g_string_append (out, "    <side");
      put_attr (out, "id", s->id);
      put_attr (out, "name", s->name);
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </sides>\n");
  if (g->commands->len > 0 || g->combat_order != NULL || g->combat_order_rule != NULL)
    {
      g_string_append (out, "  <commands");
      put_attr (out, "combat-order", g->combat_order);
      put_attr (out, "combat-order-rule", g->combat_order_rule);
      g_string_append (out, ">\n");
      for (guint i = 0; i < g->commands->len; i++)
        {
          RdtGlCommand *cmd = g_ptr_array_index (g->commands, i);
          g_string_append (out, "    <command");
          put_attr (out, "id", cmd->id);
          put_attr (out, "name", cmd->name);
          put_attr (out, "side", cmd->side);
          put_attr (out, "hq", cmd->hq);
          put_attr (out, "chit", cmd->chit);
          if (cmd->rating > 0)
            g_string_append_printf (out, " rating=\"%d\"", cmd->rating);
          if (cmd->rating_provisional)
            g_string_append (out, " provisional=\"rating\"");
          if (cmd->army)
            g_string_append (out, " army=\"true\"");
          g_string_append (out, "/>\n");
        }
      g_string_append (out, "  </commands>\n");
    }
  g_string_append (out, "  <pieces>\n");
  for (guint i = 0; i < g->pieces->len; i++)
    {
      RdtGlPiece *p = g_ptr_array_index (g->pieces, i);
      g_string_append (out, "    <piece");
      put_attr (out, "id", p->id);
      put_attr (out, "name", p->name);
      put_attr (out, "side", p->side);
      put_attr (out, "command", p->command);
      put_attr (out, "type", rdt_gl_piece_type_to_string (p->type));
      g_string_append (out, " at=\"");
      put_point (out, p->centre);
      g_string_append_c (out, '"');
      put_real_attr (out, "facing", p->facing);
      put_attr (out, "status", p->spent ? "spent" : "fresh");
      put_attr (out, "quality", rdt_gl_quality_to_string (p->quality));
      put_attr (out, "formation", p->road_column ? "road-column" : "line");
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </pieces>\n");
  if (g->zones->len > 0)
    {
      g_string_append (out, "  <zones>\n");
      for (guint i = 0; i < g->zones->len; i++)
        {
          RdtGlZone *z = g_ptr_array_index (g->zones, i);
          g_string_append (out, "    <zone");
          put_attr (out, "id", z->id);
          put_attr (out, "name", z->name);
          put_attr (out, "kind", rdt_gl_zone_kind_to_string (z->kind));
          put_attr (out, "side", z->side);
          if (z->commands != NULL && z->commands[0] != NULL)
            {
              g_autofree char *joined = g_strjoinv (" ", z->commands);
              put_attr (out, "commands", joined);
            }
          put_attr (out, "option", z->option);
          if (z->order > 0)
            g_string_append_printf (out, " order=\"%d\"", z->order);
          if (z->turn > 0)
            g_string_append_printf (out, " turn=\"%d\"", z->turn);
          if (z->turns_early > 0)
            g_string_append_printf (out, " turns-early=\"%d\"", z->turns_early);
          put_attr (out, "road", z->road);
          if (z->schematic)
            g_string_append (out, " schematic=\"true\"");
          if (z->turn_provisional)
            g_string_append (out, " provisional=\"turn\"");
          if (z->points != NULL)
            put_points_attr (out, "points", z->points, TRUE);
          g_string_append (out, "/>\n");
        }
      g_string_append (out, "  </zones>\n");
    }
  if (g->has_victory)
    {
      g_string_append_printf (out, "  <victory last-turn=\"%d\"", g->last_turn);
      if (g->last_turn_provisional)
        g_string_append (out, " provisional=\"last-turn\"");
      if (g->conditions->len == 0)
        g_string_append (out, "/>\n");
      else
        {
          g_string_append (out, ">\n");
          for (guint i = 0; i < g->conditions->len; i++)
            {
              RdtGlCondition *k = g_ptr_array_index (g->conditions, i);
              g_string_append (out, "    <condition");
              put_attr (out, "winner", k->winner);
              put_attr (out, "kind", rdt_gl_victory_kind_to_string (k->kind));
              put_attr (out, "side", k->side);
              g_string_append_printf (out, " at-least=\"%d\"", k->at_least);
              put_attr (out, "zone", k->zone);
              if (k->provisional)
                g_string_append (out, " provisional=\"true\"");
              put_attr (out, "text", k->text);
              g_string_append (out, "/>\n");
            }
          g_string_append (out, "  </victory>\n");
        }
    }
  for (guint i = 0; i < g->notes->len; i++)
    put_text_element (out, "  ", "note", g_ptr_array_index (g->notes, i));
  g_string_append (out, "</gridless-scenario>\n");
  return g_string_free_to_bytes (out);
}

gboolean
rdt_gridless_save_to_file (const RdtGridless *g,
                           const char        *path,
                           gboolean           keep_backup,
                           GError           **error)
{
  g_autoptr(GBytes) bytes = rdt_gridless_to_bytes (g, error);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtGridless) check = NULL;
  g_autoptr(GError) local = NULL;
  gsize size;
  const void *data;

  if (bytes == NULL)
    return FALSE;
  /* A bug in the writer must never replace a good file with one that does not load. */
  check = rdt_gridless_load_from_bytes (bytes, path, diagnostics, &local);
  if (check == NULL)
    {
      g_set_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID,
                   _("Not saving %s: the bytes to be written do not load (%s)"), path, local->message);
      return FALSE;
    }
  data = g_bytes_get_data (bytes, &size);
  return rdt_file_save_atomic (path, data, size, NULL,
                               keep_backup ? RDT_SAVE_KEEP_BACKUP : RDT_SAVE_NONE, NULL, error);
}
