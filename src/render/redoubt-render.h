/* redoubt-render.h: the one header clients of the map drawing library include. */
#pragma once

#include "rdt-gridless-render.h"
#include "rdt-map-renderer.h"
#include "rdt-render-export.h"
#include "rdt-render-map.h"
#include "rdt-render-overlay.h"
#include "rdt-render-scenario.h"
#include "rdt-render-view.h"
#include "rdt-terrain-palette.h"
#include "rdt-tile-cache.h"
