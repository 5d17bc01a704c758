/* rdt-hex-scan.c: cairo-exact non-anti-aliased polygon fill from a tile (see
 * the header).  The arithmetic follows cairo 1.16: _cairo_fixed_from_double()
 * (cairo-fixed-private.h), _cairo_polygon_add_edge() and _add_clipped_edge()
 * (cairo-polygon.c), and the mono scan converter's polygon_add_edge() and
 * row() (cairo-mono-scan-converter.c).  Keep them in step: the render test
 * compares the pixels with cairo's. */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "rdt-hex-scan.h"

#define FIXED_ONE 256
#define FIXED_FRAC_MASK 255

struct _RdtHexScanEdge
{
  int top;          /* pixel rows [top, bottom) */
  int bottom;
  int32_t p1x;      /* the line, 24.8 fixed, p1 above p2 */
  int32_t p1y;
  int32_t dx;
  int32_t dy;
  int dir;
  gboolean vertical;
  int32_t xq;       /* x on the current row: quotient (fixed) and remainder */
  int32_t xr;
  int32_t sq;       /* step per row */
  int32_t sr;
};

typedef struct {
  int32_t x;
  int32_t y;
} Point;

/* _cairo_fixed_from_double(): round to the nearest 1/256 by the magic number. */
static inline int32_t
fixed_from_double (double d)
{
  double m = d + 26388279066624.0;   /* 1.5 * 2^(52 - 8) */
  uint64_t bits;

  memcpy (&bits, &m, sizeof bits);
  return (int32_t) (uint32_t) bits;
}

/* _cairo_fixed_integer_round_down(): to the nearest integer, halves down. */
static inline int
fixed_round_down (int32_t f)
{
  return (f + FIXED_FRAC_MASK / 2) >> 8;
}

/* _cairo_fixed_mul_div_floor(): despite its name a truncating division. */
static inline int32_t
mul_div (int32_t a,
         int32_t b,
         int32_t c)
{
  return (int32_t) ((int64_t) a * b / c);
}

static inline int32_t
x_for_y (const Point *p1,
         const Point *p2,
         int32_t      y)
{
  int32_t x, dy;

  if (y == p1->y)
    return p1->x;
  if (y == p2->y)
    return p2->x;
  x = p1->x;
  dy = p2->y - p1->y;
  if (dy != 0)
    x += mul_div (y - p1->y, p2->x - p1->x, dy);
  return x;
}

static inline int32_t
y_for_x (const Point *p1,
         const Point *p2,
         int32_t      x)
{
  int32_t y, dx;

  if (x == p1->x)
    return p1->y;
  if (x == p2->x)
    return p2->y;
  y = p1->y;
  dx = p2->x - p1->x;
  if (dx != 0)
    y += mul_div (x - p1->x, p2->y - p1->y, dx);
  return y;
}

/* floored_muldivrem(): floor (x * a / b) and its remainder. */
static inline void
floored_muldivrem (int32_t  x,
                   int32_t  a,
                   int32_t  b,
                   int32_t *quo,
                   int32_t *rem)
{
  int64_t xa = (int64_t) x * a;
  int32_t q = (int32_t) (xa / b), r = (int32_t) (xa % b);

  if ((xa >= 0) != (b >= 0) && r)
    {
      q -= 1;
      r += b;
    }
  *quo = q;
  *rem = r;
}

void
rdt_hex_scan_clear (RdtHexScan *scan)
{
  g_clear_pointer (&scan->edges, g_free);
  g_clear_pointer (&scan->active, g_free);
  g_clear_pointer (&scan->order, g_free);
  scan->n_edges = scan->edge_capacity = scan->active_capacity = 0;
}

void
rdt_hex_scan_begin (RdtHexScan *scan,
                    int         x0,
                    int         y0,
                    int         x1,
                    int         y1)
{
  scan->x0 = x0;
  scan->y0 = y0;
  scan->x1 = x1;
  scan->y1 = y1;
  scan->n_edges = 0;
}

/* The mono converter's polygon_add_edge(): rows and the x of the first row. */
static void
add_edge (RdtHexScan  *scan,
          const Point *p1,
          const Point *p2,
          int32_t      top,
          int32_t      bottom,
          int          dir)
{
  RdtHexScanEdge *e;
  int ytop = MAX (fixed_round_down (top), scan->y0);
  int ybot = MIN (fixed_round_down (bottom), scan->y1);

  if (ybot <= ytop)
    return;
  if (scan->n_edges == scan->edge_capacity)
    {
      scan->edge_capacity = MAX (64, scan->edge_capacity * 2);
      scan->edges = g_renew (RdtHexScanEdge, scan->edges, scan->edge_capacity);
    }
  e = &scan->edges[scan->n_edges++];
  e->top = ytop;
  e->bottom = ybot;
  e->dir = dir;
  e->p1x = p1->x;
  e->p1y = p1->y;
  e->dx = p2->x - p1->x;
  e->dy = p2->y - p1->y;
  if (e->dx == 0)
    {
      e->vertical = TRUE;
      e->xq = p1->x;
      e->xr = 0;
      e->sq = e->sr = 0;
    }
  else
    {
      e->vertical = FALSE;
      floored_muldivrem (e->dx, FIXED_ONE, e->dy, &e->sq, &e->sr);
      floored_muldivrem (ytop * FIXED_ONE + FIXED_FRAC_MASK / 2 - p1->y, e->dx, e->dy, &e->xq, &e->xr);
      e->xq += p1->x;
    }
  e->xr -= e->dy;
}

/* _add_clipped_edge() with the one limit box: an edge reaching outside the
 * box left or right is replaced there by the box's side. */
static void
add_clipped_edge (RdtHexScan  *scan,
                  const Point *p1,
                  const Point *p2,
                  int32_t      top,
                  int32_t      bottom,
                  int          dir)
{
  Point lp1 = { scan->x0 * FIXED_ONE, scan->y0 * FIXED_ONE };
  Point lp2 = { scan->x1 * FIXED_ONE, scan->y1 * FIXED_ONE };
  Point bot_left = { lp1.x, lp2.y }, top_right = { lp2.x, lp1.y };
  int32_t top_y, bot_y, pleft, pright;

  if (top >= lp2.y || bottom <= lp1.y)
    return;
  top_y = MAX (top, lp1.y);
  bot_y = MIN (bottom, lp2.y);
  pleft = MIN (p1->x, p2->x);
  pright = MAX (p1->x, p2->x);

  if (lp1.x <= pleft && pright <= lp2.x)
    add_edge (scan, p1, p2, top_y, bot_y, dir);
  else if (pright <= lp1.x)
    add_edge (scan, &lp1, &bot_left, top_y, bot_y, dir);
  else if (lp2.x <= pleft)
    add_edge (scan, &top_right, &lp2, top_y, bot_y, dir);
  else
    {
      int32_t left_y, right_y;
      gboolean top_left_to_bottom_right = (p1->x <= p2->x) == (p1->y <= p2->y);

      if (top_left_to_bottom_right)
        {
          if (pleft >= lp1.x)
            left_y = top_y;
          else
            {
              left_y = y_for_x (p1, p2, lp1.x);
              if (x_for_y (p1, p2, left_y) < lp1.x)
                left_y++;
            }
          left_y = MIN (left_y, bot_y);
          if (top_y < left_y)
            {
              add_edge (scan, &lp1, &bot_left, top_y, left_y, dir);
              top_y = left_y;
            }
          if (pright <= lp2.x)
            right_y = bot_y;
          else
            {
              right_y = y_for_x (p1, p2, lp2.x);
              if (x_for_y (p1, p2, right_y) > lp2.x)
                right_y--;
            }
          right_y = MAX (right_y, top_y);
          if (bot_y > right_y)
            {
              add_edge (scan, &top_right, &lp2, right_y, bot_y, dir);
              bot_y = right_y;
            }
        }
      else
        {
          if (pright <= lp2.x)
            right_y = top_y;
          else
            {
              right_y = y_for_x (p1, p2, lp2.x);
              if (x_for_y (p1, p2, right_y) > lp2.x)
                right_y++;
            }
          right_y = MIN (right_y, bot_y);
          if (top_y < right_y)
            {
              add_edge (scan, &top_right, &lp2, top_y, right_y, dir);
              top_y = right_y;
            }
          if (pleft >= lp1.x)
            left_y = bot_y;
          else
            {
              left_y = y_for_x (p1, p2, lp1.x);
              if (x_for_y (p1, p2, left_y) < lp1.x)
                left_y--;
            }
          left_y = MAX (left_y, top_y);
          if (bot_y > left_y)
            {
              add_edge (scan, &lp1, &bot_left, left_y, bot_y, dir);
              bot_y = left_y;
            }
        }
      if (top_y != bot_y)
        add_edge (scan, p1, p2, top_y, bot_y, dir);
    }
}

/* _cairo_polygon_add_edge(): horizontal edges dropped, p1 made the upper. */
static void
add_line (RdtHexScan  *scan,
          const Point *a,
          const Point *b)
{
  int dir = 1;

  if (a->y == b->y)
    return;
  if (a->y > b->y)
    {
      const Point *t = a;
      a = b;
      b = t;
      dir = -1;
    }
  add_clipped_edge (scan, a, b, a->y, b->y, dir);
}

void
rdt_hex_scan_add_polygon (RdtHexScan   *scan,
                          const double *x,
                          const double *y,
                          int           n)
{
  Point first, prev;

  if (n < 2)
    return;
  first.x = fixed_from_double (x[0]);
  first.y = fixed_from_double (y[0]);
  prev = first;
  for (int i = 1; i < n; i++)
    {
      Point p = { fixed_from_double (x[i]), fixed_from_double (y[i]) };
      add_line (scan, &prev, &p);
      prev = p;
    }
  add_line (scan, &prev, &first);
}

/* Heapsort of the keys (qsort() may allocate; a frame must not). */
static void
sort_keys (guint64 *k,
           gsize    n)
{
  for (gsize start = n / 2; start-- > 0;)
    for (gsize root = start, child; (child = 2 * root + 1) < n; root = child)
      {
        if (child + 1 < n && k[child + 1] > k[child])
          child++;
        if (k[root] >= k[child])
          break;
        guint64 t = k[root];
        k[root] = k[child];
        k[child] = t;
      }
  for (gsize end = n; end-- > 1;)
    {
      guint64 t = k[0];
      k[0] = k[end];
      k[end] = t;
      for (gsize root = 0, child; (child = 2 * root + 1) < end; root = child)
        {
          if (child + 1 < end && k[child + 1] > k[child])
            child++;
          if (k[root] >= k[child])
            break;
          t = k[root];
          k[root] = k[child];
          k[child] = t;
        }
    }
}

static inline void
copy_span (guint32       *row,
           const guint32 *tile_row,
           int            x0,
           int            x1,
           int            tile_width,
           int            tile_x)
{
  int sx = (x0 - tile_x) % tile_width;
  int n = x1 - x0;
  guint32 *d = row + x0;

  if (sx < 0)
    sx += tile_width;
  while (n > 0)
    {
      int k = MIN (n, tile_width - sx);
      memcpy (d, tile_row + sx, (size_t) k * sizeof *d);
      d += k;
      n -= k;
      sx = 0;
    }
}

void
rdt_hex_scan_fill_tile (RdtHexScan    *scan,
                        guint32       *dst,
                        int            dst_stride,
                        const guint32 *tile,
                        int            tile_stride,
                        int            tile_width,
                        int            tile_height,
                        int            tile_x,
                        int            tile_y)
{
  guint next = 0, n_active = 0;
  int y;

  if (scan->n_edges == 0 || tile_width <= 0 || tile_height <= 0)
    {
      scan->n_edges = 0;
      return;
    }
  if (scan->active_capacity < scan->n_edges)
    {
      scan->active_capacity = MAX (scan->n_edges, scan->active_capacity * 2);
      scan->active = g_renew (RdtHexScanEdge *, scan->active, scan->active_capacity);
      scan->order = g_renew (guint64, scan->order, scan->active_capacity);
    }
  /* Edges by first row (rows are within the clip box, so not negative). */
  for (guint i = 0; i < scan->n_edges; i++)
    scan->order[i] = ((guint64) (guint32) scan->edges[i].top << 32) | i;
  sort_keys (scan->order, scan->n_edges);

#define EDGE_AT(k) (&scan->edges[(guint32) scan->order[k]])
  y = EDGE_AT (0)->top;
  while (y < scan->y1 && (next < scan->n_edges || n_active > 0))
    {
      guint32 *row;
      const guint32 *tile_row;
      int winding = 0, xstart = INT_MIN, ty;
      guint kept = 0;

      if (n_active == 0 && EDGE_AT (next)->top > y)
        y = EDGE_AT (next)->top;
      while (next < scan->n_edges && EDGE_AT (next)->top == y)
        scan->active[n_active++] = EDGE_AT (next++);

      /* Sorted by x on this row (insertion sort: nearly sorted already). */
      for (guint i = 1; i < n_active; i++)
        {
          RdtHexScanEdge *e = scan->active[i];
          guint j = i;
          while (j > 0 && scan->active[j - 1]->xq > e->xq)
            {
              scan->active[j] = scan->active[j - 1];
              j--;
            }
          scan->active[j] = e;
        }

      row = (guint32 *) ((guint8 *) dst + (gsize) y * dst_stride);
      ty = (y - tile_y) % tile_height;
      if (ty < 0)
        ty += tile_height;
      tile_row = (const guint32 *) ((const guint8 *) tile + (gsize) ty * tile_stride);

      /* row(): spans where the winding number is not zero; a gap of at most
       * one pixel before the next edge does not end a span. */
      for (guint i = 0; i < n_active; i++)
        {
          RdtHexScanEdge *e = scan->active[i];
          int xend = fixed_round_down (e->xq);

          winding += e->dir;
          if (winding == 0)
            {
              if (i + 1 == n_active || fixed_round_down (scan->active[i + 1]->xq) > xend + 1)
                {
                  int a = MAX (xstart, scan->x0), b = MIN (xend, scan->x1);
                  if (b > a)
                    copy_span (row, tile_row, a, b, tile_width, tile_x);
                  xstart = INT_MIN;
                }
            }
          else if (xstart == INT_MIN)
            xstart = xend;
        }

      /* Next row: step the edges, drop the finished ones. */
      for (guint i = 0; i < n_active; i++)
        {
          RdtHexScanEdge *e = scan->active[i];
          if (y + 1 >= e->bottom)
            continue;
          if (!e->vertical)
            {
              e->xq += e->sq;
              e->xr += e->sr;
              if (e->xr >= 0)
                {
                  e->xq++;
                  e->xr -= e->dy;
                }
            }
          scan->active[kept++] = e;
        }
      n_active = kept;
      y++;
    }
  scan->n_edges = 0;
}
