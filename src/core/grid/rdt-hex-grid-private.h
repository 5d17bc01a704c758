/* rdt-hex-grid-private.h: lattice tables shared by the grid and the walk. */
#pragma once

#include "rdt-hex-grid.h"

G_BEGIN_DECLS

extern const int _rdt_neighbour_du[6];
extern const int _rdt_neighbour_dv[6];
extern const int _rdt_corner_du[6];
extern const int _rdt_corner_dv[6];

RdtHexside _rdt_hexside_make      (RdtHex a,
                                   RdtHex b);
gboolean   _rdt_lattice_is_centre (int    u,
                                   int    v);

G_END_DECLS
