/* redoubt-core.h: the one header clients of the rules core include. */
#pragma once

#include "rdt-hex-grid.h"
#include "rdt-hex-walk.h"
#include "rdt-file-io.h"
#include "rdt-board.h"
#include "rdt-los.h"
#include "rdt-los-report.h"
#include "rdt-zoc.h"
#include "rdt-movement.h"
#include "rdt-retreat.h"
#include "rdt-diagnostic.h"
#include "rdt-unit.h"
#include "rdt-volume.h"
#include "rdt-scenario.h"
#include "rdt-scenario-io.h"
#include "rdt-validate.h"
#include "rdt-hex-victory.h"
