/* rdt-render-map-private.h: the render map's storage, read directly by the
 * renderer's draw loops. */
#pragma once

#include "rdt-render-map.h"

G_BEGIN_DECLS

typedef struct {
  RdtRenderCounter pub;
  char values[RDT_RENDER_VALUES_SIZE];
  /* Next counter up the same stack, or -1. */
  int next;
} RdtRenderCounterSlot;

typedef struct {
  RdtHex hex;
  char *name;
} RdtRenderLocation;

typedef struct {
  RdtHex hex;
  char label[8];
  guint32 rgb;
} RdtRenderEntry;

typedef struct {
  char *name;
  guint32 rgb;
} RdtRenderArea;

typedef struct {
  RdtTerrainStyle style;   /* style.name points into name_copy */
  char *name_copy;
} RdtRenderStyleSlot;

struct _RdtRenderMap
{
  gatomicrefcount ref_count;
  RdtHexGrid *grid;
  RdtHexLabelFormat hex_labels;  /* display labels (issue 17); .present FALSE: XXYY */
  guint n_hexes;
  guint64 serial;
  guint64 static_serial;   /* all but the counters */

  GArray *styles;          /* RdtRenderStyleSlot */
  guint8 *terrain;         /* style id per hex */
  guint32 *sides;          /* 6 RdtRenderSideFlags per hex */
  guint32 *area_bits;      /* area membership per hex */

  GArray *counters;        /* RdtRenderCounterSlot */
  int *stack_first;        /* first (bottom) counter per hex, or -1 */
  int *stack_last;
  GArray *locations;       /* RdtRenderLocation */
  GArray *entries;         /* RdtRenderEntry */
  GArray *areas;           /* RdtRenderArea */
  GHashTable *art_cache;   /* counter art: absolute path -> cairo_surface_t (or none) */
};

G_END_DECLS
