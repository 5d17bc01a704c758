/* rdt-legend.h: what the map's hexside, area and rule-overlay styles mean
 * (issue 16), each sample drawn by the render library exactly as the map
 * draws it. */
#pragma once

#include <gtk/gtk.h>

#include "rdt-scenario.h"

G_BEGIN_DECLS

/* A box of headed rows (sample picture, name): the volume's hexside types,
 * the scenario's areas and the rule overlays' colours.  (transfer floating) */
GtkWidget *rdt_legend_new (RdtScenario *scenario);

G_END_DECLS
