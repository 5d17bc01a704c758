/* rdt-model-types.h: forward declarations for the document and undo layer. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _RdtDocument  RdtDocument;
typedef struct _RdtCommand   RdtCommand;
typedef struct _RdtUndoStack RdtUndoStack;

G_END_DECLS
