/* rdt-sprite-runs.c: sprites as runs of visible pixels (see the header). */
#include "config.h"

#include <string.h>

#include "rdt-sprite-runs.h"

typedef struct {
  gint32 x0;
  gint32 x1;
  gboolean opaque;
} Run;

struct _RdtSpriteRuns
{
  int width;
  int height;
  const guint32 *pixels;   /* the image's own pixels (kept alive by its owner) */
  int stride;
  gsize visible;           /* pixels not fully transparent */
  guint *row_first;        /* height + 1 entries into runs */
  Run *runs;
};

RdtSpriteRuns *
rdt_sprite_runs_new (const guint32 *pixels,
                     int            stride,
                     int            width,
                     int            height)
{
  RdtSpriteRuns *r = g_new0 (RdtSpriteRuns, 1);
  GArray *runs = g_array_new (FALSE, FALSE, sizeof (Run));

  r->width = MAX (width, 0);
  r->height = MAX (height, 0);
  r->pixels = pixels;
  r->stride = stride;
  r->row_first = g_new (guint, r->height + 1);
  for (int y = 0; y < r->height; y++)
    {
      const guint32 *row = (const guint32 *) ((const guint8 *) pixels + (gsize) y * stride);
      int x = 0;

      r->row_first[y] = runs->len;
      while (x < r->width)
        {
          Run run;

          if (row[x] == 0)
            {
              x++;
              continue;
            }
          run.x0 = x;
          run.opaque = (row[x] >> 24) == 0xff;
          while (x < r->width && row[x] != 0 && ((row[x] >> 24) == 0xff) == run.opaque)
            x++;
          run.x1 = x;
          r->visible += run.x1 - run.x0;
          g_array_append_val (runs, run);
        }
    }
  r->row_first[r->height] = runs->len;
  r->runs = (Run *) (gpointer) g_array_free (runs, FALSE);
  return r;
}

gboolean
rdt_sprite_runs_pay (const RdtSpriteRuns *runs)
{
  gsize area = (gsize) runs->width * runs->height;

  return area >= 4096 && runs->visible * 2 < area;
}

void
rdt_sprite_runs_free (RdtSpriteRuns *runs)
{
  if (!runs)
    return;
  g_free (runs->row_first);
  g_free (runs->runs);
  g_free (runs);
}

/* pixman's OVER of one premultiplied pixel (pixman-combine32.h:
 * UN8x4_MUL_UN8_ADD_UN8x4 (dest, 255 - alpha (src), src)). */
static inline guint32
over (guint32 s,
      guint32 d)
{
  guint32 a = (~s) >> 24;
  guint32 rb = (d & 0x00ff00ffu) * a + 0x00800080u;
  guint32 ag = ((d >> 8) & 0x00ff00ffu) * a + 0x00800080u;

  rb = ((rb + ((rb >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
  ag = ((ag + ((ag >> 8) & 0x00ff00ffu)) >> 8) & 0x00ff00ffu;
  rb += s & 0x00ff00ffu;
  ag += (s >> 8) & 0x00ff00ffu;
  /* Saturate each byte. */
  rb |= 0x01000100u - ((rb >> 8) & 0x00ff00ffu);
  ag |= 0x01000100u - ((ag >> 8) & 0x00ff00ffu);
  return (rb & 0x00ff00ffu) | ((ag & 0x00ff00ffu) << 8);
}

void
rdt_sprite_runs_blit (const RdtSpriteRuns *runs,
                      guint32             *dst,
                      int                  stride,
                      int                  x,
                      int                  y,
                      int                  width,
                      int                  height,
                      int                  x0,
                      int                  y0,
                      int                  x1,
                      int                  y1)
{
  int rows = MIN (height, runs->height);
  int cols = MIN (width, runs->width);
  int first = MAX (0, y0 - y), last = MIN (rows, y1 - y);

  for (int r = first; r < last; r++)
    {
      const guint32 *src = (const guint32 *) ((const guint8 *) runs->pixels + (gsize) r * runs->stride);
      guint32 *row = (guint32 *) ((guint8 *) dst + (gsize) (y + r) * stride);

      for (guint i = runs->row_first[r]; i < runs->row_first[r + 1]; i++)
        {
          const Run *run = &runs->runs[i];
          int a = MAX (run->x0, x0 - x), b = MIN (MIN (run->x1, cols), x1 - x);

          if (a >= b)
            continue;
          if (run->opaque)
            memcpy (row + x + a, src + a, (gsize) (b - a) * sizeof *row);
          else
            for (int k = a; k < b; k++)
              row[x + k] = over (src[k], row[x + k]);
        }
    }
}
